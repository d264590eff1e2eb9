// toon/typed/decode_primitives.hpp - decoding into null, bool, char, integers, floating point,
// strings, enums, time points and toon::value (see docs/reflection.md, the mapping table).
#pragma once

#include <chrono>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <ratio>
#include <string>
#include <string_view>
#include <type_traits>

#include "toon/detail/force_inline.hpp"
#include "toon/detail/fast_token.hpp"
#include "toon/detail/timestamp.hpp"
#include "toon/detail/writer.hpp"
#include "toon/typed/decode_traits.hpp"
#include "toon/typed/enum_info.hpp"

namespace toon::detail {

// ---- numbers ----------------------------------------------------------------------------------

/// The name of integer type I in out-of-range messages (int8 ... uint64).
template <class I>
constexpr std::string_view integer_type_name() noexcept {
  constexpr bool s = std::is_signed_v<I>;
  if constexpr (sizeof(I) == 1) return s ? "int8" : "uint8";
  else if constexpr (sizeof(I) == 2) return s ? "int16" : "uint16";
  else if constexpr (sizeof(I) == 4) return s ? "int32" : "uint32";
  else return s ? "int64" : "uint64";
}

/// The name of floating type F in out-of-range messages.
template <class F>
constexpr std::string_view floating_type_name() noexcept {
  if constexpr (std::is_same_v<F, float>) return "float";
  else if constexpr (std::is_same_v<F, double>) return "double";
  else return "long double";
}

/// Whether `v` fits in integer type I.
template <class I>
constexpr bool integer_fits(std::int64_t v) noexcept {
  if constexpr (std::is_signed_v<I> && sizeof(I) >= sizeof(std::int64_t)) return true;
  else if constexpr (std::is_signed_v<I>)
    return v >= static_cast<std::int64_t>(std::numeric_limits<I>::min()) &&
           v <= static_cast<std::int64_t>(std::numeric_limits<I>::max());
  else if constexpr (sizeof(I) >= sizeof(std::uint64_t)) return v >= 0;
  else return v >= 0 && static_cast<std::uint64_t>(v) <= static_cast<std::uint64_t>(std::numeric_limits<I>::max());
}
template <class I>
constexpr bool integer_fits(std::uint64_t v) noexcept {
  if constexpr (!std::is_signed_v<I> && sizeof(I) >= sizeof(std::uint64_t)) return true;
  else return v <= static_cast<std::uint64_t>(std::numeric_limits<I>::max());
}

/// The canonical text of a double (as in error messages).
inline std::string double_text(double d) {
  char buf[max_double_chars];
  return std::string(buf, format_double(buf, d));
}

/// Reports "<text> is out of range for <type>".
inline bool report_out_of_range(typed_decoder& d, std::string text, std::string_view type, std::size_t offset) {
  text += " is out of range for ";
  text += type;
  return d.report(error_code::out_of_range, std::move(text), offset);
}

/// True when `d` has no fractional part.
inline bool is_integral_double(double d) noexcept { return std::isfinite(d) && std::trunc(d) == d; }

/// Integer I from an integer event or an integral double; otherwise reports the error and
/// returns false, setting `go_on` to whether decoding continues (collecting errors).
template <class I>
bool integer_from_event(typed_decoder& d, I& out, const primitive_event& ev, void (*describe)(std::string&),
                        std::string_view type_name, bool& go_on) {
  using kind = primitive_event::kind;
  switch (ev.type) {
    case kind::integer:
      if (integer_fits<I>(ev.i)) {
        out = static_cast<I>(ev.i);
        return true;
      }
      go_on = report_out_of_range(d, std::to_string(ev.i), type_name, ev.offset);
      return false;
    case kind::uinteger:
      if (integer_fits<I>(ev.u)) {
        out = static_cast<I>(ev.u);
        return true;
      }
      go_on = report_out_of_range(d, std::to_string(ev.u), type_name, ev.offset);
      return false;
    case kind::real:
      if (!is_integral_double(ev.d)) {
        go_on = d.mismatch(describe, double_text(ev.d), ev.offset);  // "expected integer, found 4.5"
        return false;
      }
      if (ev.d >= -9223372036854775808.0 && ev.d < 9223372036854775808.0) {
        if (integer_fits<I>(static_cast<std::int64_t>(ev.d))) {
          out = static_cast<I>(static_cast<std::int64_t>(ev.d));
          return true;
        }
      } else if (ev.d >= 0 && ev.d < 18446744073709551616.0) {
        if (integer_fits<I>(static_cast<std::uint64_t>(ev.d))) {
          out = static_cast<I>(static_cast<std::uint64_t>(ev.d));
          return true;
        }
      }
      go_on = report_out_of_range(d, double_text(ev.d), type_name, ev.offset);
      return false;
    case kind::big_integer:
      go_on = report_out_of_range(d, std::string(ev.text), type_name, ev.offset);
      return false;
    case kind::string:
      if (d.number_repairs()) {
        primitive_event number;
        if (d.number_in_string(ev, number)) return integer_from_event(d, out, number, describe, type_name, go_on);
      }
      break;
    default: break;
  }
  go_on = d.mismatch(describe, found_text(ev), ev.offset);
  return false;
}

template <class T>
struct decode_traits<T, type_kind::integer> : rejects_containers<T> {
  static void describe(std::string& out) { out += "integer"; }
  static bool primitive(typed_decoder& d, void* p, const primitive_event& ev) {
    bool go_on = true;
    integer_from_event<T>(d, *static_cast<T*>(p), ev, &describe, integer_type_name<T>(), go_on);
    return go_on;
  }
  static bool text(void* p, std::string_view t) noexcept {
    std::int64_t v;
    if (!fast::integer(t, v) || !integer_fits<T>(v)) return false;
    *static_cast<T*>(p) = static_cast<T>(v);
    return true;
  }
  /// text() of a cell read straight from a row's line (see fast::integer_cell).
  TOON_DETAIL_FORCE_INLINE static const char* line_cell(void* p, const char* b, const char* e, const char*, char delim) noexcept {
    std::int64_t v;
    const char* q = fast::integer_cell(b, e, delim, v);
    if (!q || !integer_fits<T>(v)) return nullptr;
    *static_cast<T*>(p) = static_cast<T>(v);
    return q;
  }
  static int rank(const primitive_event& ev) noexcept {
    using kind = primitive_event::kind;
    if (ev.type == kind::integer || ev.type == kind::uinteger) return 1;
    if (ev.type == kind::real) return is_integral_double(ev.d) ? 2 : 0;
    return ev.type == kind::big_integer ? 2 : 0;
  }
};

template <class T>
struct decode_traits<T, type_kind::floating> : rejects_containers<T> {
  static void describe(std::string& out) { out += "number"; }
  static bool text(void* p, std::string_view t) noexcept {
    double v;
    if (!fast::number(t, v)) return false;
    *static_cast<T*>(p) = static_cast<T>(v);  // at most 15 digits: within float's range
    return true;
  }
  TOON_DETAIL_FORCE_INLINE static const char* line_cell(void* p, const char* b, const char* e, const char*, char delim) noexcept {
    double v;
    const char* q = fast::number_cell(b, e, delim, v);
    if (!q) return nullptr;
    *static_cast<T*>(p) = static_cast<T>(v);
    return q;
  }
  static bool primitive(typed_decoder& d, void* p, const primitive_event& ev) {
    using kind = primitive_event::kind;
    T& out = *static_cast<T*>(p);
    switch (ev.type) {
      case kind::integer: out = static_cast<T>(ev.i); return true;
      case kind::uinteger: out = static_cast<T>(ev.u); return true;
      case kind::real:
        if constexpr (std::is_same_v<T, float>) {
          if (std::fabs(ev.d) > static_cast<double>(std::numeric_limits<float>::max()))
            return report_out_of_range(d, double_text(ev.d), "float", ev.offset);
        }
        out = static_cast<T>(ev.d);
        return true;
      case kind::big_integer: {
        // Rare: an integer beyond 64 bits. The digits are parsed by the C library.
        const std::string digits(ev.text);
        long double x = std::strtold(digits.c_str(), nullptr);
        if (!std::isfinite(x) || std::fabs(x) > static_cast<long double>(std::numeric_limits<T>::max()))
          return report_out_of_range(d, digits, floating_type_name<T>(), ev.offset);
        out = static_cast<T>(x);
        return true;
      }
      case kind::string:
        if (d.number_repairs()) {
          primitive_event number;
          if (d.number_in_string(ev, number)) return primitive(d, p, number);
        }
        return d.mismatch(&describe, found_text(ev), ev.offset);
      default: return d.mismatch(&describe, found_name(ev.type), ev.offset);
    }
  }
  static int rank(const primitive_event& ev) noexcept {
    using kind = primitive_event::kind;
    if (ev.type == kind::real || ev.type == kind::big_integer) return 1;
    return ev.type == kind::integer || ev.type == kind::uinteger ? 2 : 0;
  }
};

// ---- null, bool, char, string -------------------------------------------------------------------

template <class T>
struct decode_traits<T, type_kind::null> : rejects_containers<T> {
  static void describe(std::string& out) { out += "null"; }
  static bool primitive(typed_decoder& d, void*, const primitive_event& ev) {
    if (ev.type == primitive_event::kind::null) return true;
    return d.mismatch(&describe, found_text(ev), ev.offset);
  }
  static int rank(const primitive_event& ev) noexcept { return ev.type == primitive_event::kind::null ? 1 : 0; }
};

template <class T>
struct decode_traits<T, type_kind::boolean> : rejects_containers<T> {
  static void describe(std::string& out) { out += "boolean"; }
  static bool text(void* p, std::string_view t) noexcept { return fast::boolean(t, *static_cast<bool*>(p)); }
  TOON_DETAIL_FORCE_INLINE static const char* line_cell(void* p, const char* b, const char* e, const char*, char delim) noexcept {
    return fast::boolean_cell(b, e, delim, *static_cast<bool*>(p));
  }
  static bool primitive(typed_decoder& d, void* p, const primitive_event& ev) {
    if (ev.type == primitive_event::kind::boolean) {
      *static_cast<bool*>(p) = ev.b;
      return true;
    }
    return d.mismatch(&describe, found_text(ev), ev.offset);
  }
  static int rank(const primitive_event& ev) noexcept { return ev.type == primitive_event::kind::boolean ? 1 : 0; }
};

template <class T>
struct decode_traits<T, type_kind::character> : rejects_containers<T> {
  static void describe(std::string& out) { out += "one-character string"; }
  static bool primitive(typed_decoder& d, void* p, const primitive_event& ev) {
    if (ev.type == primitive_event::kind::string && ev.text.size() == 1) {
      *static_cast<char*>(p) = ev.text[0];
      return true;
    }
    return d.mismatch(&describe, found_name(ev.type), ev.offset);
  }
  static int rank(const primitive_event& ev) noexcept {
    return ev.type == primitive_event::kind::string && ev.text.size() == 1 ? 4 : 0;
  }
};

template <class T>
struct decode_traits<T, type_kind::string> : rejects_containers<T> {
  static_assert(std::is_same_v<T, std::string>,
                "toon: decode strings into std::string (std::string_view and const char* can only be encoded)");
  static void describe(std::string& out) { out += "string"; }
  static bool text(void* p, std::string_view t) noexcept {
    if (!fast::plain_string(t)) return false;
    static_cast<std::string*>(p)->assign(t.data(), t.size());
    return true;
  }
  TOON_DETAIL_FORCE_INLINE static const char* line_cell(void* p, const char* b, const char* e, const char* line, char delim) {
    if (b != e && *b == '"') {  // a quoted cell without a backslash: its content
      const char* q = fast::quoted_cell(b, e, line, delim);
      if (!q) return nullptr;
      static_cast<std::string*>(p)->assign(b + 1, static_cast<std::size_t>(q - b - 2));
      return q;
    }
    const char* q = fast::cell_end(b, e, line, delim);
    if (q != e && *q != delim) return nullptr;  // a quote or a backslash
    const std::string_view t(b, static_cast<std::size_t>(q - b));
    if (!t.empty() && (t.front() == ' ' || t.back() == ' ')) return nullptr;  // to be trimmed
    if (!fast::plain_string_inline(t)) return nullptr;
    static_cast<std::string*>(p)->assign(t.data(), t.size());
    return q;
  }
  static bool primitive(typed_decoder& d, void* p, const primitive_event& ev) {
    if (ev.type == primitive_event::kind::string) {
      static_cast<std::string*>(p)->assign(ev.text.data(), ev.text.size());
      return true;
    }
    return d.mismatch(&describe, found_name(ev.type), ev.offset);
  }
  static int rank(const primitive_event& ev) noexcept { return ev.type == primitive_event::kind::string ? 1 : 0; }
};

// ---- enums ------------------------------------------------------------------------------------------

template <class E>
struct decode_traits<E, type_kind::enumeration> : rejects_containers<E> {
  using underlying = std::underlying_type_t<E>;
  static void describe(std::string& out) { out += "enum name"; }
  static bool text(void* p, std::string_view t) noexcept {
    if (!fast::plain_string(t)) return false;
    const std::optional<E> e = enum_info<E>::from_name(t);
    if (!e) return false;
    *static_cast<E*>(p) = *e;
    return true;
  }
  static bool primitive(typed_decoder& d, void* p, const primitive_event& ev) {
    using kind = primitive_event::kind;
    E& out = *static_cast<E*>(p);
    if (ev.type == kind::string) {
      if (auto e = enum_info<E>::from_name(ev.text)) {
        out = *e;
        return true;
      }
      if (d.enum_case_repairs()) {
        if (const auto* entry = case_insensitive(ev.text)) {
          out = entry->value;
          std::string message = "enumerator \"";
          append_json_escaped(message, ev.text);
          message += "\" in another case; read as ";
          message += entry->name;
          d.record_repair(repair_kind::enum_case, std::move(message), ev.offset);
          return true;
        }
      }
      std::string message = "unknown enumerator \"";
      append_json_escaped(message, ev.text);
      message += '"';
      return report_unknown(d, std::move(message), ev.offset, ev.text);
    }
    // The number of an enumerator that has a name (as written before names were required);
    // any other number is an error, as it is when encoding.
    if (ev.type == kind::integer || ev.type == kind::uinteger) {
      underlying u{};
      bool go_on = true;
      if (integer_from_event<underlying>(d, u, ev, &describe, integer_type_name<underlying>(), go_on)) {
        if (auto e = from_number(ev)) {
          out = *e;
          return true;
        }
        const std::string number = ev.type == kind::integer ? std::to_string(ev.i) : std::to_string(ev.u);
        return report_unknown(d, "no enumerator has the value " + number, ev.offset);
      }
      return go_on;
    }
    return d.mismatch(&describe, found_name(ev.type), ev.offset);
  }
  static int rank(const primitive_event& ev) noexcept {
    using kind = primitive_event::kind;
    if (ev.type == kind::string) return enum_info<E>::from_name(ev.text) ? 2 : 0;
    return from_number(ev) ? 3 : 0;
  }

