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
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <vector>

#include "toon/value.hpp"
#include "toon/detail/writer.hpp"

namespace toon::detail {

/// How an array is encoded.
enum class array_form : unsigned char {
  empty,                 ///< `key: []` / root `[]` / list item `- [0]:`
  primitives,            ///< inline `key[N]: v1,v2` (§9.1)
  arrays_of_primitives,  ///< `key[N]:` then `- [M]: ...` items (§9.2)
  tabular,               ///< `key[N]{fields}:` then rows (§9.3)
  list,                  ///< `key[N]:` then `- ...` items (§9.4, §10)
};

/// True when every element of `a` is a primitive (true for an empty array).
[[nodiscard]] bool all_primitives(const array& a) noexcept;

/// Member lookup that first tries position `hint` (rows usually share the first row's key
/// order), then searches linearly. nullptr when absent.
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

[[nodiscard]] inline const value* find_member(const object& o, std::string_view key,
                                              std::size_t hint) noexcept {
  if (hint < o.size()) {
    const member& m = *(o.begin() + static_cast<std::ptrdiff_t>(hint));
    if (m.key.size() == key.size() && same_bytes(m.key.data(), key.data(), key.size())) return &m.value;
  }
  return o.find(key);
}

/// Runs form detection. Keeps its scratch buffers between calls, so that once warm it does
/// not allocate. The field list of the last successful detection stays valid (and its names
/// point into the analysed values) until the next call.
class shape_analyzer {
 public:
  /// The form of array `a`; when tabular, fields() holds its field tree.
  array_form classify_array(const array& a);

  /// True when `a` is a non-empty array of objects satisfying §9.3; fields() then holds the
  /// field tree (first element's key order, applied recursively).
  bool tabular(const array& a);

  /// True when `o` satisfies keyed tabular detection (§9.5: at least two entries, every
  /// entry value a non-empty object, uniform columns); fields() then holds the field tree.
  bool keyed_tabular(const object& o);

  /// Field tree of the last successful detection.
  [[nodiscard]] field_list_view fields() const noexcept { return fields_; }

 private:
  // Detects the field tree of the rows rows_[begin, end), appending it to fields_.
  bool detect(std::size_t begin, std::size_t end);

  std::vector<field_node> fields_;
  std::vector<const object*> rows_;
  std::vector<std::uint8_t> flags_;  // per-column bits of the detections in progress
};

/// Calls `f(const value&)` for each leaf cell of `row`, in the depth-first pre-order of
/// `fields` (§9.3). A cell missing from `row` (impossible after detection) is passed as null.
template <class F>
void for_each_leaf(const object& row, field_list_view fields, F&& f);

// ---- implementation ---------------------------------------------------------------------------

namespace shape_impl {

inline const value& null_value() noexcept {
  static const value v;
  return v;
}

template <class F>
std::size_t skip_as_nulls(field_list_view fields, std::size_t index, F& f) {
  const std::size_t end = subtree_end(fields, index);
  for (; index < end; ++index)
    if (fields[index].child_count == 0) f(null_value());
  return end;
}

// Visits the entry at `index`, the `position`-th sibling of its group; returns the index past
// its subtree.
template <class F>
std::size_t visit_entry(const object& row, field_list_view fields, std::size_t index,
                        std::size_t position, F& f) {
  const field_node& node = fields[index];
  const value* v = find_member(row, node.name, position);
  if (node.child_count == 0) {
    f(v ? *v : null_value());
    return index + 1;
  }
  if (v == nullptr || !v->is_object()) return skip_as_nulls(fields, index, f);
  const object& sub = v->as_object();
  ++index;
  for (std::size_t j = 0; j < node.child_count && index < fields.size(); ++j)
    index = visit_entry(sub, fields, index, j, f);
  return index;
}

}  // namespace shape_impl

template <class F>
void for_each_leaf(const object& row, field_list_view fields, F&& f) {
  std::size_t index = 0;
  for (std::size_t position = 0; index < fields.size(); ++position)
    index = shape_impl::visit_entry(row, fields, index, position, f);
}

}  // namespace toon::detail
