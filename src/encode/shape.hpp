// shape.hpp - form detection for encoding toon::value (internal).
//
// Decides how an array or object is laid out (§9, §10):
//   - arrays: empty, inline primitives (§9.1), list of inline primitive arrays (§9.2),
//     tabular with nested field groups (§9.3), or expanded list (§9.4);
//   - objects: keyed tabular (§9.5) or nested (§8).
// Column classification (§9.3): a column is uniform-primitive when every value is a
// primitive; nested-uniform when every value is a non-empty object, all with the same key
// set, and every sub-column is again uniform-primitive or nested-uniform.
//
// The resulting field tree is a flat pre-order detail::field_node list (toon_writer.hpp), the
// same representation a typed encoder hands to the writer.
//
// Written once for any document model (below): toon::value, and the compact tape of JSON text
// that toon::json_to_toon encodes without building values (json_to_toon.cpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <utility>
#include <vector>

#include "toon/detail/writer.hpp"
#include "toon/value.hpp"

#if defined(__GNUC__) && !defined(__clang__)
#define TOON_DETAIL_FLATTEN [[gnu::flatten]]
#else
#define TOON_DETAIL_FLATTEN
#endif

namespace toon::detail {

/// Equality of two byte ranges of length `n`, inline: keys are short, and fixed-size loads
/// (overlapping at the end) beat both a byte loop and a call to memcmp.
[[nodiscard]] inline bool same_bytes(const char* a, const char* b, std::size_t n) noexcept {
  auto load8 = [](const char* p) {
    std::uint64_t x;
    std::memcpy(&x, p, 8);
    return x;
  };
  auto load4 = [](const char* p) {
    std::uint32_t x;
    std::memcpy(&x, p, 4);
    return x;
  };
  if (n >= 8) {
    for (std::size_t i = 0; i + 8 <= n; i += 8)
      if (load8(a + i) != load8(b + i)) return false;
    return load8(a + n - 8) == load8(b + n - 8);
  }
  if (n >= 4) return load4(a) == load4(b) && load4(a + n - 4) == load4(b + n - 4);
  for (std::size_t i = 0; i < n; ++i)
    if (a[i] != b[i]) return false;
  return true;
}

/// Equality of two keys.
[[nodiscard]] inline bool same_key(std::string_view a, std::string_view b) noexcept {
  return a.size() == b.size() && same_bytes(a.data(), b.data(), a.size());
}

// ---- document models --------------------------------------------------------------------------
//
// Form detection and the tree encoder (tree_encoder.hpp) are written once, against a document
// model M that names the node types and how to hold them:
//   M::value_type / array_type / object_type: the node types. A value has is_primitive(),
//     is_array(), is_object(), as_array(), as_object(), is_string(), as_string(); an array has
//     size(), empty(), front() and iterates values; an object has size(), empty(), find(key)
//     (an M::value_ptr) and iterates members with `.key` and `.value`, in document order.
//   M::key_type: a member's `.key`, convertible to std::string_view; M::key(w, k) writes it;
//     M::key_line(w, k, depth) starts a `key: value` line at `depth` up to the value.
//   M::value_ptr: what find() returns (nullptr when absent); M::ptr(v) makes one.
//   M::object_if(v): the object `v` is, as something that tests false when it is not one.
//   M::object_ref: an object kept in a list (rows of a table); M::ref(o), M::deref(r).
//   M::null_value(): a null value, for cells missing from a row.
//   M::primitive(w, v, d): writes a primitive as the value encoder does.
//   M::checkpoints: whether the encoder calls writer::checkpoint() between items, so that the
//     text can be flushed as it is written (then it checks tables before writing them
//     instead of writing speculatively and rewinding).
// value_model serves toon::value; the JSON-text encoder (json_to_toon.cpp) has its own
// model over a compact tape of the JSON text.

/// The model of toon::value.
struct value_model {
  using value_type = value;
  using array_type = array;
  using object_type = object;
  using value_ptr = const value*;
  using object_ref = const object*;
  using key_type = std::string_view;
  static value_ptr ptr(const value& v) noexcept { return &v; }
  static const object* object_if(const value& v) noexcept { return v.get_if<object>(); }
  static object_ref ref(const object& o) noexcept { return &o; }
  static const object& deref(object_ref r) noexcept { return *r; }
  static const value& null_value() noexcept {
    static const value v;
    return v;
  }
  TOON_DETAIL_ALWAYS_INLINE static void key(writer& w, std::string_view k) { w.key(k); }
  TOON_DETAIL_ALWAYS_INLINE static void key_line(writer& w, std::string_view k, std::size_t depth) {
    w.begin_line(depth);
    w.key(k);
    w.colon_space();
  }
  /// No writer::checkpoint() calls: toon::encode writes the whole document to its string.
  static constexpr bool checkpoints = false;
  TOON_DETAIL_ALWAYS_INLINE static void primitive(writer& w, const value& v, delimiter d) {
    switch (v.type()) {
      case value::kind::null: w.null(); return;
      case value::kind::boolean: w.boolean(v.as_bool()); return;
      case value::kind::integer: w.number(v.as_int64()); return;
      case value::kind::uinteger: w.number(v.as_uint64()); return;
      case value::kind::real: w.number(v.as_double()); return;
      case value::kind::big_integer: w.big_integer(v.as_big_integer().digits); return;
      case value::kind::string: w.string(v.as_string(), d); return;
      case value::kind::array:
      case value::kind::object: return;
    }
  }
};

/// The model a node type belongs to (specialised by each model).
template <class Node>
struct model_of;
template <>
struct model_of<value> {
  using type = value_model;
};
template <>
struct model_of<object> {
  using type = value_model;
};
template <>
struct model_of<array> {
  using type = value_model;
};

/// How an array is encoded.
enum class array_form : unsigned char {
  empty,                 ///< `key: []` / root `[]` / list item `- [0]:`
  primitives,            ///< inline `key[N]: v1,v2` (§9.1)
  arrays_of_primitives,  ///< `key[N]:` then `- [M]: ...` items (§9.2)
  tabular,               ///< `key[N]{fields}:` then rows (§9.3)
  list,                  ///< `key[N]:` then `- ...` items (§9.4, §10)
};

/// True when every element of `a` is a primitive (true for an empty array).
template <class Array>
[[nodiscard]] bool all_primitives(const Array& a) noexcept {
  for (auto&& v : a)
    if (!v.is_primitive()) return false;
  return true;
}

/// Member lookup that first tries position `hint` (rows usually share the first row's key
/// order), then searches linearly. nullptr when absent.
[[nodiscard]] inline const value* find_member(const object& o, std::string_view key,
                                              std::size_t hint) noexcept {
  if (hint < o.size()) {
    const member& m = *(o.begin() + static_cast<std::ptrdiff_t>(hint));
    if (same_key(m.key, key)) return &m.value;
  }
  return o.find(key);
}

/// Member lookup through an iterator `at` walking `o` beside the expected keys: the member at
/// `at` when its key is `key` (rows usually share the first row's key order), else searched.
/// Advances `at` (up to `end`).
template <class Object, class It>
[[nodiscard]] TOON_DETAIL_ALWAYS_INLINE typename model_of<Object>::type::value_ptr find_member_at(
    const Object& o, It& at, const It& end, std::string_view key) noexcept {
  using M = typename model_of<Object>::type;
  if (at != end) {
    auto&& m = *at;
    ++at;
    if (same_key(m.key, key)) return M::ptr(m.value);
  }
  return o.find(key);
}

/// Runs form detection. Keeps its scratch buffers between calls, so that once warm it does
/// not allocate. The field list of the last successful detection stays valid (and its names
/// point into the analysed values) until the next call.
template <class M>
class basic_shape_analyzer {
 public:
  using array_type = typename M::array_type;
  using object_type = typename M::object_type;

