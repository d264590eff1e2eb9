// toon/typed/decode_proxy.hpp - decoding types written as a proxy (meta<T>::proxy): the value
// is decoded into a proxy object, then meta<T>::from_proxy converts it.
#pragma once

#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

#include "toon/typed/decode_traits.hpp"

namespace toon::detail {

template <class T>
struct decode_traits<T, type_kind::proxy> {
  using proxy = std::remove_cvref_t<typename meta<T>::proxy>;
  using inner = decode_traits<proxy>;
  static constexpr bool accepts_object = inner::accepts_object;
  static constexpr bool accepts_array = inner::accepts_array;

  // Converts a decoded proxy; from_proxy's error becomes a decode error (type_mismatch unless
  // it has a code). Located at `offset`, with the path of the current slot.
  static bool convert(typed_decoder& d, T& out, proxy&& p, std::size_t offset) {
    auto r = meta<T>::from_proxy(std::move(p));
    if constexpr (requires { r.has_value(); r.error(); *r; }) {
      if (!r.has_value()) {
        const error& e = r.error();
        return d.report(e.code == error_code::ok ? error_code::type_mismatch : e.code, e.message, offset);
      }
      out = std::move(*r);
    } else {
      out = std::move(r);
    }
    return true;
  }

  static bool primitive(typed_decoder& d, void* p, const primitive_event& ev) {
    proxy tmp{};
    const std::size_t errors = d.error_count();
    if (!inner::primitive(d, &tmp, ev)) return false;
    if (d.error_count() != errors) return true;  // already reported (collecting)
    return convert(d, *static_cast<T*>(p), std::move(tmp), ev.offset);
  }

  // A container proxy: a wrapper frame owns the proxy object (extra) while the proxy's own
  // frame above it fills it; when that one is done, the wrapper converts and pops itself.
  // frame::aux: the error count when the wrapper opened.
  static slot next(typed_decoder&, frame& f, std::size_t) { return {f.extra, ops_of<proxy>()}; }
  static done_action done(typed_decoder& d, frame& f) {
    if (d.error_count() == f.aux &&
        !convert(d, *static_cast<T*>(f.target), std::move(*static_cast<proxy*>(f.extra)), f.start))
      return done_action::abort;
    return done_action::pop;
  }
  static void destroy(frame& f) noexcept { delete static_cast<proxy*>(f.extra); }
  static constexpr frame_ops frame_table{&no_frame_key, &next, &done, &no_frame_check, &no_frame_segment, &destroy};

  static proxy* open(typed_decoder& d, void* p, std::size_t offset) {
    frame f;
    f.ops = &frame_table;
    f.target = p;
    f.extra = new proxy();
    f.aux = d.error_count();
    f.start = offset;
    d.push(f);
    return static_cast<proxy*>(f.extra);
  }
  static bool start_object(typed_decoder& d, void* p, std::size_t hint, std::size_t offset) {
    if constexpr (!inner::accepts_object) return inner::start_object(d, nullptr, hint, offset);
    else return inner::start_object(d, open(d, p, offset), hint, offset);
  }
  static bool start_array(typed_decoder& d, void* p, std::size_t size, std::size_t offset) {
    if constexpr (!inner::accepts_array) return inner::start_array(d, nullptr, size, offset);
    else return inner::start_array(d, open(d, p, offset), size, offset);
  }
  static void describe(std::string& out) { inner::describe(out); }
  static int rank(const primitive_event& ev) noexcept { return inner::rank(ev); }
};

}  // namespace toon::detail
