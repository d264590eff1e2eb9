// toon/typed/encode_writer.hpp - the typed encoder: C++ values -> TOON text, through the writer.
//
// Walks a typed value the way the toon::value encoder (src/encode/encoder.cpp) walks the toon::value
// that toon::to_value() would build, and writes the same bytes, without building it: forms are
// chosen by encode_forms.hpp (mostly at compile time), tokens written by detail::writer.
// Subtrees whose form only the value encoder can tell (encode_forms.hpp `fallback`), and
// embedded toon::value / toon::array / toon::object, are handed to the value encoder through
// toon/detail/value_encoding.hpp at the same position. Static shapes never allocate.
#pragma once

#include <cstddef>
#include <string_view>
#include <type_traits>

#include "toon/detail/value_encoding.hpp"
#include "toon/detail/writer.hpp"
#include "toon/typed/encode_forms.hpp"
#include "toon/typed/encode_node.hpp"
#include "toon/typed/enum_info.hpp"
#include "toon/typed/shape.hpp"
#include "toon/typed/to_value.hpp"
#include "toon/typed/type_kind.hpp"

namespace toon::detail {

/// Writes one typed value as a TOON document (or into one, through the caller's writer).
class typed_encoder {
 public:
  explicit typed_encoder(writer& w) noexcept : w_(w), delim_(w.document_delimiter()) {}

  /// Writes `x` as the whole document (root forms, §5).
  template <class T>
  void root(const T& x) {
    visit_node(x, [&](const auto& n) {
      using N = std::remove_cvref_t<decltype(n)>;
      constexpr node_category c = category_of<N>();
      if constexpr (c == node_category::primitive) {
        w_.begin_line(0);
        root_primitive(n);
      } else if constexpr (c == node_category::array) {
        array_value(no_key{}, n, 0);
      } else if constexpr (c == node_category::object) {
        switch (classify_object(n)) {
          case keyed_form::fallback: encode_value_root(w_, to_value_of(n)); return;
          case keyed_form::yes:
            if constexpr (!std::is_void_v<keyed_header_t<N>>) {
              // Keyless keyed form, valid only at the root (§9.5).
              w_.begin_line(0);
              tabular_header<keyed_header_t<N>>(member_count(n), true);
              keyed_rows<keyed_header_t<N>>(n, 1);
            }
            return;
          case keyed_form::no: object_fields(n, 0); return;
        }
      } else {
        encode_value_root(w_, n);
      }
    });
  }

  // Parts of an array, for toon::table_writer (toon/typed/table_writer.hpp).
  /// A primitive `x` as an inline value or row cell, on the current line.
  template <class T>
  void write_cell(const T& x) {
    cell(x);
  }
  /// `x` as an element of an expanded list at `depth`, from its `- ` line.
  template <class T>
  void write_list_item(const T& x, std::size_t depth) {
    list_item(x, depth);
  }
  /// The cells of row `x` (an object whose fields fit header H), on the current line.
  template <class H, class T>
  void write_row(const T& x) {
    bool first = true;
    row<H>(x, first);
  }

 private:
  // ---- Tokens ---------------------------------------------------------------------------------

  /// How a key line continues after the key: nothing (a header follows), `:` (a nested
  /// object follows), `: ` (a primitive follows).
  enum class key_end : unsigned char { bare, open, value };

  // Starts a line at `depth` with key `k` followed by E; on the hyphen line of a list item
  // (`- key`) when Item. A compile-time key costs one writer call copying constant text.
  template <key_end E, bool Item = false, class K>
  TOON_DETAIL_ALWAYS_INLINE void key_line([[maybe_unused]] K k, std::size_t depth) {
    if constexpr (K::has_text) {
      if constexpr (E == key_end::bare) w_.begin_line(depth, Item ? K::item_bare() : K::bare());
      else if constexpr (E == key_end::open) w_.begin_line(depth, Item ? K::item_open() : K::open());
      else w_.begin_line(depth, Item ? K::item_value() : K::value_prefix());
    } else {
      if constexpr (Item) w_.begin_list_item(depth);
      else w_.begin_line(depth);
      w_.key(k.name);
      if constexpr (E == key_end::open) w_.colon();
      else if constexpr (E == key_end::value) w_.colon_space();
    }
  }

