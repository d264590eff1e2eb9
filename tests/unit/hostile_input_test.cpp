// Depth bombs and size bombs for every recursive reader (issue 39, item 6): TOON (value,
// typed, document, event and streaming decoding), the JSON reader and json_to_toon, JSON
// Schema import, the typed-param parser, LLM reply extraction (extract, decode_reply) and the
// MCP server's handle_line. docs/decoding.md ("Limits against hostile input") and
// docs/fuzzing.md ("Hostile input") describe it.
//
// Each reader runs on a thread with a 1 MiB stack and a guard page (run_on_small_stack), so a
// recursion that the input can drive deeper than the stack allows crashes this test program
// instead of passing. The inputs are generated: nesting of 10^5 to 10^6 levels where the
// syntax allows it in linear size (JSON brackets, typed-param types), and as deep as a few
// megabytes allow where each level costs a line of growing indentation (TOON: 2,000 to 3,000
// levels); 10^5 to 10^6 members, keys, columns, rows and lines; single tokens of 1 to 8 MB.
// Each must end in a clean error (its code asserted) or the right value. The sizes are chosen
// so that a quadratic reader would take minutes, while the whole file takes about 10 s in a
// Release build. There are no timed assertions (they would flake on a loaded machine): a
// quadratic reader shows as a test taking minutes instead of a second, as the ones fixed with
// this file did (a 10^5-column header: 100 s; a schema of 10^5 properties: 79 s).
//
// Under AddressSanitizer the stack frames are several times larger (redzones), so the thread
// gets a larger stack there and the sizes are scaled down; see small_stack_bytes.
#include <gtest/gtest.h>

#include <pthread.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <exception>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "toon/decode.hpp"
#include "toon/document.hpp"
#include "toon/encode.hpp"
#include "toon/events.hpp"
#include "toon/extract.hpp"
#include "toon/json.hpp"
#include "toon/mcp/server.hpp"
#include "toon/schema.hpp"
#include "toon/schema_import.hpp"
#include "toon/stream.hpp"
#include "toon/toon.hpp"

#if defined(__SANITIZE_ADDRESS__)
#define TOON_HOSTILE_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define TOON_HOSTILE_ASAN 1
#endif
#endif

