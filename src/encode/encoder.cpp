// encoder.cpp - toon::value -> TOON text (toon::encode, toon::encode_to).
//
// Layout decisions come from shape.hpp, token formatting from toon_writer.hpp. Where the
// spec leaves a choice open, the output follows the reference implementation
// (@toon-format/toon 4.4.0) byte for byte.
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "omit_pass.hpp"
#include "replacer_pass.hpp"
#include "shape.hpp"
#include "toon/detail/value_encoding.hpp"
#include "toon/detail/writer.hpp"
#include "toon/encode.hpp"

namespace toon {

namespace {

using detail::array_form;
using detail::field_list_view;

constexpr std::string_view utf8_bom = "\xEF\xBB\xBF";

// Writes through a caller's writer, so that a document can mix it with other encoders (the
// typed encoder hands it toon::value subtrees, see toon/detail/value_encoding.hpp).
class value_encoder {
 public:
  explicit value_encoder(detail::writer& w) : w_(w), delim_(w.document_delimiter()) {}

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
    switch (v.type()) {
      case value::kind::array:
        root(v.as_array());
        return;
      case value::kind::object:
        root(v.as_object());
        return;
      default:
        w_.begin_line(0);
        // A root string starting with U+FEFF is quoted so that the document does not start
        // with a byte order mark (which a reader could strip), as the reference does.
        if (v.is_string() && v.as_string().starts_with(utf8_bom)) w_.quoted(v.as_string());
        else primitive(v, delim_);
        return;
    }
  }

  // One `key ...` field of an object at `depth` (§8).
  void field(std::string_view key, const value& v, std::size_t depth) {
    if (v.is_array()) {
      field(key, v.as_array(), depth);
    } else if (v.is_object()) {
      field(key, v.as_object(), depth);
    } else {
      w_.begin_line(depth);
      w_.key(key);
      w_.colon_space();
      primitive(v, delim_);  // object field values quote against the document delimiter
    }
  }

  void field(std::string_view key, const array& a, std::size_t depth) {
    array_value(&key, a, depth);
  }

