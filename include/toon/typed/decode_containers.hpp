// toon/typed/decode_containers.hpp - decoding into std::optional, smart pointers, sequences,
// sets, std::array, tuples and string-keyed maps.
#pragma once

#include <cstddef>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "toon/detail/force_inline.hpp"
#include "toon/typed/decode_traits.hpp"

namespace toon::detail {

// ---- std::optional and smart pointers: null resets, anything else goes to the pointee -----------

template <class T>
struct decode_traits<T, type_kind::optional> {
  using element = pointee_t<T>;
  using inner = decode_traits<element>;
  static constexpr bool accepts_object = inner::accepts_object;
  static constexpr bool accepts_array = inner::accepts_array;
  static element* engage(void* p) {
    T& o = *static_cast<T*>(p);
    if (!o) o.emplace();  // an engaged optional is decoded in place, like any nested value
    return &*o;
  }
  static bool primitive(typed_decoder& d, void* p, const primitive_event& ev) {
    if (ev.type == primitive_event::kind::null) {
      static_cast<T*>(p)->reset();
      return true;
    }
    return inner::primitive(d, engage(p), ev);
  }
  // Unquoted tokens for optionals of scalars: `null` resets, else the element's parser (an
  // optional engaged for it is reset again when the parser declines).
  static bool text(void* p, std::string_view t) noexcept
    requires(has_text_parser<element> && std::is_nothrow_default_constructible_v<element>)
  {
    T& o = *static_cast<T*>(p);
    if (t.size() == 4 && t == "null") {
      o.reset();
      return true;
    }
    if (o) return inner::text(&*o, t);
    o.emplace();
    if (inner::text(&*o, t)) return true;
    o.reset();
    return false;
  }
  // A cell read straight from its line, for optionals of elements that have such a reader:
  // `null` resets, else the element's reader (an optional engaged for it is reset again when
  // the reader declines), as text() does.
  TOON_DETAIL_FORCE_INLINE static const char* line_cell(void* p, const char* b, const char* e, const char* line,
                                                      char delim)
    requires(has_line_cell<element> && std::is_nothrow_default_constructible_v<element>)
  {
    T& o = *static_cast<T*>(p);
    if (e - b >= 4 && std::memcmp(b, "null", 4) == 0 && (e - b == 4 || b[4] == delim)) {
      o.reset();
      return b + 4;
    }
    if (o) return inner::line_cell(&*o, b, e, line, delim);
    o.emplace();
    if (const char* q = inner::line_cell(&*o, b, e, line, delim)) return q;
    o.reset();
    return nullptr;
  }
  static bool start_object(typed_decoder& d, void* p, std::size_t hint, std::size_t offset) {
    return inner::start_object(d, engage(p), hint, offset);
  }
  static bool start_array(typed_decoder& d, void* p, std::size_t size, std::size_t offset) {
    return inner::start_array(d, engage(p), size, offset);
  }
  static void describe(std::string& out) { inner::describe(out); }
  static int rank(const primitive_event& ev) noexcept {
    if (ev.type == primitive_event::kind::null) return 3;
    int r = inner::rank(ev);
    return r ? r + 10 : 0;
  }
};

template <class T>
struct decode_traits<T, type_kind::pointer> {
  using element = pointee_t<T>;
  using inner = decode_traits<element>;
  static constexpr bool accepts_object = inner::accepts_object;
  static constexpr bool accepts_array = inner::accepts_array;
  static element* make(void* p) {
    T& ptr = *static_cast<T*>(p);
    if constexpr (std::is_same_v<T, std::shared_ptr<element>>) ptr = std::make_shared<element>();
    else ptr = std::make_unique<element>();
    return ptr.get();
  }
  static bool primitive(typed_decoder& d, void* p, const primitive_event& ev) {
    if (ev.type == primitive_event::kind::null) {
      static_cast<T*>(p)->reset();
      return true;
    }
    return inner::primitive(d, make(p), ev);
  }
  static bool start_object(typed_decoder& d, void* p, std::size_t hint, std::size_t offset) {
    return inner::start_object(d, make(p), hint, offset);
  }
  static bool start_array(typed_decoder& d, void* p, std::size_t size, std::size_t offset) {
    return inner::start_array(d, make(p), size, offset);
  }
  static void describe(std::string& out) { inner::describe(out); }
  static int rank(const primitive_event& ev) noexcept {
    if (ev.type == primitive_event::kind::null) return 3;
    int r = inner::rank(ev);
    return r ? r + 10 : 0;
  }
};

// ---- std::vector, std::deque, std::list ----------------------------------------------------------

template <class T>
struct decode_traits<T, type_kind::sequence> : array_kind<T> {
  using element = typename T::value_type;
  // std::vector<bool> has no addressable elements: each one is decoded into frame::flag and
  // appended when complete.
  static constexpr bool bits = std::is_same_v<T, std::vector<bool, typename T::allocator_type>>;