namespace {

using toon::error_code;

#if defined(TOON_HOSTILE_ASAN)
// ASan's redzones make GCC's frames up to about ten times larger, and its checks make the
// inputs slower to read: a proportionally larger stack, and inputs a tenth the size.
constexpr std::size_t small_stack_bytes = std::size_t(16) << 20;
constexpr std::size_t scale = 10;
#else
/// The acceptance criterion: no reader overflows a 1 MiB stack, whatever the input.
constexpr std::size_t small_stack_bytes = std::size_t(1) << 20;
constexpr std::size_t scale = 1;
#endif

/// Runs `f` on a new thread whose stack is `stack_bytes` (default small_stack_bytes), and waits
/// for it; returns how many bytes of that stack `f` used (the stack is filled with a pattern
/// first, and the deepest changed byte found afterwards). An exception escaping `f` fails the test.
template <class F>
std::size_t run_on_small_stack(F f, std::size_t stack_bytes = small_stack_bytes) {
  struct job {
    F* f;
    std::string escaped;
  } j{&f, {}};
  auto body = [](void* p) -> void* {
    auto* jp = static_cast<job*>(p);
    try {
      (*jp->f)();
    } catch (const std::exception& e) {
      jp->escaped = e.what();
    } catch (...) {
      jp->escaped = "unknown exception";
    }
    return nullptr;
  };
  // The stack, with an inaccessible guard page below it: overflowing it is a crash (SIGSEGV),
  // never a silent write into other memory.
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  const std::size_t mapped = stack_bytes + page;
  void* block = mmap(nullptr, mapped, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  EXPECT_NE(block, MAP_FAILED);
  if (block == MAP_FAILED) return 0;
  EXPECT_EQ(mprotect(block, page, PROT_NONE), 0);
  auto* stack = static_cast<unsigned char*>(block) + page;
  constexpr unsigned char paint = 0xA5;
  std::memset(stack, paint, stack_bytes);
  pthread_attr_t attr;
  EXPECT_EQ(pthread_attr_init(&attr), 0);
  EXPECT_EQ(pthread_attr_setstack(&attr, stack, stack_bytes), 0);
  pthread_t thread;
  int rc = pthread_create(&thread, &attr, body, &j);
  pthread_attr_destroy(&attr);
  EXPECT_EQ(rc, 0) << std::strerror(rc);
  std::size_t used = 0;
  if (rc == 0) {
    EXPECT_EQ(pthread_join(thread, nullptr), 0);
    EXPECT_TRUE(j.escaped.empty()) << "exception: " << j.escaped;
    std::size_t untouched = 0;  // the stack grows down from the end of the block
    while (untouched < stack_bytes && stack[untouched] == paint) ++untouched;
    used = stack_bytes - untouched;
  }
  munmap(block, mapped);
  return used;
}

/// `s` written `n` times.
std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

/// `n` nested JSON arrays around `inner`.
std::string json_arrays(std::size_t n, std::string_view inner = "") {
  return repeat("[", n) + std::string(inner) + repeat("]", n);
}

/// `n` nested JSON objects {"a":{"a":...}} around `inner`.
std::string json_objects(std::size_t n, std::string_view inner = "1") {
  return repeat("{\"a\":", n) + std::string(inner) + repeat("}", n);
}

/// A TOON document of `n` nested objects: `a:` lines indented one level (2 spaces) more each,
/// the innermost holding `v: 1`.
std::string toon_objects(std::size_t n) {
  std::string out;
  out.reserve(n * n + 4 * n);
  for (std::size_t i = 0; i < n; ++i) {
    out.append(2 * i, ' ');
    out += "a:\n";
  }
  out.append(2 * n, ' ');
  out += "v: 1\n";
  return out;
}

/// A TOON document of `n` nested one-item arrays: `a[1]:` then `- [1]:` items, one level
/// deeper each, the innermost holding `- 1`.
std::string toon_list_arrays(std::size_t n) {
  std::string out = "a[1]:\n";
  for (std::size_t i = 1; i < n; ++i) {
    out.append(2 * i, ' ');
    out += "- [1]:\n";
  }
  out.append(2 * n, ' ');
  out += "- 1\n";
  return out;
}

/// A JSON object of `n` members "k0".."k<n-1>" with the values 0..n-1.
std::string json_members(std::size_t n) {
  std::string out = "{";
  for (std::size_t i = 0; i < n; ++i) {
    if (i) out += ',';
    out += "\"k" + std::to_string(i) + "\":" + std::to_string(i);
  }
  out += '}';
  return out;
}

/// A TOON object of `n` members `k0: 0` ...
std::string toon_members(std::size_t n) {
  std::string out;
  for (std::size_t i = 0; i < n; ++i) out += "k" + std::to_string(i) + ": " + std::to_string(i) + "\n";
  return out;
}

/// `e` has the code `code` and a message.
void expect_error(const toon::error& e, error_code code) {
  EXPECT_EQ(e.code, code) << e.to_string();
  EXPECT_FALSE(e.message.empty());
}

/// The nesting depth of a value (its own level counted), without recursion.
std::size_t depth_of(const toon::value& v) {
  std::size_t d = 0;
  const toon::value* p = &v;
  while (true) {
    if (p->is_array() && !p->as_array().empty()) p = &p->as_array().front();
    else if (p->is_object() && !p->as_object().empty()) p = &p->as_object().begin()->value;
    else return d + (p->is_array() || p->is_object() ? 1 : 0);
    ++d;
  }
}

// ---- JSON reader (toon::from_json) and json_to_toon ----------------------------------------

constexpr std::size_t json_limit = 256;  // toon/json.hpp, from_json

TEST(HostileJson, ArraysAtTheLimitDecode) {
  run_on_small_stack([] {
    auto r = toon::from_json(json_arrays(json_limit, "7"));
    ASSERT_TRUE(r.has_value()) << r.error().to_string();
    EXPECT_EQ(depth_of(*r), json_limit);
    auto t = toon::json_to_toon(json_arrays(json_limit, "7"));
    ASSERT_TRUE(t.has_value()) << t.error().to_string();
  });
}

TEST(HostileJson, ObjectsAtTheLimitDecode) {
  run_on_small_stack([] {
    auto r = toon::from_json(json_objects(json_limit));
    ASSERT_TRUE(r.has_value()) << r.error().to_string();
    EXPECT_EQ(depth_of(*r), json_limit);
    auto t = toon::json_to_toon(json_objects(json_limit));
    ASSERT_TRUE(t.has_value()) << t.error().to_string();
  });
}

TEST(HostileJson, MixedNestingAtTheLimitDecodes) {
  std::string text = repeat("[{\"a\":", json_limit / 2) + "null" + repeat("}]", json_limit / 2);
  run_on_small_stack([&] {
    auto r = toon::from_json(text);
    ASSERT_TRUE(r.has_value()) << r.error().to_string();
    EXPECT_EQ(depth_of(*r), json_limit);
  });
}

TEST(HostileJson, OneLevelBeyondTheLimitFails) {
  run_on_small_stack([] {
    auto r = toon::from_json(json_arrays(json_limit + 1));
    ASSERT_FALSE(r.has_value());
    expect_error(r.error(), error_code::depth_limit);
    EXPECT_EQ(r.error().line, 1u);
    EXPECT_EQ(r.error().column, json_limit + 1);
  });
}

TEST(HostileJson, MillionOpenBracketsFail) {
  for (std::string_view open : {"[", "{\"a\":", "[{\"a\":"}) {
    std::string text = repeat(open, 1000000 / scale);
    run_on_small_stack([&] {
      auto r = toon::from_json(text);
      ASSERT_FALSE(r.has_value()) << open;
      // simdjson's first stage sees the unbalanced brackets; either error is clean.
      EXPECT_TRUE(r.error().code == error_code::depth_limit || r.error().code == error_code::invalid_json)
          << r.error().to_string();
      EXPECT_GE(r.error().line, 1u);
      EXPECT_GE(r.error().column, 1u);
      auto t = toon::json_to_toon(text);
      ASSERT_FALSE(t.has_value());
      EXPECT_EQ(t.error().code, r.error().code) << t.error().to_string();
    });
  }
}

TEST(HostileJson, MillionBalancedLevelsFailWithDepthLimit) {
  for (std::string text : {json_arrays(1000000 / scale), json_objects(300000 / scale)}) {
    run_on_small_stack([&] {
      auto r = toon::from_json(text);
      ASSERT_FALSE(r.has_value());
      expect_error(r.error(), error_code::depth_limit);
      EXPECT_EQ(r.error().line, 1u);
      auto t = toon::json_to_toon(text);
      ASSERT_FALSE(t.has_value());
      EXPECT_EQ(t.error().code, error_code::depth_limit) << t.error().to_string();
      auto x = toon::toon_to_json(text);  // JSON text is not a TOON document: a clean error
      (void)x;
    });
  }
}

TEST(HostileJson, ManyMembersDecodeInLinearTime) {
  const std::size_t n = 300000 / scale;
  std::string text = json_members(n);
  run_on_small_stack([&] {
    auto r = toon::from_json(text);
    ASSERT_TRUE(r.has_value()) << r.error().to_string();
    ASSERT_EQ(r->as_object().size(), n);
    EXPECT_EQ(r->as_object().find("k" + std::to_string(n - 1))->as_int64(), static_cast<std::int64_t>(n - 1));
    auto t = toon::json_to_toon(text);
    ASSERT_TRUE(t.has_value()) << t.error().to_string();
  });
}

TEST(HostileJson, ManyRepeatedKeysKeepTheLast) {
  const std::size_t n = 300000 / scale;
  std::string text = "{";
  for (std::size_t i = 0; i < n; ++i) text += (i ? ",\"k" : "\"k") + std::to_string(i % 1000) + "\":" + std::to_string(i);
  text += '}';
  run_on_small_stack([&] {
    auto r = toon::from_json(text);
    ASSERT_TRUE(r.has_value()) << r.error().to_string();
    ASSERT_EQ(r->as_object().size(), 1000u);
    EXPECT_EQ(r->as_object().find("k999")->as_int64(), static_cast<std::int64_t>(n - 1));
  });
}

TEST(HostileJson, MegabyteTokens) {
  const std::size_t mb = (std::size_t(8) << 20) / scale;
  run_on_small_stack([&] {
    std::string s = "[\"" + std::string(mb, 'x') + "\"]";
    auto r = toon::from_json(s);
    ASSERT_TRUE(r.has_value()) << r.error().to_string();
    EXPECT_EQ(r->as_array()[0].as_string().size(), mb);

    std::string key = "{\"" + std::string(mb, 'k') + "\":1}";
    auto k = toon::from_json(key);
    ASSERT_TRUE(k.has_value()) << k.error().to_string();
    EXPECT_EQ(k->as_object().begin()->key.size(), mb);

    std::string escapes = "[\"" + repeat("\\u00e9", mb / 6) + "\"]";
    auto e = toon::from_json(escapes);
    ASSERT_TRUE(e.has_value()) << e.error().to_string();

    std::string big = "[" + std::string(mb / 8, '9') + "]";  // an exact big integer
    auto b = toon::from_json(big);
    ASSERT_TRUE(b.has_value()) << b.error().to_string();
    EXPECT_EQ(b->as_array()[0].as_big_integer().digits.size(), mb / 8);

    std::string frac = "[0." + std::string(mb / 8, '3') + "]";  // a double with a million digits
    auto f = toon::from_json(frac);
    ASSERT_TRUE(f.has_value()) << f.error().to_string();
    EXPECT_NEAR(f->as_array()[0].as_double(), 1.0 / 3, 1e-15);

    std::string unterminated = "[\"" + std::string(mb, 'x');
    auto u = toon::from_json(unterminated);
    ASSERT_FALSE(u.has_value());
    expect_error(u.error(), error_code::invalid_json);
    EXPECT_EQ(u.error().column, 2u);
  });
}

// A value at the JSON limit passes through everything the library does with values.
TEST(HostileJson, ValueAtTheLimitSurvivesEveryValueOperation) {
  run_on_small_stack([] {
    for (std::string text : {json_arrays(json_limit, "1"), json_objects(json_limit)}) {
      auto r = toon::from_json(text);
      ASSERT_TRUE(r.has_value()) << r.error().to_string();
      toon::value copy = *r;  // copy, compare, write, destroy
      EXPECT_TRUE(copy == *r);
      EXPECT_EQ(toon::to_json(copy), text);
      std::string toon_text = toon::encode(copy);
      auto back = toon::decode(toon_text);  // the same limit, counted the same way
      ASSERT_TRUE(back.has_value()) << back.error().to_string();
      EXPECT_TRUE(*back == *r);
      toon::decode_options shallower;
      shallower.max_depth = json_limit - 1;
      auto refused = toon::decode(toon_text, shallower);
      ASSERT_FALSE(refused.has_value());
      expect_error(refused.error(), error_code::depth_limit);
      toon::value moved = std::move(copy);
      (void)moved;
    }
  });
}

// The stack each reader takes at the deepest input it accepts by default, measured on a large
// stack (so that an excess is reported, not a crash): at most half the 1 MiB of the criterion,
// which leaves the rest to the caller. Printed for docs/decoding.md ("Limits against hostile
// input"). Measured at 256 levels (2026-11-28, GCC 12): at most 166 KiB in a Release build
// (from_json of nested objects), 276 KiB in a -O0 Debug build (json_to_toon); at the former
// JSON limit of 1000 levels, about four times as much.
TEST(HostileStack, ReadersAtTheLimitsTakeLittleStack) {
  const std::size_t big = small_stack_bytes * 4;
  const std::size_t budget = small_stack_bytes / 2;
  toon::decode_options o;
  for (std::string text : {json_arrays(json_limit, "1"), json_objects(json_limit)}) {
    const toon::value v = *toon::from_json(text);
    const std::string t = toon::encode(v);
    // Results are kept outside the measured call: destroying a value is the caller's recursion.
    std::vector<toon::value> keep;
    std::vector<std::string> texts;
    std::vector<toon::document> docs;
    std::vector<toon::imported_schema> schemas;
    keep.reserve(8);
    texts.reserve(8);
    docs.reserve(2);
    schemas.reserve(2);
    const std::pair<const char*, std::size_t> used[] = {
        {"from_json", run_on_small_stack([&] { keep.push_back(*toon::from_json(text)); }, big)},
        {"json_to_toon", run_on_small_stack([&] { texts.push_back(*toon::json_to_toon(text)); }, big)},
        {"to_json", run_on_small_stack([&] { texts.push_back(toon::to_json(v)); }, big)},
        {"encode", run_on_small_stack([&] { texts.push_back(toon::encode(v)); }, big)},
        {"decode", run_on_small_stack([&] { keep.push_back(*toon::decode(t, o)); }, big)},
        {"decode_document", run_on_small_stack([&] { docs.push_back(*toon::decode_document(t, o)); }, big)},
        {"decode<value>", run_on_small_stack([&] { keep.push_back(*toon::decode<toon::value>(t, o)); }, big)},
        {"from_value<value>", run_on_small_stack([&] { keep.push_back(*toon::from_value<toon::value>(v)); }, big)},
        {"toon_to_json", run_on_small_stack([&] { texts.push_back(*toon::toon_to_json(t, o)); }, big)},
        {"import_json_schema", run_on_small_stack([&] { schemas.push_back(toon::import_json_schema(v)); }, big)},
        {"value ==", run_on_small_stack([&] { EXPECT_TRUE(keep.front() == v); }, big)},
    };
    for (const auto& [what, bytes] : used) {
      std::printf("  %-20s %s: %zu bytes of stack\n", what, text.substr(0, 2) == "[[" ? "arrays " : "objects", bytes);
      EXPECT_LT(bytes, budget) << what;
    }
    // Copying and destroying run in this file's code (-O0 in the test build): the most
    // expensive value operations, still under the criterion at the default limit.
    std::size_t copy = run_on_small_stack([&] { toon::value c = v; }, big);
    std::printf("  %-20s %s: %zu bytes of stack\n", "value copy+destroy", text.substr(0, 2) == "[[" ? "arrays " : "objects", copy);
    EXPECT_LT(copy, small_stack_bytes / 2);
  }
}

// ---- TOON decoding: value, events, document, typed, streaming -----------------------------

/// Every TOON reader on `text` with `options`: each fails with `code`, or (code == ok) they
/// all succeed with the value of toon::decode.
void every_toon_reader(const std::string& text, const toon::decode_options& options, bool ok, error_code code = {}) {
  auto v = toon::decode(text, options);
  ASSERT_EQ(v.has_value(), ok) << (v ? std::string("decoded") : v.error().to_string());
  if (!ok) expect_error(v.error(), code);

  auto d = toon::decode_document(text, options);
  ASSERT_EQ(d.has_value(), ok) << (d ? std::string("decoded") : d.error().to_string());
  if (!ok) {
    EXPECT_EQ(d.error().code, code) << d.error().to_string();
  }

  auto typed = toon::decode<toon::value>(text, options);
  ASSERT_EQ(typed.has_value(), ok) << (typed ? std::string("decoded") : typed.error().to_string());
  if (!ok) {
    EXPECT_EQ(typed.error().code, code) << typed.error().to_string();
  }
  if (ok) {
    EXPECT_TRUE(*typed == *v);
  }

  auto json = toon::toon_to_json(text, options);
  ASSERT_EQ(json.has_value(), ok) << (json ? std::string("decoded") : json.error().to_string());
  if (!ok) {
    EXPECT_EQ(json.error().code, code) << json.error().to_string();
  }

  // Streaming, in 64 KiB chunks.
  toon::value_stream stream(options);
  toon::result<void> fed;
  for (std::size_t at = 0; at < text.size() && fed; at += 65536) fed = stream.feed(std::string_view(text).substr(at, 65536));
  toon::result<toon::value> finished = fed ? stream.finish() : toon::result<toon::value>(fed.error());
  ASSERT_EQ(finished.has_value(), ok) << (finished ? std::string("decoded") : finished.error().to_string());
  if (!ok) {
    EXPECT_EQ(finished.error().code, code) << finished.error().to_string();
  }
  if (ok) {
    EXPECT_TRUE(*finished == *v);
  }
}

TEST(HostileToon, DeepObjectsFailAtTheDepthLimit) {
  // 2,000 levels (4 MB of indentation): far beyond max_depth (256).
  std::string text = toon_objects(2000 / (scale > 1 ? 4 : 1));
  run_on_small_stack([&] { every_toon_reader(text, {}, false, error_code::depth_limit); });
}

TEST(HostileToon, DeepListArraysFailAtTheDepthLimit) {
  std::string text = toon_list_arrays(2000 / (scale > 1 ? 4 : 1));
  run_on_small_stack([&] { every_toon_reader(text, {}, false, error_code::depth_limit); });
}

TEST(HostileToon, NestingAtTheDepthLimitDecodes) {
  toon::decode_options o;
  run_on_small_stack([&] {
    every_toon_reader(toon_objects(o.max_depth - 1), o, true);  // the root object is a level
    every_toon_reader(toon_objects(o.max_depth), o, false, error_code::depth_limit);
    every_toon_reader(toon_list_arrays(o.max_depth - 1), o, true);
  });
}

/// Counts events; decodes nothing into a tree.
struct counting_handler : toon::event_handler {
  std::size_t events = 0;
  bool start_object(std::size_t, std::size_t) override { return ++events, true; }
  bool end_object() override { return ++events, true; }
  bool start_array(std::size_t, std::size_t) override { return ++events, true; }
  bool end_array() override { return ++events, true; }
  bool key(std::string_view, std::size_t) override { return ++events, true; }
  bool null_value(std::size_t) override { return ++events, true; }
  bool bool_value(bool, std::size_t) override { return ++events, true; }
  bool int_value(std::int64_t, std::size_t) override { return ++events, true; }
  bool uint_value(std::uint64_t, std::size_t) override { return ++events, true; }
  bool double_value(double, std::size_t) override { return ++events, true; }
  bool big_integer_value(std::string_view, std::size_t) override { return ++events, true; }
  bool string_value(std::string_view, std::size_t) override { return ++events, true; }
};

/// `n` nested objects at indent size 1.
std::string toon_objects_indent1(std::size_t n) {
  std::string text;
  for (std::size_t i = 0; i < n; ++i) {
    text.append(i, ' ');
    text += "a:\n";
  }
  return text;
}

TEST(HostileToon, RaisedDepthLimitStillNeedsNoDeepStack) {
  // A caller may raise max_depth: the parser keeps its scopes on the heap, and the sinks that
  // read nested lines by recursion are offered at most max_field_run_room levels at a time,
  // so readers that build no value tree take 3,000 levels (and more) on a 1 MiB stack.
  toon::decode_options o;
  o.max_depth = 1000000;
  o.indent_size = 1;
  const std::size_t n = 3000 / (scale > 1 ? 3 : 1);
  std::string text = toon_objects_indent1(n);
  run_on_small_stack([&] {
    counting_handler h;
    auto r = toon::decode_events(text, h, o);
    ASSERT_TRUE(r.has_value()) << r.error().to_string();
    EXPECT_EQ(h.events, 3 * n + 2);  // per level: key, start, end; and the root object
    auto d = toon::decode_document(text, o);
    ASSERT_TRUE(d.has_value()) << d.error().to_string();
    auto j = toon::toon_to_json(text, o);
    ASSERT_TRUE(j.has_value()) << j.error().to_string();
    EXPECT_EQ(*j, repeat("{\"a\":", n) + "{}" + repeat("}", n));
    counting_handler sh;
    toon::stream_decoder sd(sh, o);
    ASSERT_TRUE(sd.feed(text).has_value());
    ASSERT_TRUE(sd.finish().has_value());
    EXPECT_EQ(sh.events, h.events);
  });
  // A toon::value that deep is another matter: copying and destroying it recurse in the
  // caller's code (about 0.85 KiB a level to destroy at -O0), which is why the default
  // limits stay at 256. 600 levels still fit.
  const std::size_t m = 600 / (scale > 1 ? 3 : 1);
  std::string shallower = toon_objects_indent1(m);
  run_on_small_stack([&] { every_toon_reader(shallower, o, true); });
}

TEST(HostileToon, NonStrictIndentationJumpsNestOneLevelEach) {
  // A million spaces of indentation is one level deeper in non-strict mode, not 500,000.
  toon::decode_options o;
  o.strict = false;
  std::string text = "a:\n" + std::string(1000000 / scale, ' ') + "b: 1\n";
  run_on_small_stack([&] {
    every_toon_reader(text, o, true);
    every_toon_reader(text, {}, false, error_code::unexpected_indentation);  // strict: a depth jump
  });
}

TEST(HostileToon, ManyMembersDecodeInLinearTime) {
  const std::size_t n = 300000 / scale;
  std::string text = toon_members(n);
  run_on_small_stack([&] {
    auto v = toon::decode(text);
    ASSERT_TRUE(v.has_value()) << v.error().to_string();
    EXPECT_EQ(v->as_object().size(), n);
  });
  text = toon_members(n / 3);
  run_on_small_stack([&] {
    every_toon_reader(text, {}, true);
    // A duplicate at the end is found (strict mode) without a quadratic scan.
    every_toon_reader(text + "k0: 1\n", {}, false, error_code::duplicate_key);
  });
}

TEST(HostileToon, NonStrictRepeatedKeysInLinearTime) {
  // Non-strict mode lets a repeated key's last value win: each builder (value, document,
  // typed toon::value) looked for the key with a linear scan of the object, and a table row
  // for each of its columns: 10^5 members took minutes.
  toon::decode_options o;
  o.strict = false;
  const std::size_t n = 100000 / scale;
  std::string repeated = toon_members(n);
  for (std::size_t i = 0; i < n; i += 2) repeated += "k" + std::to_string(i) + ": last\n";
  std::string header = "t[2]{";
  std::string row = "  ";
  for (std::size_t i = 0; i < n; ++i) {
    header += (i ? ",c" : "c") + std::to_string(i);
    row += (i ? "," : "") + std::to_string(i);
  }
  std::string table = header + "}:\n" + row + "\n" + row + "\n";
  std::string repeated_column = header + ",c1}:\n" + row + ",x\n" + row + ",y\n";
  run_on_small_stack([&] {
    every_toon_reader(repeated, o, true);
    auto v = toon::decode(repeated, o);
    ASSERT_TRUE(v.has_value());
    ASSERT_EQ(v->as_object().size(), n);
    EXPECT_EQ((*v)["k0"].as_string(), "last");  // at its first position
    EXPECT_EQ(v->as_object().begin()->key, "k0");
    EXPECT_EQ((*v)["k1"].as_int64(), 1);
    every_toon_reader(table, o, true);
    every_toon_reader(repeated_column, o, true);
    auto t = toon::decode(repeated_column, o);
    ASSERT_TRUE(t.has_value());
    const toon::value& r1 = (*t)["t"][1];
    ASSERT_EQ(r1.as_object().size(), n);
    EXPECT_EQ(r1["c1"].as_string(), "y");
    EXPECT_EQ((r1.as_object().begin() + 1)->key, "c1");
    auto d = toon::decode_document(repeated_column, o);
    ASSERT_TRUE(d.has_value());
    EXPECT_TRUE(d->root() == *t);
  });
}

TEST(HostileToon, WideTablesAndLongArrays) {
  const std::size_t n = 100000 / scale;
  std::string header = "t[1]{";
  std::string row = "  ";
  for (std::size_t i = 0; i < n; ++i) {
    header += (i ? ",c" : "c") + std::to_string(i);
    row += (i ? "," : "") + std::to_string(i);
  }
  std::string table = header + "}:\n" + row + "\n";
  std::string inline_array = "a[" + std::to_string(2 * n) + "]: " + repeat("1,", 2 * n - 1) + "1\n";
  std::string rows = "r[" + std::to_string(2 * n) + "]{x,y}:\n" + repeat("  1,2\n", 2 * n);
  std::string items = "l[" + std::to_string(2 * n) + "]:\n" + repeat("  - x\n", 2 * n);
  std::string duplicate_column = header + ",c0}:\n" + row + ",1\n";
  run_on_small_stack([&] {
    every_toon_reader(table, {}, true);
    every_toon_reader(inline_array, {}, true);
    every_toon_reader(rows, {}, true);
    every_toon_reader(items, {}, true);
    every_toon_reader(duplicate_column, {}, false, error_code::duplicate_key);
  });
}

TEST(HostileToon, MegabyteTokens) {
  const std::size_t mb = (std::size_t(8) << 20) / scale;
  run_on_small_stack([&] {
    every_toon_reader("s: \"" + std::string(mb, 'x') + "\"\n", {}, true);
    every_toon_reader("s: " + std::string(mb, 'x') + "\n", {}, true);
    every_toon_reader(std::string(mb, 'k') + ": 1\n", {}, true);
    every_toon_reader("n: " + std::string(mb / 8, '7') + "\n", {}, true);
    every_toon_reader("s: \"" + repeat("\\n", mb / 2) + "\"\n", {}, true);
    every_toon_reader("s: \"" + std::string(mb, 'x') + "\n", {}, false, error_code::unterminated_string);
    toon::decode_options small;
    small.max_line_size = mb / 2;
    every_toon_reader("s: " + std::string(mb, 'x') + "\n", small, false, error_code::size_limit);
  });
}

TEST(HostileToon, LongLinesFedInSmallChunks) {
  // A stream decoder holds an unfinished line until its end arrives: feeding it a byte at a
  // time must not rescan what it holds (quadratic in the line's length).
  // Fed a byte at a time, 2 x 256 KiB take about 2 s (the cost of 500,000 feed() calls, linear:
  // 2 x 512 KiB take twice as long); a rescan of the held line would take minutes.
  const std::size_t len = (std::size_t(256) << 10) / scale;
  std::string text = "s: \"" + std::string(len, 'x') + "\"\nt: " + std::string(len, 'y') + "\n";
  run_on_small_stack([&] {
    for (std::size_t chunk : {std::size_t(1), std::size_t(7)}) {
      counting_handler h;
      toon::stream_decoder sd(h);
      toon::result<void> r;
      for (std::size_t at = 0; at < text.size() && r; at += chunk) r = sd.feed(std::string_view(text).substr(at, chunk));
      ASSERT_TRUE(r.has_value()) << r.error().to_string();
      ASSERT_TRUE(sd.finish().has_value());
      EXPECT_EQ(h.events, 6u);  // start, key, value, key, value, end
    }
    toon::value_stream vs;
    for (std::size_t at = 0; at < text.size(); at += 3) ASSERT_TRUE(vs.feed(std::string_view(text).substr(at, 3)).has_value());
    auto v = vs.finish();
    ASSERT_TRUE(v.has_value()) << v.error().to_string();
    EXPECT_EQ((*v)["t"].as_string().size(), len);
  });
}

/// A recursive struct: a node with child nodes.
struct tree_node {
  std::string name;
  std::vector<tree_node> kids;
};

TEST(HostileToon, TypedRecursiveStructStopsAtTheDepthLimit) {
  // kids[1]: - name: x / kids[1]: ... nested 2,000 levels (each level two lines deeper).
  const std::size_t n = 2000 / (scale > 1 ? 4 : 1);
  std::string text = "name: root\nkids[1]:\n";
  for (std::size_t i = 1; i < n; ++i) {
    text.append(4 * i - 2, ' ');
    text += "- name: n\n";
    text.append(4 * i, ' ');
    text += "kids[1]:\n";
  }
  text.append(4 * n - 2, ' ');
  text += "- name: leaf\n";
  run_on_small_stack([&] {
    auto r = toon::decode<tree_node>(text);
    ASSERT_FALSE(r.has_value());
    expect_error(r.error(), error_code::depth_limit);
  });
}

TEST(HostileToon, TypedLargeMap) {
  const std::size_t n = 300000 / scale;
  std::string text = toon_members(n);
  run_on_small_stack([&] {
    auto r = toon::decode<std::map<std::string, long>>(text);
    ASSERT_TRUE(r.has_value()) << r.error().to_string();
    EXPECT_EQ(r->size(), n);
  });
}

// ---- JSON Schema import -------------------------------------------------------------------

TEST(HostileSchema, DeepPropertiesAndItemsBecomeAny) {
  // Up to the JSON reader's limit (256 levels), far beyond the importer's max_depth (32).
  std::string props = repeat(R"({"type":"object","properties":{"a":)", 127) + R"({"type":"string"})" + repeat("}}", 127);
  std::string items = repeat(R"({"type":"array","items":)", 255) + R"({"type":"string"})" + repeat("}", 255);
  std::string any_of = repeat(R"({"anyOf":[)", 127) + R"({"type":"string"})" + repeat("]}", 127);
  run_on_small_stack([&] {
    for (const std::string& text : {props, items, any_of}) {
      auto v = toon::from_json(text);
      ASSERT_TRUE(v.has_value()) << v.error().to_string();
      std::vector<toon::schema_loss> losses;
      toon::param_type t = toon::import_json_schema_type(*v, &losses);
      bool depth_loss = false;
      for (const auto& l : losses) depth_loss |= l.kind == toon::schema_loss_kind::depth;
      EXPECT_TRUE(depth_loss) << text.substr(0, 60);
      // What came out is bounded: it formats, converts back and validates.
      std::string formatted = toon::format_param_type(t);
      EXPECT_FALSE(formatted.empty());
      toon::value back = toon::json_schema(t);
      (void)toon::validate(*v, t);
    }
  });
}

TEST(HostileSchema, RefCyclesAndChainsEnd) {
  std::string cycle = R"({"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"type":"object",)"
                      R"("properties":{"x":{"$ref":"#/$defs/a"},"self":{"$ref":"#"}}})";
  // A chain of 10^5 definitions, each referring to the next.
  const std::size_t n = 100000 / scale;
  std::string chain = R"({"type":"object","properties":{"x":{"$ref":"#/$defs/d0"}},"$defs":{)";
  for (std::size_t i = 0; i < n; ++i)
    chain += "\"d" + std::to_string(i) + "\":{\"$ref\":\"#/$defs/d" + std::to_string(i + 1) + "\"},";
  chain += "\"d" + std::to_string(n) + "\":{\"type\":\"string\"}}}";
  run_on_small_stack([&] {
    for (const std::string& text : {cycle, chain}) {
      auto v = toon::from_json(text);
      ASSERT_TRUE(v.has_value()) << v.error().to_string();
      toon::imported_schema s = toon::import_json_schema(*v);
      EXPECT_FALSE(toon::format_typed_params(s.params).empty());
    }
  });
}

TEST(HostileSchema, HundredThousandPropertiesInLinearTime) {
  const std::size_t n = 100000 / scale;
  std::string text = R"({"type":"object","required":[)";
  for (std::size_t i = 0; i < n; ++i) text += (i ? ",\"p" : "\"p") + std::to_string(i) + "\"";
  text += R"(],"properties":{)";
  for (std::size_t i = 0; i < n; ++i) text += (i ? ",\"p" : "\"p") + std::to_string(i) + R"(":{"type":"integer"})";
  text += "}}";
  run_on_small_stack([&] {
    auto v = toon::from_json(text);
    ASSERT_TRUE(v.has_value()) << v.error().to_string();
    toon::imported_schema s = toon::import_json_schema(*v);
    EXPECT_EQ(s.params.params.size(), n);
    EXPECT_EQ(toon::validate(toon::value(toon::object{}), s.params).size(), n);  // every one required
  });
}