 private:
  static std::optional<E> from_number(const primitive_event& ev) noexcept {
    if (ev.type == primitive_event::kind::integer) return enum_info<E>::from_number(ev.i);
    if (ev.type == primitive_event::kind::uinteger) return enum_info<E>::from_number(ev.u);
    return std::nullopt;
  }
  // The one enumerator named `name` when case is ignored (ASCII), or null.
  static const auto* case_insensitive(std::string_view name) noexcept {
    auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; };
    const typename std::remove_cvref_t<decltype(enum_info<E>::entries)>::value_type* found = nullptr;
    for (const auto& entry : enum_info<E>::entries) {
      if (entry.name.size() != name.size()) continue;
      bool same = true;
      for (std::size_t i = 0; same && i < name.size(); ++i) same = lower(entry.name[i]) == lower(name[i]);
      if (!same) continue;
      if (found) return decltype(found){nullptr};  // ambiguous: names that differ only in case
      found = &entry;
    }
    return found;
  }
  static std::string_view entry_name(const void*, std::size_t i) { return enum_info<E>::entries[i].name; }
  // `what` followed by the list of names (and the closest to `name`, when close).
  static bool report_unknown(typed_decoder& d, std::string message, std::size_t offset, std::string_view name = {}) {
    message += " (expected one of: ";
    bool first = true;
    for (const auto& entry : enum_info<E>::entries) {
      if (!first) message += ", ";
      first = false;
      message += entry.name;
    }
    message += ')';
    if (!name.empty()) typed_decoder::append_suggestion(message, name, enum_info<E>::entries.size(), &entry_name, nullptr);
    return d.report(error_code::invalid_enum, std::move(message), offset);
  }
};

