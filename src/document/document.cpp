// toon::document: decoder events into nodes in one arena (include/toon/document.hpp).
//
// The input is copied into the arena first and decoded from there, so every unescaped string
// and key the parser hands out as a view of its input is kept as that view: only strings with
// escapes are copied. Containers are built the way rapidjson's reader builds its Document:
// children wait on one reused stack and move into the arena, contiguous, when their container
// closes. Table rows skip the stack: a row's members are written to the arena directly, with the
// table's column names stored once and shared by every row. Most lines are not parsed as events
// at all: the builder reads them straight from the text (field_lines(), list_items()) and
// leaves the parser what it declines.
#include "toon/document.hpp"
#include "toon/detail/linkage.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_set>
#include <variant>
#include <vector>

#include "document_builder.hpp"
#include "../value/member_arena.hpp"

namespace toon {

TOON_FUNC const node& node::check(kind k) const {
  if (kind_ != k) throw std::bad_variant_access();
  return *this;
}

TOON_FUNC double node::to_double() const {
  switch (kind_) {
    case kind::integer: return static_cast<double>(u_.i);
    case kind::uinteger: return static_cast<double>(u_.u);
    case kind::real: return u_.d;
    case kind::big_integer: return std::strtod(std::string(u_.s, size_).c_str(), nullptr);
    default: throw std::bad_variant_access();
  }
}

TOON_FUNC const node* node::find(std::string_view key) const noexcept {
  for (const node_member& m : members())
    if (m.key() == key) return &m.value;
  return nullptr;
}

TOON_FUNC const node& node::operator[](std::string_view key) const {
  if (!is_object()) throw std::out_of_range("toon::node: not an object");
  const node* n = find(key);
  if (!n) throw std::out_of_range("toon::node: no member '" + std::string(key) + "'");
  return *n;
}

TOON_FUNC const node& node::operator[](std::size_t index) const {
  if (!is_array()) throw std::out_of_range("toon::node: not an array");
  if (index >= size_) throw std::out_of_range("toon::node: index out of range");
  return u_.a[index];
}

namespace detail {

// `n` and everything under it into `out` (null): each string built once and moved in, each
// array sized once and its elements filled in place, each object's members reserved at once
// and appended in place (no value returned and moved per node).
TOON_FUNC void copy_node_into(const node& n, value& out) {
  switch (n.type()) {
    case node::kind::null: return;
    case node::kind::boolean: out.emplace<bool>(n.as_bool()); return;
    case node::kind::integer: out.emplace<std::int64_t>(n.as_int64()); return;
    case node::kind::uinteger: out.emplace<std::uint64_t>(n.as_uint64()); return;
    case node::kind::real: out.emplace<double>(n.as_double()); return;
    case node::kind::big_integer: {
      big_integer b{std::string(n.as_big_integer())};
      out.emplace<big_integer>(std::move(b));
      return;
    }
    case node::kind::string: {
      // Built first and moved in: emplace from a string_view goes through a temporary variant.
      std::string s(n.as_string());
      out.emplace<std::string>(std::move(s));
      return;
    }
    case node::kind::array: {
      array& a = out.emplace<array>(n.size());
      value* slot = a.data();
      for (const node& e : n.elements()) copy_node_into(e, *slot++);
      return;
    }
    case node::kind::object: {
      object& o = out.emplace<object>();
      o.reserve(n.size());
      for (const node_member& m : n.members()) copy_node_into(m.value, o.append(m.key()));
      return;
    }
  }
}

}  // namespace detail

TOON_FUNC value node::to_value() const {
  value v;
  if (is_primitive()) {
    detail::copy_node_into(*this, v);
  } else {
    // The objects' members from chunks, as toon::decode does (member_arena.hpp); the first
    // chunk sized by the container's own width.
    detail::member_arena arena(std::size_t(64) * size_);
    detail::copy_node_into(*this, v);
  }
  return v;
}

TOON_FUNC bool operator==(const node& a, const value& b) noexcept {
  using kind = node::kind;
  switch (a.type()) {
    case kind::array: {
      const array* arr = b.get_if<array>();
      if (!arr || arr->size() != a.size()) return false;
      for (std::size_t i = 0; i < arr->size(); ++i)
        if (!(a.u_.a[i] == (*arr)[i])) return false;
      return true;
    }
    case kind::object: {
      const object* obj = b.get_if<object>();
      if (!obj || obj->size() != a.size()) return false;
      std::size_t i = 0;
      for (const member& m : *obj) {
        const node_member& nm = a.u_.m[i++];
        if (nm.key() != m.key || !(nm.value == m.value)) return false;
      }
      return true;
    }
    case kind::string: {
      const std::string* s = b.get_if<std::string>();
      return s && *s == std::string_view(a.u_.s, a.size_);
    }
    case kind::null: return b.is_null();
    case kind::boolean: return b.is_bool() && b.as_bool() == a.u_.b;
    default:
      // Numbers compare by mathematical value, exactly as toon::value does.
      if (!b.is_number()) return false;
      try {
        return a.to_value() == b;
      } catch (...) {
        return false;
      }
  }
}

TOON_FUNC document::document(document&& other) noexcept : root_(other.root_), blocks_(other.blocks_) {
  other.root_ = node{};
  other.blocks_ = nullptr;
}

TOON_FUNC document& document::operator=(document&& other) noexcept {
  if (this != &other) {
    release();
    root_ = other.root_;
    blocks_ = other.blocks_;
    other.root_ = node{};
    other.blocks_ = nullptr;
  }
  return *this;
}

TOON_FUNC document::~document() { release(); }

TOON_FUNC void document::release() noexcept {
  while (blocks_) {
    block* next = blocks_->next;
    std::free(blocks_);
    blocks_ = next;
  }
  root_ = node{};
}

TOON_FUNC std::size_t document::memory_size() const noexcept {
  std::size_t total = 0;
  for (const block* b = blocks_; b; b = b->next) total += b->size;
  return total;
}

TOON_FUNC result<document> decode_document(std::string_view text, const decode_options& options) {
  document doc;
  detail::document_builder builder(doc, text.size() <= options.max_input_size ? text.size() : 0, options.strict);
  std::string_view copy = text.size() <= options.max_input_size ? builder.adopt_input(text) : text;
  // The parser bound to the builder at compile time (parse/bound_parse.hpp).
  result<void> r =
      detail::decode_whole_bound<detail::document_builder, detail::document_builder>(copy, builder, &builder, options);
  if (!r) return r.error();
  builder.finish();
  return doc;
}

TOON_FUNC document decode_document_or_throw(std::string_view text, const decode_options& options) {
  return decode_document(text, options).value();
}

}  // namespace toon
