// tree_encoder.hpp - the tree encoder: a document tree -> TOON text (internal).
//
// One encoder for every document model of shape.hpp: toon::value (encoder.cpp, toon::encode)
// and the compact tape of JSON text (json_to_toon.cpp, toon::json_to_toon), so that both make
// the same layout decisions and write the same bytes. Layout decisions come from shape.hpp,
// token formatting from the writer. Where the spec leaves a choice open, the output follows
// the reference implementation (@toon-format/toon 4.4.0) byte for byte.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "shape.hpp"
#include "toon/detail/writer.hpp"

namespace toon::detail {

constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";

// Writes through a caller's writer, so that a document can mix it with other encoders (the
// typed encoder hands it toon::value subtrees, see toon/detail/value_encoding.hpp).
template <class M>
class tree_encoder {
 public:
  using value = typename M::value_type;
  using array = typename M::array_type;
  using object = typename M::object_type;
  /// How the model hands over a member's key (std::string_view, or a key with what the model
  /// knows of its quoting).
  using key_type = typename M::key_type;

  explicit tree_encoder(writer& w) : w_(w), delim_(w.document_delimiter()) {}

  void root(const array& a) { array_value(nullptr, a, 0); }

  void root(const object& o) {
    if (shapes_.keyed_tabular(o)) {
      // Keyless keyed form, valid only at the root (§9.5).
      w_.begin_line(0);
      w_.keyless_header(o.size(), delim_, shapes_.fields(), true);
      keyed_rows(o, shapes_.fields(), 1);
    } else {
      object_fields(o, 0);  // an empty root object is an empty document
    }
  }

  void root(const value& v) {
    if (v.is_array()) {
      root(v.as_array());
    } else if (v.is_object()) {
      root(v.as_object());
    } else {
      w_.begin_line(0);
      // A root string starting with U+FEFF is quoted so that the document does not start
      // with a byte order mark (which a reader could strip), as the reference does.
      if (v.is_string() && std::string_view(v.as_string()).starts_with(utf8_bom)) w_.quoted(v.as_string());
      else primitive(v, delim_);
    }
  }

  // One `key ...` field of an object at `depth` (§8).
  void field(key_type key, const value& v, std::size_t depth) {
    if (v.is_array()) {
      field(key, v.as_array(), depth);
    } else if (v.is_object()) {
      field(key, v.as_object(), depth);
    } else {
      M::key_line(w_, key, depth);  // begin_line(depth), the key, ": "
      primitive(v, delim_);  // object field values quote against the document delimiter
    }
  }

  void field(key_type key, const array& a, std::size_t depth) {
    array_value(&key, a, depth);
  }

  void field(key_type key, const object& o, std::size_t depth) {
    if (shapes_.keyed_tabular(o)) {
      w_.begin_line(depth);
      key_header(key, o.size(), shapes_.fields(), true);
      keyed_rows(o, shapes_.fields(), depth + 1);
    } else {
      w_.begin_line(depth);
      put_key(key);
      w_.colon();
      object_fields(o, depth + 1);
    }
  }

  // One element of an expanded list at `depth` (§9.4).
  void list_item(const value& v, std::size_t depth) {
    if (v.is_object()) {
      object_list_item(v.as_object(), depth);
    } else if (v.is_array()) {
      list_item(v.as_array(), depth);
    } else {
      w_.begin_list_item(depth);
      primitive(v, delim_);
    }
  }

  void list_item(const array& a, std::size_t depth) {
    w_.begin_list_item(depth);
    if (all_primitives(a)) {
      inline_array(a);
    } else {
      // Never tabular here: a keyless fields header is valid only at the root (§6, §9.4).
      w_.keyless_header(a.size(), delim_);
      list_items(a, depth + 1);
    }
  }

  void list_item(const object& o, std::size_t depth) { object_list_item(o, depth); }

  // The first field of an object list item, on its hyphen line at `depth` (after "- "):
  // deeper content at depth + 2, the other fields being at depth + 1.
  void first_field(key_type key, const value& first, std::size_t depth) {
    if (first.is_array()) {
      first_field(key, first.as_array(), depth);
    } else if (first.is_object()) {
      first_field(key, first.as_object(), depth);
    } else {
      put_key(key);
      w_.colon_space();
      primitive(first, delim_);
    }
  }

