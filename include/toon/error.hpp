// toon/error.hpp - error codes, the error type and toon::result<T>.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <cstdint>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace toon {

/// What went wrong. Stable numeric values; append only.
enum class error_code : std::uint8_t {
  ok = 0,
  invalid_utf8,           ///< ill-formed UTF-8 in the input (strict mode, §4)
  invalid_escape,         ///< unknown escape, short \u, or lone surrogate (§7.1)
  unterminated_string,    ///< quoted token without its closing quote
  missing_colon,          ///< key without ':' (§7.4)
  invalid_header,         ///< malformed array / keyed / fields header (§6)
  delimiter_mismatch,     ///< fields segment delimiter differs from the bracket's (§6)
  length_mismatch,        ///< item / row / entry count differs from [N] (§14.1)
  width_mismatch,         ///< row cell count differs from the leaf-field count (§14.1)
  invalid_indentation,    ///< indent not a multiple of indent_size, or tab indent (§12)
  unexpected_indentation, ///< depth jump or line belonging to no scope (§8)
  blank_line_in_array,    ///< blank line inside an array span (§12)
  trailing_content,       ///< content after a completed root form (§5)
  unexpected_line,        ///< scalar / row line where it is not admissible (§5.2)
  duplicate_key,          ///< duplicate sibling key (§14.3)
  depth_limit,            ///< nesting deeper than decode_options::max_depth
  size_limit,             ///< input larger than decode_options::max_input_size
  invalid_json,           ///< JSON bridge: malformed JSON text
  type_mismatch,          ///< typed decoding: value of the wrong kind
  out_of_range,           ///< typed decoding: number out of the target's range
  missing_field,          ///< typed decoding: required field absent
  unknown_field,          ///< typed decoding: field not in the target type
  invalid_enum,           ///< typed decoding: unknown enumerator name
  io_error,               ///< reading or writing a file failed
  invalid_schema,         ///< typed params: malformed schema text (docs/typed-params.md)
  timeout,                ///< MCP client: no answer within the request's time limit (docs/mcp.md)
  protocol_error,         ///< MCP client: the peer broke JSON-RPC/MCP, exited, or closed its pipe
  remote_error,           ///< MCP client: the server answered a request with a JSON-RPC error
  no_document,            ///< extraction: the reply holds no TOON or JSON document (toon/extract.hpp)
  json_input,             ///< the input is JSON, not TOON, and JSON was not accepted (toon/extract.hpp)
  dsl_syntax,             ///< MCP-DSL: malformed or unexpected input (toon/dsl/mcp_dsl.hpp)
  dsl_inexpressible,      ///< MCP-DSL decompiler: a value the DSL cannot express exactly
  refusal,                ///< extraction: the reply declines to answer ("I'm sorry, I can't ...") (toon/extract.hpp)
  unauthorized,           ///< MCP HTTP client: OAuth authorization failed or was refused (toon/mcp/oauth.hpp)
  input_required,         ///< MCP server, 2026-07-28: the client's answer comes with the retried request (docs/mcp.md)
};

/// Short stable name of a code, e.g. "length_mismatch".
std::string_view to_string(error_code code) noexcept;

/// A decoding error: code, message and 1-based position (0 when not tied to input).
struct error {
  error_code code = error_code::ok;
  std::string message{};
  std::uint32_t line = 0;    ///< 1-based line, 0 if unknown
  std::uint32_t column = 0;  ///< 1-based column in bytes, 0 if unknown
  std::string path{};        ///< field path for typed decoding (e.g. "users[3].email"), may be empty
  /// Further errors, when decode_options::collect_all_errors gathered more than one (each
  /// with its own position and path; this error is the first).
  std::vector<error> more{};
  /// The offending source line as shown under the message (without its line break; lines over
  /// 160 bytes cut to a window around the column, marked with "..."). Set by the decoders.
  std::string source_line{};
  /// 1-based byte column of the caret within source_line; 0 when source_line is not set.
  std::uint32_t source_column = 0;

  /// "line:col: path: message" (position and path left out when unknown or empty).
  [[nodiscard]] std::string to_string() const;
};

/// Renders `line:col: message`, then the offending source line and a caret under the column
/// (lines over 160 bytes are cut to a window around the column, marked with "...").
/// `file_name`, when not empty, is prefixed as `file:line:col: message`.
[[nodiscard]] std::string format_error(const error& e, std::string_view source,
                                       std::string_view file_name = {});