// ---- time points ----------------------------------------------------------------------------------

/// Converts a parsed timestamp to time_point<system_clock, D> (floored to D); false when it
/// does not fit D's representation.
template <class D>
bool timestamp_to(const timestamp& t, std::chrono::time_point<std::chrono::system_clock, D>& out) noexcept {
  using rep = typename D::rep;
  using period = typename D::period;
  const long double tick = static_cast<long double>(period::num) / static_cast<long double>(period::den);
  const long double ticks =
      (static_cast<long double>(t.seconds) + static_cast<long double>(t.nanoseconds) / 1e9L) / tick;
  if constexpr (std::chrono::treat_as_floating_point_v<rep>) {
    if (!std::isfinite(static_cast<rep>(ticks))) return false;
    out = std::chrono::time_point<std::chrono::system_clock, D>(D(static_cast<rep>(ticks)));
  } else {
    if (ticks < static_cast<long double>(std::numeric_limits<rep>::lowest()) + 1 ||
        ticks > static_cast<long double>(std::numeric_limits<rep>::max()) - 1)
      return false;
    D whole = std::chrono::floor<D>(std::chrono::seconds(t.seconds));
    if constexpr (std::ratio_less_v<period, std::ratio<1>>)
      whole += std::chrono::floor<D>(std::chrono::nanoseconds(t.nanoseconds));
    out = std::chrono::time_point<std::chrono::system_clock, D>(whole);
  }
  return true;
}

