// JSON output: toon::to_json (value tree), toon::toon_to_json (decoder events), and the
// shared scalar formatting of json_writer.hpp.
#include "json_writer.hpp"
#include "toon/detail/linkage.hpp"

#include "toon/detail/writer.hpp"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <system_error>

#include "toon/decode.hpp"
#include "toon/json.hpp"

namespace toon::detail {

namespace {

// For each byte: 0 when written as is, else the character after the backslash
// ('u' for the \u00xx form).
constexpr std::array<char, 256> make_escape_table() {
  std::array<char, 256> t{};
  for (int c = 0; c < 0x20; ++c) t[static_cast<std::size_t>(c)] = 'u';
  t['\b'] = 'b';
  t['\f'] = 'f';
  t['\n'] = 'n';
  t['\r'] = 'r';
  t['\t'] = 't';
  t['"'] = '"';
  t['\\'] = '\\';
  return t;
}
constexpr std::array<char, 256> escape_table = make_escape_table();

}  // namespace

TOON_FUNC void append_json_string(std::string& out, std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  out.reserve(out.size() + s.size() + 2);
  out += '"';
  std::size_t run = 0;  // start of the pending run of bytes written as is
  for (std::size_t i = 0; i < s.size(); ++i) {
    char e = escape_table[static_cast<unsigned char>(s[i])];
    if (e == 0) continue;
    out.append(s.data() + run, i - run);
    run = i + 1;
    if (e == 'u') {
      auto c = static_cast<unsigned char>(s[i]);
      const char u[6] = {'\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xF]};
      out.append(u, 6);
    } else {
      const char pair[2] = {'\\', e};
      out.append(pair, 2);
    }
  }
  out.append(s.data() + run, s.size() - run);
  out += '"';
}

// ---- json_event_writer -------------------------------------------------------------

TOON_FUNC bool json_event_writer::value_allowed(std::size_t offset) {
  if (emitter_.depth() == 0) {
    if (roots_ != 0) return fail(error_code::trailing_content, "second root value in event stream", offset);
    ++roots_;
    return true;
  }
  if (emitter_.in_object()) {
    if (!awaiting_value_) return fail(error_code::unexpected_line, "object value without a key", offset);
    awaiting_value_ = false;
  }
  return true;
}

TOON_FUNC bool json_event_writer::start_object(std::size_t /*size_hint*/, std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.begin_object();
  return true;
}

TOON_FUNC bool json_event_writer::end_object() {
  if (!emitter_.in_object() || awaiting_value_)
    return fail(error_code::unexpected_line, "unbalanced end of object in event stream", 0);
  emitter_.end_object();
  return true;
}

TOON_FUNC bool json_event_writer::start_array(std::size_t /*size*/, std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.begin_array();
  return true;
}

TOON_FUNC bool json_event_writer::end_array() {
  if (emitter_.depth() == 0 || emitter_.in_object())
    return fail(error_code::unexpected_line, "unbalanced end of array in event stream", 0);
  emitter_.end_array();
  return true;
}

TOON_FUNC bool json_event_writer::key(std::string_view k, std::size_t offset) {
  if (!emitter_.in_object() || awaiting_value_)
    return fail(error_code::unexpected_line, "key outside an object in event stream", offset);
  emitter_.key(k);
  awaiting_value_ = true;
  return true;
}

TOON_FUNC bool json_event_writer::null_value(std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.null_value();
  return true;
}

TOON_FUNC bool json_event_writer::bool_value(bool b, std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.bool_value(b);
  return true;
}

TOON_FUNC bool json_event_writer::int_value(std::int64_t i, std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.int_value(i);
  return true;
}

TOON_FUNC bool json_event_writer::uint_value(std::uint64_t u, std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.uint_value(u);
  return true;
}

TOON_FUNC bool json_event_writer::double_value(double d, std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.double_value(d);
  return true;
}

TOON_FUNC bool json_event_writer::big_integer_value(std::string_view digits, std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.big_integer_value(digits);
  return true;
}

TOON_FUNC bool json_event_writer::string_value(std::string_view s, std::size_t offset) {
  if (!value_allowed(offset)) return false;
  emitter_.string_value(s);
  return true;
}

namespace {

void emit_value(json_emitter& em, const value& v) {
  switch (v.type()) {
    case value::kind::null: em.null_value(); break;
    case value::kind::boolean: em.bool_value(v.as_bool()); break;
    case value::kind::integer: em.int_value(v.as_int64()); break;
    case value::kind::uinteger: em.uint_value(v.as_uint64()); break;
    case value::kind::real: em.double_value(v.as_double()); break;
    case value::kind::big_integer: em.big_integer_value(v.as_big_integer().digits); break;
    case value::kind::string: em.string_value(v.as_string()); break;
    case value::kind::array:
      em.begin_array();
      for (const value& e : v.as_array()) emit_value(em, e);
      em.end_array();
      break;
    case value::kind::object:
      em.begin_object();
      for (const member& m : v.as_object()) {
        em.key(m.key);
        emit_value(em, m.value);
      }
      em.end_object();
      break;
  }
}

}  // namespace

}  // namespace toon::detail

namespace toon {

TOON_FUNC void to_json_to(std::string& out, const value& v, const json_options& options) {
  detail::json_emitter em(out, options.indent);
  detail::emit_value(em, v);
}

TOON_FUNC std::string to_json(const value& v, const json_options& options) {
  std::string out;
  to_json_to(out, v, options);
  return out;
}

TOON_FUNC result<std::string> toon_to_json(std::string_view toon_text, const decode_options& decode_opts,
                                 const json_options& json) {
  std::string out;
  if (!decode_opts.strict) {
    // Non-strict mode may repeat keys (last write wins), which needs the value tree.
    auto v = decode(toon_text, decode_opts);
    if (!v) return std::move(v).error();
    to_json_to(out, *v, json);
    return out;
  }
  // JSON is usually a little larger than the TOON it comes from.
  out.reserve(toon_text.size() + toon_text.size() / 2 + 16);
  detail::json_event_writer writer(out, json.indent);
  auto r = decode_events(toon_text, writer, decode_opts);
  if (!r) return r.error();
  if (!writer.complete()) {
    error e;
    e.code = error_code::unexpected_line;
    e.message = "incomplete event stream from the decoder";
    return e;
  }
  return out;
}

}  // namespace toon
