// shape.cpp - form detection for encoding toon::value (see shape.hpp).
#include "shape.hpp"

#include <algorithm>

namespace toon::detail {

bool all_primitives(const array& a) noexcept {
  return std::all_of(a.begin(), a.end(), [](const value& v) { return v.is_primitive(); });
}

array_form shape_analyzer::classify_array(const array& a) {
  if (a.empty()) return array_form::empty;
  bool primitives = true, arrays = true, objects = true;
  for (const value& v : a) {
    primitives = primitives && v.is_primitive();
    arrays = arrays && v.is_array();
    objects = objects && v.is_object();
  }
  if (primitives) return array_form::primitives;
  if (arrays) {
    const bool inner_primitive = std::all_of(a.begin(), a.end(), [](const value& v) {
      return all_primitives(v.as_array());
    });
    // Arrays holding any non-primitive inner array are encoded as a general list.
    return inner_primitive ? array_form::arrays_of_primitives : array_form::list;
  }
  if (objects && tabular(a)) return array_form::tabular;
  return array_form::list;
}

bool shape_analyzer::tabular(const array& a) {
  fields_.clear();
  rows_.clear();
  if (a.empty()) return false;
  for (const value& v : a) {
    if (!v.is_object()) return false;
    rows_.push_back(&v.as_object());
  }
  return detect(0, rows_.size());
}

bool shape_analyzer::keyed_tabular(const object& o) {
  fields_.clear();
  rows_.clear();
  if (o.size() < 2) return false;
  for (const member& m : o) {
    if (!m.value.is_object() || m.value.as_object().empty()) return false;
    rows_.push_back(&m.value.as_object());
  }
  return detect(0, rows_.size());
}

bool shape_analyzer::detect(std::size_t begin, std::size_t end) {
  // rows_ may grow (and reallocate) during nested detection: index it, never hold pointers
  // into it. The objects it points to do not move.
  const object& first = *rows_[begin];
  if (first.empty()) return false;
  const std::size_t width = first.size();

  // One pass over the rows, row by row (each row's members are contiguous in memory): every
  // key of the first row must be present, and per column we note whether all values are
  // primitives, or all non-empty objects. flags_[base + j] holds column j's bits.
  enum : std::uint8_t { all_primitive = 1, all_objects = 2 };
  const std::size_t base = flags_.size();
  flags_.resize(base + width, all_primitive | all_objects);
  struct restore {
    std::vector<std::uint8_t>& f;
    std::size_t n;
    ~restore() { f.resize(n); }
  } guard{flags_, base};
  for (std::size_t r = begin; r < end; ++r) {
    const object& row = *rows_[r];
    if (row.size() != width) return false;
    std::size_t position = 0;
    for (const member& column : first) {
      const value* v = find_member(row, column.key, position);
      if (v == nullptr) return false;  // key sets differ
      std::uint8_t bits = 0;
      if (v->is_primitive()) bits = all_primitive;
      else if (v->is_object() && !v->as_object().empty()) bits = all_objects;
      flags_[base + position] &= bits;
      ++position;
    }
  }

  std::size_t position = 0;
  for (const member& column : first) {
    const std::size_t node = fields_.size();
    fields_.push_back(field_node{column.key, 0});
    const std::uint8_t bits = flags_[base + position];
    if ((bits & all_primitive) == 0) {
      if ((bits & all_objects) == 0) return false;
      // Nested-uniform candidate: detect the sub-rows' own field tree.
      const std::size_t sub_begin = rows_.size();
      for (std::size_t r = begin; r < end; ++r)
        rows_.push_back(&find_member(*rows_[r], column.key, position)->as_object());
      const auto children = static_cast<std::uint32_t>(rows_[sub_begin]->size());
      const bool ok = detect(sub_begin, rows_.size());
      rows_.resize(sub_begin);
      if (!ok) return false;
      fields_[node].child_count = children;
    }
    ++position;
  }
  return true;
}

}  // namespace toon::detail
