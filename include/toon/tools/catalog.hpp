// toon/tools/catalog.hpp - toon::tool_catalog: tools registered from argument structs, emitted
// as a TOON tools table, a category summary and an MCP tools/list result, and called by name
// with JSON or TOON arguments (docs/tools.md).
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "toon/error.hpp"
#include "toon/options.hpp"
#include "toon/schema.hpp"
#include "toon/tools/call_result.hpp"
#include "toon/tools/handler.hpp"
#include "toon/typed/schema_of.hpp"
#include "toon/value.hpp"

namespace toon {

/// A group of tools that a client can list, and load, on its own.
struct tool_category {
  std::string name;
  std::string description;
};

/// A registered tool.
struct tool {
  std::string name;
  std::string description;
  /// The name of a registered category, or empty for none.
  std::string category{};
  /// The parameters: schema_of<Args>() for tools added with add<Args>().
  toon::schema args_schema{};
  /// Runs the tool on validated arguments (make_tool_handler<Args>(f) for typed handlers).
  /// Required, also when context_handler is set.
  tool_handler handler{};
  /// Optional: runs the tool with the MCP call context (progress, cancellation, logging), used
  /// instead of `handler` by call() with a context (toon::mcp::server does). add<Args>() sets
  /// it, and `handler` with a detached context, for handlers taking a toon::mcp::call_context.
  tool_context_handler context_handler{};
  /// The JSON Schema of the handler's structured result (call_result::structured), for MCP
  /// `outputSchema`: set by add<Args>() from the handler's result type R when R is a type the
  /// typed encoder accepts (not a string, void or toon::value): json_schema of R with every
  /// optional field also allowing null, wrapped as {"result": R} unless R is a struct
  /// (docs/mcp.md, "Typed results"). Not part of mcp_tools_list().
  std::optional<value> output_schema{};
  /// A JSON Schema published as MCP `inputSchema` instead of json_schema(args_schema), for a
  /// tool whose arguments another program checks (a proxy's upstream server, docs/mcp.md
  /// "Proxy"). When set, call() does not validate the arguments against args_schema: the
  /// handler receives them as sent (null as {}); args_schema still gives the tools table.
  std::optional<value> input_schema{};
  /// The handler never blocks: it returns at once, with its result or having deferred its
  /// answer (toon::mcp::call_context::defer()). toon::mcp::server runs such a tool on the
  /// thread that reads the messages when a slot is free, instead of handing it to a worker
  /// thread (one thread switch less per call). A handler that blocks stalls the reading.
  bool nonblocking = false;
};

/// A set of tools, in registration order, grouped into categories. Registration is not
/// thread-safe; once built, a catalog may be read and called from any number of threads.
///
///   toon::tool_catalog cat;
///   cat.add_category("fs", "Read, write and search files");
///   cat.add<read_file_args>("read_file", "Read file contents", "fs",
///       [](const read_file_args& a) -> toon::result<std::string> { ... });
///   std::string table = cat.tools_table();               // tools[1]{name,description,params}: ...
///   toon::call_result r = cat.call_json("read_file", R"({"path":"a.txt"})");
class tool_catalog {
 public:
  // ---- registration --------------------------------------------------------------------------

  /// Registers a category. Errors: invalid_schema for an empty name, duplicate_key for a name
  /// already registered.
  result<void> try_add_category(std::string_view name, std::string_view description);
  /// Registers a category, or throws toon_error (see try_add_category).
  tool_catalog& add_category(std::string_view name, std::string_view description);

  /// Registers a tool. Errors: invalid_schema for an empty name, a missing handler or a
  /// category that is not registered; duplicate_key for a tool name already registered.
  result<void> try_add_tool(tool t);
  /// Registers a tool, or throws toon_error (see try_add_tool).
  tool_catalog& add_tool(tool t);

  /// Registers tool `name` whose arguments are the struct Args (parameters: schema_of<Args>())
  /// and whose handler is `f`, callable as f(const Args&) or f(const Args&, toon::mcp::call_context&)
  /// (see toon/tools/handler.hpp for what it may return). `category`: a registered category, or empty for none.
  template <class Args, class F>
  result<void> try_add(std::string_view name, std::string_view description, std::string_view category, F f) {
    return try_add_tool(make_tool<Args>(name, description, category, std::move(f)));
  }
  /// Like try_add, but throws toon_error on a registration error.
  template <class Args, class F>
  tool_catalog& add(std::string_view name, std::string_view description, std::string_view category, F f) {
    return add_tool(make_tool<Args>(name, description, category, std::move(f)));
  }

  // ---- options -------------------------------------------------------------------------------

  /// Null for an optional argument (a parameter that is not required, of a type that does not
  /// take null) counts as absent, in objects at any depth: the member is removed before
  /// validation and decoding, so a std::optional member stays empty and a defaulted one keeps
  /// its default. mcp_tools_list() then states it: such a parameter's inputSchema is
  /// {"anyOf":[T,{"type":"null"}]}. On by default (models often send "x": null); off is strict:
  /// null fails validation and the schema is json_schema(args_schema). Tools with an
  /// input_schema are not affected.
  tool_catalog& set_null_as_absent(bool on) noexcept {
    null_as_absent_ = on;
    return *this;
  }
  /// Whether null counts as absent for optional arguments (see set_null_as_absent).
  [[nodiscard]] bool null_as_absent() const noexcept { return null_as_absent_; }

