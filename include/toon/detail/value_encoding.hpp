// toon/detail/value_encoding.hpp - the toon::value encoder as building blocks (detail: not a
// stable API).
//
// The toon::value encoder (src/encode/encoder.cpp) writes through a detail::writer. These entry points
// let another encoder (the typed encoder, toon/typed/encode.hpp) hand it a toon::value subtree
// in any position of a document it is writing through the same writer, with bytes identical to
// what toon::encode() writes for that subtree in that position. Each comes in three overloads:
// a value, or directly an array or an object (no copy into a value needed).
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "toon/detail/writer.hpp"
#include "toon/options.hpp"
#include "toon/value.hpp"

namespace toon::detail {

/// Throws std::invalid_argument unless options.delimiter is comma, tab or pipe.
void check_encode_options(const encode_options& options);

/// toon::encode_to(out, v, options) for a value the caller gives up: the omit options
/// (encode_options::omit_null, omit_empty) are applied to it in place, without a copy.
void encode_value_owned(std::string& out, value&& v, const encode_options& options);

/// Writes `v` as the whole document (root forms, §5): root arrays, a root object's fields at
/// depth 0 (or its keyless keyed tabular form), or a root primitive.
void encode_value_root(writer& w, const value& v);
void encode_value_root(writer& w, const array& a);
void encode_value_root(writer& w, const object& o);

/// Writes the field `key` of an object at `depth`, whose value is `v` (all of its lines).
void encode_value_field(writer& w, std::string_view key, const value& v, std::size_t depth);
void encode_value_field(writer& w, std::string_view key, const array& a, std::size_t depth);
void encode_value_field(writer& w, std::string_view key, const object& o, std::size_t depth);

/// Writes `v` as one element of an expanded list at `depth` (starting with its `- ` line; an
/// object as a list item per §10).
void encode_value_list_item(writer& w, const value& v, std::size_t depth);
void encode_value_list_item(writer& w, const array& a, std::size_t depth);
void encode_value_list_item(writer& w, const object& o, std::size_t depth);

/// Writes the first field `key` of an object list item whose hyphen line is at `depth` (§10),
/// right after the `- ` the caller has written; deeper content goes to depth + 2 as the
/// value encoder does. The object's other fields are the caller's (at depth + 1).
void encode_value_first_field(writer& w, std::string_view key, const value& v, std::size_t depth);
void encode_value_first_field(writer& w, std::string_view key, const array& a, std::size_t depth);
void encode_value_first_field(writer& w, std::string_view key, const object& o, std::size_t depth);

}  // namespace toon::detail
