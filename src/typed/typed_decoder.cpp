// The type-erased engine of typed decoding: event routing through the frame stack, error
// reporting (paths and positions built only on failure), skipping, and toon::value targets.
#include "toon/detail/typed_decoder.hpp"
#include "toon/detail/linkage.hpp"

#include <utility>

#include "toon/detail/value_events.hpp"
#include "toon/stream.hpp"
#include "../common/edit_distance.hpp"
#include "../common/key_index.hpp"
#include "../parse/push_parser.hpp"
#include "../parse/token.hpp"

namespace toon::detail {

TOON_FUNC std::string_view found_name(primitive_event::kind k) noexcept {
  switch (k) {
    case primitive_event::kind::null: return "null";
    case primitive_event::kind::boolean: return "boolean";
    case primitive_event::kind::integer:
    case primitive_event::kind::uinteger:
    case primitive_event::kind::real:
    case primitive_event::kind::big_integer: return "number";
    case primitive_event::kind::string: return "string";
  }
  return "value";
}

TOON_FUNC std::string found_text(const primitive_event& ev) {
  std::string out(found_name(ev.type));
  if (ev.type != primitive_event::kind::string) return out;
  const char* lower = ev.text == "True" ? "true" : ev.text == "False" ? "false" : ev.text == "None" ? "null" : nullptr;
  if (!lower) return out;
  out += " ";
  out += ev.text;
  out += " (a Python literal: TOON writes ";
  out += lower;
  out += ")";
  return out;
}

TOON_FUNC void append_json_escaped(std::string& out, std::string_view s) {
  static constexpr char hex[] = "0123456789abcdef";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          out += "\\u00";
          out += hex[(static_cast<unsigned char>(c) >> 4) & 0xF];
          out += hex[static_cast<unsigned char>(c) & 0xF];
        } else {
          out += c;
        }
    }
  }
}