  // Starts the line of an array at `depth`: `key`, or a bare line at the root (no_key).
  template <class K>
  TOON_DETAIL_ALWAYS_INLINE void array_line([[maybe_unused]] K k, std::size_t depth) {
    if constexpr (std::is_same_v<K, no_key>) w_.begin_line(depth);
    else key_line<key_end::bare>(k, depth);
  }

  // A primitive node (every context quotes against the document delimiter, as the value
  // encoder does).
  template <class N>
  void primitive(const N& n) {
    if constexpr (std::is_same_v<N, big_integer_ref>) {
      w_.big_integer(n.digits);
    } else {
      constexpr type_kind k = type_kind_v<N>;
      if constexpr (k == type_kind::null) {
        w_.null();
      } else if constexpr (k == type_kind::boolean) {
        w_.boolean(n);
      } else if constexpr (k == type_kind::character) {
        w_.string(std::string_view(&n, 1), delim_);
      } else if constexpr (k == type_kind::integer) {
        if constexpr (std::is_signed_v<N>) w_.number(static_cast<std::int64_t>(n));
        else w_.number(static_cast<std::uint64_t>(n));
      } else if constexpr (k == type_kind::floating) {
        w_.number(static_cast<double>(n));
      } else if constexpr (k == type_kind::string) {
        if constexpr (std::is_pointer_v<N>) {
          if (!n) {
            w_.null();
            return;
          }
        }
        w_.string(string_of(n), delim_);
      } else if constexpr (k == type_kind::enumeration) {
        primitive(enum_info<N>::name_or_throw(n));  // never a number (docs/reflection.md)
      } else if constexpr (k == type_kind::time_point) {
        char buf[max_timestamp_chars];
        w_.string(std::string_view(buf, format_timestamp(buf, timestamp_of(n))), delim_);
      }
    }
  }

  // A root primitive: a string starting with U+FEFF is quoted, as the value encoder does.
  template <class N>
  void root_primitive(const N& n) {
    constexpr std::string_view bom = "\xEF\xBB\xBF";
    if constexpr (std::is_same_v<N, big_integer_ref>) {
      primitive(n);
    } else if constexpr (type_kind_v<N> == type_kind::string) {
      if constexpr (std::is_pointer_v<N>) {
        if (!n) {
          w_.null();
          return;
        }
      }
      if (string_of(n).starts_with(bom)) w_.quoted(string_of(n));
      else primitive(n);
    } else if constexpr (type_kind_v<N> == type_kind::enumeration) {
      const std::string_view name = enum_info<N>::name_or_throw(n);
      if (name.starts_with(bom)) w_.quoted(name);
      else primitive(name);
    } else {
      primitive(n);
    }
  }

  // A value known to be a primitive at this point (a cell, an inline array element).
  template <class T>
  void cell(const T& x) {
    visit_node(x, [&](const auto& n) {
      using N = std::remove_cvref_t<decltype(n)>;
      if constexpr (category_of<N>() == node_category::primitive) primitive(n);
    });
  }

  // `[N]:` without fields (after the key, if any).
  void array_header(std::size_t length) {
    w_.bracket(length, delim_);
    w_.colon();
  }

  // `[N]{fields}:` / `[N:]{fields}:` (after the key, if any), fields of type H.
  template <class H>
  void tabular_header(std::size_t length, bool keyed) {
    w_.bracket(length, delim_, keyed);
    if constexpr (plain_field_names_v<H>) {
      switch (delim_) {
        case delimiter::comma: w_.raw(header_text<H, ','>::value); break;
        case delimiter::tab: w_.raw(header_text<H, '\t'>::value); break;
        case delimiter::pipe: w_.raw(header_text<H, '|'>::value); break;
      }
    } else {
      w_.fields(field_nodes_v<H>, delim_);
    }
    w_.colon();
  }

  // ---- Objects --------------------------------------------------------------------------------

  // One `key ...` field of an object at `depth` (§8).
  template <class K, class T>
  void field(K k, const T& x, std::size_t depth) {
    visit_node(x, [&](const auto& n) {
      using N = std::remove_cvref_t<decltype(n)>;
      constexpr node_category c = category_of<N>();
      if constexpr (c == node_category::primitive) {
        key_line<key_end::value>(k, depth);
        primitive(n);
      } else if constexpr (c == node_category::array) {
        array_value(k, n, depth);
      } else if constexpr (c == node_category::object) {
        object_field(k, n, depth);
      } else {
        encode_value_field(w_, k.name, n, depth);
      }
    });
  }

