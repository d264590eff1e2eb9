#include "value_builder.hpp"
#include "toon/detail/linkage.hpp"

#include <unordered_map>

#include "../document/document_builder.hpp"
#include "../parse/bound_parse.hpp"
#include "member_arena.hpp"
#include "toon/decode.hpp"

namespace toon::detail {

TOON_FUNC bool value_builder::start_object(std::size_t size_hint, std::size_t) {
  // The object's slot: its key's, or for an array element the array's.
  const std::uint32_t at = stack_.empty() ? 0 : stack_.back().arr ? stack_.back().slot : pending_slot_;
  // Without a hint: the largest width of the objects closed in the same slot, and 4 members for
  // a slot not seen yet (the nested objects of configuration documents mostly hold 1 to 6; the
  // 1, 2, 4 growth steps cost an allocation and a move each).
  if (size_hint == 0) size_hint = widths_[at] ? widths_[at] : 4;
  object& o = slot().emplace<object>();
  o.reserve(size_hint < reserve_cap_ ? size_hint : reserve_cap_);
  if (!unique_keys_) keys_.open(stack_.size());
  stack_.push_back({&o, nullptr, at});
  return true;
}

TOON_FUNC bool value_builder::end_object() {
  // At most max_width: an object of 10^5 members must not make every later object under a key
  // of its slot reserve that many (memory in proportion to the input squared); wider objects grow.
  const std::size_t n = stack_.back().obj->size();
  std::uint8_t& w = widths_[stack_.back().slot];
  if (n > w) w = static_cast<std::uint8_t>(n < max_width ? n : max_width);
  stack_.pop_back();
  return true;
}

TOON_FUNC bool value_builder::start_array(std::size_t size, std::size_t) {
  // The elements' slot: derived from the array's key (another slot than the key's own objects).
  const std::uint32_t at = stack_.empty() || stack_.back().arr ? 1 : (pending_slot_ + 1) % width_slots;
  array& a = slot().emplace<array>();
  if (size) a.reserve(size < reserve_cap_ ? size : reserve_cap_);
  stack_.push_back({nullptr, &a, at});
  return true;
}

TOON_FUNC bool value_builder::end_array() {
  stack_.pop_back();
  return true;
}

TOON_FUNC bool value_builder::key(std::string_view k, std::size_t) {
  // The member is created here, with its key built once from the view (valid only during the
  // call); slot() hands it out for the value. A repeated key (non-strict mode) replaces the earlier
  // value in place.
  object& o = *stack_.back().obj;
  pending_slot_ = key_slot(k);
  if (unique_keys_) {
    pending_ = &o.append(k);
    return true;
  }
  const std::size_t level = stack_.size() - 1;
  const std::size_t at = keys_.find(level, k, o.size(), [&o](std::size_t i) -> std::string_view {
    return (o.begin() + static_cast<std::ptrdiff_t>(i))->key;
  });
  if (at != key_index_stack::npos) {
    pending_ = &(o.begin() + static_cast<std::ptrdiff_t>(at))->value;
    return true;
  }
  keys_.added(level, k, o.size());
  pending_ = &o.append(k);
  return true;
}

TOON_FUNC bool value_builder::begin_table(const std::string_view* names, std::size_t count, std::size_t) {
  columns_.assign(names, names + count);
  columns_repeat_ = false;
  if (unique_keys_) return true;
  // Non-strict mode: a repeated column's cells go to its first occurrence (found once per
  // table, not once per row and column).
  column_slot_.assign(count, 0);
  std::unordered_map<std::string_view, std::size_t> first;
  first.reserve(count);
  for (std::size_t j = 0; j < count; ++j) {
    auto [it, added] = first.try_emplace(columns_[j], first.size());
    column_slot_[j] = it->second;
    columns_repeat_ = columns_repeat_ || !added;
  }
  return true;
}

TOON_FUNC bool value_builder::table_row(const scalar* cells, std::size_t count, std::size_t) {
  object& o = slot().emplace<object>();
  o.reserve(count);
  for (std::size_t j = 0; j < count; ++j) {
    // A repeated column (non-strict mode only): the last cell wins, at the first position.
    value* v = columns_repeat_ && column_slot_[j] < o.size()
                   ? &(o.begin() + static_cast<std::ptrdiff_t>(column_slot_[j]))->value
                   : &o.append(columns_[j]);
    assign(*v, cells[j]);
  }
  return true;
}

// The slot is filled with emplace() (see assign() in value_events.cpp for why not `slot() = b`).
TOON_FUNC bool value_builder::null_value(std::size_t) { slot().emplace<std::nullptr_t>(); return true; }
TOON_FUNC bool value_builder::bool_value(bool b, std::size_t) { slot().emplace<bool>(b); return true; }
TOON_FUNC bool value_builder::int_value(std::int64_t i, std::size_t) { slot().emplace<std::int64_t>(i); return true; }
TOON_FUNC bool value_builder::uint_value(std::uint64_t u, std::size_t) { slot().emplace<std::uint64_t>(u); return true; }
TOON_FUNC bool value_builder::double_value(double d, std::size_t) { slot().emplace<double>(d); return true; }
TOON_FUNC bool value_builder::big_integer_value(std::string_view digits, std::size_t) {
  slot().emplace<big_integer>(big_integer{std::string(digits)});
  return true;
}
TOON_FUNC bool value_builder::string_value(std::string_view s, std::size_t) {
  // Built before the slot is taken, and moved in (emplace<std::string>(s) would go through a
  // temporary variant).
  std::string text(s);
  slot().emplace<std::string>(std::move(text));
  return true;
}

// ---- the reader's lines ------------------------------------------------------------------------

TOON_FUNC std::size_t value_builder::current_keys() {
  const object& o = *stack_.back().obj;
  if (o.size() >= 32) return 32;
  seed_bytes_.clear();
  for (const member& m : o) seed_bytes_ += m.key;
  std::size_t n = 0, at = 0;
  for (const member& m : o) {
    keys_seen_[n++] = std::string_view(seed_bytes_).substr(at, m.key.size());
    at += m.key.size();
  }
  return n;
}

TOON_FUNC void value_builder::take(const node_member& m, bool member) {
  open_container& c = stack_.back();
  if (!member) {
    copy_node_into(m.value, c.arr->emplace_back());
    return;
  }
  copy_node_into(m.value, c.obj->append(m.key()));
  c.taken_end = static_cast<std::uint32_t>(c.obj->size());
}

TOON_FUNC const char* value_builder::field_lines(const char* p, const field_run& run, std::size_t& lines) {
  return reader_->read_fields(p, run, lines, keys_seen_, current_keys());
}

TOON_FUNC bool value_builder::field_line(const char* k, const char* e) {
  return reader_->read_field_line(k, e, keys_seen_, current_keys());
}

// Only the members the reader took (the first taken_end, fewer than 32): the parser checks the
// others in its own key store.
TOON_FUNC bool value_builder::field_seen(std::string_view k) {
  const open_container& c = stack_.back();
  const object& o = *c.obj;
  auto it = o.begin();
  for (std::uint32_t i = 0; i < c.taken_end; ++i, ++it)
    if (it->key == k) return true;
  return false;
}

TOON_FUNC const char* value_builder::list_items(const char* p, const field_run& run, std::size_t count,
                                                std::size_t& lines) {
  array& a = *stack_.back().arr;
  const std::size_t before = a.size();
  const char* q = reader_->read_items(p, run, count, lines);
  if (!q) a.erase(a.begin() + static_cast<std::ptrdiff_t>(before), a.end());  // the items it gave before declining
  return q;
}

}  // namespace toon::detail

namespace toon {

TOON_FUNC result<value> decode(std::string_view text, const decode_options& options) {
  // The objects' members from chunks rather than one heap block each (member_arena.hpp).
  detail::member_arena arena(text.size());
  detail::value_builder builder(options.strict, text.size());
  // The lines the document builder reads straight from the text become nodes in its arena
  // first, then the builder's values (copy_node_into), one member or list item at a time:
  // cheaper than the parser's events for them.
  document scratch;
  detail::document_builder reader(scratch, text.size() / 2, options.strict);
  reader.view_input(text, builder);
  builder.read_lines_with(&reader);
  // The parser bound to the builder at compile time (bound_parse.hpp).
  result<void> r = detail::decode_whole_bound<detail::value_builder, detail::value_builder>(text, builder, &builder, options);
  if (!r) return r.error();
  return std::move(builder.result());
}

TOON_FUNC value decode_or_throw(std::string_view text, const decode_options& options) {
  return decode(text, options).value();
}

}  // namespace toon
