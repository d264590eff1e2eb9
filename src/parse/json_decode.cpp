// decode_to_json (json_writer.hpp): the parser bound to the JSON writer at compile time, in its
// own translation unit (see bound_parse.hpp), and the writer's side of the lines the document
// builder reads for it (text_sink::field_lines, list_items; line_consumer).
#include "toon/detail/linkage.hpp"

#include "../document/document_builder.hpp"
#include "../json/json_writer.hpp"
#include "bound_parse.hpp"

namespace toon::detail {

namespace {

// A node of the reader's and everything under it, as emit_value() writes the same value.
void emit_node(json_emitter& em, const node& n) {
  switch (n.type()) {
    case node::kind::null: em.null_value(); break;
    case node::kind::boolean: em.bool_value(n.as_bool()); break;
    case node::kind::integer: em.int_value(n.as_int64()); break;
    case node::kind::uinteger: em.uint_value(n.as_uint64()); break;
    case node::kind::real: em.double_value(n.as_double()); break;
    case node::kind::big_integer: em.big_integer_value(n.as_big_integer()); break;
    case node::kind::string: em.string_value(n.as_string()); break;
    case node::kind::array:
      em.begin_array();
      for (const node& e : n.elements()) emit_node(em, e);
      em.end_array();
      break;
    case node::kind::object:
      em.begin_object();
      for (const node_member& m : n.members()) {
        em.key(m.key());
        emit_node(em, m.value);
      }
      em.end_object();
      break;
  }
}

}  // namespace

// ---- the reader's lines -------------------------------------------------------------------------

TOON_FUNC std::size_t json_event_writer::current_keys() {
  if (key_frames_.empty()) return 32;  // no object open through start_object(): nothing is read
  const key_frame& f = key_frames_.back();
  const std::size_t kept = f.count < 32 ? f.count : 32;
  std::size_t at = f.begin == 0 ? 0 : key_ends_[f.begin - 1];
  for (std::size_t i = 0; i < kept; ++i) {
    keys_seen_[i] = std::string_view(key_bytes_).substr(at, key_ends_[f.begin + i] - at);
    at = key_ends_[f.begin + i];
  }
  return kept;
}

TOON_FUNC void json_event_writer::take(const node_member& m, bool member) {
  if (member) {
    emitter_.key(m.key());
    taken_keys_.push_back(m.key());
  }
  emit_node(emitter_, m.value);
}

TOON_FUNC const char* json_event_writer::field_lines(const char* p, const field_run& run, std::size_t& lines) {
  taken_keys_.clear();
  const char* q = reader_->read_fields(p, run, lines, keys_seen_, current_keys());
  for (std::string_view k : taken_keys_) record_key(k);  // after the read: its keys view key_bytes_
  return q;
}

TOON_FUNC bool json_event_writer::field_line(const char* k, const char* e) {
  taken_keys_.clear();
  const bool taken = reader_->read_field_line(k, e, keys_seen_, current_keys());
  for (std::string_view key : taken_keys_) record_key(key);
  return taken;
}

// Any key of the innermost object among the first 32 (those the reader took are among them: it
// reads no line of an object holding 32): the parser checks all of its own keys besides.
TOON_FUNC bool json_event_writer::field_seen(std::string_view k) {
  const std::size_t n = current_keys();
  for (std::size_t i = 0; i < n; ++i)
    if (keys_seen_[i] == k) return true;
  return false;
}

TOON_FUNC const char* json_event_writer::list_items(const char* p, const field_run& run, std::size_t count,
                                                    std::size_t& lines) {
  const json_emitter::mark before = emitter_.position();
  const char* q = reader_->read_items(p, run, count, lines);
  if (!q) emitter_.rewind(before);  // the items it gave before declining
  return q;
}

TOON_FUNC result<void> decode_to_json(std::string_view text, json_event_writer& writer, const decode_options& options) {
  // The lines the document builder reads straight from the text become nodes in its arena
  // first, then JSON, one member or list item at a time: cheaper than the parser's events for
  // them.
  document scratch;
  document_builder reader(scratch, text.size() / 2, options.strict);
  reader.view_input(text, writer);
  writer.read_lines_with(&reader);
  result<void> r = decode_whole_bound(text, writer, &writer, options);
  writer.read_lines_with(nullptr);
  return r;
}

}  // namespace toon::detail