  static slot next(typed_decoder&, frame& f, std::size_t) {
    ++f.index;
    if constexpr (bits) {
      f.flag = false;
      return {&f.flag, ops_of<element>()};  // element is bool
    } else {
      T& c = *static_cast<T*>(f.target);
      c.emplace_back();
      return {&c.back(), ops_of<element>()};
    }
  }
  static done_action done(typed_decoder&, frame& f) {
    if constexpr (bits) static_cast<T*>(f.target)->push_back(f.flag);
    return done_action::keep;
  }
  // Tables of objects whose fields all read their cells from the line: rows as lines.
  static constexpr bool line_rows = [] {
    if constexpr (!bits && type_kind_v<element> == type_kind::object) return object_frame<element, false>::line_fields;
    else return false;
  }();
  static bool line_columns(const std::string_view* names, std::size_t count) noexcept {
    if constexpr (line_rows) return object_frame<element, false>::line_columns(names, count);
    else return (void)names, (void)count, false;
  }
  // A row line into a new element (what next(), the object's frame and its cells would do).
  static bool line_row(frame& f, const char* b, const char* e, char delim) {
    if constexpr (line_rows) {
      T& c = *static_cast<T*>(f.target);
      c.emplace_back();
      if (object_frame<element, false>::line_fill(c.back(), b, e, delim)) {
        ++f.index;
        return true;
      }
      c.pop_back();  // declined: the cells path appends the element again
    } else {
      (void)f, (void)b, (void)e, (void)delim;
    }
    return false;
  }
  // Lists of structs: their items read straight from the text (text_sink::list_items).
  static constexpr bool list_objects = [] {
    if constexpr (!bits && type_kind_v<element> == type_kind::object) return true;
    else return false;
  }();
  static const char* list_items(frame& f, const char* p, const field_run& run, std::size_t count, std::size_t& lines) {
    lines = 0;
    if constexpr (list_objects) {
      using items = object_frame<element, false>;
      T& c = *static_cast<T*>(f.target);
      std::size_t taken = 0;
      const char* q = count != 0 && run.spaces >= run.indent ? items::items(c, p, count, run, taken) : nullptr;
      if (q) {
        field_run list = run;  // the list's header and the lines after it
        list.spaces -= run.indent;
        if (run_block_end(q, list)) {
          f.index = count;
          lines = taken;
          return q;
        }
      }
      c.clear();  // declined: the parser appends the items again
    } else {
      (void)f, (void)p, (void)run, (void)count;
    }
    return nullptr;
  }
  static constexpr frame_ops frame_table{&no_frame_key,
                                         &next,
                                         bits ? &done : nullptr,
                                         &no_frame_check,
                                         &element_segment,
                                         nullptr,
                                         nullptr,
                                         nullptr,
                                         nullptr,
                                         nullptr,
                                         nullptr,
                                         0,
                                         line_rows ? &line_columns : nullptr,
                                         line_rows ? &line_row : nullptr,
                                         nullptr,
                                         nullptr,
                                         nullptr,
                                         list_objects ? &list_items : nullptr};

  static bool start_array(typed_decoder& d, void* p, std::size_t size, std::size_t offset) {
    T& c = *static_cast<T*>(p);
    c.clear();
    if constexpr (requires { c.reserve(size); })
      if (size) c.reserve(d.reserve_for(size));
    frame f;
    f.ops = &frame_table;
    f.target = p;
    f.start = offset;
    d.push(f);
    return true;
  }
  static void describe(std::string& out) { out += "array"; }
};

// ---- std::set, std::unordered_set: each element is decoded into a temporary, then inserted -----

template <class T>
struct decode_traits<T, type_kind::set> : array_kind<T> {
  using element = typename T::value_type;

  static slot next(typed_decoder&, frame& f, std::size_t) {
    ++f.index;
    element* tmp = static_cast<element*>(f.extra);
    *tmp = element{};
    return {tmp, ops_of<element>()};
  }
  static done_action done(typed_decoder&, frame& f) {
    static_cast<T*>(f.target)->insert(std::move(*static_cast<element*>(f.extra)));
    return done_action::keep;
  }
  static void destroy(frame& f) noexcept { delete static_cast<element*>(f.extra); }
  static constexpr frame_ops frame_table{&no_frame_key, &next, &done, &no_frame_check, &element_segment, &destroy};

