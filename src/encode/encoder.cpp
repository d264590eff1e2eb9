// encoder.cpp - toon::value -> TOON text (toon::encode, toon::encode_to).
//
// The encoder itself is tree_encoder.hpp (shared with toon::json_to_toon), instantiated here for
// toon::value; this file adds the replacer and omit passes and the detail entry points.
#include <memory>
#include "toon/detail/linkage.hpp"
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "omit_pass.hpp"
#include "replacer_pass.hpp"
#include "tree_encoder.hpp"
#include "toon/detail/value_encoding.hpp"
#include "toon/detail/writer.hpp"
#include "toon/encode.hpp"

namespace toon {

namespace {

using value_encoder = detail::tree_encoder<detail::value_model>;

}  // namespace

TOON_FUNC std::string encode(const value& v, const encode_options& options) {
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

TOON_FUNC void encode_to(std::string& out, const value& v, const encode_options& options) {
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

TOON_FUNC void check_encode_options(const encode_options& options) {
  switch (options.delimiter) {
    case delimiter::comma:
    case delimiter::tab:
    case delimiter::pipe: return;
  }
  throw std::invalid_argument("toon::encode: invalid delimiter (valid: comma, tab, pipe)");
}

TOON_FUNC void encode_value_owned(std::string& out, value&& v, const encode_options& options) {
  check_encode_options(options);
  if (options.replacer) {  // may copy (it keeps what it does not change)
    toon::encode_to(out, v, options);
    return;
  }
  if (options.omit_null || options.omit_empty) apply_omit_in_place(v, omit_rules_of(options));
  writer w(out, options);
  encode_value_root(w, v);
}

TOON_FUNC void encode_value_root(writer& w, const value& v) { value_encoder(w).root(v); }
TOON_FUNC void encode_value_root(writer& w, const array& a) { value_encoder(w).root(a); }
TOON_FUNC void encode_value_root(writer& w, const object& o) { value_encoder(w).root(o); }

TOON_FUNC void encode_value_field(writer& w, std::string_view key, const value& v, std::size_t depth) {
  value_encoder(w).field(key, v, depth);
}
TOON_FUNC void encode_value_field(writer& w, std::string_view key, const array& a, std::size_t depth) {
  value_encoder(w).field(key, a, depth);
}
TOON_FUNC void encode_value_field(writer& w, std::string_view key, const object& o, std::size_t depth) {
  value_encoder(w).field(key, o, depth);
}

TOON_FUNC void encode_value_list_item(writer& w, const value& v, std::size_t depth) {
  value_encoder(w).list_item(v, depth);
}
TOON_FUNC void encode_value_list_item(writer& w, const array& a, std::size_t depth) {
  value_encoder(w).list_item(a, depth);
}
TOON_FUNC void encode_value_list_item(writer& w, const object& o, std::size_t depth) {
  value_encoder(w).list_item(o, depth);
}

TOON_FUNC void encode_value_first_field(writer& w, std::string_view key, const value& v, std::size_t depth) {
  value_encoder(w).first_field(key, v, depth);
}
TOON_FUNC void encode_value_first_field(writer& w, std::string_view key, const array& a, std::size_t depth) {
  value_encoder(w).first_field(key, a, depth);
}
TOON_FUNC void encode_value_first_field(writer& w, std::string_view key, const object& o, std::size_t depth) {
  value_encoder(w).first_field(key, o, depth);
}

}  // namespace detail

}  // namespace toon