// ---- typed-param parser -------------------------------------------------------------------

TEST(HostileParams, DeepNestingFailsAtTheDepthLimit) {
  // The text is limited to 1 MiB (typed_params_options::max_size): 10^5 levels fit.
  const std::size_t n = 100000 / scale;
  std::vector<std::string> bombs = {
      "p:" + repeat("{a:", n) + "int" + repeat("}", n),
      "p:" + repeat("[", n) + "int" + repeat("]", n),
      "p:int" + repeat("[]", n),
      "p:" + repeat("{a:", n),
      "p:" + repeat("(", n) + "int",
      "p:" + repeat("{a:int|", n) + "int" + repeat("}", n),
  };
  run_on_small_stack([&] {
    for (const std::string& text : bombs) {
      auto r = toon::parse_typed_params(text);
      ASSERT_FALSE(r.has_value()) << text.substr(0, 40);
      EXPECT_TRUE(r.error().code == error_code::depth_limit || r.error().code == error_code::invalid_schema)
          << text.substr(0, 40) << ": " << r.error().to_string();
      EXPECT_EQ(r.error().line, 1u);
      EXPECT_GE(r.error().column, 1u);
    }
    auto deep = toon::parse_typed_params("p:" + repeat("{a:", n) + "int" + repeat("}", n));
    ASSERT_FALSE(deep.has_value());
    expect_error(deep.error(), error_code::depth_limit);
    auto too_long = toon::parse_typed_params("p:" + repeat("{a:", 1000000) + "int");
    ASSERT_FALSE(too_long.has_value());
    expect_error(too_long.error(), error_code::size_limit);
  });
}

