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

// The arguments `v` stands for: an object, null ({}), or a string of JSON holding an object
// (OpenAI's `"arguments": "{\"path\":...}"`).
result<value> arguments_of(const value& v) {
  if (v.is_object()) return v;
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
const value& unwrap_call(const value& v) noexcept {
  const value* at = &v;
  for (;;) {
    if (!at->is_object()) return *at;
    const value* inner = nullptr;
    bool only_meta = true;
    for (const auto& m : at->as_object()) {
      if ((m.key == "function" || m.key == "tool_call") && m.value.is_object() && inner == nullptr) inner = &m.value;
      else if (!one_of(m.key, meta_keys)) only_meta = false;
    }
    if (inner == nullptr || !only_meta) return *at;
    at = inner;
  }
}

}  // namespace

TOON_FUNC std::optional<result<intercepted_call>> call_from_value(const value& input) {
  const value& v = unwrap_call(input);
  if (!v.is_object()) return std::nullopt;
  const toon::object& o = v.as_object();

  const value* name = nullptr;
  std::string_view name_key;
  const value* args = nullptr;
  bool unknown_keys = false;
  for (const auto& m : o) {
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
  const bool tool_key = name_key == "tool";
  // Without the explicit "tool" key, a name and its arguments and nothing else: {"name": "Bob",
  // "age": 3} is data, not a call.
  if (!tool_key && (args == nullptr || unknown_keys)) return std::nullopt;
  if (!name->is_string() || name->as_string().empty())
    return std::optional<result<intercepted_call>>(std::in_place, invalid("the tool name is not a non-empty string"));
  intercepted_call call;
  call.name = name->as_string();
  if (tool_key && (args == nullptr || unknown_keys)) {
    // {"tool": "read_file", "path": "a.txt"}: the other fields are the arguments.
    toon::object fields;
    for (const auto& m : o)
      if (m.key != name_key) fields.emplace_back(m.key, m.value);
    call.arguments = value(std::move(fields));
    return std::optional<result<intercepted_call>>(std::in_place, std::move(call));
  }
  result<value> a = arguments_of(*args);
  if (!a) return std::optional<result<intercepted_call>>(std::in_place, a.error());
  call.arguments = std::move(*a);
  return std::optional<result<intercepted_call>>(std::in_place, std::move(call));
}

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

  // Timings.
  clock::time_point now_time{};
  clock::time_point narr_time{};
  clock::time_point held_time{};
  clock::time_point held_last_time{};  // toon_block: when the last member line ended

  state(sink o, intercept_options options) : out(std::move(o)), opt(std::move(options)) {
    max_held = std::max<std::size_t>(opt.max_buffer_chars, 16);
  }

  // ---- delivering ----------------------------------------------------------------------------

  [[nodiscard]] std::size_t next_offset() const noexcept { return base_off + narr.size() + held.size(); }

  void deliver(stream_piece&& p) {
    if (opt.timings) {
      p.timing.released = clock::now();
    }
    out(std::move(p));
  }

  // Delivers narr (all of it, or up to a trailing incomplete UTF-8 sequence).
  void flush_narrative(bool keep_utf8_tail) {
    std::size_t n = narr.size();
    if (keep_utf8_tail && held.empty()) n -= utf8_tail(narr);
    if (n == 0) return;
    stream_piece p;
    p.kind = piece_kind::narrative;
    p.offset = base_off;
    p.text.assign(narr, 0, n);
    p.false_alarm = held_false_alarm;
    p.problem = std::move(narr_problem);
    p.decided_at = cur;
    if (opt.timings) {
      p.timing.first_byte = narr_time;
      p.timing.last_byte = now_time;
    }
    narr.erase(0, n);
    base_off += n;
    held_false_alarm = false;
    narr_problem.clear();
    narr_time = now_time;
    ++stats.narrative_pieces;
    stats.narrative_bytes += n;
    deliver(std::move(p));
  }

  // Bytes at the end of `s` that start a UTF-8 sequence the next bytes may complete.
  static std::size_t utf8_tail(std::string_view s) noexcept {
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
    if (held.empty() && opt.timings) held_time = now_time;
    held.push_back(c);
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

  // A complete JSON text (a bare object or a ```json block's body) of n held bytes.
  void complete_json(std::size_t n, std::string_view json, call_syntax how) {
    result<value> v = from_json(json, json_read_options{.replace_lone_surrogates = true});
    if (!v) {
      return not_a_call(n, "not valid JSON: " + v.error().message);
    }
    std::optional<result<intercepted_call>> call = call_from_value(*v);
    if (!call) return not_a_call(n, "JSON without a tool call's shape");
    emit_call(n, std::move(*call), how, now_time);
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
    std::optional<result<intercepted_call>> call = call_from_value(*v);
    if (!call) return not_a_call(n, "TOON without a tool call's shape");
    emit_call(n, std::move(*call), how, last_byte);
  }

  // A complete MCP-DSL request (a `> tools/call` line or a ```mcp-dsl block's body) of n held
  // bytes. A text that starts with `> tools/call` is a call: when it does not compile, it is an
  // invalid one.
  void complete_dsl(std::size_t n, std::string_view text, call_syntax how) {
    if (!mcp_dsl::starts_tool_call(text)) return not_a_call(n, "an MCP-DSL block without a `> tools/call` request");
    result<mcp_dsl::tool_call> r = mcp_dsl::compile_tool_call(text);
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
    release("longer than max_buffer_chars");
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
    }
    if (held.size() > max_held) overflowed();
    stats.max_held = std::max(stats.max_held, held.size());
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
      return hold(c);
    }
    narrate(c);
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
    body_start = held.size();
    line_start = held.size();
    if (toon_fence) {
      toon.emplace();
      toon_error.clear();
    }
  }

  void fence_body_byte(char c) {
    hold(c);
    if (c != '\n') return;
    std::string_view line(held.data() + line_start, held.size() - 1 - line_start);
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
    if (in_string) {
      if (c == '\n') {
        // A line break inside a string: not JSON (prose with a stray quote).
        hold(c);
        release("a line break inside a JSON string");
        s = st::base;
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
        s = st::base;
        return;
      }
      return hold(c);
    }
    if (c == '}' || c == ']') {
      hold(c);
      if (--depth == 0) {
        s = st::base;
        complete_json(held.size(), held, call_syntax::json_object);
      }
      return;
    }
    if (!json_byte(c)) {
      // Prose: `{"a" or b}`. The byte may start something else (a code span, a fence).
      at_line_start = held.back() == '\n';
      release("not JSON");
      s = st::base;
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
          s = st::base;
          at_line_start = false;
        }
        return;
      case '}':
      case ']':
        if (--depth == 0) {
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
          if (narr.empty() && opt.timings) narr_time = now_time;
          narr.append(p, static_cast<std::size_t>(q - p));
          cur = next_offset();
          p = q;
          continue;
        }
      }
      cur = next_offset() + 1;
      step(*p++);
    }
    flush_narrative(true);
  }

  [[nodiscard]] bool can_skip() const noexcept { return !in_fence && !at_line_start && tick_run == 0; }

  [[nodiscard]] const char* skip_plain(const char* p, const char* end) const noexcept {
    const bool json = opt.syntaxes.json_object && code_span == 0;
    while (p < end) {
      const char c = *p;
      if (c == '\n' || c == '`' || (json && c == '{')) break;
      ++p;
    }
    return p;
  }

  void finish() {
    if (finished) reset();
    if (opt.timings) now_time = clock::now();
    cur = next_offset();
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