  template <class K, class O>
  void object_field(K k, const O& o, std::size_t depth) {
    switch (classify_object(o)) {
      case keyed_form::fallback: encode_value_field(w_, k.name, to_value_of(o), depth); return;
      case keyed_form::yes:
        if constexpr (!std::is_void_v<keyed_header_t<O>>) {
          key_line<key_end::bare>(k, depth);
          tabular_header<keyed_header_t<O>>(member_count(o), true);
          keyed_rows<keyed_header_t<O>>(o, depth + 1);
        }
        return;
      case keyed_form::no:
        key_line<key_end::open>(k, depth);
        object_fields(o, depth + 1);
        return;
    }
  }

  template <class O>
  void object_fields(const O& o, std::size_t depth) {
    for_each_member(o, [&](auto k, const auto& v, auto) { field(k, v, depth); });
  }

  // ---- Arrays ---------------------------------------------------------------------------------

  // An array in field position (key `k`) or at the root (no_key), at `depth`.
  template <class K, class A>
  void array_value([[maybe_unused]] K k, const A& a, std::size_t depth) {
    constexpr bool keyed = !std::is_same_v<K, no_key>;
    const typed_form form = classify_array(a);
    if (form == typed_form::fallback) {
      const value v = to_value_of(a);
      if constexpr (keyed) encode_value_field(w_, k.name, v, depth);
      else encode_value_root(w_, v);
      return;
    }
    array_line(k, depth);
    switch (form) {
      case typed_form::empty:
        w_.raw(keyed ? std::string_view(": []") : std::string_view("[]"));
        return;
      case typed_form::primitives:
        array_header(element_count(a));
        inline_values(a);
        return;
      case typed_form::arrays_of_primitives:
        array_header(element_count(a));
        list_items(a, depth + 1);  // each a `- [M]: ...` item
        return;
      case typed_form::tabular:
        if constexpr (!std::is_void_v<tabular_header_t<A>>) {
          tabular_header<tabular_header_t<A>>(element_count(a), false);
          tabular_rows<tabular_header_t<A>>(a, depth + 1);
        }
        return;
      case typed_form::list:
        array_header(element_count(a));
        list_items(a, depth + 1);
        return;
      case typed_form::fallback: return;
    }
  }

  // ` v1<d>v2...` after an inline array header's colon (nothing for an empty array).
  template <class A>
  void inline_values(const A& a) {
    if (element_count(a) == 0) return;
    w_.space();
    bool first = true;
    for_each_element(a, [&](const auto& e) {
      if (!first) w_.delimiter_char(delim_);
      first = false;
      cell(e);
    });
  }

  // `[M]: v1<d>v2...` (keyless; `[0]:` when empty, §9.2).
  template <class A>
  void inline_array(const A& a) {
    w_.bracket(element_count(a), delim_);
    w_.colon();
    inline_values(a);
  }

  template <class A>
  void list_items(const A& a, std::size_t depth) {
    for_each_element(a, [&](const auto& e) { list_item(e, depth); });
  }

  // One element of an expanded list at `depth` (§9.4).
  template <class T>
  void list_item(const T& x, std::size_t depth) {
    visit_node(x, [&](const auto& n) {
      using N = std::remove_cvref_t<decltype(n)>;
      constexpr node_category c = category_of<N>();
      if constexpr (c == node_category::primitive) {
        w_.begin_list_item(depth);
        primitive(n);
      } else if constexpr (c == node_category::array) {
        w_.begin_list_item(depth);
        if (all_primitive_elements(n)) {
          inline_array(n);
        } else {
          // Never tabular here: a keyless fields header is valid only at the root (§6, §9.4).
          array_header(element_count(n));
          list_items(n, depth + 1);
        }
      } else if constexpr (c == node_category::object) {
        object_list_item(n, depth);
      } else {
        encode_value_list_item(w_, n, depth);
      }
    });
  }

  // An object as a list item (§10): first field on the hyphen line, the others at depth + 1.
  template <class O>
  void object_list_item(const O& o, std::size_t depth) {
    if (member_count(o) == 0) {
      w_.empty_list_item(depth);
      return;
    }
    for_each_member(o, [&](auto k, const auto& v, auto first) {
      using F = decltype(first);
      if constexpr (std::is_same_v<F, std::true_type>) {
        first_field(k, v, depth);
      } else if constexpr (std::is_same_v<F, std::false_type>) {
        field(k, v, depth + 1);
      } else if (first) {
        first_field(k, v, depth);
      } else {
        field(k, v, depth + 1);
      }
    });
  }

