// toon/typed/decode_traits.hpp - how each kind of C++ type takes decoder events.
//
// decode_traits<T> (specialized per type_kind in the other decode_*.hpp files) provides:
//   static bool primitive(typed_decoder&, void* target, const primitive_event&);
//   static bool start_object(typed_decoder&, void* target, std::size_t hint, std::size_t offset);
//   static bool start_array(typed_decoder&, void* target, std::size_t size, std::size_t offset);
//   static void describe(std::string&);               // "integer", "array", ...
//   static int rank(const primitive_event&) noexcept;  // variant choice: 0 = not accepted, 1 = best
//   static constexpr bool accepts_object, accepts_array;
// ops_of<T>() is the static type_ops table built from them (the engine is type-erased).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

#include "toon/detail/typed_decoder.hpp"
#include "toon/typed/type_kind.hpp"

namespace toon::detail {

/// Decoding behaviour of T; specialized per kind.
template <class T, type_kind K = type_kind_v<T>>
struct decode_traits;

/// Types outside the mapping table (members of supported types included) fail here, with the
/// message of supported<T>().
template <class T>
struct decode_traits<T, type_kind::unsupported> {
  static_assert(supported<T>());
};

/// Whether T's traits parse unquoted tokens directly (type_ops::text).
template <class T>
inline constexpr bool has_text_parser = requires(void* p, std::string_view t) {
  { decode_traits<T>::text(p, t) } -> std::same_as<bool>;
};

/// type_ops::text of T (nullptr when its traits have none).
template <class T>
constexpr auto text_parser_of() noexcept -> bool (*)(void*, std::string_view) noexcept {
  if constexpr (has_text_parser<T>) return &decode_traits<T>::text;
  else return nullptr;
}

/// Whether T's traits read a cell straight from a table row's line (decode_primitives.hpp):
/// `line_cell(target, begin, end, line, delim)` returns where the cell ends (the delimiter or
/// `end`), or nullptr when the cell is not one text() accepts.
template <class T>
inline constexpr bool has_line_cell = requires(void* p, const char* b, char delim) {
  { decode_traits<T>::line_cell(p, b, b, b, delim) } -> std::same_as<const char*>;
};

/// The object frame of T (decode_object.hpp).
template <class T, bool Tagged>
struct object_frame;

/// The operations table of T.
template <class T>
inline constexpr type_ops decode_ops_v{&decode_traits<T>::primitive, &decode_traits<T>::start_object,
                                       &decode_traits<T>::start_array, &decode_traits<T>::describe,
                                       text_parser_of<T>()};

/// The operations of T as a decoding target.
template <class T>
constexpr const type_ops* ops_of() noexcept {
  if constexpr (std::is_same_v<T, value>) return &dynamic_value_ops;
  else if constexpr (std::is_same_v<T, array>) return &dynamic_array_ops;
  else if constexpr (std::is_same_v<T, object>) return &dynamic_object_ops;
  else return &decode_ops_v<T>;
}

/// Base of kinds that take only primitives: objects and arrays are type mismatches.
template <class T>
struct rejects_containers {
  static constexpr bool accepts_object = false;
  static constexpr bool accepts_array = false;
  static bool start_object(typed_decoder& d, void*, std::size_t, std::size_t offset) {
    return d.reject_container(&decode_traits<T>::describe, true, offset);
  }
  static bool start_array(typed_decoder& d, void*, std::size_t, std::size_t offset) {
    return d.reject_container(&decode_traits<T>::describe, false, offset);
  }
};

/// Base of kinds that take only containers: primitives are type mismatches.
template <class T>
struct rejects_primitives {
  static bool primitive(typed_decoder& d, void*, const primitive_event& ev) {
    return d.mismatch(&decode_traits<T>::describe, found_name(ev.type), ev.offset);
  }
  static int rank(const primitive_event&) noexcept { return 0; }
};

/// Base of array kinds: objects are type mismatches.
template <class T>
struct array_kind : rejects_primitives<T> {
  static constexpr bool accepts_object = false;
  static constexpr bool accepts_array = true;
  static bool start_object(typed_decoder& d, void*, std::size_t, std::size_t offset) {
    return d.reject_container(&decode_traits<T>::describe, true, offset);
  }
};

/// Base of object kinds: arrays are type mismatches.
template <class T>
struct object_kind : rejects_primitives<T> {
  static constexpr bool accepts_object = true;
  static constexpr bool accepts_array = false;
  static bool start_array(typed_decoder& d, void*, std::size_t, std::size_t offset) {
    return d.reject_container(&decode_traits<T>::describe, false, offset);
  }
  static void describe(std::string& out) { out += "object"; }
};

/// Frame key operation of frames that take no keys (arrays).
inline bool no_frame_key(typed_decoder&, frame&, std::string_view, std::size_t) { return false; }
/// Frame next operation of keyed frames: the slot chosen by the last key.
inline slot pending_slot(typed_decoder&, frame& f, std::size_t) { return f.pending; }
/// Frame end operation with nothing to check.
inline bool no_frame_check(typed_decoder&, frame&) { return true; }
/// Segment of frames that add nothing to paths.
inline void no_frame_segment(const frame&, std::string&) {}
/// Segment `[i]` of array frames whose `index` counts the elements begun.
inline void element_segment(const frame& f, std::string& path) {
  if (f.index > 0) typed_decoder::append_index_segment(path, f.index - 1);
}


}  // namespace toon::detail