namespace {

// ---- skipping ---------------------------------------------------------------------------------

bool skip_key(typed_decoder&, frame&, std::string_view, std::size_t) { return true; }
slot skip_next(typed_decoder&, frame&, std::size_t) { return {nullptr, &typed_decoder::skip_ops}; }
bool skip_end(typed_decoder&, frame&) { return true; }
void no_segment(const frame&, std::string&) {}

constexpr frame_ops skip_frame_ops{&skip_key, &skip_next, nullptr, &skip_end, &no_segment, nullptr};

bool skip_primitive(typed_decoder&, void*, const primitive_event&) { return true; }
bool skip_start(typed_decoder& d, void*, std::size_t, std::size_t offset) {
  d.skip_container(offset);
  return true;
}
void describe_any(std::string& out) { out += "any value"; }

// ---- toon::value targets ----------------------------------------------------------------------

// Object frame over a toon::object: `index` is the pending member; non-strict mode, once the
// object has key_index_stack::linear_limit members, `extra` owns a key_position_map of them.
bool dyn_object_key(typed_decoder& d, frame& f, std::string_view k, std::size_t) {
  object& o = *static_cast<object*>(f.target);
  auto* index = static_cast<key_position_map*>(f.extra);
  if (!d.options().strict) {  // a repeated key replaces the earlier value in place
    std::size_t at = key_index_stack::npos;
    if (!index && o.size() < key_index_stack::linear_limit) {
      std::size_t i = 0;
      for (const member& m : o) {
        if (m.key == k) {
          at = i;
          break;
        }
        ++i;
      }
    } else {
      if (!index) {
        index = new key_position_map();
        f.extra = index;
        index->reserve(2 * o.size());
        std::size_t i = 0;
        for (const member& m : o) index->try_emplace(m.key, i++);
      }
      if (auto it = index->find(k); it != index->end()) at = it->second;
    }
    if (at != key_index_stack::npos) {
      member& m = *(o.begin() + static_cast<std::ptrdiff_t>(at));
      m.value = value();
      f.index = at;
      f.pending = {&m.value, &dynamic_value_ops};
      return true;
    }
  }
  o.emplace_back(std::string(k), value());
  if (index) index->try_emplace(std::string(k), o.size() - 1);
  f.index = o.size() - 1;
  f.pending = {&(o.begin() + static_cast<std::ptrdiff_t>(f.index))->value, &dynamic_value_ops};
  return true;
}
slot pending_next(typed_decoder&, frame& f, std::size_t) { return f.pending; }
bool dyn_end(typed_decoder&, frame&) { return true; }
void dyn_object_segment(const frame& f, std::string& path) {
  const object& o = *static_cast<const object*>(f.target);
  if (f.index < o.size())
    typed_decoder::append_key_segment(path, (o.begin() + static_cast<std::ptrdiff_t>(f.index))->key);
}
void dyn_object_destroy(frame& f) noexcept {
  delete static_cast<key_position_map*>(f.extra);
  f.extra = nullptr;
}
constexpr frame_ops dyn_object_frame{&dyn_object_key, &pending_next, nullptr, &dyn_end, &dyn_object_segment,
                                     &dyn_object_destroy};

// Array frame over a toon::array: `index` counts the elements begun.
bool no_key(typed_decoder&, frame&, std::string_view, std::size_t) { return false; }
slot dyn_array_next(typed_decoder&, frame& f, std::size_t) {
  array& a = *static_cast<array*>(f.target);
  a.emplace_back();
  f.index = a.size();
  return {&a.back(), &dynamic_value_ops};
}
void dyn_array_segment(const frame& f, std::string& path) {
  if (f.index > 0) typed_decoder::append_index_segment(path, f.index - 1);
}
constexpr frame_ops dyn_array_frame{&no_key, &dyn_array_next, nullptr, &dyn_end, &dyn_array_segment, nullptr};

void open_object(typed_decoder& d, object& o, std::size_t hint, std::size_t offset) {
  if (hint) o.reserve(d.reserve_for(hint));
  frame f;
  f.ops = &dyn_object_frame;
  f.target = &o;
  f.start = offset;
  d.push(f);
}
void open_array(typed_decoder& d, array& a, std::size_t size, std::size_t offset) {
  if (size) a.reserve(d.reserve_for(size));
  frame f;
  f.ops = &dyn_array_frame;
  f.target = &a;
  f.start = offset;
  d.push(f);
}

bool value_primitive(typed_decoder&, void* p, const primitive_event& ev) {
  assign(*static_cast<value*>(p), ev);
  return true;
}
bool value_start_object(typed_decoder& d, void* p, std::size_t hint, std::size_t offset) {
  value& v = *static_cast<value*>(p);
  v = object{};
  open_object(d, v.as_object(), hint, offset);
  return true;
}
bool value_start_array(typed_decoder& d, void* p, std::size_t size, std::size_t offset) {
  value& v = *static_cast<value*>(p);
  v = array{};
  open_array(d, v.as_array(), size, offset);
  return true;
}

void describe_array(std::string& out) { out += "array"; }
void describe_object(std::string& out) { out += "object"; }

bool array_primitive(typed_decoder& d, void*, const primitive_event& ev) {
  return d.mismatch(&describe_array, found_name(ev.type), ev.offset);
}
bool array_start_object(typed_decoder& d, void*, std::size_t, std::size_t offset) {
  return d.reject_container(&describe_array, true, offset);
}
bool array_start_array(typed_decoder& d, void* p, std::size_t size, std::size_t offset) {
  array& a = *static_cast<array*>(p);
  a.clear();
  open_array(d, a, size, offset);
  return true;
}

bool object_primitive(typed_decoder& d, void*, const primitive_event& ev) {
  return d.mismatch(&describe_object, found_name(ev.type), ev.offset);
}
bool object_start_object(typed_decoder& d, void* p, std::size_t hint, std::size_t offset) {
  object& o = *static_cast<object*>(p);
  o.clear();
  open_object(d, o, hint, offset);
  return true;
}
bool object_start_array(typed_decoder& d, void*, std::size_t, std::size_t offset) {
  return d.reject_container(&describe_object, false, offset);
}

}  // namespace

