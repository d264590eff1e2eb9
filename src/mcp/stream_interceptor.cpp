// Tool calls inside an LLM token stream (toon/mcp/stream_interceptor.hpp, docs/streaming.md).
//
// A byte-driven state machine. Every byte is appended either to the narrative run (narr_,
// delivered at the end of each feed) or to the held-back candidate (held_); narr_ always ends
// where held_ starts. A candidate is decided by a byte: completed (a call, or narrative when
// its text is not one), or rejected early (its bytes become narrative and the rejecting byte is
// looked at again in the base state). An unfenced TOON block ends with the line after it, whose
// bytes (at most one short line) are looked at again too. So every byte is examined a bounded
// number of times, and every decision depends on the bytes only, not on the chunking.
#include "toon/mcp/stream_interceptor.hpp"
#include "toon/detail/linkage.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <type_traits>
#include <utility>

#include "../extract/markdown.hpp"
#include "toon/dsl/mcp_dsl.hpp"
#include "toon/json.hpp"
#include "toon/stream.hpp"

namespace toon::mcp {

TOON_FUNC std::string_view to_string(call_syntax syntax) noexcept {
  switch (syntax) {
    case call_syntax::json_object: return "json_object";
    case call_syntax::json_fence: return "json_fence";
    case call_syntax::toon_fence: return "toon_fence";
    case call_syntax::toon_block: return "toon_block";
    case call_syntax::dsl_request: return "dsl_request";
    case call_syntax::dsl_fence: return "dsl_fence";
    case call_syntax::tool_call_tag: return "tool_call_tag";
    case call_syntax::tool_calls_marker: return "tool_calls_marker";
    case call_syntax::python_tag: return "python_tag";
  }
  return "unknown";
}

TOON_FUNC std::string_view to_string(piece_kind kind) noexcept {
  switch (kind) {
    case piece_kind::narrative: return "narrative";
    case piece_kind::tool_call: return "tool_call";
    case piece_kind::invalid_call: return "invalid_call";
  }
  return "unknown";
}

namespace {

constexpr std::array<std::string_view, 4> name_keys{"tool", "name", "tool_name", "action"};
constexpr std::array<std::string_view, 7> argument_keys{"arguments", "args",         "parameters", "params",
                                                        "input",     "action_input", "tool_input"};
constexpr std::array<std::string_view, 3> meta_keys{"id", "type", "call_id"};

template <std::size_t N>
bool one_of(std::string_view key, const std::array<std::string_view, N>& keys) noexcept {
  return std::find(keys.begin(), keys.end(), key) != keys.end();
}

error invalid(std::string message) { return error{error_code::type_mismatch, std::move(message)}; }

// `x` moved from when it is mutable (the caller gives the value up: the interceptor's parsed
// JSON), else copied (the public functions' const inputs).
template <class T>
auto&& give(T& x) noexcept {
  if constexpr (std::is_const_v<T>) return x;
  else return std::move(x);
}

// The arguments `v` stands for: an object, null ({}), or a string of JSON holding an object
// (OpenAI's `"arguments": "{\"path\":...}"`).
template <class V>
result<value> arguments_of(V& v) {
  if (v.is_object()) return value(give(v));
  if (v.is_null()) return value(toon::object{});
  if (v.is_string()) {
    result<value> parsed = from_json(v.as_string(), json_read_options{.replace_lone_surrogates = true});
    if (!parsed) return invalid("the arguments string is not JSON: " + parsed.error().message);
    if (!parsed->is_object()) return invalid("the arguments string does not hold a JSON object");
    return parsed;
  }
  return invalid("the arguments are not an object");
}

}  // namespace

namespace {

// The call object inside {"function": {...}} / {"tool_call": {...}} (meta keys beside it), or v.
template <class V>
V& unwrap_call(V& v) noexcept {
  V* at = &v;
  for (;;) {
    if (!at->is_object()) return *at;
    V* inner = nullptr;
    bool only_meta = true;
    for (auto& m : at->as_object()) {
      if ((m.key == "function" || m.key == "function_call" || m.key == "tool_call") && m.value.is_object() &&
          inner == nullptr)
        inner = &m.value;
      else if (!one_of(m.key, meta_keys)) only_meta = false;
    }
    if (inner == nullptr || !only_meta) return *at;
    at = inner;
  }
}

// Keys that make an object a tool's description rather than a call.
constexpr std::array<std::string_view, 3> description_keys{"description", "inputSchema", "input_schema"};

// Whether `v` is a JSON Schema of an object (a tool's parameters, not arguments).
bool is_object_schema(const value& v) noexcept {
  if (!v.is_object()) return false;
  const value* type = v.find("type");
  const value* properties = v.find("properties");
  return type != nullptr && type->is_string() && type->as_string() == "object" && properties != nullptr &&
         properties->is_object();
}

// call_from_value() of `input`; a mutable `input` is given up (its name and arguments moved
// into the call, not copied).
template <class V>
std::optional<result<intercepted_call>> call_of(V& input) {
  V& v = unwrap_call(input);
  if (!v.is_object()) return std::nullopt;
  auto& o = v.as_object();

  V* name = nullptr;
  std::string_view name_key;
  V* args = nullptr;
  bool unknown_keys = false;
  for (auto& m : o) {
    if (name == nullptr && one_of(m.key, name_keys)) {
      name = &m.value;
      name_key = m.key;
    } else if (args == nullptr && one_of(m.key, argument_keys)) {
      args = &m.value;
    } else if (!one_of(m.key, meta_keys)) {
      unknown_keys = true;
    }
  }
  if (name == nullptr) return std::nullopt;
  // A tool described (a catalog, a table of tools, prose about one), not called.
  for (const auto& m : o)
    if (one_of(m.key, description_keys)) return std::nullopt;
  if (args != nullptr && is_object_schema(*args)) return std::nullopt;
  const bool tool_key = name_key == "tool";
  // Without the explicit "tool" key, a name and its arguments and nothing else: {"name": "Bob",
  // "age": 3} is data, not a call.
  if (!tool_key && (args == nullptr || unknown_keys)) return std::nullopt;
  if (!name->is_string() || name->as_string().empty())
    return std::optional<result<intercepted_call>>(std::in_place, invalid("the tool name is not a non-empty string"));
  intercepted_call call;
  if (tool_key && (args == nullptr || unknown_keys)) {
    // {"tool": "read_file", "path": "a.txt"}: the other fields are the arguments.
    toon::object fields;
    for (auto& m : o)
      if (m.key != name_key) fields.emplace_back(give(m.key), give(m.value));
    call.name = give(name->as_string());
    call.arguments = value(std::move(fields));
    return std::optional<result<intercepted_call>>(std::in_place, std::move(call));
  }
  call.name = give(name->as_string());
  result<value> a = arguments_of(*args);
  if (!a) return std::optional<result<intercepted_call>>(std::in_place, a.error());
  call.arguments = std::move(*a);
  return std::optional<result<intercepted_call>>(std::in_place, std::move(call));
}

// calls_from_value() of `v`, given up when mutable.
template <class V>
std::optional<std::vector<result<intercepted_call>>> calls_of(V& v) {
  V* list = v.is_array() ? &v : nullptr;
  if (v.is_object()) {
    V* inner = nullptr;
    bool only_meta = true;
    for (auto& m : v.as_object()) {
      if (m.key == "tool_calls" && m.value.is_array() && inner == nullptr) inner = &m.value;
      else if (m.key != "id" && m.key != "type" && m.key != "role" && m.key != "content") only_meta = false;
    }
    if (inner != nullptr && only_meta) list = inner;
  }
  std::vector<result<intercepted_call>> calls;
  if (list != nullptr && list->is_array()) {
    if (list->as_array().empty()) return std::nullopt;
    calls.reserve(list->as_array().size());
    for (auto& e : list->as_array()) {
      std::optional<result<intercepted_call>> c = call_of(e);
      if (!c) return std::nullopt;
      calls.push_back(std::move(*c));
    }
    return calls;
  }
  std::optional<result<intercepted_call>> c = call_of(v);
  if (!c) return std::nullopt;
  calls.push_back(std::move(*c));
  return calls;
}

}  // namespace

TOON_FUNC std::optional<result<intercepted_call>> call_from_value(const value& input) { return call_of(input); }

TOON_FUNC std::optional<std::vector<result<intercepted_call>>> calls_from_value(const value& v) { return calls_of(v); }

namespace {

// Where the elements of the calls array of `json` (valid JSON text) start: the root array's,
// or the array of a root object's "tool_calls" member. Empty when there is no such array.
std::vector<std::size_t> call_starts(std::string_view json) {
  std::vector<std::size_t> starts;
  std::size_t depth = 0;
  std::size_t array_depth = 0;  // depth inside the calls array (0: not found yet)
  bool in_string = false;
  bool escape = false;
  bool expect_element = false;
  std::size_t string_start = 0;
  std::string_view last_key;  // the last string closed at depth 1
  char last_sig = 0;          // the last byte outside strings that is not blank
  for (std::size_t i = 0; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      if (escape) escape = false;
      else if (c == '\\') escape = true;
      else if (c == '"') {
        in_string = false;
        if (depth == 1) last_key = json.substr(string_start + 1, i - string_start - 1);
      }
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') continue;
    if (expect_element && depth == array_depth && c != ']') {
      starts.push_back(i);
      expect_element = false;
    }
    switch (c) {
      case '"':
        in_string = true;
        string_start = i;
        break;
      case '[':
        ++depth;
        if (array_depth == 0 && (depth == 1 || (depth == 2 && last_sig == ':' && last_key == "tool_calls"))) {
          array_depth = depth;
          expect_element = true;
        }
        break;
      case '{': ++depth; break;
      case ']':
      case '}':
        if (depth == array_depth) return starts;
        --depth;
        break;
      case ',':
        if (depth == array_depth && array_depth != 0) expect_element = true;
        break;
      default: break;
    }
    last_sig = c;
  }
  return starts;
}

// An MCP-DSL request with its unquoted path-like words quoted: `{path: README.md}` becomes
// `{path: "README.md"}`. A word is a run of bytes after `:`, `[`, `,` or `{` up to a blank, a
// bracket, a comma, a colon, a `#` or a quote; it is quoted when it holds `.`, `/` or `\\` and
// is not a number. Nothing changes outside the request's braces, in strings, or in comments.
std::string quote_bare_paths(std::string_view text) {
  std::string out;
  out.reserve(text.size() + 8);
  bool in_string = false;
  bool escape = false;
  bool comment = false;
  bool in_braces = false;
  char last_sig = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      out += c;
      if (escape) escape = false;
      else if (c == '\\') escape = true;
      else if (c == '"') in_string = false;
      continue;
    }
    if (comment) {
      out += c;
      if (c == '\n') comment = false;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      out += c;
      continue;
    }
    constexpr std::string_view word_end = " \t\r\n{}[],:#\"";
    const bool word_position = last_sig == ':' || last_sig == '[' || last_sig == ',' || last_sig == '{';
    if (in_braces && word_position && word_end.find(c) == std::string_view::npos) {
      std::size_t end = i;
      while (end < text.size() && word_end.find(text[end]) == std::string_view::npos) ++end;
      const std::string_view word = text.substr(i, end - i);
      const bool path_like = word.find_first_of("./\\") != std::string_view::npos;
      const bool number = (word[0] >= '0' && word[0] <= '9') ||
                          (word.size() > 1 && (word[0] == '-' || word[0] == '.') && word[1] >= '0' && word[1] <= '9');
      if (path_like && !number) {
        out += '"';
        for (char w : word) {
          if (w == '"' || w == '\\') out += '\\';
          out += w;
        }
        out += '"';
      } else {
        out += word;
      }
      last_sig = 'w';
      i = end - 1;
      continue;
    }
    out += c;
    if (c == '"') in_string = true;
    else if (c == '#' && in_braces) comment = true;
    else if (c == '{') in_braces = true;
    last_sig = c;
  }
  return out;
}

