// toon/schema_import.hpp - JSON Schema -> typed params: the parameters of a foreign tool (an MCP
// server's `inputSchema`) in the compact typed-param form of toon/schema.hpp.
//
// The typed-param grammar says less than JSON Schema: no formats, bounds, patterns, exclusive
// unions, open objects, ... Conversion never fails: what the form cannot say is dropped, and
// every drop is reported as a schema_loss naming the keyword and where it was. All losses but
// one make the typed form more permissive than the original (it accepts a superset); the one
// exception, schema_loss_kind::open_object, is marked `stricter`. The rules and the list of
// losses are in docs/mcp.md ("JSON Schema to typed params").
//
//   toon::imported_schema in = toon::import_json_schema(tool.input_schema);
//   toon::format_typed_params(in.params);   // "path:string! head:int tail:int"
//   for (const toon::schema_loss& l : in.losses) puts(l.to_string().c_str());
//   // /properties/url/format: format "uri" is not checked
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "toon/schema.hpp"
#include "toon/value.hpp"

namespace toon {

/// What a conversion could not keep (docs/mcp.md, "What is lost").
enum class schema_loss_kind : unsigned char {
  format,           ///< `format` (uri, date-time, email, ...): not checked
  bounds,           ///< minimum, maximum, exclusiveMinimum/Maximum, multipleOf, minLength, maxLength,
                    ///< minItems, maxItems, uniqueItems, minProperties, maxProperties: not checked
  pattern,          ///< `pattern`, `propertyNames`: not checked
  one_of,           ///< `oneOf` read as `anyOf`: a value matching several alternatives is accepted
  intersection,     ///< allOf (beyond its first schema), not, if/then/else, contains,
                    ///< dependentRequired, dependentSchemas, dependencies, a combinator or $ref
                    ///< beside other constraints: dropped
  open_object,      ///< an object with listed properties that allows other members (no
                    ///< `additionalProperties: false`), or a top level that is not an object with
                    ///< properties: the typed form lists the known members and rejects others
                    ///< (the one stricter loss)
  map_values,       ///< additionalProperties as a schema, patternProperties: the object becomes
                    ///< `object` (any object), its listed properties and value types dropped
  tuple,            ///< prefixItems / items as an array: the positions merge into one element type
  enum_values,      ///< enum / const values that are not strings: only their kinds are kept
  reference,        ///< a $ref that is recursive, not local or does not resolve: `any`
  default_value,    ///< a default that is not a primitive valid for the type, or on a required
                    ///< property: dropped
  false_schema,     ///< `false`, a schema no value matches, or a value that is not a schema: `any`
  name,             ///< a property with an empty name: the object becomes `object`
  depth,            ///< nesting deeper than json_schema_import_options::max_depth: `any`
};

/// The name of a loss kind: "format", "bounds", ..., "depth".
[[nodiscard]] std::string_view to_string(schema_loss_kind kind) noexcept;

/// One thing a conversion dropped.
struct schema_loss {
  schema_loss_kind kind = schema_loss_kind::intersection;
  /// The JSON Schema keyword dropped ("format", "minimum", "oneOf", "additionalProperties", ...).
  std::string keyword{};
  /// JSON Pointer (RFC 6901) of the keyword in the input schema, as validators report schema
  /// paths: "/properties/edits/items/properties/oldText/minLength"; a keyword reached through a
  /// $ref is reported under the schema holding the $ref, without the "$ref" step. The losses
  /// that drop a whole object's members (map_values, name) or an array's positions (tuple)
  /// name the object's or array's schema.
  std::string path{};
  /// What happened, e.g. `format "uri" is not checked`.
  std::string message{};
  /// True when the typed form rejects values the original accepts (open_object only).
  bool stricter = false;

  /// `path: message`; "(root)" stands for the empty path (the whole schema).
  [[nodiscard]] std::string to_string() const;

  friend bool operator==(const schema_loss&, const schema_loss&) = default;
};

/// Conversion settings.
struct json_schema_import_options {
  /// Keep "description"s: the schema's in schema::description, each property's in
  /// param::description (for the per-parameter description table).
  bool keep_descriptions = true;
  /// Deepest nesting of schemas followed (through properties, items, combinators and $ref);
  /// deeper ones become `any` (loss `depth`). At most typed_params_options::max_depth.
  std::size_t max_depth = 32;
};

/// The result of a conversion: the parameters and what was lost.
struct imported_schema {
  schema params{};
  std::vector<schema_loss> losses{};

  /// True when nothing was lost: params accepts exactly what the input schema accepts.
  [[nodiscard]] bool exact() const noexcept { return losses.empty(); }
  /// True when some loss makes params reject values the input schema accepts.
  [[nodiscard]] bool stricter() const noexcept;
};

/// Converts a JSON Schema (draft-07 or 2020-12; the value of an MCP tool's `inputSchema`) into
/// typed params. Never throws on an odd schema (only std::bad_alloc): keywords the form cannot
/// express are dropped and reported. The top level should be an object schema with
/// "properties"; anything else gives an empty parameter list (loss open_object unless the input
/// allows only the empty object). Local `$ref`s ("#", "#/$defs/...", "#/definitions/...", any
/// JSON Pointer into the input) are followed.
[[nodiscard]] imported_schema import_json_schema(const value& json_schema, const json_schema_import_options& options = {});

/// Converts one JSON Schema into one param_type (the same rules; `$ref`s resolve against
/// `json_schema` itself). Losses are appended to `losses` when it is not null.
[[nodiscard]] param_type import_json_schema_type(const value& json_schema, std::vector<schema_loss>* losses = nullptr,
                                                 const json_schema_import_options& options = {});

}  // namespace toon

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