TEST(HostileParams, FiftyThousandParamsInLinearTime) {
  const std::size_t n = 50000 / scale;  // about 0.6 MB of text, under the 1 MiB limit
  std::string text;
  for (std::size_t i = 0; i < n; ++i) text += (i ? " p" : "p") + std::to_string(i) + ":int";
  std::string fields = "o:{";
  for (std::size_t i = 0; i < n; ++i) fields += (i ? " f" : "f") + std::to_string(i) + ":int";
  fields += "}";
  std::string enums = "e:enum(a";
  for (std::size_t i = 1; i < n; ++i) enums += "|a" + std::to_string(i);
  run_on_small_stack([&] {
    auto r = toon::parse_typed_params(text);
    ASSERT_TRUE(r.has_value()) << r.error().to_string();
    EXPECT_EQ(r->params.size(), n);
    EXPECT_EQ(toon::validate(toon::value(toon::object{}), *r).size(), 0u);  // none required
    auto dup = toon::parse_typed_params(text + " p0:int");
    ASSERT_FALSE(dup.has_value());
    expect_error(dup.error(), error_code::duplicate_key);
    auto f = toon::parse_typed_params(fields);
    ASSERT_TRUE(f.has_value()) << f.error().to_string();
    auto fdup = toon::parse_typed_params(fields.substr(0, fields.size() - 1) + " f0:int}");
    ASSERT_FALSE(fdup.has_value());
    expect_error(fdup.error(), error_code::duplicate_key);
    auto e = toon::parse_typed_params(enums + ")");
    ASSERT_TRUE(e.has_value()) << e.error().to_string();
    EXPECT_EQ(e->params[0].type.enum_values.size(), n);
    auto edup = toon::parse_typed_params(enums + "|a)");
    ASSERT_FALSE(edup.has_value());
    (void)toon::json_schema(*r);
    (void)toon::format_typed_params(*r);
  });
}