// The call markers of chat templates.
constexpr std::string_view tool_call_open = "<tool_call>";
constexpr std::string_view tool_call_close = "</tool_call>";
constexpr std::string_view tool_calls_token = "[TOOL_CALLS]";
constexpr std::string_view python_tag_open = "<|python_tag|>";
constexpr std::array<std::string_view, 2> python_tag_ends{"<|eom_id|>", "<|eot_id|>"};

bool ends_with(std::string_view s, std::string_view tail) noexcept {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

std::string_view trim_blanks(std::string_view s) noexcept {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

}  // namespace

namespace intercept_detail {

// Follows a JSON text byte by byte and tells when it can only be a tool call: a key of a call
// ("tool", "tool_name", "tool_calls", "function_call", "tool_call"), or an arguments key after
// "name" or "action", among the keys of the first three levels.
struct call_keys {
  static constexpr std::size_t max_key = 16;
  bool in_string = false;
  bool escape = false;
  bool reading_key = false;
  bool expect_key = false;
  bool saw_name = false;
  bool committed = false;
  std::size_t depth = 0;
  std::uint32_t objects = 0;  // bit d-1: the container at depth d is an object
  std::string key;

  void byte(char c) {
    if (committed) return;
    if (in_string) {
      if (escape) escape = false;
      else if (c == '\\') escape = true;
      else if (c == '"') {
        in_string = false;
        if (reading_key) key_done();
        reading_key = false;
        return;
      }
      if (reading_key && key.size() <= max_key) key += c;
      return;
    }
    switch (c) {
      case '"':
        in_string = true;
        escape = false;
        reading_key = expect_key && depth <= 3;
        expect_key = false;
        key.clear();
        return;
      case '{':
      case '[':
        ++depth;
        if (depth <= 32) {
          if (c == '{') objects |= std::uint32_t{1} << (depth - 1);
          else objects &= ~(std::uint32_t{1} << (depth - 1));
        }
        expect_key = c == '{';
        return;
      case '}':
      case ']':
        if (depth > 0) --depth;
        expect_key = false;
        return;
      case ',':
        expect_key = depth > 0 && depth <= 32 && ((objects >> (depth - 1)) & 1) != 0;
        return;
      default: return;
    }
  }

  void key_done() {
    static constexpr std::array<std::string_view, 5> call_only{"tool", "tool_name", "tool_calls", "function_call",
                                                               "tool_call"};
    static constexpr std::array<std::string_view, 7> arguments{"arguments", "args",         "parameters", "params",
                                                               "input",     "action_input", "tool_input"};
    if (std::find(call_only.begin(), call_only.end(), key) != call_only.end()) committed = true;
    else if (key == "name" || key == "action") saw_name = true;
    else if (saw_name && std::find(arguments.begin(), arguments.end(), key) != arguments.end()) committed = true;
  }
};

}  // namespace intercept_detail

struct stream_interceptor::state {
  using clock = piece_timing::clock;

  enum class st : std::uint8_t {
    base,         // narrative
    line_prefix,  // at a line start: spaces and fence marks, or `tool:` being matched
    fence_info,   // a fence's opening line, up to its LF
    fence_body,   // inside a ```json / ```toon block
    json_open,    // after `{`: blanks, then `"` must follow
    json_body,    // a JSON object being tracked
    toon_block,   // an unfenced `tool:` block
    dsl_prefix,   // `>` at a line start: blanks, then `tools/call` being matched
    dsl_head,     // after `> tools/call`: an optional `#id` and blanks, then `{` must follow
    marker,       // `<` or `[`: a chat template's call marker being matched
    marker_gap,   // after `[TOOL_CALLS]`: blanks, then `[` or `{` must follow
    tag_body,     // after `<tool_call>` / `<|python_tag|>`: up to the closing marker
  };

  // The method an MCP-DSL tool call names.
  static constexpr std::string_view dsl_method = "tools/call";
  // Blanks accepted between `>` and the method, and the longest `#id`.
  static constexpr std::size_t dsl_max_blanks = 8;
  static constexpr std::size_t dsl_max_id = 64;

  // Bytes of a line after a TOON block read before deciding whether it continues the block.
  static constexpr std::size_t toon_line_lookahead = 80;
  static constexpr std::size_t max_json_depth = 256;

  sink out;
  intercept_options opt;
  intercept_stats stats{};
  std::size_t max_held = 8192;
  std::size_t max_call = std::size_t{16} << 20;

  // Stream position.
  std::size_t base_off = 0;  // offset of narr_'s first byte (everything before is delivered)
  std::string narr;          // narrative not yet delivered
  std::string held;          // the candidate, right after narr
  bool held_false_alarm = false;  // narr holds released candidate text (piece flag)
  std::string narr_problem;       // why (the last false alarm's reason)
  std::size_t cur = 0;            // offset just past the byte that drives the current step
  std::size_t call_count = 0;
  bool finished = false;

  // Base-state context.
  st s = st::base;
  bool at_line_start = true;
  bool in_fence = false;             // inside a fenced block that is not a call (no detection)
  detail::fence_line fence{};        // that block's fence, or the candidate block's
  std::string fence_line_buf;        // the current line inside a foreign fence (first bytes)
  std::size_t tick_run = 0;          // backticks just seen mid-line
  std::size_t code_span = 0;         // open inline code span: its backtick count, else 0

  // Line-prefix state.
  bool prefix_tool = false;  // matching `tool:` (else a fence)
  std::size_t prefix_spaces = 0;
  char prefix_mark = 0;
  std::size_t prefix_marks = 0;

  // Candidates.
  call_syntax syntax = call_syntax::json_object;
  std::size_t line_start = 0;  // offset in held of the current line
  std::size_t body_start = 0;  // offset in held of a fenced block's first content line
  bool line_member = false;    // toon_block: the current line is part of the block
  bool first_line = true;      // toon_block: the `tool:` line
  std::optional<value_stream> toon;
  std::string toon_error;
  bool in_string = false;
  bool escape = false;
  std::size_t depth = 0;
  bool dsl_body = false;      // json_body tracks an MCP-DSL request's braces, not JSON
  bool dsl_comment = false;   // inside such a request: a `#` comment up to the line's end
  std::size_t dsl_matched = 0;  // dsl_prefix: bytes of dsl_method matched
  std::size_t dsl_blanks = 0;   // dsl_prefix: blanks after `>`
  std::size_t dsl_id = 0;       // dsl_head: bytes of the `#id` (0: none yet)
  bool dsl_in_id = false;       // dsl_head: reading the id
  intercept_detail::call_keys keys;  // json_body, ```json blocks: whether the JSON can only be a call
  bool explicit_json = false;   // json_body: the JSON after `[TOOL_CALLS]` (a call, whatever it holds)
  bool fence_committed = false;  // fence_body: the first line of a ```toon / ```mcp-dsl block is a call's
  std::size_t gap = 0;          // marker_gap: blanks after `[TOOL_CALLS]`
  std::uint8_t marker_alive = 0;  // marker: the markers the held bytes still match (1 <tool_call>, 2 <|python_tag|>, 4 [TOOL_CALLS])
  bool draining = false;        // json_body, tag_body: a call past max_call, its rest narrative
  std::string drain_tail;       // its last bytes (the closing marker is looked for in them)

  // Timings.
  clock::time_point now_time{};
  clock::time_point narr_time{};
  clock::time_point held_time{};
  clock::time_point held_last_time{};  // toon_block: when the last member line ended

  state(sink o, intercept_options options) : out(std::move(o)), opt(std::move(options)) {
    max_held = std::max<std::size_t>(opt.max_buffer_chars, 16);
    max_call = std::max(max_held, opt.max_call_bytes);
    init_stops();
  }

  // ---- delivering ----------------------------------------------------------------------------

  [[nodiscard]] std::size_t next_offset() const noexcept { return base_off + narr.size() + held.size(); }

  void deliver(stream_piece&& p) {
    if (opt.timings) {
      p.timing.released = clock::now();
    }
    out(std::move(p));
  }

  // Delivers narr (all of it, or up to a trailing incomplete UTF-8 sequence). The common case,
  // all of it, moves narr into the piece rather than copying it.
  void flush_narrative(bool keep_utf8_tail) {
    std::size_t n = narr.size();
    if (n == 0) return;
    if (keep_utf8_tail && held.empty()) n -= utf8_tail(narr);
    if (n == 0) return;
    stream_piece p;
    if (n == narr.size()) {
      p.text = std::move(narr);
      narr.clear();
    } else {
      p.text.assign(narr, 0, n);
      narr.erase(0, n);
    }
    deliver_narrative(std::move(p));
  }

  // Delivers the `n` narrative bytes at [run, run + n) of the chunk being fed, narr being empty
  // and nothing held: straight from the chunk, without going through narr. A trailing
  // incomplete UTF-8 sequence stays in narr. `cur` is past the run.
  void flush_run(const char* run, std::size_t n) {
    const std::size_t tail = utf8_tail(std::string_view(run, n));
    if (tail != 0) {
      narr.assign(run + n - tail, tail);
      n -= tail;
      if (n == 0) return;
    }
    stream_piece p;  // (not aggregate-initialised: measured slower, the temporary is copied)
    p.text.append(run, n);
    deliver_narrative(std::move(p));
  }

  // Delivers a narrative piece whose text (at base_off) is set.
  void deliver_narrative(stream_piece&& p) {
    const std::size_t n = p.text.size();
    p.kind = piece_kind::narrative;
    p.offset = base_off;
    p.decided_at = cur;
    if (held_false_alarm) {
      p.false_alarm = true;
      p.problem = std::move(narr_problem);
      narr_problem.clear();
      held_false_alarm = false;
    }
    base_off += n;
    ++stats.narrative_pieces;
    stats.narrative_bytes += n;
    if (opt.timings) {
      p.timing.first_byte = narr_time;
      p.timing.last_byte = now_time;
      narr_time = now_time;
    }
    deliver(std::move(p));
  }

  // Bytes at the end of `s` that start a UTF-8 sequence the next bytes may complete.
  static std::size_t utf8_tail(std::string_view s) noexcept {
    if (s.empty() || static_cast<unsigned char>(s.back()) < 0x80) return 0;  // ASCII: the common case
    for (std::size_t k = 1; k <= 3 && k <= s.size(); ++k) {
      const auto c = static_cast<unsigned char>(s[s.size() - k]);
      if ((c & 0xC0) == 0x80) continue;  // a continuation byte: look further back
      std::size_t len = (c & 0xE0) == 0xC0 ? 2 : (c & 0xF0) == 0xE0 ? 3 : (c & 0xF8) == 0xF0 ? 4 : 1;
      return len > k ? k : 0;
    }
    return 0;
  }

  void narrate(char c) {
    if (narr.empty() && opt.timings) narr_time = now_time;
    narr.push_back(c);
  }

  void hold(char c) {
    if (draining || (opt.timings && held.empty())) return hold_rare(c);
    held.push_back(c);
  }

  void hold_rare(char c) {
    if (draining) {
      // The rest of a call too long to hold: narrative, its end still looked for.
      narrate(c);
      if (drain_tail.size() == 16) drain_tail.erase(0, 1);
      drain_tail.push_back(c);
      return;
    }
    if (held.empty() && opt.timings) held_time = now_time;
    held.push_back(c);
  }

  // The bytes of the candidate so far: held, or the last ones of a call being drained.
  [[nodiscard]] std::string_view so_far() const noexcept { return draining ? std::string_view(drain_tail) : held; }

  // The candidate is over; while draining, the call's rest was narrative.
  void leave(st next) {
    s = next;
    draining = false;
    drain_tail.clear();
  }

  // The held bytes become narrative. `problem` non-empty: a false alarm, with its reason.
  void release(std::string_view problem) {
    if (held.empty()) return;
    if (narr.empty() && opt.timings) narr_time = held_time;
    narr += held;
    held.clear();
    if (!problem.empty()) {
      held_false_alarm = true;
      narr_problem = std::string(problem);
      ++stats.false_alarms;
    }
  }

  // The first `n` held bytes are a call (or an invalid one); delivered after the narrative
  // before them.
  void emit_call(std::size_t n, result<intercepted_call> call, call_syntax how, clock::time_point last_byte) {
    const bool known = !call || opt.known_tools.empty() ||
                       std::find(opt.known_tools.begin(), opt.known_tools.end(), call->name) != opt.known_tools.end();
    std::string problem;
    if (!call) problem = call.error().message;
    else if (!known) problem = "unknown tool '" + call->name + "'";
    if (!problem.empty() && opt.invalid == invalid_calls::narrative) {
      // Not a call after all: narrative, byte for byte (the rest of held stays held).
      std::string rest = held.substr(n);
      held.resize(n);
      release(problem);
      held = std::move(rest);
      return;
    }
    flush_narrative(false);
    stream_piece p;
    p.offset = base_off;
    p.text.assign(held, 0, n);
    p.decided_at = cur;
    if (opt.timings) {
      p.timing.first_byte = held_time;
      p.timing.last_byte = last_byte;
    }
    if (problem.empty()) {
      p.kind = piece_kind::tool_call;
      call->syntax = how;
      call->id = "call-" + std::to_string(++call_count);
      if (opt.mode == intercept_mode::placeholders) p.placeholder = placeholder_for(call->name);
      p.call = std::move(*call);
      ++stats.calls;
    } else {
      p.kind = piece_kind::invalid_call;
      p.problem = std::move(problem);
      ++stats.invalid_calls;
    }
    held.erase(0, n);
    base_off += n;
    narr_time = now_time;
    held_time = now_time;
    deliver(std::move(p));
  }

  [[nodiscard]] std::string placeholder_for(std::string_view name) const {
    std::string s = opt.placeholder;
    for (std::size_t at = s.find("{name}"); at != std::string::npos; at = s.find("{name}", at + name.size()))
      s.replace(at, 6, name);
    return s;
  }

  // A complete JSON text (a bare object, a ```json block's body, what a call marker holds) of
  // n held bytes; `json` is part of held. After an explicit call marker, JSON that is not calls
  // is an invalid call.
  void complete_json(std::size_t n, std::string_view json, call_syntax how, bool explicit_form = false) {
    const auto json_at = static_cast<std::size_t>(json.data() - held.data());
    result<value> v = from_json(json, json_read_options{.replace_lone_surrogates = true});
    if (!v) {
      if (explicit_form) return emit_call(n, result<intercepted_call>(invalid("not valid JSON: " + v.error().message)), how, now_time);
      return not_a_call(n, "not valid JSON: " + v.error().message);
    }
    std::optional<std::vector<result<intercepted_call>>> calls = calls_of(*v);  // v given up
    if (!calls) {
      if (explicit_form) return emit_call(n, result<intercepted_call>(invalid("JSON without a tool call's shape")), how, now_time);
      return not_a_call(n, "JSON without a tool call's shape");
    }
    emit_calls(n, json_at, json, std::move(*calls), how);
  }

  // The calls of a JSON text at held[json_at] in a candidate of n held bytes: one piece each,
  // cut where each element of the calls array starts.
  void emit_calls(std::size_t n, std::size_t json_at, std::string_view json, std::vector<result<intercepted_call>> calls,
                  call_syntax how) {
    if (calls.size() == 1) return emit_call(n, std::move(calls.front()), how, now_time);
    const std::vector<std::size_t> starts = call_starts(json);  // before held changes
    if (starts.size() != calls.size())
      return emit_call(n, result<intercepted_call>(invalid("the calls could not be located in the text")), how, now_time);
    std::size_t done = 0;
    for (std::size_t i = 0; i < calls.size(); ++i) {
      const std::size_t end = i + 1 < calls.size() ? json_at + starts[i + 1] : n;
      emit_call(end - done, std::move(calls[i]), how, now_time);
      done = end;
    }
  }

  // A call marker's candidate of n held bytes, its body at held[b, e).
  void complete_wrapped(std::size_t n, std::size_t b, std::size_t e) {
    const std::string_view body = trim_blanks(std::string_view(held).substr(b, e - b));
    if (body.empty()) return emit_call(n, result<intercepted_call>(invalid("no call after the marker")), syntax, now_time);
    complete_json(n, body, syntax, true);
  }

  void complete_toon(std::size_t n, call_syntax how, clock::time_point last_byte) {
    result<value> v = toon_error.empty() ? toon->finish() : result<value>(invalid(toon_error));
    toon.reset();
    const bool tool_line = how == call_syntax::toon_block;  // a `tool:` line was seen
    if (!v) {
      if (tool_line) return emit_call(n, result<intercepted_call>(invalid("TOON: " + v.error().to_string())), how, last_byte);
      return not_a_call(n, "not valid TOON: " + v.error().to_string());
    }
    const value* tool = v->is_object() ? v->find("tool") : nullptr;
    if (tool == nullptr) return not_a_call(n, "TOON without a `tool` key");
    std::optional<result<intercepted_call>> call = call_of(*v);  // v given up
    if (!call) return not_a_call(n, "TOON without a tool call's shape");
    emit_call(n, std::move(*call), how, last_byte);
  }

  // A complete MCP-DSL request (a `> tools/call` line or a ```mcp-dsl block's body) of n held
  // bytes. A text that starts with `> tools/call` is a call: when it does not compile, it is an
  // invalid one.
  void complete_dsl(std::size_t n, std::string_view text, call_syntax how) {
    if (!mcp_dsl::starts_tool_call(text)) return not_a_call(n, "an MCP-DSL block without a `> tools/call` request");
    result<mcp_dsl::tool_call> r = mcp_dsl::compile_tool_call(text);
    if (!r) {
      // `{path: README.md}`: a path is not one DSL word; read it as the string it stands for.
      const std::string quoted = quote_bare_paths(text);
      if (quoted != text) {
        result<mcp_dsl::tool_call> q = mcp_dsl::compile_tool_call(quoted);
        if (q) r = std::move(q);
      }
    }
    if (!r) return emit_call(n, result<intercepted_call>(invalid("MCP-DSL: " + r.error().to_string())), how, now_time);
    intercepted_call call;
    call.name = std::move(r->name);
    call.arguments = std::move(r->arguments);
    emit_call(n, std::move(call), how, now_time);
  }

  // The first n held bytes are not a call: narrative.
  void not_a_call(std::size_t n, std::string_view why) {
    std::string rest = held.substr(n);
    held.resize(n);
    release(why);
    held = std::move(rest);
  }

  // ---- the state machine ---------------------------------------------------------------------

  void overflowed() {
    // Too long to be held back: narrative; in a fenced block, the rest of it is too.
    const bool inside_block = s == st::fence_body;
    const bool ends_line = !held.empty() && held.back() == '\n';
    if (committed() && (s == st::json_body || s == st::tag_body)) {
      // A call past max_call: narrative, and so is the rest of it, up to its end.
      release("a call longer than max_call_bytes");
      draining = true;
      drain_tail.clear();
      return;
    }
    release(committed() ? "a call longer than max_call_bytes" : "longer than max_buffer_chars");
    toon.reset();
    s = st::base;
    if (inside_block) in_fence = true;
    at_line_start = ends_line;
    fence_line_buf.clear();
    tick_run = 0;
  }

  // Rejects the candidate at byte c (not held): its bytes are narrative, c is read again.
  void reject(char c) {
    at_line_start = !held.empty() && held.back() == '\n';
    release({});
    s = st::base;
    base_byte(c);
  }

  void step(char c) {
    switch (s) {
      case st::base: base_byte(c); break;
      case st::line_prefix: prefix_byte(c); break;
      case st::fence_info: fence_info_byte(c); break;
      case st::fence_body: fence_body_byte(c); break;
      case st::json_open: json_open_byte(c); break;
      case st::json_body: json_body_byte(c); break;
      case st::toon_block: toon_block_byte(c); break;
      case st::dsl_prefix: dsl_prefix_byte(c); break;
      case st::dsl_head: dsl_head_byte(c); break;
      case st::marker: marker_byte(c); break;
      case st::marker_gap: marker_gap_byte(c); break;
      case st::tag_body: tag_body_byte(c); break;
    }
    if (held.size() > max_held && held.size() > (committed() ? max_call : max_held)) overflowed();
    if (held.size() > stats.max_held) stats.max_held = held.size();
  }

  // Whether the bytes held can only be a call (then held up to max_call bytes).
  [[nodiscard]] bool committed() const noexcept {
    switch (s) {
      case st::tag_body: return true;
      case st::json_body: return dsl_body || explicit_json || keys.committed;
      case st::fence_body: return syntax == call_syntax::json_fence ? keys.committed : fence_committed;
      case st::toon_block: return !first_line;
      default: return false;
    }
  }

  [[nodiscard]] bool markers_on(char c) const noexcept {
    if (c == '<') return opt.syntaxes.tool_call_tag || opt.syntaxes.python_tag;
    if (c == '[') return opt.syntaxes.tool_calls_marker;
    return false;
  }

  [[nodiscard]] bool intercepting() const noexcept { return opt.mode != intercept_mode::passthrough; }
  [[nodiscard]] bool fences_on() const noexcept { return opt.syntaxes.json_fence || opt.syntaxes.toon_fence; }

  void base_byte(char c) {
    if (!intercepting()) return narrate(c);
    if (in_fence) {
      // A block that is not a call: narrative until its closing fence.
      narrate(c);
      if (c == '\n') {
        std::string_view line = fence_line_buf;
        if (detail::is_closing_fence(line, fence)) in_fence = false;
        fence_line_buf.clear();
        at_line_start = true;
      } else if (fence_line_buf.size() < 64) {
        fence_line_buf.push_back(c);
      }
      return;
    }
    if (at_line_start) {
      at_line_start = false;
      if (fences_on() && (c == ' ' || c == '`' || c == '~')) {
        start_prefix(false);
        return prefix_byte(c);
      }
      if (opt.syntaxes.toon_block && c == 't') {
        start_prefix(true);
        return prefix_byte(c);
      }
      if (opt.syntaxes.dsl_request && c == '>') {
        s = st::dsl_prefix;
        dsl_matched = 0;
        dsl_blanks = 0;
        return hold(c);
      }
    }
    if (c == '`') {
      ++tick_run;
      return narrate(c);
    }
    end_tick_run();
    if (c == '\n') {
      code_span = 0;  // an inline code span does not run past its line here
      at_line_start = true;
      return narrate(c);
    }
    if (c == '{' && opt.syntaxes.json_object && code_span == 0) {
      s = st::json_open;
      syntax = call_syntax::json_object;
      body_start = 0;
      explicit_json = false;
      keys = intercept_detail::call_keys{};
      keys.byte(c);
      return hold(c);
    }
    if (code_span == 0 && markers_on(c)) {
      s = st::marker;
      const auto starts = [c](bool on, std::string_view m) { return on && m.front() == c; };
      marker_alive = static_cast<std::uint8_t>((starts(opt.syntaxes.tool_call_tag, tool_call_open) ? 1 : 0) |
                                               (starts(opt.syntaxes.python_tag, python_tag_open) ? 2 : 0) |
                                               (starts(opt.syntaxes.tool_calls_marker, tool_calls_token) ? 4 : 0));
      return hold(c);
    }
    narrate(c);
  }

  // `<` or `[` held: the next byte must continue one of the enabled call markers.
  void marker_byte(char c) {
    // The markers still matched by held (a bit each, so held is not compared again).
    const std::size_t k = held.size();
    auto extends = [&](std::uint8_t bit, std::string_view m) {
      return (marker_alive & bit) != 0 && m.size() > k && m[k] == c;
    };
    const bool tag = extends(1, tool_call_open);
    const bool python = extends(2, python_tag_open);
    const bool mistral = extends(4, tool_calls_token);
    marker_alive = static_cast<std::uint8_t>((tag ? 1 : 0) | (python ? 2 : 0) | (mistral ? 4 : 0));
    if (marker_alive == 0) return reject(c);
    hold(c);
    if (tag && held.size() == tool_call_open.size()) return start_tag(call_syntax::tool_call_tag);
    if (python && held.size() == python_tag_open.size()) return start_tag(call_syntax::python_tag);
    if (mistral && held.size() == tool_calls_token.size()) {
      s = st::marker_gap;
      syntax = call_syntax::tool_calls_marker;
      gap = 0;
    }
  }

  void start_tag(call_syntax how) {
    s = st::tag_body;
    syntax = how;
    body_start = held.size();
  }

  // After `[TOOL_CALLS]`: up to 8 blanks, then the JSON array (or object) of the calls.
  void marker_gap_byte(char c) {
    if ((c == ' ' || c == '\t' || c == '\n' || c == '\r') && gap < 8) {
      ++gap;
      return hold(c);
    }
    if (c != '[' && c != '{') return reject(c);
    body_start = held.size();
    hold(c);
    s = st::json_body;
    dsl_body = false;
    explicit_json = true;
    in_string = false;
    escape = false;
    depth = 1;
  }

  // Inside `<tool_call>` or after `<|python_tag|>`: everything up to the closing marker.
  void tag_body_byte(char c) {
    hold(c);
    if (c != '>') return;  // every closing marker ends with `>`
    const auto closes = [this](std::string_view end) {
      return draining ? ends_with(drain_tail, end) : held.size() >= body_start + end.size() && ends_with(held, end);
    };
    if (syntax == call_syntax::tool_call_tag) {
      if (closes(tool_call_close)) {
        if (draining) return leave(st::base);
        s = st::base;
        complete_wrapped(held.size(), body_start, held.size() - tool_call_close.size());
      }
      return;
    }
    for (std::string_view end : python_tag_ends) {
      if (closes(end)) {
        if (draining) return leave(st::base);
        s = st::base;
        return complete_wrapped(held.size(), body_start, held.size() - end.size());
      }
    }
  }

  void end_tick_run() noexcept {
    if (tick_run == 0) return;
    if (code_span == 0) code_span = tick_run;
    else if (code_span == tick_run) code_span = 0;
    tick_run = 0;
  }

  void start_prefix(bool tool) {
    s = st::line_prefix;
    prefix_tool = tool;
    prefix_spaces = 0;
    prefix_mark = 0;
    prefix_marks = 0;
  }

  void prefix_byte(char c) {
    if (prefix_tool) {
      static constexpr std::string_view word = "tool:";
      if (c != word[held.size()]) return reject(c);
      hold(c);
      if (held.size() == word.size()) {
        s = st::toon_block;
        syntax = call_syntax::toon_block;
        first_line = true;
        line_member = true;
        line_start = 0;
        toon.emplace();
        toon_error.clear();
      }
      return;
    }
    if (prefix_mark == 0) {
      if (c == ' ' && prefix_spaces < 3) {
        ++prefix_spaces;
        return hold(c);
      }
      if (c == '`' || c == '~') {
        prefix_mark = c;
        prefix_marks = 1;
        return hold(c);
      }
      return reject(c);
    }
    if (c == prefix_mark) {
      ++prefix_marks;
      return hold(c);
    }
    if (prefix_marks >= 3) {
      s = st::fence_info;
      return fence_info_byte(c);
    }
    // Not a fence: one or two backticks open or close an inline code span.
    if (prefix_mark == '`') tick_run = prefix_marks;
    reject(c);
  }

  void fence_info_byte(char c) {
    hold(c);
    if (c != '\n') return;
    std::string_view line(held.data(), held.size() - 1);
    std::optional<detail::fence_line> f = detail::parse_fence(line);
    at_line_start = true;
    s = st::base;
    if (!f) return release({});
    fence = *f;
    fence.info = {};
    const bool json = opt.syntaxes.json_fence && detail::lower_is(f->info, "json");
    const bool toon_fence = opt.syntaxes.toon_fence && detail::lower_is(f->info, "toon");
    const bool dsl_fence =
        opt.syntaxes.dsl_fence && (detail::lower_is(f->info, "mcp-dsl") || detail::lower_is(f->info, "dsl"));
    if (!json && !toon_fence && !dsl_fence) {
      // Another block (```python, a bare ```): no calls inside it.
      release({});
      in_fence = true;
      fence_line_buf.clear();
      return;
    }
    s = st::fence_body;
    syntax = json ? call_syntax::json_fence : toon_fence ? call_syntax::toon_fence : call_syntax::dsl_fence;
    keys = intercept_detail::call_keys{};
    fence_committed = false;
    body_start = held.size();
    line_start = held.size();
    if (toon_fence) {
      toon.emplace();
      toon_error.clear();
    }
  }

  void fence_body_byte(char c) {
    hold(c);
    if (syntax == call_syntax::json_fence) keys.byte(c);
    if (c != '\n') return;
    std::string_view line(held.data() + line_start, held.size() - 1 - line_start);
    if (line_start == body_start && syntax != call_syntax::json_fence)
      fence_committed = syntax == call_syntax::toon_fence ? line.substr(0, 5) == "tool:" : mcp_dsl::starts_tool_call(line);
    if (detail::is_closing_fence(line, fence)) {
      s = st::base;
      at_line_start = true;
      return complete_block(held.size(), line_start);
    }
    if (syntax == call_syntax::toon_fence && toon_error.empty()) {
      result<void> r = toon->feed(std::string_view(held).substr(line_start));
      if (!r) {
        // Not TOON: the block is narrative, and no call is looked for in the rest of it.
        release("not valid TOON: " + r.error().to_string());
        toon.reset();
        s = st::base;
        at_line_start = true;
        in_fence = true;
        fence_line_buf.clear();
        return;
      }
    }
    line_start = held.size();
  }

  // A fenced block of n held bytes whose body ends at `body_end`.
  void complete_block(std::size_t n, std::size_t body_end) {
    if (syntax == call_syntax::json_fence)
      return complete_json(n, std::string_view(held).substr(body_start, body_end - body_start), syntax);
    if (syntax == call_syntax::dsl_fence)
      return complete_dsl(n, std::string_view(held).substr(body_start, body_end - body_start), syntax);
    complete_toon(n, syntax, now_time);
  }

  void json_open_byte(char c) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') return hold(c);
    if (c != '"') return reject(c);
    keys.byte(c);
    hold(c);
    s = st::json_body;
    dsl_body = false;
    in_string = true;
    escape = false;
    depth = 1;
  }

  // `>` held: blanks, then the method, then `#`, a blank or `{`.
  void dsl_prefix_byte(char c) {
    if (dsl_matched == 0 && (c == ' ' || c == '\t') && dsl_blanks < dsl_max_blanks) {
      ++dsl_blanks;
      return hold(c);
    }
    if (dsl_matched < dsl_method.size()) {
      if (c != dsl_method[dsl_matched]) return reject(c);
      ++dsl_matched;
      return hold(c);
    }
    if (c != '#' && c != ' ' && c != '\t' && c != '{') return reject(c);
    s = st::dsl_head;
    syntax = call_syntax::dsl_request;
    dsl_id = 0;
    dsl_in_id = false;
    dsl_head_byte(c);
  }

  // After `> tools/call`: `#id` (right after the method), blanks, then the `{` of the params.
  void dsl_head_byte(char c) {
    if (c == '{') {
      hold(c);
      s = st::json_body;
      dsl_body = true;
      explicit_json = false;
      dsl_comment = false;
      in_string = false;
      escape = false;
      depth = 1;
      return;
    }
    if (c == ' ' || c == '\t') {
      dsl_in_id = false;
      return hold(c);
    }
    if (c == '#' && dsl_id == 0 && held.back() != ' ' && held.back() != '\t') {
      dsl_in_id = true;
      dsl_id = 1;
      return hold(c);
    }
    if (dsl_in_id && c != '\n' && c != '\r' && c != '#' && dsl_id < dsl_max_id) {
      ++dsl_id;
      return hold(c);
    }
    // `> tools/call` in prose, or a request without params: narrative.
    reject(c);
  }

  static bool json_byte(char c) noexcept {
    switch (c) {
      case ' ': case '\t': case '\n': case '\r': case ':': case ',': case '-': case '+': case '.':
      case 't': case 'r': case 'u': case 'e': case 'f': case 'a': case 'l': case 's': case 'n': case 'E':
        return true;
      default: return c >= '0' && c <= '9';
    }
  }

  void json_body_byte(char c) {
    if (dsl_body && !in_string) return dsl_body_byte(c);
    if (!dsl_body) keys.byte(c);
    if (in_string) {
      if (c == '\n' && !explicit_json) {
        // A line break inside a string: not JSON (prose with a stray quote).
        hold(c);
        release("a line break inside a JSON string");
        leave(st::base);
        at_line_start = true;
        return;
      }
      hold(c);
      if (escape) escape = false;
      else if (c == '\\') escape = true;
      else if (c == '"') in_string = false;
      return;
    }
    if (c == '"') {
      in_string = true;
      return hold(c);
    }
    if (c == '{' || c == '[') {
      if (++depth > max_json_depth) {
        hold(c);
        release("nested too deeply");
        leave(st::base);
        return;
      }
      return hold(c);
    }
    if (c == '}' || c == ']') {
      hold(c);
      if (--depth == 0) {
        if (draining) return leave(st::base);
        s = st::base;
        complete_json(held.size(), std::string_view(held).substr(body_start), syntax, explicit_json);
      }
      return;
    }
    if (!json_byte(c) && !explicit_json) {
      // Prose: `{"a" or b}`. The byte may start something else (a code span, a fence).
      at_line_start = !so_far().empty() && so_far().back() == '\n';
      release("not JSON");
      leave(st::base);
      return base_byte(c);
    }
    hold(c);
  }

  // Inside an MCP-DSL request, outside strings: brackets nest, `#` comments run to the line's
  // end, any other byte (bare words, numbers, line breaks) belongs to the request.
  void dsl_body_byte(char c) {
    hold(c);
    if (dsl_comment) {
      if (c == '\n') dsl_comment = false;
      return;
    }
    switch (c) {
      case '"':
        in_string = true;
        escape = false;
        return;
      case '#': dsl_comment = true; return;
      case '{':
      case '[':
        if (++depth > max_json_depth) {
          release("nested too deeply");
          leave(st::base);
          at_line_start = false;
        }
        return;
      case '}':
      case ']':
        if (--depth == 0) {
          if (draining) return leave(st::base);
          s = st::base;
          complete_dsl(held.size(), held, call_syntax::dsl_request);
        }
        return;
      default: return;
    }
  }

  void toon_block_byte(char c) {
    if (!line_member && !first_line) {
      // The line after the block so far: does it continue the block?
      hold(c);
      std::string_view line = std::string_view(held).substr(line_start);
      const bool line_done = c == '\n';
      if (!line_done && line.size() < toon_line_lookahead && !decidable(line)) return;
      if (continues_block(line, line_done)) {
        line_member = true;
        if (line_done) member_line_done();
        return;
      }
      return end_toon_block();
    }
    hold(c);
    if (c == '\n') member_line_done();
  }

  // Whether the start `line` of a line already tells that it continues a TOON block: it is
  // indented, or a key and its colon are there (prose is known at the LF, or after
  // toon_line_lookahead bytes).
  static bool decidable(std::string_view line) noexcept {
    return line.front() == ' ' || line.front() == '\t' || detail::key_colon(line) != std::string_view::npos;
  }

  // Whether a line (complete when `done`) continues a TOON block: indented, or a key line other
  // than `tool:`; blank lines and prose end it.
  static bool continues_block(std::string_view line, bool done) noexcept {
    if (done) line.remove_suffix(1);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    if (line.empty()) return false;  // a blank line ends the block
    if (line.front() == ' ' || line.front() == '\t') return true;
    if (line.substr(0, 5) == "tool:") return false;
    return detail::is_key_line(line);
  }

  void member_line_done() {
    if (toon_error.empty()) {
      result<void> r = toon->feed(std::string_view(held).substr(line_start));
      if (!r) toon_error = r.error().to_string();
    }
    first_line = false;
    line_member = false;
    line_start = held.size();
    held_last_time = now_time;
  }

  // The block ended before the current line: deliver it, then read that line again.
  void end_toon_block() {
    std::string again = held.substr(line_start);
    held.resize(line_start);
    s = st::base;
    complete_toon(held.size(), call_syntax::toon_block, held_last_time);
    release({});  // what remains held (nothing, unless the block was not a call)
    at_line_start = true;
    for (char b : again) step(b);
  }

  // ---- feed / finish -------------------------------------------------------------------------

  void feed(std::string_view chunk) {
    if (finished) reset();
    if (opt.timings) now_time = clock::now();
    stats.bytes += chunk.size();
    const char* p = chunk.data();
    const char* end = p + chunk.size();
    while (p < end) {
      if (s == st::base && (!intercepting() || can_skip())) {
        // A run of bytes that cannot start anything: narrative in one go.
        const char* q = intercepting() ? skip_plain(p, end) : end;
        if (q != p) {
          const auto n = static_cast<std::size_t>(q - p);
          if (q == end && narr.empty() && held.empty()) {
            // The rest of the chunk: delivered from the chunk itself.
            if (opt.timings) narr_time = now_time;
            cur = base_off + n;
            return flush_run(p, n);
          }
          if (narr.empty() && opt.timings) narr_time = now_time;
          narr.append(p, n);
          cur = next_offset();
          p = q;
          continue;
        }
      }
      if (s != st::base && end - p > 1) {
        // Bytes the candidate takes without looking at them one by one: held in one go.
        const char* q = take_run(p, end);
        if (q != p) {
          p = q;
          continue;
        }
      }
      cur = next_offset() + 1;
      step(*p++);
    }
    if (!narr.empty()) flush_narrative(true);
  }

  // Whether the key tracker ignores the next byte unless it is `"` or a backslash: its work is done,
  // or it is inside a string that is not a key, after no backslash.
  [[nodiscard]] bool keys_idle() const noexcept {
    return keys.committed || (keys.in_string && !keys.escape && !keys.reading_key);
  }

  // The longest run at p that step() would only append to held, one byte at a time, with no
  // other effect: inside a JSON (or MCP-DSL) string up to its next `"`, backslash or line break;
  // inside a call marker's body up to the next `>` (every closing marker ends with one); inside
  // a fenced block or a TOON block's member line up to the line's end (in a ```json block, as
  // in JSON). Held in one go, never past the hold-back bound (the byte that passes it goes
  // through step()). Returns the end of the run (p when there is none).
  const char* take_run(const char* p, const char* end) {
    if (draining || held.empty()) return p;
    const std::size_t limit = committed() ? max_call : max_held;
    if (held.size() >= limit) return p;
    const char* last = p + std::min(static_cast<std::size_t>(end - p), limit - held.size());
    const char* q = p;
    const auto string_run = [&q, last] {
      while (q < last && *q != '"' && *q != '\\' && *q != '\n') ++q;
    };
    const auto up_to = [&q, last](char c) {
      const void* at = std::memchr(q, c, static_cast<std::size_t>(last - q));
      q = at != nullptr ? static_cast<const char*>(at) : last;
    };
    switch (s) {
      case st::json_body:
        if (!in_string || escape || !(dsl_body || keys_idle())) return p;
        string_run();
        break;
      case st::tag_body: up_to('>'); break;
      case st::fence_body:
        if (syntax != call_syntax::json_fence || keys.committed) up_to('\n');
        else if (keys_idle()) string_run();
        else return p;
        break;
      case st::toon_block:
        if (!line_member && !first_line) return p;
        up_to('\n');
        break;
      default: return p;
    }
    if (q == p) return p;
    held.append(p, static_cast<std::size_t>(q - p));
    if (held.size() > stats.max_held) stats.max_held = held.size();
    cur = next_offset();
    return q;
  }

  [[nodiscard]] bool can_skip() const noexcept { return !in_fence && !at_line_start && tick_run == 0; }

  // Bytes that may start something (a call, a code span, a line) in the base state: outside an
  // inline code span, and inside one (where only its end and the line's end matter).
  std::array<bool, 256> stops{};
  std::array<bool, 256> stops_in_code{};

  void init_stops() noexcept {
    for (auto* t : {&stops, &stops_in_code}) {
      (*t)[static_cast<unsigned char>('\n')] = true;
      (*t)[static_cast<unsigned char>('`')] = true;
    }
    stops[static_cast<unsigned char>('{')] = opt.syntaxes.json_object;
    stops[static_cast<unsigned char>('<')] = markers_on('<');
    stops[static_cast<unsigned char>('[')] = markers_on('[');
  }

  [[nodiscard]] const char* skip_plain(const char* p, const char* end) const noexcept {
    const std::array<bool, 256>& stop = code_span == 0 ? stops : stops_in_code;
    while (p < end && !stop[static_cast<unsigned char>(*p)]) ++p;
    return p;
  }

  void finish() {
    if (finished) reset();
    if (opt.timings) now_time = clock::now();
    cur = next_offset();
    if (draining) leave(st::base);  // the stream ended inside a call too long to hold
    // Decide what is held, until nothing is.
    while (!held.empty() || s != st::base) {
      switch (s) {
        case st::fence_body:
          // An unterminated block: its content, as if the fence closed here.
          s = st::base;
          if (detail::is_closing_fence(std::string_view(held).substr(line_start), fence)) {
            complete_block(held.size(), line_start);
            release({});
            break;
          }
          if (syntax == call_syntax::toon_fence && line_start < held.size()) {
            result<void> r = toon->feed(std::string_view(held).substr(line_start));
            if (!r) toon_error = r.error().to_string();
          }
          complete_block(held.size(), held.size());
          release({});
          break;
        case st::toon_block:
          if (first_line || line_member || line_start == held.size()) {
            if (line_start < held.size() && toon_error.empty()) {
              result<void> r = toon->feed(std::string_view(held).substr(line_start));
              if (!r) toon_error = r.error().to_string();
            }
            s = st::base;
            complete_toon(held.size(), call_syntax::toon_block, now_time);
            release({});
          } else if (continues_block(std::string_view(held).substr(line_start), false)) {
            line_member = true;
          } else {
            end_toon_block();  // may hold again: loop
          }
          break;
        case st::tag_body:
          // Unclosed: what follows the marker, as if it were closed here (`<|python_tag|>`
          // ends with the stream).
          s = st::base;
          complete_wrapped(held.size(), body_start, held.size());
          release({});
          break;
        case st::json_body:
        case st::fence_info:
          s = st::base;
          release("the stream ended inside it");
          break;
        default:
          s = st::base;
          release({});
          break;
      }
    }
    flush_narrative(false);
    finished = true;
  }

  // A new stream (after finish()): everything but the sink and the options starts over.
  void reset() {
    state fresh(std::move(out), std::move(opt));
    *this = std::move(fresh);
  }
};