TOON_VAR const type_ops typed_decoder::skip_ops{&skip_primitive, &skip_start, &skip_start, &describe_any};
TOON_VAR const type_ops dynamic_value_ops{&value_primitive, &value_start_object, &value_start_array, &describe_any};
TOON_VAR const type_ops dynamic_array_ops{&array_primitive, &array_start_object, &array_start_array, &describe_array};
TOON_VAR const type_ops dynamic_object_ops{&object_primitive, &object_start_object, &object_start_array, &describe_object};

// ---- the decoder ------------------------------------------------------------------------------

TOON_FUNC typed_decoder::typed_decoder(std::string_view text, const decode_options& options, bool locate) noexcept
    : text_(text), options_(options), locate_(locate) {
  receive_rows();
}

TOON_FUNC typed_decoder::~typed_decoder() {
  while (!frames_.empty()) pop();
}

TOON_FUNC void typed_decoder::pop() noexcept {
  frame& f = frames_.back();
  if (f.ops->destroy) f.ops->destroy(f);
  frames_.pop_back();
}

TOON_FUNC result<void> typed_decoder::run() {
  frames_.reserve(16);
  bits_.reserve(16);
  return finish(decode_typed(text_, *this, options_));
}

TOON_FUNC result<void> typed_decoder::run(const value& v) {
  frames_.reserve(16);
  bits_.reserve(16);
  if (replay(v, *this, 0)) return finish({});
  return finish(failure());
}

TOON_FUNC result<void> typed_decoder::finish(result<void> r) {
  if (errors_.empty()) return r;
  error first = std::move(errors_.front());
  for (std::size_t i = 1; i < errors_.size(); ++i) first.more.push_back(std::move(errors_[i]));
  // A syntax error after collected field errors comes last, in document order.
  if (!r.has_value() && !aborted_) first.more.push_back(r.error());
  errors_.clear();
  return first;
}

TOON_FUNC slot typed_decoder::current_slot(std::size_t offset) {
  if (forced_) {
    forced_ = false;
    return forced_slot_;
  }
  if (frames_.empty()) return root_;
  frame& f = frames_.back();
  return f.ops->next(*this, f, offset);
}

TOON_FUNC bool typed_decoder::primitive(const primitive_event& ev) {
  slot s = current_slot(ev.offset);
  if (!s.ops->primitive(*this, s.target, ev)) return false;
  return value_done();
}

TOON_FUNC bool typed_decoder::value_done() {
  while (!frames_.empty()) {
    frame& f = frames_.back();
    if (!f.ops->done) return true;
    switch (f.ops->done(*this, f)) {
      case done_action::keep: return true;
      case done_action::abort: return false;
      case done_action::pop: pop(); break;
    }
  }
  return true;
}

TOON_FUNC bool typed_decoder::end_container() {
  frame& f = frames_.back();
  if (!f.ops->end(*this, f)) return false;
  pop();
  return value_done();
}

TOON_FUNC bool typed_decoder::start_object(std::size_t size_hint, std::size_t offset) {
  slot s = current_slot(offset);
  return s.ops->start_object(*this, s.target, size_hint, offset);
}
TOON_FUNC bool typed_decoder::end_object() { return end_container(); }
TOON_FUNC bool typed_decoder::start_array(std::size_t size, std::size_t offset) {
  slot s = current_slot(offset);
  return s.ops->start_array(*this, s.target, size, offset);
}
TOON_FUNC bool typed_decoder::end_array() { return end_container(); }
TOON_FUNC bool typed_decoder::key(std::string_view k, std::size_t offset) {
  frame& f = frames_.back();
  return f.ops->key(*this, f, k, offset);
}