/// 1-based line and column of a byte offset in `source` (lines split on LF).
struct location {
  std::uint32_t line = 1;
  std::uint32_t column = 1;
};
[[nodiscard]] location location_of(std::string_view source, std::size_t offset) noexcept;

namespace detail {
/// Sets e.line and e.column, and e.source_line / e.source_column (the context shown by
/// formatters), for byte `offset` of `source`. Called only when an error is reported.
void set_location(error& e, std::string_view source, std::size_t offset);

/// Appends a line break, `line`, a line break and a caret under 1-based byte `column` of
/// `line` (tabs in the line are repeated so the caret lines up). The tail of format_error().
void append_source_context(std::string& out, std::string_view line, std::uint32_t column);
}  // namespace detail

/// Exception thrown by the throwing convenience overloads and by result<T>::value() on error.
class toon_error : public std::runtime_error {
 public:
  explicit toon_error(toon::error e);
  /// The structured error.
  [[nodiscard]] const toon::error& error() const noexcept { return error_; }

 private:
  toon::error error_;
};

/// Holds either a T or a toon::error. Small std::expected look-alike (clang 14 has none).
template <class T>
class [[nodiscard]] result {
 public:
  using value_type = T;

  result(const T& v) : ok_(true) { new (&storage_.val) T(v); }            // NOLINT
  result(T&& v) : ok_(true) { new (&storage_.val) T(std::move(v)); }      // NOLINT
  result(toon::error e) : ok_(false) { new (&storage_.err) toon::error(std::move(e)); }  // NOLINT
  result(const result& o) : ok_(o.ok_) {
    if (ok_) new (&storage_.val) T(o.storage_.val);
    else new (&storage_.err) toon::error(o.storage_.err);
  }
  result(result&& o) noexcept(std::is_nothrow_move_constructible_v<T>) : ok_(o.ok_) {
    if (ok_) new (&storage_.val) T(std::move(o.storage_.val));
    else new (&storage_.err) toon::error(std::move(o.storage_.err));
  }
  result& operator=(result o) {
    destroy();
    ok_ = o.ok_;
    if (ok_) new (&storage_.val) T(std::move(o.storage_.val));
    else new (&storage_.err) toon::error(std::move(o.storage_.err));
    return *this;
  }
  ~result() { destroy(); }

  /// True when a value is held.
  [[nodiscard]] bool has_value() const noexcept { return ok_; }
  explicit operator bool() const noexcept { return ok_; }

  /// The value; throws toon_error when an error is held.
  T& value() & { check(); return storage_.val; }
  const T& value() const& { check(); return storage_.val; }
  T&& value() && { check(); return std::move(storage_.val); }

  /// Unchecked access (precondition: has_value()).
  T& operator*() & noexcept { return storage_.val; }
  const T& operator*() const& noexcept { return storage_.val; }
  T&& operator*() && noexcept { return std::move(storage_.val); }
  T* operator->() noexcept { return &storage_.val; }
  const T* operator->() const noexcept { return &storage_.val; }

  /// The error (precondition: !has_value()).
  [[nodiscard]] const toon::error& error() const& noexcept { return storage_.err; }
  [[nodiscard]] toon::error&& error() && noexcept { return std::move(storage_.err); }

  /// The value, or `fallback` when an error is held.
  template <class U>
  [[nodiscard]] T value_or(U&& fallback) const& {
    return ok_ ? storage_.val : static_cast<T>(std::forward<U>(fallback));
  }

 private:
  void check() const {
    if (!ok_) throw toon_error(storage_.err);
  }
  void destroy() noexcept {
    if (ok_) storage_.val.~T();
    else storage_.err.~error();
  }
  union storage {
    storage() {}
    ~storage() {}
    T val;
    toon::error err;
  } storage_;
  bool ok_;
};

/// result<void>: success or an error.
template <>
class [[nodiscard]] result<void> {
 public:
  result() = default;
  result(toon::error e) : err_(std::move(e)) {}  // NOLINT
  [[nodiscard]] bool has_value() const noexcept { return err_.code == error_code::ok; }
  explicit operator bool() const noexcept { return has_value(); }
  void value() const {
    if (!has_value()) throw toon_error(err_);
  }
  [[nodiscard]] const toon::error& error() const& noexcept { return err_; }

 private:
  toon::error err_;
};

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