TOON_FUNC stream_interceptor::stream_interceptor(sink out, intercept_options options)
    : state_(std::make_unique<state>(std::move(out), std::move(options))) {}
TOON_FUNC stream_interceptor::~stream_interceptor() = default;
TOON_FUNC stream_interceptor::stream_interceptor(stream_interceptor&&) noexcept = default;
TOON_FUNC stream_interceptor& stream_interceptor::operator=(stream_interceptor&&) noexcept = default;

TOON_FUNC void stream_interceptor::feed(std::string_view chunk) { state_->feed(chunk); }
TOON_FUNC void stream_interceptor::finish() { state_->finish(); }

TOON_FUNC std::string stream_interceptor::pending() const { return state_->narr + state_->held; }
TOON_FUNC std::size_t stream_interceptor::pending_offset() const noexcept { return state_->base_off; }
TOON_FUNC const intercept_stats& stream_interceptor::stats() const noexcept { return state_->stats; }
TOON_FUNC const intercept_options& stream_interceptor::options() const noexcept { return state_->opt; }

TOON_FUNC std::vector<stream_piece> intercept(std::string_view text, const intercept_options& options) {
  std::vector<stream_piece> pieces;
  stream_interceptor in(
      [&pieces](stream_piece&& p) {
        if (p.kind == piece_kind::narrative && !pieces.empty() && pieces.back().kind == piece_kind::narrative) {
          stream_piece& last = pieces.back();
          last.text += p.text;
          last.false_alarm = last.false_alarm || p.false_alarm;
          if (last.problem.empty()) last.problem = std::move(p.problem);
          last.decided_at = p.decided_at;
          last.timing.last_byte = p.timing.last_byte;
          last.timing.released = p.timing.released;
          return;
        }
        pieces.push_back(std::move(p));
      },
      options);
  in.feed(text);
  in.finish();
  return pieces;
}

}  // namespace toon::mcp