TEST(HostileParams, MegabyteTokens) {
  const std::size_t big = (std::size_t(1) << 20) - 64;  // just under the 1 MiB limit
  run_on_small_stack([&] {
    auto name = toon::parse_typed_params(std::string(big, 'p') + ":int");
    ASSERT_TRUE(name.has_value()) << name.error().to_string();
    auto def = toon::parse_typed_params("p:string=\"" + std::string(big, 'x') + "\"");
    ASSERT_TRUE(def.has_value()) << def.error().to_string();
    auto open = toon::parse_typed_params("p:string=\"" + std::string(big, 'x'));
    ASSERT_FALSE(open.has_value());
    expect_error(open.error(), error_code::unterminated_string);
    auto over = toon::parse_typed_params(std::string(std::size_t(8) << 20, 'p') + ":int");
    ASSERT_FALSE(over.has_value());
    expect_error(over.error(), error_code::size_limit);
  });
}

// ---- LLM replies: extract and decode_reply -------------------------------------------------

TEST(HostileReply, DeepJsonAndToonInRepliesEndCleanly) {
  toon::reply_options json_ok;
  json_ok.accept_json = true;
  std::string deep_json = "Here it is:\n```json\n" + json_arrays(1000000 / scale) + "\n```\n";
  std::string open_json = repeat("[", 1000000 / scale) + "\n";
  std::string deep_toon = "```toon\n" + toon_objects(2000 / (scale > 1 ? 4 : 1)) + "```\n";
  run_on_small_stack([&] {
    auto a = toon::decode_reply(deep_json, json_ok);
    ASSERT_FALSE(a.has_value());
    expect_error(a.error(), error_code::depth_limit);
    EXPECT_EQ(a.error().line, 3u);  // counted in the reply
    auto b = toon::decode_reply(open_json, json_ok);
    ASSERT_FALSE(b.has_value());
    EXPECT_TRUE(b.error().code == error_code::depth_limit || b.error().code == error_code::invalid_json)
        << b.error().to_string();
    auto c = toon::decode_reply(deep_toon);
    ASSERT_FALSE(c.has_value());
    expect_error(c.error(), error_code::depth_limit);
    auto x = toon::extract(open_json);
    ASSERT_TRUE(x.has_value()) << x.error().to_string();
  });
}