  // The first field of an object list item whose hyphen line is at `depth`, starting that line:
  // deeper content at depth + 2.
  template <class K, class T>
  void first_field(K k, const T& x, std::size_t depth) {
    visit_node(x, [&](const auto& n) {
      using N = std::remove_cvref_t<decltype(n)>;
      constexpr node_category c = category_of<N>();
      if constexpr (c == node_category::primitive) {
        key_line<key_end::value, true>(k, depth);
        primitive(n);
      } else if constexpr (c == node_category::array) {
        first_field_array(k, n, depth);
      } else if constexpr (c == node_category::object) {
        switch (classify_object(n)) {
          case keyed_form::fallback:
            w_.begin_list_item(depth);
            encode_value_first_field(w_, k.name, to_value_of(n), depth);
            return;
          case keyed_form::yes:
            if constexpr (!std::is_void_v<keyed_header_t<N>>) {
              key_line<key_end::bare, true>(k, depth);
              tabular_header<keyed_header_t<N>>(member_count(n), true);
              keyed_rows<keyed_header_t<N>>(n, depth + 2);
            }
            return;
          case keyed_form::no:
            key_line<key_end::open, true>(k, depth);
            object_fields(n, depth + 2);
            return;
        }
      } else {
        w_.begin_list_item(depth);
        encode_value_first_field(w_, k.name, n, depth);
      }
    });
  }

  template <class K, class A>
  void first_field_array(K k, const A& a, std::size_t depth) {
    const typed_form form = classify_array(a);
    if (form == typed_form::fallback) {
      w_.begin_list_item(depth);
      encode_value_first_field(w_, k.name, to_value_of(a), depth);
      return;
    }
    key_line<key_end::bare, true>(k, depth);
    switch (form) {
      case typed_form::fallback: return;
      case typed_form::tabular:
        // Header on the hyphen line, rows at +2, other fields at +1.
        if constexpr (!std::is_void_v<tabular_header_t<A>>) {
          tabular_header<tabular_header_t<A>>(element_count(a), false);
          tabular_rows<tabular_header_t<A>>(a, depth + 2);
        }
        return;
      case typed_form::empty:
        w_.raw(": []");
        return;
      case typed_form::primitives:
        inline_array(a);
        return;
      case typed_form::arrays_of_primitives:
      case typed_form::list:
        array_header(element_count(a));
        list_items(a, depth + 2);
        return;
    }
  }

  // ---- Rows -----------------------------------------------------------------------------------

  // The cells of row `x` (an object whose fields fit header H), in the order of H's field tree.
  template <class H, class T>
  void row(const T& x, bool& first) {
    visit_node(x, [&](const auto& n) {
      using N = std::remove_cvref_t<decltype(n)>;
      if constexpr (!is_tagged_ref<N>::value && category_of<N>() == node_category::object) {
        if constexpr (type_kind_v<N> == type_kind::object) {
          if constexpr (rows_compatible<H, N>()) row_cells<H>(n, first);
        }
      }
    });
  }

  template <class H, class R>
  void row_cells(const R& r, bool& first) {
    for_each_member_index<H>([&](auto i) {
      constexpr std::size_t I = decltype(i)::value;
      constexpr std::size_t J = member_index<R>(object_info<H>::names[I]);
      using M = member_t<H, I>;
      const auto& m = object_info<R>::template get<J>(r);
      if constexpr (always_primitive_v<M>) {
        if (!first) w_.delimiter_char(delim_);
        first = false;
        cell(m);  // cells quote against the active delimiter
      } else {
        row<resolved_t<M>>(m, first);
      }
    });
  }

  template <class H, class A>
  void tabular_rows(const A& a, std::size_t depth) {
    for_each_element(a, [&](const auto& e) {
      w_.begin_line(depth);
      bool first = true;
      row<H>(e, first);
    });
  }

  // Entry rows `entrykey: c1<d>c2...` of a keyed tabular object (§9.5).
  template <class H, class O>
  void keyed_rows(const O& o, std::size_t depth) {
    for_each_member(o, [&](auto k, const auto& v, auto) {
      key_line<key_end::value>(k, depth);
      bool first = true;
      row<H>(v, first);
    });
  }

  writer& w_;
  delimiter delim_;
};

}  // namespace toon::detail