TOON_FUNC bool typed_decoder::null_value(std::size_t offset) {
  primitive_event ev;
  ev.offset = offset;
  return primitive(ev);
}
TOON_FUNC bool typed_decoder::bool_value(bool b, std::size_t offset) {
  primitive_event ev;
  ev.type = primitive_event::kind::boolean;
  ev.b = b;
  ev.offset = offset;
  return primitive(ev);
}
TOON_FUNC bool typed_decoder::int_value(std::int64_t i, std::size_t offset) {
  primitive_event ev;
  ev.type = primitive_event::kind::integer;
  ev.i = i;
  ev.offset = offset;
  return primitive(ev);
}
TOON_FUNC bool typed_decoder::uint_value(std::uint64_t u, std::size_t offset) {
  primitive_event ev;
  ev.type = primitive_event::kind::uinteger;
  ev.u = u;
  ev.offset = offset;
  return primitive(ev);
}
TOON_FUNC bool typed_decoder::double_value(double d, std::size_t offset) {
  primitive_event ev;
  ev.type = primitive_event::kind::real;
  ev.d = d;
  ev.offset = offset;
  return primitive(ev);
}
TOON_FUNC bool typed_decoder::big_integer_value(std::string_view digits, std::size_t offset) {
  primitive_event ev;
  ev.type = primitive_event::kind::big_integer;
  ev.text = digits;
  ev.offset = offset;
  return primitive(ev);
}
TOON_FUNC bool typed_decoder::string_value(std::string_view s, std::size_t offset) {
  primitive_event ev;
  ev.type = primitive_event::kind::string;
  ev.text = s;
  ev.offset = offset;
  return primitive(ev);
}

// ---- table rows ----------------------------------------------------------------------------------

TOON_FUNC bool typed_decoder::begin_table(const std::string_view* names, std::size_t count, std::size_t) {
  columns_.assign(names, names + count);
  columns_ops_ = nullptr;
  columns_in_order_ = false;
  // Rows as lines when the table fills a sequence of objects whose fields are its columns in
  // declaration order (forced_: a replayed value, never a table of the parser).
  line_ops_ = nullptr;
  if (!forced_ && !frames_.empty()) {
    const frame_ops* ops = frames_.back().ops;
    if (ops->line_columns && ops->line_columns(names, count)) line_ops_ = ops;
  }
  return true;
}

// A row is what start_object, then key and value per cell, then end_object would do; the key
// lookups are done once per table (per element frame type) instead of once per cell.
TOON_FUNC bool typed_decoder::table_row(const scalar* cells, std::size_t count, std::size_t offset) {
  if (!start_object(count, offset)) return false;
  const std::size_t at = frames_.size() - 1;
  const frame_ops* ops = frames_[at].ops;
  if (!ops->field_index) {  // not a plain object (variant, dynamic value, skipped value, ...)
    for (std::size_t j = 0; j < count; ++j)
      if (!key(columns_[j], offset) || !primitive(cells[j])) return false;
    return end_object();
  }
  if (ops != columns_ops_) {
    columns_ops_ = ops;
    column_fields_.resize(count);
    for (std::size_t j = 0; j < count; ++j) column_fields_[j] = ops->field_index(columns_[j]);
  }
  if (!ops->row(*this, at, column_fields_.data(), columns_.data(), cells, count, offset)) return false;
  return end_object();
}

// ---- text: unquoted primitives (detail/text_sink.hpp) --------------------------------------------

TOON_FUNC bool typed_decoder::take_classified(slot s, std::string_view token, std::size_t offset) {
  primitive_event ev;
  scan_error e;
  parse_primitive(token, scratch_, ev, e);  // an unquoted token always classifies
  ev.offset = offset;
  return s.ops->primitive(*this, s.target, ev);
}

