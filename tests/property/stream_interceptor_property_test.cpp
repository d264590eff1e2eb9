// toon::mcp::stream_interceptor (docs/streaming.md, "Tool calls in a token stream"):
//   - streams built from known parts (narrative, JSON calls, ```json / ```toon blocks, TOON
//     `tool:` blocks, MCP-DSL requests, `<tool_call>` tags, `[TOOL_CALLS]` arrays,
//     `<|python_tag|>` calls, OpenAI `tool_calls` objects) come out as exactly those parts: the
//     calls with their names, arguments and source text (an array of calls as one piece per
//     call, their texts adding up to the part), the narrative byte for byte, no marker in it;
//   - text that is not a call (JSON data, ```python blocks holding call-like JSON, ```json and
//     ```toon data blocks, inline code) comes out as narrative, byte for byte;
//   - for any stream (also random bytes from the characters that matter) and any chunking (one
//     chunk, byte by byte, random), the pieces tile the input, and the classification (merged
//     narrative, calls) is the same;
//   - what is held back never exceeds max_buffer_chars, or max_call_bytes once it can only be
//     a call.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <ostream>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "toon/encode.hpp"
#include "toon/json.hpp"
#include "toon/mcp/stream_interceptor.hpp"
#include "toon/dsl/mcp_dsl.hpp"