template <class T>
struct decode_traits<T, type_kind::time_point> : rejects_containers<T> {
  static void describe(std::string& out) { out += "ISO 8601 timestamp"; }
  static bool primitive(typed_decoder& d, void* p, const primitive_event& ev) {
    timestamp t;
    if (ev.type != primitive_event::kind::string || !parse_timestamp(ev.text, t))
      return d.mismatch(&describe, found_name(ev.type), ev.offset);
    if (!timestamp_to(t, *static_cast<T*>(p))) {
      std::string text(ev.text);
      return report_out_of_range(d, std::move(text), "time_point", ev.offset);
    }
    return true;
  }
  static int rank(const primitive_event& ev) noexcept {
    timestamp t;
    return ev.type == primitive_event::kind::string && parse_timestamp(ev.text, t) ? 3 : 0;
  }
};

// ---- toon::value, toon::array, toon::object ------------------------------------------------------------

template <class T>
struct decode_traits<T, type_kind::dynamic> {
  static constexpr bool accepts_object = !std::is_same_v<T, array>;
  static constexpr bool accepts_array = !std::is_same_v<T, object>;
  static bool primitive(typed_decoder& d, void* p, const primitive_event& ev) {
    return ops_of<T>()->primitive(d, p, ev);
  }
  static bool start_object(typed_decoder& d, void* p, std::size_t hint, std::size_t offset) {
    return ops_of<T>()->start_object(d, p, hint, offset);
  }
  static bool start_array(typed_decoder& d, void* p, std::size_t size, std::size_t offset) {
    return ops_of<T>()->start_array(d, p, size, offset);
  }
  static void describe(std::string& out) { ops_of<T>()->describe(out); }
  static int rank(const primitive_event&) noexcept { return std::is_same_v<T, value> ? 9 : 0; }
};

}  // namespace toon::detail