TOON_FUNC bool typed_decoder::text_value(std::string_view token, std::size_t offset) {
  const slot s = current_slot(offset);
  return take_text(s, token, offset) && value_done();
}

TOON_FUNC bool typed_decoder::key_text(std::string_view k, std::size_t key_offset, std::string_view token,
                                       std::size_t offset) {
  const std::size_t at = frames_.size() - 1;
  const frame_ops* ops = frames_[at].ops;
  if (ops->key_text) return ops->key_text(*this, at, k, key_offset, token, offset);
  return key(k, key_offset) && text_value(token, offset);
}

TOON_FUNC bool typed_decoder::take_string(slot s, std::string_view text, std::size_t offset) {
  primitive_event ev;
  ev.type = primitive_event::kind::string;
  ev.text = text;
  ev.offset = offset;
  return s.ops->primitive(*this, s.target, ev);
}

TOON_FUNC bool typed_decoder::text_row(const text_cell* cells, std::size_t count, std::size_t offset) {
  if (!start_object(count, offset)) return false;
  const std::size_t at = frames_.size() - 1;
  const frame_ops* ops = frames_[at].ops;
  if (!ops->field_index || !ops->text_row) {  // not a plain object: key and value per cell
    for (std::size_t j = 0; j < count; ++j) {
      if (!key(columns_[j], offset)) return false;
      const slot s = current_slot(cells[j].offset);
      if (!take_cell(s, cells[j]) || !value_done()) return false;
    }
    return end_object();
  }
  if (ops != columns_ops_) {
    columns_ops_ = ops;
    column_fields_.resize(count);
    columns_in_order_ = ops->ordered_row && count == ops->field_count;
    for (std::size_t j = 0; j < count; ++j) {
      column_fields_[j] = ops->field_index(columns_[j]);
      columns_in_order_ = columns_in_order_ && column_fields_[j] == j;
    }
  }
  if (columns_in_order_) {
    if (!ops->ordered_row(*this, at, cells)) return false;
    pop();  // every field seen: nothing for end() to check
    return value_done();
  }
  if (!ops->text_row(*this, at, column_fields_.data(), columns_.data(), cells, count, offset)) return false;
  return end_object();
}

// ---- errors -----------------------------------------------------------------------------------

namespace {

// Sets e's position for `offset` of `text` (when `locate`), or through the stream.
void locate_error(error& e, std::size_t offset, std::string_view text, bool locate, const stream_decoder* stream) {
  if (locate) {
    // As decode_events() does: a leading byte order mark is not part of the document.
    std::string_view body = text;
    std::size_t at = offset;
    if (body.substr(0, 3) == "\xEF\xBB\xBF") {
      body.remove_prefix(3);
      at = at > 3 ? at - 3 : 0;
    }
    set_location(e, body, at);
  } else if (stream) {
    stream->locate(offset, e);
  }
}

}  // namespace

TOON_FUNC bool typed_decoder::report(error_code code, std::string message, std::size_t offset) {
  return report_at(code, std::move(message), offset, path_of(frames_.size()));
}

TOON_FUNC bool typed_decoder::report_at(error_code code, std::string message, std::size_t offset, std::string path) {
  error e;
  e.code = code;
  e.message = std::move(message);
  e.path = std::move(path);
  locate_error(e, offset, text_, locate_, stream_);
  if (options_.collect_all_errors) {
    errors_.push_back(std::move(e));
    return true;
  }
  aborted_ = true;
  fail(code, e.message, offset);
  errors_.push_back(std::move(e));
  return false;
}

TOON_FUNC void typed_decoder::record_repair(repair_kind kind, std::string message, std::size_t offset) {
  if (!options_.repairs) return;
  error where;  // located as errors are
  locate_error(where, offset, text_, locate_, stream_);
  repair r;
  r.kind = kind;
  r.line = where.line;
  r.column = where.column;
  r.path = path_of(frames_.size());
  r.message = std::move(message);
  options_.repairs->push_back(std::move(r));
}

