// A toon::value replayed as decoder events (typed decoding from values, buffered variants).
#include "toon/detail/value_events.hpp"
#include "toon/detail/linkage.hpp"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace toon::detail {

namespace {

// Sends one value; containers send only their opening event (the caller walks them).
bool open(const value& v, event_handler& h, std::size_t offset) {
  switch (v.type()) {
    case value::kind::null: return h.null_value(offset);
    case value::kind::boolean: return h.bool_value(v.as_bool(), offset);
    case value::kind::integer: return h.int_value(v.as_int64(), offset);
    case value::kind::uinteger: return h.uint_value(v.as_uint64(), offset);
    case value::kind::real: return h.double_value(v.as_double(), offset);
    case value::kind::big_integer: return h.big_integer_value(v.as_big_integer().digits, offset);
    case value::kind::string: return h.string_value(v.as_string(), offset);
    case value::kind::array: return h.start_array(v.as_array().size(), offset);
    case value::kind::object: return h.start_object(0, offset);
  }
  return false;
}

struct replay_frame {
  const value* container;
  std::size_t next;
};

}  // namespace

TOON_FUNC bool replay(const value& v, event_handler& h, std::size_t offset) {
  if (!open(v, h, offset)) return false;
  if (v.is_primitive()) return true;
  std::vector<replay_frame> stack;
  stack.push_back({&v, 0});
  while (!stack.empty()) {
    replay_frame& p = stack.back();
    const value* child = nullptr;
    if (const array* a = p.container->get_if<array>()) {
      if (p.next == a->size()) {
        stack.pop_back();
        if (!h.end_array()) return false;
        continue;
      }
      child = &(*a)[p.next++];
    } else {
      const object& o = p.container->as_object();
      if (p.next == o.size()) {
        stack.pop_back();
        if (!h.end_object()) return false;
        continue;
      }
      const member& m = *(o.begin() + static_cast<std::ptrdiff_t>(p.next++));
      if (!h.key(m.key, offset)) return false;
      child = &m.value;
    }
    if (!open(*child, h, offset)) return false;
    if (!child->is_primitive()) stack.push_back({child, 0});
  }
  return true;
}

TOON_FUNC void assign(value& v, const scalar& c) {
  // emplace(): one destruction of the old content and one construction. Assigning a
  // toon::value (`v = c.b`) builds a temporary, visits it to move from, and visits it again to
  // destroy it. A string is built first and moved in: emplace<std::string>(string_view) goes
  // through a temporary variant (the string's constructor may throw).
  switch (c.type) {
    case scalar::kind::null: v.emplace<std::nullptr_t>(); break;
    case scalar::kind::boolean: v.emplace<bool>(c.b); break;
    case scalar::kind::integer: v.emplace<std::int64_t>(c.i); break;
    case scalar::kind::uinteger: v.emplace<std::uint64_t>(c.u); break;
    case scalar::kind::real: v.emplace<double>(c.d); break;
    case scalar::kind::big_integer: v.emplace<big_integer>(big_integer{std::string(c.text)}); break;
    case scalar::kind::string: {
      std::string text(c.text);
      v.emplace<std::string>(std::move(text));
      break;
    }
  }
}

}  // namespace toon::detail
