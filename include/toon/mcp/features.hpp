// toon/mcp/features.hpp - toon::mcp::server_features: typed MCP resources, resource templates,
// prompts and completions, served by toon::mcp::server through server_options::methods
// (docs/mcp.md, "Resources", "Prompts", "Completions").
//
//   struct file_vars { std::string path; };
//   toon::mcp::server_features f;
//   f.add_resource({.uri = "mem://readme", .name = "readme", .mime_type = "text/plain"},
//                  [] { return toon::mcp::resource_contents{.text = "hello"}; });
//   f.add_resource_template<file_vars>({.uri = "file:///{path}", .name = "file"},
//       [](const file_vars& v) { return toon::mcp::resource_contents{.text = v.path}; });
//   toon::mcp::server_options opts;
//   f.install(opts);   // resources/*, prompts/*, completion/complete and the capabilities
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "toon/error.hpp"
#include "toon/mcp/server.hpp"
#include "toon/schema.hpp"
#include "toon/typed/decode.hpp"
#include "toon/typed/schema_of.hpp"
#include "toon/value.hpp"

namespace toon::mcp {

/// MCP: resources/read of a URI that no resource or template serves (data: {"uri": ...}).
inline constexpr int resource_not_found = -32002;

/// What resources/read answers for one resource: text, or binary contents sent base64-encoded.
struct resource_contents {
  /// The contents' URI; empty: the URI that was read.
  std::string uri{};
  /// MIME type; empty: the resource's or template's mime_type (omitted when that is empty too).
  std::string mime_type{};
  /// Text contents (`text`), used unless `blob` is set.
  std::string text{};
  /// Binary contents as raw bytes, sent as base64 (`blob`) instead of the text.
  std::optional<std::string> blob{};
};

/// A resource (uri) or resource template (uri is an RFC 6570 level-1 template, e.g.
/// `file:///{path}`) as resources/list and resources/templates/list show it.
struct resource_info {
  /// The URI, or the URI template.
  std::string uri;
  /// Programmatic name.
  std::string name;
  /// Display name; omitted when empty.
  std::string title{};
  /// Omitted when empty.
  std::string description{};
  /// `mimeType`; omitted when empty.
  std::string mime_type{};
  /// Size in bytes (`size`, static resources only); omitted when absent.
  std::optional<std::int64_t> size{};
};

/// A prompt as prompts/list shows it (its arguments come from the argument struct).
struct prompt_info {
  /// Programmatic name.
  std::string name;
  /// Display name; omitted when empty.
  std::string title{};
  /// Omitted when empty.
  std::string description{};
};

/// One message of a prompts/get result: a role ("user" or "assistant") and text content.
struct prompt_message {
  std::string role = "user";
  std::string text{};
};

/// What prompts/get answers.
struct prompt_result {
  /// Omitted when empty.
  std::string description{};
  std::vector<prompt_message> messages{};
};

/// Suggests values for argument `argument` of a prompt or variable of a resource template,
/// given what the user typed so far (`prefix`) and the other arguments already known (an
/// object of strings, possibly empty). At most 100 values are sent (hasMore tells the rest).
using completer =
    std::function<std::vector<std::string>(std::string_view argument, std::string_view prefix, const value& known)>;

/// Typed resources, resource templates, prompts and completions for toon::mcp::server:
/// registered here, served by install() through server_options::methods. A value: copies are
/// independent. Registration is not thread-safe; install() copies what is registered (later
/// registrations are not served).
class server_features {
 public:
  /// Items per page of resources/list, resources/templates/list and prompts/list (`nextCursor`);
  /// 0 puts all on one page.
  std::size_t page_size = 100;

  /// Registers a static resource whose contents `read` returns. Errors: invalid_schema for an
  /// empty uri or name or a missing reader; duplicate_key for a uri already registered.
  result<void> try_add_resource(resource_info info, std::function<result<resource_contents>()> read);
  /// Like try_add_resource, but throws toon_error.
  server_features& add_resource(resource_info info, std::function<result<resource_contents>()> read);

  /// Registers a resource template: info.uri is an RFC 6570 level-1 template whose variables
  /// (`{name}`) are members of the struct Vars (after meta<Vars> renaming); `read` is called
  /// as read(const Vars&) and returns resource_contents or result<resource_contents>. A
  /// variable's text is converted to the member's type (int, number, bool or string).
  /// `complete` (optional) suggests values of a variable (completion/complete). Errors:
  /// invalid_schema for a malformed template or a variable that is not a member of Vars.
  template <class Vars, class F>
  result<void> try_add_resource_template(resource_info info, F read, completer complete = {}) {
    return try_add_template_erased(std::move(info), schema_of<Vars>(),
                                   [f = std::move(read)](const value& vars) -> result<resource_contents> {
                                     result<Vars> v = from_value<Vars>(vars);
                                     if (!v) return v.error();
                                     return f(*v);
                                   },
                                   std::move(complete));
  }
  /// Like try_add_resource_template, but throws toon_error.
  template <class Vars, class F>
  server_features& add_resource_template(resource_info info, F read, completer complete = {}) {
    throw_if_error(try_add_resource_template<Vars>(std::move(info), std::move(read), std::move(complete)));
    return *this;
  }

  /// Registers a prompt whose arguments are the members of the struct Args (all strings on the
  /// wire, converted like template variables; required unless optional or defaulted, as for
  /// tools) and whose messages `get` returns: called as get(const Args&), returning
  /// prompt_result or result<prompt_result>. `complete` (optional) suggests argument values.
  /// Errors: invalid_schema for an empty name; duplicate_key for a name already registered.
  template <class Args, class F>
  result<void> try_add_prompt(prompt_info info, F get, completer complete = {}) {
    return try_add_prompt_erased(std::move(info), schema_of<Args>(),
                                 [f = std::move(get)](const value& args) -> result<prompt_result> {
                                   result<Args> a = from_value<Args>(args);
                                   if (!a) return a.error();
                                   return f(*a);
                                 },
                                 std::move(complete));
  }
  /// Like try_add_prompt, but throws toon_error.
  template <class Args, class F>
  server_features& add_prompt(prompt_info info, F get, completer complete = {}) {
    throw_if_error(try_add_prompt<Args>(std::move(info), std::move(get), std::move(complete)));
    return *this;
  }

  /// Serves what is registered: adds the handlers of resources/list, resources/templates/list
  /// and resources/read (when a resource or template is registered), prompts/list and
  /// prompts/get (when a prompt is), completion/complete (when a completer is) to
  /// options.methods, and the matching capabilities (`resources`, `prompts`, `completions`) to
  /// options.extra_capabilities.
  void install(server_options& options) const;

  /// The handlers' shared registry (opaque).
  struct registry;

 private:
  static void throw_if_error(const result<void>& r);
  result<void> try_add_template_erased(resource_info info, schema vars,
                                       std::function<result<resource_contents>(const value&)> read, completer complete);
  result<void> try_add_prompt_erased(prompt_info info, schema args,
                                     std::function<result<prompt_result>(const value&)> get, completer complete);
  registry& reg();

  std::shared_ptr<registry> registry_;
};

/// Matches `uri` against an RFC 6570 level-1 template (`{var}` expressions, no operators):
/// the variables' values (percent-decoded) as an object of strings, or nullopt when it does not
/// match. A variable matches at least one character and never a '/'.
[[nodiscard]] std::optional<value> match_uri_template(std::string_view uri_template, std::string_view uri);

}  // namespace toon::mcp

#if defined(TOON_HEADER_ONLY)
#define TOON_DETAIL_WANT_MCP  // this component's sources too
#include "toon/detail/header_only.hpp"
#endif