TOON_FUNC bool typed_decoder::number_in_string(const primitive_event& ev, primitive_event& out) {
  if (ev.type != primitive_event::kind::string || ev.text.empty() || ev.text[0] == '"') return false;
  std::string scratch;
  scan_error e;
  if (!parse_primitive(ev.text, scratch, out, e)) return false;
  using kind = primitive_event::kind;
  if (out.type != kind::integer && out.type != kind::uinteger && out.type != kind::real &&
      out.type != kind::big_integer)
    return false;
  out.offset = ev.offset;
  std::string message = "a number in a string, \"";
  append_json_escaped(message, ev.text);
  message += "\"; read as the number ";
  message += ev.text;
  record_repair(repair_kind::number_in_string, std::move(message), ev.offset);
  return true;
}

TOON_FUNC void typed_decoder::append_suggestion(std::string& message, std::string_view name, std::size_t count,
                                      std::string_view (*name_of)(const void*, std::size_t), const void* context) {
  const std::size_t i = closest_name(name, count, [&](std::size_t k) { return name_of(context, k); });
  if (i == count) return;
  message += "; did you mean `";
  message += name_of(context, i);
  message += "`?";
}

TOON_FUNC bool typed_decoder::mismatch(void (*describe)(std::string&), std::string_view found, std::size_t offset) {
  std::string message = "expected ";
  describe(message);
  message += ", found ";
  message += found;
  return report(error_code::type_mismatch, std::move(message), offset);
}

TOON_FUNC bool typed_decoder::reject_container(void (*describe)(std::string&), bool is_object, std::size_t offset) {
  std::string_view found = is_object ? "object" : "array";
  if (is_object && !frames_.empty()) {
    // A field's `tags:` followed by YAML-style `- ` items opens an object: say how TOON writes a list.
    std::string wanted;
    describe(wanted);
    if (wanted.rfind("array", 0) == 0)
      found = "object (`key:` alone opens an object; a TOON array is written `key[N]: a,b` or `key[N]:` with `- ` "
              "items indented under it)";
  }
  if (!mismatch(describe, found, offset)) return false;
  skip_container(offset);
  return true;
}

TOON_FUNC void typed_decoder::skip_container(std::size_t offset) {
  frame f;
  f.ops = &skip_frame_ops;
  f.start = offset;
  frames_.push_back(f);
}

TOON_FUNC void typed_decoder::skip_top() noexcept {
  frame& f = frames_.back();
  if (f.ops->destroy) f.ops->destroy(f);
  const std::size_t start = f.start;
  f = frame{};
  f.ops = &skip_frame_ops;
  f.start = start;
}

TOON_FUNC std::string typed_decoder::path_of(std::size_t frame_count) const {
  std::string path;
  for (std::size_t i = 0; i < frame_count && i < frames_.size(); ++i) frames_[i].ops->segment(frames_[i], path);
  return path;
}

TOON_FUNC void typed_decoder::append_key_segment(std::string& path, std::string_view key) {
  auto alpha = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; };
  bool identifier = !key.empty() && alpha(key[0]);
  for (std::size_t i = 1; identifier && i < key.size(); ++i)
    identifier = alpha(key[i]) || (key[i] >= '0' && key[i] <= '9');
  if (identifier) {
    if (!path.empty()) path += '.';
    path += key;
  } else {
    path += "[\"";
    append_json_escaped(path, key);
    path += "\"]";
  }
}

TOON_FUNC void typed_decoder::append_index_segment(std::string& path, std::size_t i) {
  path += '[';
  path += std::to_string(i);
  path += ']';
}

TOON_FUNC bool typed_decoder::replay_into(const value& v, slot target, std::size_t offset) {
  forced_ = true;
  forced_slot_ = target;
  bool ok = replay(v, *this, offset);
  forced_ = false;
  return ok;
}

}  // namespace toon::detail