  void first_field(key_type key, const array& a, std::size_t depth) {
    if (flat_table(&key, a, depth + 2)) return;
    switch (shapes_.classify_array(a)) {
      case array_form::tabular:
        // Header on the hyphen line, rows at +2, other fields at +1.
        key_header(key, a.size(), shapes_.fields());
        tabular_rows(a, shapes_.fields(), depth + 2);
        break;
      case array_form::empty:
        put_key(key);
        w_.raw(": []");
        break;
      case array_form::primitives:
        put_key(key);
        inline_array(a);
        break;
      case array_form::arrays_of_primitives:
      case array_form::list:
        key_header(key, a.size());
        list_items(a, depth + 2);
        break;
    }
  }

  void first_field(key_type key, const object& sub, std::size_t depth) {
    if (shapes_.keyed_tabular(sub)) {
      key_header(key, sub.size(), shapes_.fields(), true);
      keyed_rows(sub, shapes_.fields(), depth + 2);
    } else {
      put_key(key);
      w_.colon();
      object_fields(sub, depth + 2);
    }
  }

 private:
  TOON_DETAIL_ALWAYS_INLINE void primitive(const value& v, delimiter d) { M::primitive(w_, v, d); }

  TOON_DETAIL_ALWAYS_INLINE void put_key(const key_type& key) { M::key(w_, key); }

  // `key[N<d>]{fields}:` (writer::header() with the model's key).
  void key_header(const key_type& key, std::size_t length, field_list_view fields = {}, bool keyed = false) {
    put_key(key);
    w_.keyless_header(length, delim_, fields, keyed);
  }

  void object_fields(const object& o, std::size_t depth) {
    for (auto&& m : o) {
      field(m.key, m.value, depth);
      checkpoint();
    }
  }

  // The header of an array with an optional key, without the colon's trailing content.
  void array_header(const key_type* key, std::size_t length, field_list_view fields = {}) {
    if (key) key_header(*key, length, fields);
    else w_.keyless_header(length, delim_, fields);
  }

  // An array in field position (`key` set) or at the root (`key` null), at `depth`.
  void array_value(const key_type* key, const array& a, std::size_t depth) {
    w_.begin_line(depth);
    if (flat_table(key, a, depth + 1)) return;
    const array_form form = shapes_.classify_array(a);
    switch (form) {
      case array_form::empty:
        if (key) {
          put_key(*key);
          w_.raw(": []");
        } else {
          w_.raw("[]");
        }
        return;
      case array_form::primitives:
        array_header(key, a.size());
        inline_values(a);
        return;
      case array_form::arrays_of_primitives:
        array_header(key, a.size());
        for (auto&& inner : a) {
          w_.begin_list_item(depth + 1);
          inline_array(inner.as_array());
          checkpoint();
        }
        return;
      case array_form::tabular:
        array_header(key, a.size(), shapes_.fields());
        tabular_rows(a, shapes_.fields(), depth + 1);
        return;
      case array_form::list:
        array_header(key, a.size());
        list_items(a, depth + 1);
        return;
    }
  }

  // ` v1<d>v2...` after an inline array header's colon (nothing for an empty array).
  void inline_values(const array& a) {
    if (a.empty()) return;
    w_.space();
    bool first = true;
    for (auto&& v : a) {
      if (!first) w_.delimiter_char(delim_);
      first = false;
      primitive(v, delim_);
    }
  }

  // `[M]: v1<d>v2...` (keyless; `[0]:` when empty, §9.2).
  void inline_array(const array& a) {
    w_.keyless_header(a.size(), delim_);
    inline_values(a);
  }

  void list_items(const array& a, std::size_t depth) {
    for (auto&& item : a) {
      list_item(item, depth);
      checkpoint();
    }
  }

