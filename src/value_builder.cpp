#include "value_builder.hpp"

#include "toon/decode.hpp"

namespace toon::detail {

value& value_builder::place(value&& v) {
  if (stack_.empty()) {
    root_ = std::move(v);
    return root_;
  }
  value& top = *stack_.back();
  if (auto* a = top.get_if<array>()) {
    a->push_back(std::move(v));
    return a->back();
  }
  // Object member: a repeated key (non-strict mode) replaces the earlier value in place.
  auto& o = top.as_object();
  if (value* existing = o.find(pending_key_)) {
    *existing = std::move(v);
    return *existing;
  }
  return o.emplace_back(std::move(pending_key_), std::move(v));
}

bool value_builder::start_object(std::size_t size_hint, std::size_t) {
  object o;
  if (size_hint) o.reserve(size_hint < 4096 ? size_hint : 4096);
  stack_.push_back(&place(value(std::move(o))));
  return true;
}

bool value_builder::end_object() {
  stack_.pop_back();
  return true;
}

bool value_builder::start_array(std::size_t size, std::size_t) {
  array a;
  if (size) a.reserve(size < 4096 ? size : 4096);
  stack_.push_back(&place(value(std::move(a))));
  return true;
}

bool value_builder::end_array() {
  stack_.pop_back();
  return true;
}

bool value_builder::key(std::string_view k, std::size_t) {
  // The view is valid only during the call: copy it once; place() moves it into the member.
  pending_key_.assign(k.data(), k.size());
  return true;
}

bool value_builder::null_value(std::size_t) { place(value()); return true; }
bool value_builder::bool_value(bool b, std::size_t) { place(value(b)); return true; }
bool value_builder::int_value(std::int64_t i, std::size_t) { place(value(i)); return true; }
bool value_builder::uint_value(std::uint64_t u, std::size_t) { place(value(u)); return true; }
bool value_builder::double_value(double d, std::size_t) { place(value(d)); return true; }
bool value_builder::big_integer_value(std::string_view digits, std::size_t) {
  place(value(big_integer{std::string(digits)}));
  return true;
}
bool value_builder::string_value(std::string_view s, std::size_t) {
  place(value(std::string(s)));
  return true;
}

}  // namespace toon::detail

namespace toon {

result<value> decode(std::string_view text, const decode_options& options) {
  detail::value_builder builder;
  result<void> r = decode_events(text, builder, options);
  if (!r) return r.error();
  return std::move(builder.result());
}

value decode_or_throw(std::string_view text, const decode_options& options) {
  return decode(text, options).value();
}

}  // namespace toon
