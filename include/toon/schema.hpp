// toon/schema.hpp - typed params: a compact text form of tool-parameter schemas.
//
// `path:string! line:int tags:string[]` says in a few tokens what LLM tool protocols (MCP)
// say with a JSON Schema object. This header holds the schema model, the parser and the
// canonical formatter of the text form, the JSON Schema 2020-12 mapping and a validator of
// arguments. The specification (grammar, canonical form, quoting inside TOON, JSON Schema
// mapping) is docs/typed-params.md.
//
//   toon::result<toon::schema> s = toon::parse_typed_params("path:string! depth:int=1");
//   toon::value js = toon::json_schema(*s);                 // {"type":"object",...}
//   std::vector<toon::error> bad = toon::validate(args, *s); // "args.depth: expected int, ..."
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "toon/error.hpp"
#include "toon/value.hpp"

namespace toon {

struct param;

#if defined(__GNUC__) && !defined(__clang__)
// GCC 12's -Wshadow takes the scoped enumerators `array` and `object` for redeclarations of
// toon::array and toon::object; they are only ever named as param_kind::array, ...
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wshadow"
#endif
/// The kind of a parameter type.
enum class param_kind : unsigned char {
  string,       ///< `string`: a JSON string
  integer,      ///< `int`: a number with no fractional part
  number,       ///< `number`: any number
  boolean,      ///< `bool`: true or false
  object,       ///< `object` (any object) or `{a:int b:string}` (those fields only)
  null,         ///< `null`: null
  any,          ///< `any`: any value
  array,        ///< `T[]`: an array whose elements are all T
  enumeration,  ///< `a/b` (`enum(a)` for one value): one of the listed strings
  any_of,       ///< `A|B`: a value of at least one of the alternatives
};
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

/// What a type states beside its kind (JSON Schema's validation keywords), each only where
/// written; which ones apply depends on the kind (docs/typed-params.md, "Constraints").
struct param_constraints {
  /// int, number: the lower bound (`int(1..)`), exclusive when `exclusive_minimum` (`(>0..)`).
  std::optional<value> minimum{};
  /// int, number: the upper bound (`int(..9)`), exclusive when `exclusive_maximum` (`(..<9)`).
  std::optional<value> maximum{};
  bool exclusive_minimum = false;  ///< `>`: the lower bound itself is out of range
  bool exclusive_maximum = false;  ///< `<`: the upper bound itself is out of range
  /// int, number: values must be a multiple of this positive number (`%5`).
  std::optional<value> multiple_of{};
  /// string: least length in characters; T[]: least element count; object: least member count.
  std::optional<std::uint64_t> min_length{};
  /// string: greatest length in characters; T[]: most elements; object: most members.
  std::optional<std::uint64_t> max_length{};
  /// T[]: no two elements equal (`unique`).
  bool unique_items = false;
  /// string, int, number: a JSON Schema format name (`uri`, `date-time`); an annotation, not checked.
  std::string format{};
  /// string: an ECMAScript regular expression the string must contain a match of (`"^[a-z]+$"`).
  std::optional<std::string> pattern{};
  /// int: `minimum`/`maximum` come from a C++ type's width (uint8_t: 0..255). They are in the
  /// JSON Schema and checked, but not written in the text, which stays `int`.
  bool implied_range = false;

  /// True when nothing is stated.
  [[nodiscard]] bool empty() const noexcept;

  friend bool operator==(const param_constraints&, const param_constraints&) = default;
};

/// A parameter type. Which members are used depends on `kind`:
///   - array: `items` holds exactly one type, the element type;
///   - any_of: `items` holds the alternatives (two or more; none of them an any_of);
///   - enumeration: `enum_values` holds the allowed strings (one or more, distinct);
///   - object: `has_fields` tells `{...}` (exactly `fields`, possibly none) from `object`
///     (any object; `fields` empty); with `has_fields`, `items` holds at most one type, that of
///     the members not listed (`{a:int *:string}`; `{a:int ...}` for any members);
///   - any_of with `exclusive`: exactly one alternative must match (`A^B`, JSON Schema oneOf).
/// The factory functions build well-formed types.
struct param_type {
  param_kind kind = param_kind::any;
  std::vector<param_type> items{};
  std::vector<std::string> enum_values{};
  std::vector<param> fields;
  bool has_fields = false;
  /// any_of: `A^B` (oneOf) rather than `A|B` (anyOf).
  bool exclusive = false;
  /// Bounds, format, pattern, ... (empty for most types).
  param_constraints constraints{};
  /// Free text for JSON Schema's "description" of an array's element type or of a union's
  /// alternative (a parameter's own description is param::description); in the text only when
  /// formatted with descriptions (`T"text"[]`, `A"text"|B`).
  std::string description{};

  param_type() = default;
  /// A type without parts: `param_type(param_kind::string)` is `string`.
  param_type(param_kind k);  // NOLINT(google-explicit-constructor)