  // ---- contents ------------------------------------------------------------------------------

  /// The tools, in registration order.
  [[nodiscard]] const std::vector<tool>& tools() const noexcept { return tools_; }
  /// The categories, in registration order.
  [[nodiscard]] const std::vector<tool_category>& categories() const noexcept { return categories_; }
  /// The tool named `name`, or nullptr.
  [[nodiscard]] const tool* find(std::string_view name) const noexcept;
  /// The category named `name`, or nullptr.
  [[nodiscard]] const tool_category* find_category(std::string_view name) const noexcept;
  /// The number of tools in `category` (tools without a category for an empty name).
  [[nodiscard]] std::size_t tool_count(std::string_view category) const noexcept;

  // ---- catalog outputs -----------------------------------------------------------------------

  /// The tools table as a value: {"tools":[{"name","description","params"},...]}, where params
  /// is the typed-param text of the tool. All tools, or those of `category` when not empty.
  [[nodiscard]] value tools_table_value(std::string_view category = {}) const;
  /// The TOON tools table: `tools[N]{name,description,params}:` and one row per tool (an empty
  /// selection gives `tools: []`, TOON's empty array). Cells are quoted by TOON's rules: a
  /// params cell always is (it contains a colon, or is empty).
  [[nodiscard]] std::string tools_table(std::string_view category = {}, const encode_options& options = {}) const;

  /// The category summary as a value: {"categories":[{"name","description","tool_count"},...]}.
  [[nodiscard]] value categories_table_value() const;
  /// The TOON category summary: `categories[N]{name,description,tool_count}:` and its rows.
  [[nodiscard]] std::string categories_table(const encode_options& options = {}) const;

  /// The result of MCP `tools/list`: {"tools":[{"name","description","inputSchema"},...]},
  /// inputSchema being json_schema(args_schema) (JSON Schema 2020-12), optional parameters
  /// also allowing null while null_as_absent() is on. All tools, or those of `category`.
  /// Write it with toon::to_json.
  [[nodiscard]] value mcp_tools_list(std::string_view category = {}) const;
  // The tools as MCP-DSL `T` definitions: toon::mcp_dsl::tools(catalog) in <toon/dsl/catalog.hpp>.

  // ---- dispatch (MCP tools/call) -------------------------------------------------------------

  /// Calls tool `name` with `arguments` (an object; null counts as {}): validates them against
  /// the tool's schema (every violation is reported), decodes them into the argument struct
  /// and runs the handler. Never throws for a failing tool: see call_result.
  [[nodiscard]] call_result call(std::string_view name, const value& arguments) const;
  /// Like call, giving a handler that takes the call context `context` (toon::mcp::server's
  /// calls); other handlers run as by call().
  [[nodiscard]] call_result call(std::string_view name, const value& arguments, mcp::call_context& context) const;
  /// Like call, with the arguments as JSON text (malformed text: invalid_arguments with the
  /// line and column of the problem).
  [[nodiscard]] call_result call_json(std::string_view name, std::string_view arguments_json) const;
  /// Like call, with the arguments as a TOON document (empty text: no arguments).
  [[nodiscard]] call_result call_toon(std::string_view name, std::string_view arguments_toon) const;
  // An MCP-DSL tools/call request: toon::mcp_dsl::call(catalog, request) in <toon/dsl/catalog.hpp>.
  /// Calls from the `params` of an MCP tools/call request: {"name":...,"arguments":{...}}
  /// ("arguments" may be absent). Params that are not such an object: invalid_request.
  [[nodiscard]] call_result call_mcp(const value& params) const;
  /// Like call_mcp, with the params as JSON text (malformed text: invalid_request).
  [[nodiscard]] call_result call_mcp_json(std::string_view params_json) const;

  /// The tool add<Args>() registers, to adjust before try_add_tool() / add_tool() (for example
  /// `nonblocking`): parameters from Args, the handler `f` as add<Args>() takes it.
  template <class Args, class F>
  [[nodiscard]] static tool make_tool(std::string_view name, std::string_view description, std::string_view category, F f) {
    tool t;
    t.name = std::string(name);
    t.description = std::string(description);
    t.category = std::string(category);
    t.args_schema = schema_of<Args>();
    t.output_schema = detail::output_schema_of_handler<Args, F>();
    if constexpr (takes_call_context_v<Args, F>) {
      t.context_handler = make_tool_context_handler<Args>(std::move(f));
      t.handler = [h = t.context_handler](const value& arguments) { return h(arguments, mcp::detached_call_context()); };
    } else {
      t.handler = make_tool_handler<Args>(std::move(f));
    }
    return t;
  }

 private:
  // A call of a known tool on decoded (not yet validated) arguments; `context` (may be null)
  // goes to a context_handler.
  [[nodiscard]] call_result call_tool(const tool& t, const value& arguments, mcp::call_context* context = nullptr) const;
  // The call_result of an unknown tool name.
  [[nodiscard]] call_result unknown_tool(std::string_view name) const;

  std::vector<tool> tools_;
  std::vector<tool_category> categories_;
  bool null_as_absent_ = true;
};

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