  void field(std::string_view key, const object& o, std::size_t depth) {
    if (shapes_.keyed_tabular(o)) {
      w_.begin_line(depth);
      w_.header(key, o.size(), delim_, shapes_.fields(), true);
      keyed_rows(o, shapes_.fields(), depth + 1);
    } else {
      w_.object_field(depth, key);
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
    if (detail::all_primitives(a)) {
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
  void first_field(std::string_view key, const value& first, std::size_t depth) {
    if (first.is_array()) {
      first_field(key, first.as_array(), depth);
    } else if (first.is_object()) {
      first_field(key, first.as_object(), depth);
    } else {
      w_.key(key);
      w_.colon_space();
      primitive(first, delim_);
    }
  }

  void first_field(std::string_view key, const array& a, std::size_t depth) {
    if (flat_table(&key, a, depth + 2)) return;
    switch (shapes_.classify_array(a)) {
      case array_form::tabular:
        // Header on the hyphen line, rows at +2, other fields at +1.
        w_.header(key, a.size(), delim_, shapes_.fields());
        tabular_rows(a, shapes_.fields(), depth + 2);
        break;
      case array_form::empty:
        w_.key(key);
        w_.raw(": []");
        break;
      case array_form::primitives:
        w_.key(key);
        inline_array(a);
        break;
      case array_form::arrays_of_primitives:
      case array_form::list:
        w_.header(key, a.size(), delim_);
        list_items(a, depth + 2);
        break;
    }
  }

  void first_field(std::string_view key, const object& sub, std::size_t depth) {
    if (shapes_.keyed_tabular(sub)) {
      w_.header(key, sub.size(), delim_, shapes_.fields(), true);
      keyed_rows(sub, shapes_.fields(), depth + 2);
    } else {
      w_.key(key);
      w_.colon();
      object_fields(sub, depth + 2);
    }
  }

 private:
  TOON_DETAIL_ALWAYS_INLINE void primitive(const value& v, delimiter d) {
    switch (v.type()) {
      case value::kind::null: w_.null(); return;
      case value::kind::boolean: w_.boolean(v.as_bool()); return;
      case value::kind::integer: w_.number(v.as_int64()); return;
      case value::kind::uinteger: w_.number(v.as_uint64()); return;
      case value::kind::real: w_.number(v.as_double()); return;
      case value::kind::big_integer: w_.big_integer(v.as_big_integer().digits); return;
      case value::kind::string: w_.string(v.as_string(), d); return;
      case value::kind::array:
      case value::kind::object: break;
    }
  }

  void object_fields(const object& o, std::size_t depth) {
    for (const member& m : o) field(m.key, m.value, depth);
  }

  // The header of an array with an optional key, without the colon's trailing content.
  void array_header(const std::string_view* key, std::size_t length, field_list_view fields = {}) {
    if (key) w_.header(*key, length, delim_, fields);
    else w_.keyless_header(length, delim_, fields);
  }

  // An array in field position (`key` set) or at the root (`key` null), at `depth`.
  void array_value(const std::string_view* key, const array& a, std::size_t depth) {
    w_.begin_line(depth);
    if (flat_table(key, a, depth + 1)) return;
    const array_form form = shapes_.classify_array(a);
    switch (form) {
      case array_form::empty:
        if (key) {
          w_.key(*key);
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
        for (const value& inner : a) {
          w_.begin_list_item(depth + 1);
          inline_array(inner.as_array());
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
    for (const value& v : a) {
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
    for (const value& item : a) list_item(item, depth);
  }

  // An object as a list item (§10).
  void object_list_item(const object& o, std::size_t depth) {
    if (o.empty()) {
      w_.empty_list_item(depth);
      return;
    }
    auto it = o.begin();
    w_.begin_list_item(depth);
    first_field(it->key, it->value, depth);
    for (++it; it != o.end(); ++it) field(it->key, it->value, depth + 1);
  }

  // The common flat table in one pass: when every element of `a` is an object with the keys
  // of the first one, all primitive, writes the tabular header (after `key`, on the current
  // line) and the rows at `rows_depth`, as form detection would decide (§9.3). Otherwise
  // rewinds whatever it wrote and returns false, for the general path.
  bool flat_table(const std::string_view* key, const array& a, std::size_t rows_depth) {
    if (a.empty() || !a.front().is_object()) return false;
    const object& first = a.front().as_object();
    if (first.empty()) return false;
    flat_fields_.clear();
    for (const member& m : first) {
      if (!m.value.is_primitive()) return false;
      flat_fields_.push_back(detail::field_node{m.key, 0});
    }
    const detail::writer::mark_type start = w_.mark();
    array_header(key, a.size(), flat_fields_);
    const std::size_t width = first.size();
    for (const value& element : a) {
      const object* row = element.get_if<object>();
      if (row == nullptr || row->size() != width) {
        w_.rewind(start);
        return false;
      }
      w_.begin_line(rows_depth);
      const member* cells = std::to_address(row->begin());
      for (std::size_t j = 0; j < width; ++j) {
        const value* cell = row_cell(*row, cells[j], flat_fields_[j].name);
        if (cell == nullptr || !cell->is_primitive()) {
          w_.rewind(start);
          return false;
        }
        if (j != 0) w_.delimiter_char(delim_);
        primitive(*cell, delim_);
      }
    }
    return true;
  }

  // The cell of column `name` in `row`: `at` (the member at the column's position) when its
  // key is `name`, as when rows share the first row's key order; else found by name.
  static const value* row_cell(const object& row, const member& at, std::string_view name) noexcept {
    if (at.key.size() == name.size() && detail::same_bytes(at.key.data(), name.data(), name.size()))
      return &at.value;
    return row.find(name);
  }

  void row_cells(const object& row, field_list_view fields) {
    bool first = true;
    detail::for_each_leaf(row, fields, [&](const value& cell) {
      if (!first) w_.delimiter_char(delim_);
      first = false;
      primitive(cell, delim_);  // cells quote against the active delimiter
    });
  }

  void tabular_rows(const array& rows, field_list_view fields, std::size_t depth) {
    for (const value& row : rows) {
      w_.begin_line(depth);
      row_cells(row.as_object(), fields);
    }
  }

  // Entry rows `entrykey: c1<d>c2...` of a keyed tabular object (§9.5).
  void keyed_rows(const object& o, field_list_view fields, std::size_t depth) {
    for (const member& m : o) {
      w_.begin_line(depth);
      w_.key(m.key);
      w_.colon_space();
      row_cells(m.value.as_object(), fields);
    }
  }

  detail::writer& w_;
  delimiter delim_;
  detail::shape_analyzer shapes_;
  std::vector<detail::field_node> flat_fields_;  // header of flat_table()
};

}  // namespace

std::string encode(const value& v, const encode_options& options) {
  std::string out;
  encode_to(out, v, options);
  return out;
}

namespace {

detail::omit_rules omit_rules_of(const encode_options& options) noexcept {
  return detail::omit_rules{options.omit_null, options.omit_empty};
}

// encode_to() with options.replacer, omit_null or omit_empty set: the replacer pass first
// (replacer.cpp), so that a throwing replacer leaves `out` untouched, then the omit pass
// (omit.cpp) on its result, then the plain encoder.
[[gnu::noinline]] void encode_transformed(std::string& out, const value& v, const encode_options& options) {
  value owned;
  bool changed = options.replacer && detail::apply_replacer(v, options.replacer, owned);
  if (options.omit_null || options.omit_empty) {
    if (changed) detail::apply_omit_in_place(owned, omit_rules_of(options));
    else changed = detail::apply_omit(v, omit_rules_of(options), owned);
  }
  detail::writer w(out, options);
  detail::encode_value_root(w, changed ? owned : v);
}

}  // namespace

void encode_to(std::string& out, const value& v, const encode_options& options) {
  detail::check_encode_options(options);
  // All that a replacer and the omit options cost when they are off.
  if (options.replacer || options.omit_null || options.omit_empty) [[unlikely]] {
    encode_transformed(out, v, options);
    return;
  }
  detail::writer w(out, options);
  detail::encode_value_root(w, v);
}

namespace detail {

void check_encode_options(const encode_options& options) {
  switch (options.delimiter) {
    case delimiter::comma:
    case delimiter::tab:
    case delimiter::pipe: return;
  }
  throw std::invalid_argument("toon::encode: invalid delimiter (valid: comma, tab, pipe)");
}

void encode_value_owned(std::string& out, value&& v, const encode_options& options) {
  check_encode_options(options);
  if (options.replacer) {  // may copy (it keeps what it does not change)
    toon::encode_to(out, v, options);
    return;
  }
  if (options.omit_null || options.omit_empty) apply_omit_in_place(v, omit_rules_of(options));
  writer w(out, options);
  encode_value_root(w, v);
}

void encode_value_root(writer& w, const value& v) { value_encoder(w).root(v); }
void encode_value_root(writer& w, const array& a) { value_encoder(w).root(a); }
void encode_value_root(writer& w, const object& o) { value_encoder(w).root(o); }

void encode_value_field(writer& w, std::string_view key, const value& v, std::size_t depth) {
  value_encoder(w).field(key, v, depth);
}
void encode_value_field(writer& w, std::string_view key, const array& a, std::size_t depth) {
  value_encoder(w).field(key, a, depth);
}
void encode_value_field(writer& w, std::string_view key, const object& o, std::size_t depth) {
  value_encoder(w).field(key, o, depth);
}

void encode_value_list_item(writer& w, const value& v, std::size_t depth) {
  value_encoder(w).list_item(v, depth);
}
void encode_value_list_item(writer& w, const array& a, std::size_t depth) {
  value_encoder(w).list_item(a, depth);
}
void encode_value_list_item(writer& w, const object& o, std::size_t depth) {
  value_encoder(w).list_item(o, depth);
}

void encode_value_first_field(writer& w, std::string_view key, const value& v, std::size_t depth) {
  value_encoder(w).first_field(key, v, depth);
}
void encode_value_first_field(writer& w, std::string_view key, const array& a, std::size_t depth) {
  value_encoder(w).first_field(key, a, depth);
}
void encode_value_first_field(writer& w, std::string_view key, const object& o, std::size_t depth) {
  value_encoder(w).first_field(key, o, depth);
}

}  // namespace detail

}  // namespace toon