  static bool start_array(typed_decoder& d, void* p, std::size_t, std::size_t offset) {
    static_cast<T*>(p)->clear();
    frame f;
    f.ops = &frame_table;
    f.target = p;
    f.start = offset;
    f.extra = new element();  // one temporary per set, reused for every element
    d.push(f);
    return true;
  }
  static void describe(std::string& out) { out += "array"; }
};

// ---- fixed-length arrays: std::array, std::pair, std::tuple -------------------------------------

/// Reports "expected array of N elements, found M" at the end of a fixed-length array frame.
inline bool check_fixed_length(typed_decoder& d, const frame& f, std::size_t n) {
  if (f.index == n) return true;
  return d.report_at(error_code::type_mismatch,
                     "expected array of " + std::to_string(n) + " elements, found " + std::to_string(f.index),
                     f.start, d.frame_path());
}

/// Appends "array of N elements".
template <std::size_t N>
void describe_fixed_array(std::string& out) {
  out += "array of ";
  out += std::to_string(N);
  out += " elements";
}

template <class T>
struct decode_traits<T, type_kind::fixed_array> : array_kind<T> {
  using element = typename T::value_type;
  static constexpr std::size_t size = std::tuple_size_v<T>;

  static slot next(typed_decoder&, frame& f, std::size_t) {
    if (++f.index > size) return {nullptr, &typed_decoder::skip_ops};  // reported at the end
    return {&(*static_cast<T*>(f.target))[f.index - 1], ops_of<element>()};
  }
  static bool end(typed_decoder& d, frame& f) { return check_fixed_length(d, f, size); }
  static constexpr frame_ops frame_table{&no_frame_key, &next, nullptr, &end, &element_segment, nullptr};

  static bool start_array(typed_decoder& d, void* p, std::size_t, std::size_t offset) {
    frame f;
    f.ops = &frame_table;
    f.target = p;
    f.start = offset;
    d.push(f);
    return true;
  }
  static void describe(std::string& out) { describe_fixed_array<size>(out); }
};

template <class T>
struct decode_traits<T, type_kind::tuple> : array_kind<T> {
  static constexpr std::size_t size = std::tuple_size_v<T>;

  template <std::size_t I>
  static slot element_slot(void* p) {
    using element = std::remove_cvref_t<std::tuple_element_t<I, T>>;
    return {&std::get<I>(*static_cast<T*>(p)), ops_of<element>()};
  }
  static constexpr auto slots = []<std::size_t... I>(std::index_sequence<I...>) {
    return std::array<slot (*)(void*), size>{&element_slot<I>...};
  }(std::make_index_sequence<size>{});

  static slot next(typed_decoder&, frame& f, std::size_t) {
    if (++f.index > size) return {nullptr, &typed_decoder::skip_ops};  // reported at the end
    return slots[f.index - 1](f.target);
  }
  static bool end(typed_decoder& d, frame& f) { return check_fixed_length(d, f, size); }
  static constexpr frame_ops frame_table{&no_frame_key, &next, nullptr, &end, &element_segment, nullptr};

  static bool start_array(typed_decoder& d, void* p, std::size_t, std::size_t offset) {
    frame f;
    f.ops = &frame_table;
    f.target = p;
    f.start = offset;
    d.push(f);
    return true;
  }
  static void describe(std::string& out) { describe_fixed_array<size>(out); }
};

// ---- std::map, std::unordered_map with std::string keys -------------------------------------------

template <class T>
struct decode_traits<T, type_kind::map> : object_kind<T> {
  using mapped = typename T::mapped_type;
  using entry = typename T::value_type;

  // `extra` is the current entry (node-based containers keep it in place).
  static bool key(typed_decoder&, frame& f, std::string_view k, std::size_t) {
    T& m = *static_cast<T*>(f.target);
    auto [it, inserted] = m.try_emplace(std::string(k));
    if (!inserted) it->second = mapped{};  // a repeated key (non-strict): the last one wins
    f.extra = &*it;
    f.pending = {&it->second, ops_of<mapped>()};
    return true;
  }
  static void segment(const frame& f, std::string& path) {
    if (f.extra) typed_decoder::append_key_segment(path, static_cast<const entry*>(f.extra)->first);
  }
  static constexpr frame_ops frame_table{&key, &pending_slot, nullptr, &no_frame_check, &segment, nullptr};

  static bool start_object(typed_decoder& d, void* p, std::size_t hint, std::size_t offset) {
    T& m = *static_cast<T*>(p);
    m.clear();
    if constexpr (requires { m.reserve(hint); })
      if (hint) m.reserve(d.reserve_for(hint));
    frame f;
    f.ops = &frame_table;
    f.target = p;
    f.start = offset;
    d.push(f);
    return true;
  }
};

}  // namespace toon::detail