namespace {

using toon::mcp::call_syntax;
using toon::mcp::intercept_options;
using toon::mcp::piece_kind;
using toon::mcp::stream_interceptor;
using toon::mcp::stream_piece;

// ---- generators ----------------------------------------------------------------------------

// Prose that cannot start a call: no braces, backticks or tildes, no 'o' (no `tool:` line).
rc::Gen<std::string> prose() {
  return rc::gen::container<std::string>(
      rc::gen::element('a', 'b', 'c', 'x', 'y', 't', ' ', ' ', '.', ',', ':', '!', '"', '\\', '\n', '-', '[', ']',
                       '1', '\xC3', '\xA9'));
}

rc::Gen<std::string> identifier() {
  return rc::gen::element<std::string>("read_file", "list_dir", "git_log", "grep", "write_file", "x");
}

// Argument values: primitives, arrays of primitives, one level of objects; strings without
// backticks (a TOON row of "```" inside a block would read as its closing fence).
rc::Gen<toon::value> primitive() {
  return rc::gen::oneOf(
      rc::gen::map(rc::gen::arbitrary<std::int64_t>(), [](std::int64_t i) { return toon::value(i); }),
      rc::gen::map(rc::gen::arbitrary<bool>(), [](bool b) { return toon::value(b); }),
      rc::gen::just(toon::value()),
      rc::gen::map(rc::gen::container<std::vector<std::string>>(rc::gen::element<std::string>(
                       "a", "Z", " ", ":", ",", "\"", "\\", "\n", "{", "}", "-", "#", "\xC3\xA9", "\t", "tool: x")),
                   [](std::vector<std::string> v) {
                     std::string s;
                     for (const std::string& t : v) s += t;
                     return toon::value(std::move(s));
                   }));
}

rc::Gen<toon::value> argument_value() {
  return rc::gen::oneOf(primitive(),
                        rc::gen::map(rc::gen::container<std::vector<toon::value>>(primitive()),
                                     [](std::vector<toon::value> v) { return toon::value(toon::array(std::move(v))); }),
                        rc::gen::map(rc::gen::container<std::vector<toon::value>>(primitive()), [](std::vector<toon::value> v) {
                          toon::object o;
                          for (std::size_t i = 0; i < v.size(); ++i) {
                            std::string key = "f";
                            key += std::to_string(i);
                            o.emplace_back(std::move(key), std::move(v[i]));
                          }
                          return toon::value(std::move(o));
                        }));
}

rc::Gen<toon::value> arguments() {
  return rc::gen::map(rc::gen::container<std::vector<toon::value>>(argument_value()), [](std::vector<toon::value> v) {
    static const char* keys[] = {"path", "n", "content", "flag", "items", "opts", "max_count", "pattern"};
    toon::object o;
    for (std::size_t i = 0; i < v.size() && i < 8; ++i) o.emplace_back(keys[i], std::move(v[i]));
    return toon::value(std::move(o));
  });
}

struct part {
  std::string text;
  bool is_call = false;
  std::string name{};
  toon::value args{};
  call_syntax syntax = call_syntax::json_object;
  // The calls after the first one written in the same text (an array of calls).
  std::vector<std::pair<std::string, toon::value>> more{};
};

// {"name": name, key: args} as JSON.
std::string named_call_json(const std::string& name, const toon::value& args, const char* key = "arguments") {
  toon::object call;
  call.emplace_back("name", toon::value(name));
  call.emplace_back(key, args);
  return toon::to_json(toon::value(std::move(call)));
}

std::ostream& operator<<(std::ostream& os, const part& p) {
  return os << (p.is_call ? "call " : "text ") << toon::to_json(toon::value(p.text));
}

// A call written in one of the syntaxes, with what must come out.
rc::Gen<part> call_part() {
  return rc::gen::apply(
      [](int how, std::string name, toon::value args, int name_key) {
        part p;
        p.is_call = true;
        p.name = name;
        p.args = args;
        toon::object call;
        switch (how) {
          case 0: {  // a JSON object, in one of the common shapes
            static const char* shapes[][2] = {
                {"tool", "arguments"}, {"name", "arguments"}, {"name", "input"}, {"tool_name", "parameters"}, {"action", "action_input"}};
            call.emplace_back(shapes[name_key % 5][0], toon::value(name));
            call.emplace_back(shapes[name_key % 5][1], args);
            p.text = toon::to_json(toon::value(std::move(call)));
            p.syntax = call_syntax::json_object;
            break;
          }
          case 1: {
            call.emplace_back("tool", toon::value(name));
            call.emplace_back("arguments", args);
            p.text = "```json\n" + toon::to_json(toon::value(std::move(call))) + "\n```\n";
            p.syntax = call_syntax::json_fence;
            break;
          }
          case 6:  // Hermes / Qwen
            p.text = "<tool_call>\n" + named_call_json(name, args) + "\n</tool_call>";
            p.syntax = call_syntax::tool_call_tag;
            break;
          case 7:  // Mistral: two calls
            p.text = "[TOOL_CALLS] [" + named_call_json(name, args) + ", " +
                     named_call_json("list_dir", toon::value(toon::object{})) + "]";
            p.syntax = call_syntax::tool_calls_marker;
            p.more.emplace_back("list_dir", toon::value(toon::object{}));
            break;
          case 8:  // Llama 3
            p.text = "<|python_tag|>" + named_call_json(name, args, "parameters") + (name_key % 2 ? "<|eom_id|>" : "<|eot_id|>");
            p.syntax = call_syntax::python_tag;
            break;
          case 9: {  // OpenAI: arguments as a string of JSON, two calls, in a ```json block or not
            toon::object fn;
            fn.emplace_back("name", toon::value(name));
            fn.emplace_back("arguments", toon::value(toon::to_json(args)));
            toon::object first;
            first.emplace_back("id", toon::value("c1"));
            first.emplace_back("type", toon::value("function"));
            first.emplace_back("function", toon::value(std::move(fn)));
            const std::string json = "{\"tool_calls\": [" + toon::to_json(toon::value(std::move(first))) +
                                     ", {\"function\": {\"name\": \"git_log\", \"arguments\": \"{}\"}}]}";
            p.more.emplace_back("git_log", toon::value(toon::object{}));
            if (name_key % 2) {
              p.text = json;
              p.syntax = call_syntax::json_object;
            } else {
              p.text = "```json\n" + json + "\n```\n";
              p.syntax = call_syntax::json_fence;
            }
            break;
          }
          case 4:
          case 5: {  // an MCP-DSL request, on a line of its own or in a ```mcp-dsl block
            toon::object params;
            params.emplace_back("name", toon::value(name));
            params.emplace_back("arguments", args);
            toon::object request;
            request.emplace_back("jsonrpc", toon::value("2.0"));
            request.emplace_back("id", toon::value(std::int64_t{name_key}));
            request.emplace_back("method", toon::value("tools/call"));
            request.emplace_back("params", toon::value(std::move(params)));
            std::string dsl = toon::mcp_dsl::decompile(toon::value(std::move(request))).value();
            if (how == 4) {
              p.text = std::move(dsl);
              p.syntax = call_syntax::dsl_request;
            } else {
              p.text = "```mcp-dsl\n" + dsl + "\n```\n";
              p.syntax = call_syntax::dsl_fence;
            }
            break;
          }
          default: {
            call.emplace_back("tool", toon::value(name));
            for (const auto& m : args.as_object()) call.emplace_back(m.key, m.value);
            std::string body = toon::encode(toon::value(std::move(call)));
            if (how == 2) {
              p.text = "```toon\n" + body + "\n```\n";
              p.syntax = call_syntax::toon_fence;
            } else {
              p.text = body + "\n";  // followed by a blank line (see stream())
              p.syntax = call_syntax::toon_block;
            }
          }
        }
        return p;
      },
      rc::gen::inRange(0, 10), identifier(), arguments(), rc::gen::inRange(0, 5));
}

// Text that looks like a call but is not one.
rc::Gen<part> false_alarm_part() {
  return rc::gen::apply(
      [](int how, std::string name, toon::value args) {
        part p;
        toon::object data;
        data.emplace_back("user", toon::value(name));
        data.emplace_back("data", args);
        const std::string data_json = toon::to_json(toon::value(data));
        toon::object call;
        call.emplace_back("tool", toon::value(name));
        call.emplace_back("arguments", args);
        const std::string call_json = toon::to_json(toon::value(call));
        switch (how) {
          case 0: p.text = "see " + data_json + " here"; break;
          case 1: p.text = "```json\n" + data_json + "\n```\n"; break;
          case 2: p.text = "```toon\n" + toon::encode(toon::value(data)) + "\n```\n"; break;
          case 3: p.text = "```python\nx = " + call_json + "\n```\n"; break;
          case 4: p.text = "inline `" + call_json + "` code"; break;
          case 5: p.text = "{\"a\" or " + name + "}"; break;
          case 6: p.text = "> tools/list#1 {cursor: " + name + "}\n> quoted " + data_json + "\n"; break;
          case 8: p.text = "a <tool> b [TOOL] c <|python <tool_cal [TOOL_CALLS] d"; break;
          case 9: p.text = "tool: " + name + "\ndescription: what it does\n"; break;  // a tool described
          default: p.text = "~~~\n" + call_json + "\n~~~\n"; break;
        }
        return p;
      },
      rc::gen::inRange(0, 10), identifier(), arguments());
}

// A stream of prose and parts, each part on lines of its own (blank lines after TOON blocks).
std::string stream_of(const std::vector<std::pair<std::string, part>>& parts, std::vector<part>* expected_calls,
                      std::string* expected_narrative) {
  std::string s;
  for (const auto& [before, p] : parts) {
    std::string lead = before + "\n";
    s += lead;
    if (expected_narrative) *expected_narrative += lead;
    s += p.text;
    if (p.is_call) {
      if (expected_calls) expected_calls->push_back(p);
    } else if (expected_narrative) {
      *expected_narrative += p.text;
    }
    if (p.syntax == call_syntax::toon_block || !p.is_call) {
      s += "\n";
      if (expected_narrative) *expected_narrative += "\n";
    }
  }
  return s;
}

// ---- running -------------------------------------------------------------------------------

struct classified {
  std::vector<std::string> items;  // "N:narrative" / "C:offset:length:decided:name:args" / "I:..."
  std::string all_text;
  std::size_t max_pending = 0;
  bool offsets_contiguous = true;
};

classified classify(std::string_view text, const std::vector<std::size_t>& cuts, const intercept_options& o = {}) {
  classified c;
  std::size_t next = 0;
  std::string narrative;
  auto flush = [&] {
    if (!narrative.empty()) c.items.push_back("N:" + narrative);
    narrative.clear();
  };
  stream_interceptor in(
      [&](stream_piece&& p) {
        if (p.offset != next || p.text.empty()) c.offsets_contiguous = false;
        next = p.offset + p.text.size();
        c.all_text += p.text;
        if (p.kind == piece_kind::narrative) {
          narrative += p.text;
          return;
        }
        flush();
        std::string item = (p.kind == piece_kind::tool_call ? "C:" : "I:") + std::to_string(p.offset) + ":" +
                           std::to_string(p.text.size()) + ":" + std::to_string(p.decided_at) + ":";
        if (p.call) item += p.call->name + ":" + toon::to_json(p.call->arguments) + ":" + std::string(to_string(p.call->syntax));
        c.items.push_back(item);
      },
      o);
  std::size_t at = 0;
  std::size_t fed = 0;
  auto feed = [&](std::string_view chunk) {
    in.feed(chunk);
    fed += chunk.size();
    c.max_pending = std::max(c.max_pending, in.pending().size());
    if (in.pending().size() != fed - next) c.offsets_contiguous = false;
  };
  for (std::size_t cut : cuts) {
    if (cut <= at || cut >= text.size()) continue;
    feed(text.substr(at, cut - at));
    at = cut;
  }
  feed(text.substr(at));
  in.finish();
  flush();
  return c;
}

std::vector<std::size_t> every_byte(std::size_t n) {
  std::vector<std::size_t> cuts;
  for (std::size_t i = 1; i < n; ++i) cuts.push_back(i);
  return cuts;
}

std::vector<std::size_t> random_cuts(std::size_t n, std::uint32_t seed) {
  std::mt19937 rng(seed);
  std::vector<std::size_t> cuts;
  std::size_t at = 0;
  while (true) {
    at += 1 + rng() % 9;
    if (at >= n) break;
    cuts.push_back(at);
  }
  return cuts;
}

// Random bytes from the characters the interceptor looks at.
rc::Gen<std::string> noise() {
  return rc::gen::map(
      rc::gen::container<std::vector<std::string>>(rc::gen::element<std::string>(
          "{", "}", "[", "]", "\"", "\\", "`", "```", "~~~", ":", ",", "\n", "\n\n", " ", "   ", "tool:", "tool: x\n",
          "\"tool\"", "\"name\"", "\"arguments\":", "json\n", "toon\n", "a", "1", "true", "\xC3\xA9", "\xE2\x82", "\r\n",
          "- ", "k: v\n", "{\"tool\":\"x\"}", "  k: 1\n", "items[2]: a,b\n", "<", "[", "<tool_call>", "</tool_call>",
          "[TOOL_CALLS]", "<|python_tag|>", "<|eom_id|>", "{\"name\":\"x\",\"arguments\":{}}")),
      [](std::vector<std::string> v) {
        std::string s;
        for (const std::string& t : v) s += t;
        return s;
      });
}

// ---- properties ----------------------------------------------------------------------------

RC_GTEST_PROP(StreamInterceptorProperty, KnownPartsComeOutAsWritten, ()) {
  const auto parts = *rc::gen::resize(50, rc::gen::container<std::vector<std::pair<std::string, part>>>(
                                              rc::gen::pair(prose(), rc::gen::oneOf(call_part(), false_alarm_part()))));
  std::vector<part> calls;
  std::string narrative;
  const std::string text = stream_of(parts, &calls, &narrative);
  const auto seed = *rc::gen::arbitrary<std::uint32_t>();
  for (const auto& cuts : {std::vector<std::size_t>{}, random_cuts(text.size(), seed)}) {
    std::vector<stream_piece> got;
    intercept_options o;
    o.max_buffer_chars = std::size_t(1) << 20;  // generated calls may be long
    stream_interceptor in([&](stream_piece&& p) { got.push_back(std::move(p)); }, o);
    std::size_t at = 0;
    for (std::size_t cut : cuts) {
      in.feed(std::string_view(text).substr(at, cut - at));
      at = cut;
    }
    in.feed(std::string_view(text).substr(at));
    in.finish();
    std::string got_narrative;
    std::size_t k = 0;
    std::size_t sub = 0;  // the call of calls[k] expected next (0: the first)
    std::string joined;   // the texts of calls[k]'s pieces so far
    for (const stream_piece& p : got) {
      if (p.kind == piece_kind::narrative) {
        got_narrative += p.text;
        continue;
      }
      RC_ASSERT(p.kind == piece_kind::tool_call);
      RC_ASSERT(k < calls.size());
      const part& want = calls[k];
      RC_ASSERT(p.call->name == (sub == 0 ? want.name : want.more[sub - 1].first));
      RC_ASSERT(p.call->arguments == (sub == 0 ? want.args : want.more[sub - 1].second));
      RC_ASSERT(p.call->syntax == want.syntax);
      joined += p.text;
      if (++sub == 1 + want.more.size()) {
        RC_ASSERT(joined == want.text);
        joined.clear();
        sub = 0;
        ++k;
      }
    }
    RC_ASSERT(k == calls.size());
    RC_ASSERT(sub == 0u);
    RC_ASSERT(got_narrative == narrative);
  }
}

RC_GTEST_PROP(StreamInterceptorProperty, FalseAlarmsAreNarrativeByteForByte, ()) {
  const auto parts = *rc::gen::resize(
      40, rc::gen::container<std::vector<std::pair<std::string, part>>>(rc::gen::pair(prose(), false_alarm_part())));
  const std::string text = stream_of(parts, nullptr, nullptr);
  const classified c = classify(text, random_cuts(text.size(), *rc::gen::arbitrary<std::uint32_t>()));
  if (text.empty()) RC_ASSERT(c.items.empty());
  else RC_ASSERT(c.items == std::vector<std::string>{"N:" + text});
}

RC_GTEST_PROP(StreamInterceptorProperty, AnyChunkingGivesTheSameClassification, ()) {
  // Sizes kept small: every chunking feeds the stream byte by byte once.
  const auto parts = *rc::gen::resize(30, rc::gen::container<std::vector<std::pair<std::string, part>>>(
                                              rc::gen::pair(noise(), rc::gen::oneOf(call_part(), false_alarm_part()))));
  const std::string text = stream_of(parts, nullptr, nullptr) + *noise();
  intercept_options o;
  o.max_buffer_chars = *rc::gen::inRange<std::size_t>(16, 400);
  o.max_call_bytes = *rc::gen::inRange<std::size_t>(16, 800);
  o.invalid = *rc::gen::element(toon::mcp::invalid_calls::narrative, toon::mcp::invalid_calls::report);
  const classified whole = classify(text, {}, o);
  RC_ASSERT(whole.all_text == text);
  RC_ASSERT(whole.offsets_contiguous);
  for (const auto& cuts : {every_byte(text.size()), random_cuts(text.size(), *rc::gen::arbitrary<std::uint32_t>())}) {
    const classified c = classify(text, cuts, o);
    RC_ASSERT(c.all_text == text);
    RC_ASSERT(c.offsets_contiguous);
    RC_ASSERT(c.items == whole.items);
    RC_ASSERT(c.max_pending <= std::max(o.max_buffer_chars, o.max_call_bytes));
  }
}

RC_GTEST_PROP(StreamInterceptorProperty, HoldBackNeverExceedsTheBound, ()) {
  const std::string text = *noise() + *noise();
  intercept_options o;
  o.max_buffer_chars = *rc::gen::inRange<std::size_t>(16, 64);
  o.max_call_bytes = *rc::gen::inRange<std::size_t>(16, 128);
  const classified c = classify(text, every_byte(text.size()), o);
  RC_ASSERT(c.max_pending <= std::max(o.max_buffer_chars, o.max_call_bytes));
  RC_ASSERT(c.all_text == text);
}

}  // namespace
