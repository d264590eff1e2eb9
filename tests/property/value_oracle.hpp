// value_oracle.hpp - what a round trip through TOON must give back, written from the rules of
// docs/encoding.md independently of the encoder (src/encode/shape.cpp). Shared by the property tests
// (tests/property) and the fuzz targets (fuzz/).
//
// decode(encode(v)) equals expected_round_trip(v) under spec §2 equality (operator==): the
// same value, except that
//   * NaN and ±Infinity become null (the encoder writes them as null);
//   * the rows of a tabular array and the entry values of a keyed tabular object take the key
//     order of the header, which is the first row's (recursively inside nested field groups).
// Everything else, key order included, must come back unchanged.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "toon/value.hpp"

namespace toon_oracle {

// ---- form detection (docs/encoding.md, "Choosing a form") ----------------------------------

// A column: the values under one key across all rows. It is uniform-primitive when every value
// is a primitive; nested-uniform when every value is a non-empty object, all with one key set,
// and each sub-column is again uniform-primitive or nested-uniform.
inline bool column_ok(const std::vector<const toon::value*>& column);

// Rows that can share one header: all non-empty objects with the same key set (order free)
// and every column acceptable.
inline bool rows_ok(const std::vector<const toon::object*>& rows) {
  if (rows.empty()) return false;
  const toon::object& first = *rows.front();
  if (first.empty()) return false;
  for (const toon::object* r : rows)
    if (r->size() != first.size()) return false;
  for (const toon::member& m : first) {
    std::vector<const toon::value*> column;
    column.reserve(rows.size());
    for (const toon::object* r : rows) {
      const toon::value* v = r->find(m.key);
      if (v == nullptr) return false;  // key sets differ
      column.push_back(v);
    }
    if (!column_ok(column)) return false;
  }
  return true;
}

inline bool column_ok(const std::vector<const toon::value*>& column) {
  bool primitives = true;
  for (const toon::value* v : column) primitives = primitives && v->is_primitive();
  if (primitives) return true;
  std::vector<const toon::object*> sub;
  for (const toon::value* v : column) {
    if (!v->is_object() || v->as_object().empty()) return false;  // mixed, array or {}
    sub.push_back(&v->as_object());
  }
  return rows_ok(sub);
}

/// A non-empty array of non-empty objects that share one header.
inline bool is_tabular(const toon::array& a) {
  if (a.empty()) return false;
  std::vector<const toon::object*> rows;
  for (const toon::value& v : a) {
    if (!v.is_object()) return false;
    rows.push_back(&v.as_object());
  }
  return rows_ok(rows);
}

/// An object written as `key[N:]{fields}:` with entry rows: two or more entries, each a
/// non-empty object, sharing one header.
inline bool is_keyed_tabular(const toon::object& o) {
  if (o.size() < 2) return false;
  std::vector<const toon::object*> rows;
  for (const toon::member& m : o) {
    if (!m.value.is_object()) return false;
    rows.push_back(&m.value.as_object());
  }
  return rows_ok(rows);
}

// ---- the expected result ---------------------------------------------------------------------

/// A primitive as it comes back: NaN and infinities are written as null.
inline toon::value expected_primitive(const toon::value& v) {
  if (const double* d = v.get_if<double>(); d && !std::isfinite(*d)) return toon::value(nullptr);
  return v;
}

/// `row` with its members in the order of `shape` (the first row), recursively for nested
/// groups; cells as expected_primitive.
inline toon::value reorder_row(const toon::value& row, const toon::value& shape) {
  if (!row.is_object()) return expected_primitive(row);
  toon::object out;
  for (const toon::member& m : shape.as_object())
    out.emplace_back(m.key, reorder_row(row.as_object().at(m.key), m.value));
  return out;
}

// Where a value stands decides which forms the encoder may use for it: an array element
// (inside an expanded list or an array of arrays) is never a table or a keyed table itself.
enum class position { field, element };

inline toon::value expected_round_trip(const toon::value& v, position where) {
  if (v.is_array()) {
    const toon::array& a = v.as_array();
    toon::array out;
    out.reserve(a.size());
    if (where == position::field && is_tabular(a)) {
      for (const toon::value& row : a) out.push_back(reorder_row(row, a.front()));
    } else {
      for (const toon::value& e : a) out.push_back(expected_round_trip(e, position::element));
    }
    return out;
  }
  if (v.is_object()) {
    const toon::object& o = v.as_object();
    toon::object out;
    out.reserve(o.size());
    if (where == position::field && is_keyed_tabular(o)) {
      const toon::value& shape = o.begin()->value;
      for (const toon::member& m : o) out.emplace_back(m.key, reorder_row(m.value, shape));
    } else {
      // Fields of any object (a list item's included) are in field position.
      for (const toon::member& m : o) out.emplace_back(m.key, expected_round_trip(m.value, position::field));
    }
    return out;
  }
  return expected_primitive(v);
}

/// What decode(encode(v, o), {indent o.indent_size}) must equal (operator==), for any
/// delimiter and indent size >= 1. The root is in field position.
inline toon::value expected_round_trip(const toon::value& v) { return expected_round_trip(v, position::field); }

/// What from_json(to_json(v)) must equal: v with NaN and infinities as null (JSON has neither).
inline toon::value expected_json_round_trip(const toon::value& v) {
  if (v.is_array()) {
    toon::array out;
    for (const toon::value& e : v.as_array()) out.push_back(expected_json_round_trip(e));
    return out;
  }
  if (v.is_object()) {
    toon::object out;
    for (const toon::member& m : v.as_object()) out.emplace_back(m.key, expected_json_round_trip(m.value));
    return out;
  }
  return expected_primitive(v);
}

/// Nesting depth as the decoder counts it: 1 for every array or object on the way down
/// (a primitive at the root is 0).
inline std::size_t nesting_depth(const toon::value& v) {
  std::size_t inner = 0;
  if (v.is_array()) {
    for (const toon::value& e : v.as_array()) inner = std::max(inner, nesting_depth(e));
    return inner + 1;
  }
  if (v.is_object()) {
    for (const toon::member& m : v.as_object()) inner = std::max(inner, nesting_depth(m.value));
    return inner + 1;
  }
  return 0;
}

}  // namespace toon_oracle