TEST(HostileReply, ManyLinesAndFences) {
  const std::size_t n = 300000 / scale;
  std::string prose = repeat("Some words here, no document.\n", n) + "a: 1\n";
  std::string fences = repeat("```python\nx\n```\n", n / 4) + "```toon\na: 1\n```\n";
  std::string members = "```toon\n" + toon_members(n) + "```\n";
  std::string colons = repeat("Note: prose with a colon.\n", n);
  run_on_small_stack([&] {
    auto p = toon::decode_reply(prose);
    ASSERT_TRUE(p.has_value()) << p.error().to_string();
    auto f = toon::decode_reply(fences);
    ASSERT_TRUE(f.has_value()) << f.error().to_string();
    EXPECT_EQ((*f)["a"].as_int64(), 1);
    auto m = toon::decode_reply(members);
    ASSERT_TRUE(m.has_value()) << m.error().to_string();
    EXPECT_EQ(m->as_object().size(), n);
    auto c = toon::extract(colons);
    (void)c;  // a result or a clean error, in linear time
    toon::extract_options all;
    all.blocks = toon::block_choice::all;
    auto fa = toon::extract(fences, all);
    ASSERT_TRUE(fa.has_value()) << fa.error().to_string();
  });
}

TEST(HostileReply, MegabyteLines) {
  const std::size_t mb = (std::size_t(8) << 20) / scale;
  std::string line = std::string(mb, 'w') + "\n";
  std::string quoted = "\"" + std::string(mb, 'k') + "\": 1\n";
  run_on_small_stack([&] {
    auto r = toon::decode_reply(line);
    ASSERT_TRUE(r.has_value()) << r.error().to_string();  // one line: a root string
    auto q = toon::decode_reply(quoted);
    ASSERT_TRUE(q.has_value()) << q.error().to_string();
    auto u = toon::extract("x: \"" + std::string(mb, 'k') + "\n");
    (void)u;
  });
}