  /// The form of array `a`; when tabular, fields() holds its field tree.
  array_form classify_array(const array_type& a);

  /// True when `a` is a non-empty array of objects satisfying §9.3; fields() then holds the
  /// field tree (first element's key order, applied recursively).
  bool tabular(const array_type& a);

  /// True when `o` satisfies keyed tabular detection (§9.5: at least two entries, every
  /// entry value a non-empty object, uniform columns); fields() then holds the field tree.
  bool keyed_tabular(const object_type& o);

  /// Field tree of the last successful detection.
  [[nodiscard]] field_list_view fields() const noexcept { return fields_; }

 private:
  // The rows rows_[begin, end), as a range of objects (indexed: rows_ may grow meanwhile).
  struct kept_rows;
  // The elements of an array known to start with an object, as a range of objects (a
  // non-object element ends the detection once reached: `known_objects` is false).
  struct element_rows;

  // Detects the field tree of the rows rows_[begin, end), appending it to fields_.
  bool detect(std::size_t begin, std::size_t end);
  // Detects the field tree of `rows` (first row `first`), appending it to fields_.
  template <class Rows>
  bool detect_rows(const object_type& first, const Rows& rows);

  std::vector<field_node> fields_;
  std::vector<typename M::object_ref> rows_;
  std::vector<std::uint8_t> flags_;  // per-column bits of the detections in progress
};

/// Form detection of toon::value.
using shape_analyzer = basic_shape_analyzer<value_model>;

/// Calls `f(const value&)` for each leaf cell of `row`, in the depth-first pre-order of
/// `fields` (§9.3). A cell missing from `row` (impossible after detection) is passed as null.
template <class Object, class F>
void for_each_leaf(const Object& row, field_list_view fields, F&& f);

// ---- implementation ---------------------------------------------------------------------------

template <class M>
struct basic_shape_analyzer<M>::kept_rows {
  basic_shape_analyzer* self;
  std::size_t begin_index, end_index;
  struct iterator {
    const basic_shape_analyzer* self;
    std::size_t i;
    decltype(auto) operator*() const noexcept { return M::deref(self->rows_[i]); }
    iterator& operator++() noexcept {
      ++i;
      return *this;
    }
    friend bool operator==(const iterator& a, const iterator& b) noexcept { return a.i == b.i; }
  };
  [[nodiscard]] iterator begin() const noexcept { return {self, begin_index}; }
  [[nodiscard]] iterator end() const noexcept { return {self, end_index}; }
  static constexpr bool known_objects = true;
};

template <class M>
struct basic_shape_analyzer<M>::element_rows {
  const array_type& a;
  struct iterator {
    decltype(std::declval<const array_type&>().begin()) at;
    decltype(auto) operator*() const noexcept {
      // A non-object element ends the detection before it is read (see detect_rows()).
      return (*at).as_object();
    }
    [[nodiscard]] bool is_object() const noexcept { return (*at).is_object(); }
    iterator& operator++() noexcept {
      ++at;
      return *this;
    }
    friend bool operator==(const iterator& x, const iterator& y) noexcept { return x.at == y.at; }
  };
  [[nodiscard]] iterator begin() const noexcept { return {a.begin()}; }
  [[nodiscard]] iterator end() const noexcept { return {a.end()}; }
  static constexpr bool known_objects = false;
};

template <class M>
array_form basic_shape_analyzer<M>::classify_array(const array_type& a) {
  if (a.empty()) return array_form::empty;
  // An array starting with an object is tabular or a list: tabular() checks that every
  // element is an object as it goes, and stops at the first row that fails (no pass over
  // the whole array first).
  if (a.front().is_object()) return tabular(a) ? array_form::tabular : array_form::list;
  bool primitives = true, arrays = true, objects = true;
  for (auto&& v : a) {
    primitives = primitives && v.is_primitive();
    arrays = arrays && v.is_array();
    objects = objects && v.is_object();
  }
  if (primitives) return array_form::primitives;
  if (arrays) {
    bool inner_primitive = true;
    for (auto&& v : a)
      if (!all_primitives(v.as_array())) {
        inner_primitive = false;
        break;
      }
    // Arrays holding any non-primitive inner array are encoded as a general list.
    return inner_primitive ? array_form::arrays_of_primitives : array_form::list;
  }
  if (objects && tabular(a)) return array_form::tabular;
  return array_form::list;
}

template <class M>
bool basic_shape_analyzer<M>::tabular(const array_type& a) {
  fields_.clear();
  rows_.clear();
  if (a.empty() || !a.front().is_object()) return false;
  // Straight over the elements: detection fails at the first row that shows it.
  return detect_rows(a.front().as_object(), element_rows{a});
}

template <class M>
bool basic_shape_analyzer<M>::keyed_tabular(const object_type& o) {
  fields_.clear();
  rows_.clear();
  if (o.size() < 2) return false;
  for (auto&& m : o) {
    if (!m.value.is_object() || m.value.as_object().empty()) return false;
    rows_.push_back(M::ref(m.value.as_object()));
  }
  return detect(0, rows_.size());
}

template <class M>
bool basic_shape_analyzer<M>::detect(std::size_t begin, std::size_t end) {
  // rows_ may grow (and reallocate) during nested detection: index it, never hold pointers
  // into it. The objects it refers to do not move.
  return detect_rows(M::deref(rows_[begin]), kept_rows{this, begin, end});
}

template <class M>
template <class Rows>
bool basic_shape_analyzer<M>::detect_rows(const object_type& first, const Rows& rows) {
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
  for (auto it = rows.begin(), rows_end = rows.end(); it != rows_end; ++it) {
    if constexpr (!Rows::known_objects)
      if (!it.is_object()) return false;
    const auto& row = *it;
    if (row.size() != width) return false;
    std::size_t position = 0;
    auto at = row.begin();
    const auto row_end = row.end();
    for (auto&& column : first) {
      const auto v = find_member_at(row, at, row_end, column.key);
      if (v == nullptr) return false;  // key sets differ
      std::uint8_t bits = 0;
      if (v->is_primitive()) bits = all_primitive;
      else if (v->is_object() && !v->as_object().empty()) bits = all_objects;
      // A column that is neither all primitives nor all objects fails detection whatever the
      // other rows hold: stop at the first row that shows it.
      if ((flags_[base + position] &= bits) == 0) return false;
      ++position;
    }
  }

  std::size_t position = 0;
  for (auto&& column : first) {
    const std::size_t node = fields_.size();
    fields_.push_back(field_node{column.key, 0});
    const std::uint8_t bits = flags_[base + position];
    if ((bits & all_primitive) == 0) {
      if ((bits & all_objects) == 0) return false;
      // Nested-uniform candidate: detect the sub-rows' own field tree.
      const std::size_t sub_begin = rows_.size();
      for (auto&& row : rows) rows_.push_back(M::ref(row.find(column.key)->as_object()));
      const auto children = static_cast<std::uint32_t>(M::deref(rows_[sub_begin]).size());
      const bool ok = detect(sub_begin, rows_.size());
      rows_.resize(sub_begin);
      if (!ok) return false;
      fields_[node].child_count = children;
    }
    ++position;
  }
  return true;
}

namespace shape_impl {

template <class M, class F>
std::size_t skip_as_nulls(field_list_view fields, std::size_t index, F& f) {
  const std::size_t end = subtree_end(fields, index);
  for (; index < end; ++index)
    if (fields[index].child_count == 0) f(M::null_value());
  return end;
}

// Visits the `count` sibling entries from `index` (a group of `row`); returns the index past
// their subtrees.
template <class M, class Object, class F>
std::size_t visit_group(const Object& row, field_list_view fields, std::size_t index,
                        std::size_t count, F& f) {
  auto at = row.begin();
  const auto row_end = row.end();
  for (std::size_t j = 0; j < count && index < fields.size(); ++j) {
    const field_node& node = fields[index];
    const auto v = find_member_at(row, at, row_end, node.name);
    if (node.child_count == 0) {
      if (v == nullptr) f(M::null_value());
      else f(*v);
      ++index;
    } else if (v == nullptr || !v->is_object()) {
      index = skip_as_nulls<M>(fields, index, f);
    } else {
      index = visit_group<M>(v->as_object(), fields, index + 1, node.child_count, f);
    }
  }
  return index;
}

}  // namespace shape_impl

template <class Object, class F>
void for_each_leaf(const Object& row, field_list_view fields, F&& f) {
  using M = typename model_of<Object>::type;
  shape_impl::visit_group<M>(row, fields, 0, fields.size(), f);
}

}  // namespace toon::detail