  /// `T[]`.
  [[nodiscard]] static param_type array_of(param_type element);
  /// `A|B|...` (alternatives that are themselves `|` unions are flattened into this one).
  [[nodiscard]] static param_type any_of(std::vector<param_type> alternatives);
  /// `A^B^...`: exactly one alternative matches (no flattening).
  [[nodiscard]] static param_type one_of(std::vector<param_type> alternatives);
  /// `a/b/...` (`enum(a)` for one value).
  [[nodiscard]] static param_type enum_of(std::vector<std::string> values);
  /// `{a:T b:U ...}`: an object with exactly these fields.
  [[nodiscard]] static param_type object_with(std::vector<param> fields);

  friend bool operator==(const param_type& a, const param_type& b);
};

/// One named parameter (or one field of an object type).
struct param {
  std::string name;
  param_type type{};
  /// `name:T!`: must be present. Not together with a default.
  bool required = false;
  /// `name:T=v`: the value assumed when absent (any JSON value valid for the type; `!=v` on a
  /// required parameter, where it only annotates).
  std::optional<value> default_value{};
  /// Free text for JSON Schema's "description"; in the text only when formatted with
  /// descriptions (`name:T!"text"`).
  std::string description{};

  friend bool operator==(const param& a, const param& b);
};

/// The parameters of a tool: a parameter list, i.e. the fields of the arguments object.
struct schema {
  std::vector<param> params{};
  /// `*:T`: the type of members not listed (`...` when any; absent: no other members allowed).
  std::optional<param_type> rest{};
  /// Free text for JSON Schema's top-level "description"; not part of the text form.
  std::string description{};

  friend bool operator==(const schema& a, const schema& b);
};

/// Limits against hostile input.
struct typed_params_options {
  /// Maximum nesting of types: `int` is 1 level, `int[]` 2, `{a:int[]}` 3, `int|string` 2.
  std::size_t max_depth = 64;
  /// Maximum length of the text in bytes.
  std::size_t max_size = std::size_t(1) << 20;
  /// The texts that description references `*N` (or `#N`) name, N = 1, 2, ... (a described
  /// catalog's table of shared descriptions); without them a reference is an error.
  std::vector<std::string> description_table{};
  /// Descriptions by name (a described catalog's `param_descriptions`): a parameter or field
  /// written without a description whose name is listed has the text listed with it; `''`
  /// after it says it has none. The first entry of a name counts.
  std::vector<std::pair<std::string, std::string>> name_descriptions{};
};

/// Parses the typed-param form. Errors carry a code (invalid_schema for grammar errors;
/// invalid_utf8, invalid_escape, unterminated_string, duplicate_key, depth_limit, size_limit
/// where they apply), a message, and the 1-based line and column of the offending byte.
[[nodiscard]] result<schema> parse_typed_params(std::string_view text, const typed_params_options& options = {});

/// The canonical text of `s` (descriptions are not part of it). For canonical text t,
/// format_typed_params(*parse_typed_params(t)) == t.
[[nodiscard]] std::string format_typed_params(const schema& s);

/// How format_typed_params writes descriptions.
struct typed_params_format_options {
  /// Write the descriptions of parameters, array elements and union alternatives, each as a
  /// JSON string right after what it describes: `path:string!"File path"`, `T"one"[]`,
  /// `A"text"|(B"other")`.
  bool descriptions = false;
  /// Texts written as a reference `*N` (N = position + 1) instead of the string, so that a text
  /// several parameters share is written once (parse with the same table in
  /// typed_params_options::description_table).
  std::vector<std::string> description_table{};
  /// Descriptions by name: a parameter or field whose name is listed and whose description is
  /// the text listed with it is written without it; one without a description gets `''`
  /// (parse with the same list in typed_params_options::name_descriptions).
  std::vector<std::pair<std::string, std::string>> name_descriptions{};
  /// Write a parameter or field of type `string` (without constraints) as its name alone:
  /// `path!` for `path:string!`, `mode=fast` for `mode:string=fast` (a name without a type reads
  /// as a string).
  bool implicit_string = false;
};

/// The canonical text of `s` with descriptions when options.descriptions; for such a text t,
/// format_typed_params(*parse_typed_params(t, {.description_table = table, .name_descriptions =
/// names}), options) == t.
[[nodiscard]] std::string format_typed_params(const schema& s, const typed_params_format_options& options);

/// The canonical text of one type, e.g. `int[]|string`.
[[nodiscard]] std::string format_param_type(const param_type& t);

/// JSON Schema output options.
struct json_schema_options {
  /// Start with "$schema": "https://json-schema.org/draft/2020-12/schema".
  bool schema_uri = false;
};

/// The JSON Schema 2020-12 object of `s`: {"type":"object","properties":{...},"required":[...],
/// "additionalProperties":false}, with "description" where one is set.
[[nodiscard]] value json_schema(const schema& s, const json_schema_options& options = {});

/// The JSON Schema 2020-12 object of one type.
[[nodiscard]] value json_schema(const param_type& t);

/// Checks `args` against `s`; returns every violation (empty when valid), each with its code,
/// message and path from `root` (e.g. `args.tags[2]`: "expected string, found number").
/// Agrees with JSON Schema validation of json_schema(s).
[[nodiscard]] std::vector<error> validate(const value& args, const schema& s, std::string_view root = "args");

/// Checks one value against one type (paths start at `root`).
[[nodiscard]] std::vector<error> validate(const value& v, const param_type& t, std::string_view root = "value");

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