// ---- MCP server: handle_line ---------------------------------------------------------------

/// Feeds `lines` to a fresh server with an empty catalog; returns what it sent.
std::vector<std::string> serve_lines(const std::vector<std::string>& lines) {
  std::vector<std::string> out;
  toon::tool_catalog catalog;
  toon::mcp::server_options o;
  o.log = {};
  toon::mcp::server s(catalog, o, [&](std::string_view m) { out.emplace_back(m); });
  for (const std::string& l : lines) s.handle_line(l);
  s.wait_idle();
  return out;
}

/// The `error.code` of a JSON-RPC response line, or 0 for a result.
long rpc_code(const std::string& line) {
  auto v = toon::from_json(line);
  if (!v || !v->is_object()) return 1;  // not JSON: never expected
  const toon::value* e = v->as_object().find("error");
  return e ? static_cast<long>((*e)["code"].as_int64()) : 0;
}

TEST(HostileMcp, DeepAndHugeMessagesAreAnswered) {
  const std::string init =
      R"({"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}})";
  const std::size_t n = 1000000 / scale;
  std::vector<std::string> lines = {
      init,
      R"({"jsonrpc":"2.0","method":"notifications/initialized"})",
      // 1. 10^6 open brackets: not JSON (-32700).
      repeat("[", n),
      // 2. params nested to the JSON limit: an unknown method (-32601).
      R"({"jsonrpc":"2.0","id":2,"method":"no/such","params":)" + json_objects(json_limit - 2) + "}",
      // 3. an id nested to the limit: invalid request (-32600).
      R"({"jsonrpc":"2.0","id":)" + json_arrays(json_limit - 1) + R"(,"method":"ping"})",
      // 4. tool arguments at the limit for an unknown tool (-32602).
      R"({"jsonrpc":"2.0","id":4,"method":"tools/call","params":{"name":"x","arguments":)" +
          json_objects(json_limit - 3) + "}}",
      // 5. 300,000 members in params of ping: answered (an empty result).
      R"({"jsonrpc":"2.0","id":5,"method":"ping","params":)" + json_members(n / 3) + "}",
      // 6. a megabyte method name (-32601).
      R"({"jsonrpc":"2.0","id":6,"method":")" + std::string((std::size_t(4) << 20) / scale, 'm') + R"("})",
      // 7. one level beyond the JSON limit (-32700).
      R"({"jsonrpc":"2.0","id":7,"method":"ping","params":)" + json_objects(json_limit) + "}",
  };
  std::vector<std::string> out;
  run_on_small_stack([&] { out = serve_lines(lines); });
  ASSERT_EQ(out.size(), 8u);  // one per line but the notification
  EXPECT_EQ(rpc_code(out[0]), 0);
  EXPECT_EQ(rpc_code(out[1]), toon::mcp::parse_error);
  EXPECT_EQ(rpc_code(out[2]), toon::mcp::method_not_found);
  EXPECT_EQ(rpc_code(out[3]), toon::mcp::invalid_request);
  EXPECT_EQ(rpc_code(out[4]), toon::mcp::invalid_params);
  EXPECT_EQ(rpc_code(out[5]), 0);
  EXPECT_EQ(rpc_code(out[6]), toon::mcp::method_not_found);
  EXPECT_EQ(rpc_code(out[7]), toon::mcp::parse_error);
  // No answer is larger than the request it answers (the unknown method name is quoted).
  for (std::size_t i = 0; i < out.size(); ++i) EXPECT_LT(out[i].size(), lines[i == 0 ? 0 : i + 1].size() + 200) << i;
}

}  // namespace