  // An object as a list item (§10).
  void object_list_item(const object& o, std::size_t depth) {
    if (o.empty()) {
      w_.empty_list_item(depth);
      return;
    }
    auto it = o.begin();
    const auto end = o.end();
    w_.begin_list_item(depth);
    {
      auto&& m = *it;
      first_field(m.key, m.value, depth);
    }
    for (++it; it != end; ++it) {
      auto&& m = *it;
      field(m.key, m.value, depth + 1);
    }
  }

  // The common flat table in one pass: when every element of `a` is an object with the keys
  // of the first one, all primitive, writes the tabular header (after `key`, on the current
  // line) and the rows at `rows_depth`, as form detection would decide (§9.3). Otherwise
  // rewinds whatever it wrote and returns false, for the general path.
  // Flattened, so that the number formatting of the cells (std::to_chars) is inlined.
  TOON_DETAIL_FLATTEN bool flat_table(const key_type* key, const array& a, std::size_t rows_depth) {
    if (a.empty() || !a.front().is_object()) return false;
    const auto& first = a.front().as_object();
    if (first.empty()) return false;
    flat_fields_.clear();
    for (auto&& m : first) {
      if (!m.value.is_primitive()) return false;
      flat_fields_.push_back(field_node{m.key, 0});
    }
    const std::size_t width = first.size();
    if constexpr (M::checkpoints) {
      // Every row is checked before any is written, so that rows can be flushed as they are
      // written (no rewind).
      for (auto&& element : a)
        if (!flat_row<false>(element, width, rows_depth)) return false;
      array_header(key, a.size(), flat_fields_);
      for (auto&& element : a) {
        (void)flat_row<true>(element, width, rows_depth);
        w_.checkpoint();
      }
      return true;
    } else {
      const writer::mark_type start = w_.mark();
      array_header(key, a.size(), flat_fields_);
      for (auto&& element : a) {
        if (!flat_row<true>(element, width, rows_depth)) {
          w_.rewind(start);
          return false;
        }
      }
      return true;
    }
  }

  // One row of flat_table(): true when `element` is an object of `width` members with the
  // columns' keys, all primitive. With Write, written as a row at `depth` while it is checked
  // (after a false return, a partly written row is the caller's to rewind).
  template <bool Write>
  TOON_DETAIL_ALWAYS_INLINE bool flat_row(const value& element, std::size_t width, std::size_t depth) {
    const auto row = M::object_if(element);
    if (!row || row->size() != width) return false;
    if constexpr (Write) w_.begin_line(depth);
    auto at = row->begin();
    const auto end = row->end();
    for (std::size_t j = 0; j < width; ++j) {
      // The cell of column j: the member at its position when its key is the column's, as
      // when rows share the first row's key order; else found by name.
      const auto cell = find_member_at(*row, at, end, flat_fields_[j].name);
      if (cell == nullptr || !cell->is_primitive()) return false;
      if constexpr (Write) {
        if (j != 0) w_.delimiter_char(delim_);
        primitive(*cell, delim_);
      }
    }
    return true;
  }

  // A point where the text written so far is final, for models that write in pieces.
  TOON_DETAIL_ALWAYS_INLINE void checkpoint() {
    if constexpr (M::checkpoints) w_.checkpoint();
  }

  void row_cells(const object& row, field_list_view fields) {
    bool first = true;
    for_each_leaf(row, fields, [&](const value& cell) {
      if (!first) w_.delimiter_char(delim_);
      first = false;
      primitive(cell, delim_);  // cells quote against the active delimiter
    });
  }

  void tabular_rows(const array& rows, field_list_view fields, std::size_t depth) {
    for (auto&& row : rows) {
      w_.begin_line(depth);
      row_cells(row.as_object(), fields);
      checkpoint();
    }
  }

  // Entry rows `entrykey: c1<d>c2...` of a keyed tabular object (§9.5).
  void keyed_rows(const object& o, field_list_view fields, std::size_t depth) {
    for (auto&& m : o) {
      w_.begin_line(depth);
      put_key(m.key);
      w_.colon_space();
      row_cells(m.value.as_object(), fields);
      checkpoint();
    }
  }

  writer& w_;
  delimiter delim_;
  basic_shape_analyzer<M> shapes_;
  std::vector<field_node> flat_fields_;  // header of flat_table()
};

}  // namespace toon::detail
