// rapidcheck properties of the MCP-DSL compiler and decompiler (docs/mcp-dsl.md):
//  - JSON -> DSL -> JSON is the identity on generated JSON-RPC messages and MCP definitions
//    (arbitrary params / results / data values, tool schemas in the type syntax's image,
//    schemas outside it, content blocks, role messages, capability sets, annotations);
//  - DSL -> JSON -> DSL is a fixed point on the canonical text;
//  - the compiler never crashes on mutated DSL and always locates its errors.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "toon/dsl/mcp_dsl.hpp"
#include "toon/json.hpp"
#include "value_generators.hpp"

namespace mcp_dsl = toon::mcp_dsl;
using toon::array;
using toon::object;
using toon::value;

namespace {

bool has_non_finite(const value& v) {
  if (const double* d = v.get_if<double>()) return !std::isfinite(*d);
  if (const array* a = v.get_if<array>()) {
    for (const value& e : *a)
      if (has_non_finite(e)) return true;
  }
  if (const object* o = v.get_if<object>()) {
    for (const auto& m : *o)
      if (has_non_finite(m.value)) return true;
  }
  return false;
}

std::size_t depth_of(const value& v) {
  std::size_t d = 0;
  if (const array* a = v.get_if<array>()) {
    for (const value& e : *a) d = std::max(d, depth_of(e));
    return d + 1;
  }
  if (const object* o = v.get_if<object>()) {
    for (const auto& m : *o) d = std::max(d, depth_of(m.value));
    return d + 1;
  }
  return 0;
}

rc::Gen<std::string> identifier() {
  return rc::gen::weightedOneOf<std::string>({
      {4, rc::gen::elementOf(std::vector<std::string>{"name", "query", "city", "days", "x", "T", "u", "txt", "in",
                                                       "desc", "ok", "info", "caps", "type", "uri", "_meta", "a_1"})},
      {1, rc::gen::map(rc::gen::container<std::string>(rc::gen::inRange('a', static_cast<char>('z' + 1))),
                       [](std::string s) { return "k" + s; })},
  });
}

rc::Gen<value> any_value() {
  toon_gen::limits l;
  l.nodes = 40;
  return toon_gen::value(l);
}

rc::Gen<value> params_object() {
  return rc::gen::exec([] {
    object o;
    int n = toon_gen::pick(0, 5);
    for (int i = 0; i < n; ++i) {
      std::string k = *rc::gen::weightedOneOf<std::string>({{3, identifier()}, {1, toon_gen::key_string()}});
      if (o.find(k)) continue;
      int form = toon_gen::pick(0, 10);
      value v;
      switch (form) {
        case 0: v = value(object{}); break;  // a capability
        case 1: v = value(object{{"listChanged", value(true)}}); break;
        case 2: v = value(object{{"type", value("text")}, {"text", value(*toon_gen::awkward_string())}}); break;
        case 3:
          v = value(array{value(object{{"role", value("user")},
                                       {"content", value(object{{"type", value("text")}, {"text", value("hi")}})}})});
          break;
        case 4: v = value(object{{"name", value("c")}, {"version", value("1.0")}}); break;
        case 5: v = value(object{{"readOnlyHint", value(true)}, {"title", value("T")}}); break;
        default: v = *any_value();
      }
      o.emplace_back(std::move(k), std::move(v));
    }
    return value(std::move(o));
  });
}

rc::Gen<value> message_id() {
  return rc::gen::oneOf(rc::gen::map(rc::gen::arbitrary<std::int64_t>(), [](std::int64_t i) { return value(i); }),
                        rc::gen::map(toon_gen::awkward_string(), [](std::string s) { return value(std::move(s)); }));
}

rc::Gen<value> message() {
  return rc::gen::exec([] {
    object o;
    o.emplace_back("jsonrpc", value("2.0"));
    int kind = toon_gen::pick(0, 4);
    std::string method = *rc::gen::elementOf(std::vector<std::string>{
        "initialize", "tools/call", "tools/list", "notifications/progress", "x", "a.b", "resources/templates/list"});
    switch (kind) {
      case 0:  // request
        o.emplace_back("id", *message_id());
        o.emplace_back("method", value(method));
        if (*rc::gen::arbitrary<bool>()) o.emplace_back("params", *params_object());
        break;
      case 1:  // notification
        o.emplace_back("method", value(method));
        if (*rc::gen::arbitrary<bool>()) o.emplace_back("params", *params_object());
        break;
      case 2:  // response
        o.emplace_back("id", *message_id());
        o.emplace_back("result", *rc::gen::oneOf(params_object(), any_value()));
        break;
      default: {  // error
        o.emplace_back("id", *rc::gen::oneOf(message_id(), rc::gen::just(value(nullptr))));
        object e;
        e.emplace_back("code", value(*rc::gen::arbitrary<std::int64_t>()));
        e.emplace_back("message", value(*toon_gen::awkward_string()));
        if (*rc::gen::arbitrary<bool>()) e.emplace_back("data", *any_value());
        o.emplace_back("error", value(std::move(e)));
      }
    }
    return value(std::move(o));
  });
}

value object_schema(int depth);

/// A JSON Schema in the image of the type syntax (what `in: {...}` compiles to).
value schema(int depth, bool property) {
  value s;
  int form = toon_gen::pick(0, depth > 0 ? 12 : 8);
  auto typed = [](const char* t) { return value(object{{"type", value(t)}}); };
  switch (form) {
    case 0: s = typed("string"); break;
    case 1: s = typed("integer"); break;
    case 2: s = typed("number"); break;
    case 3: s = typed("boolean"); break;
    case 4: s = typed("null"); break;
    case 5: s = value(object{{"type", value("string")}, {"format", value("uri")}}); break;
    case 6: s = value(object{{"type", value("string")}, {"contentEncoding", value("base64")}}); break;
    case 7: {
      array values;
      int n = toon_gen::pick(1, 4);
      for (int i = 0; i < n; ++i) values.emplace_back(*rc::gen::oneOf(identifier(), toon_gen::awkward_string()));
      s = value(object{{"type", value("string")}, {"enum", value(std::move(values))}});
      break;
    }
    case 8: s = value(object{{"$ref", value("#/definitions/" + *rc::gen::elementOf(std::vector<std::string>{"Addr", "P_1"}))}}); break;
    case 9:
      s = typed("array");
      if (*rc::gen::arbitrary<bool>()) s.get_if<object>()->emplace_back("items", schema(depth - 1, false));
      break;
    case 10: {
      array members;
      int n = toon_gen::pick(2, 4);
      for (int i = 0; i < n; ++i) members.push_back(schema(depth - 1, false));
      s = value(object{{"oneOf", value(std::move(members))}});
      break;
    }
    default: s = object_schema(depth - 1); break;
  }
  if (toon_gen::pick(0, 6) == 0 && !(form == 5) && !s.find("format"))
    s.get_if<object>()->emplace_back("format", value(*rc::gen::elementOf(std::vector<std::string>{"date-time", "email", "int32"})));
  if (property && toon_gen::pick(0, 5) == 0) s.get_if<object>()->emplace_back("default", *any_value());
  return s;
}

value object_schema(int depth) {
  value s(object{{"type", value("object")}});
  object props;
  array required;
  int n = toon_gen::pick(0, 5);
  for (int i = 0; i < n; ++i) {
    std::string k = *rc::gen::weightedOneOf<std::string>({{3, identifier()}, {1, toon_gen::key_string()}});
    if (props.find(k)) continue;
    if (*rc::gen::arbitrary<bool>()) required.emplace_back(k);
    props.emplace_back(std::move(k), schema(depth, true));
  }
  if (!props.empty()) s.get_if<object>()->emplace_back("properties", value(std::move(props)));
  if (!required.empty()) s.get_if<object>()->emplace_back("required", value(std::move(required)));
  return s;
}

/// An MCP Tool: name, description, input / output schemas (sometimes outside the type
/// syntax), annotations.
rc::Gen<value> tool() {
  return rc::gen::exec([] {
    object t;
    t.emplace_back("name", value(*rc::gen::oneOf(identifier(), toon_gen::awkward_string())));
    if (*rc::gen::arbitrary<bool>()) t.emplace_back("description", value(*toon_gen::awkward_string()));
    value in = object_schema(2);
    if (toon_gen::pick(0, 4) == 0) in.get_if<object>()->emplace_back("additionalProperties", value(false));
    t.emplace_back("inputSchema", std::move(in));
    if (*rc::gen::arbitrary<bool>()) t.emplace_back("outputSchema", object_schema(2));
    if (*rc::gen::arbitrary<bool>()) {
      object a;
      for (const char* k : {"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint", "title"})
        if (*rc::gen::arbitrary<bool>())
          a.emplace_back(k, k[0] == 't' ? value("Title") : value(*rc::gen::arbitrary<bool>()));
      t.emplace_back("annotations", value(std::move(a)));
    }
    return value(std::move(t));
  });
}

/// A tools/list response holding generated tools.
rc::Gen<value> tools_list() {
  return rc::gen::exec([] {
    array tools;
    int n = toon_gen::pick(0, 4);
    for (int i = 0; i < n; ++i) tools.push_back(*tool());
    return value(object{{"jsonrpc", value("2.0")}, {"id", value(2)},
                        {"result", value(object{{"tools", value(std::move(tools))}})}});
  });
}

/// An MCP Resource, ResourceTemplate or Prompt (with arguments and role messages), or one
/// with arbitrary extra members.
rc::Gen<value> other_definition() {
  return rc::gen::exec([] {
    object d;
    d.emplace_back("name", value(*rc::gen::oneOf(identifier(), toon_gen::awkward_string())));
    int kind = toon_gen::pick(0, 3);
    if (kind == 0) d.emplace_back("uri", value(*toon_gen::awkward_string()));
    if (kind == 1) d.emplace_back("uriTemplate", value(*toon_gen::awkward_string()));
    if (*rc::gen::arbitrary<bool>()) d.emplace_back("description", value(*toon_gen::awkward_string()));
    if (kind < 2 && *rc::gen::arbitrary<bool>()) d.emplace_back("mimeType", value("application/json"));
    if (kind == 2) {
      array args;
      int n = toon_gen::pick(0, 4);
      for (int i = 0; i < n; ++i) {
        object a;
        a.emplace_back("name", value(*rc::gen::oneOf(identifier(), toon_gen::awkward_string())));
        int extra = toon_gen::pick(0, 4);
        if (extra == 1) a.emplace_back("required", value(true));
        if (extra == 2) a.emplace_back("required", value(false));
        if (extra == 3) a.emplace_back("description", value("d"));
        args.emplace_back(std::move(a));
      }
      d.emplace_back("arguments", value(std::move(args)));
      array msgs;
      int m = toon_gen::pick(0, 3);
      for (int i = 0; i < m; ++i) {
        value text(object{{"type", value("text")}, {"text", value(*toon_gen::awkward_string())}});
        value image(object{{"type", value("image")}, {"data", value("AAAA")}, {"mimeType", value("image/png")}});
        value content = toon_gen::pick(0, 3) == 0 ? value(array{text, image}) : text;
        msgs.emplace_back(object{{"role", value(*rc::gen::elementOf(std::vector<std::string>{"user", "assistant", "tool"}))},
                                 {"content", std::move(content)}});
      }
      d.emplace_back("messages", value(std::move(msgs)));
    }
    if (*rc::gen::arbitrary<bool>()) d.emplace_back("annotations", value(object{{"priority", value(0.5)}, {"audience", value(array{value("user")})}}));
    if (*rc::gen::arbitrary<bool>()) {
      std::string k = *toon_gen::key_string();
      if (!d.find(k)) d.emplace_back(std::move(k), *any_value());
    }
    return value(std::move(d));
  });
}

void check_round_trip(const value& v) {
  auto dsl = mcp_dsl::decompile(v);
  if (!dsl) {
    RC_LOG() << dsl.error().message << "\n";
    RC_ASSERT(dsl.error().code == toon::error_code::dsl_inexpressible);
    // The only JSON the generators make that the DSL refuses: NaN / infinities, and values
    // nested deeper than the decompiler's limit (which stays below the compiler's max_depth).
    RC_ASSERT(has_non_finite(v) || depth_of(v) > 100);
    return;
  }
  auto back = mcp_dsl::compile_one(*dsl);
  RC_LOG() << *dsl << "\n";
  if (!back) RC_LOG() << toon::format_error(back.error(), *dsl) << "\n";
  RC_ASSERT(back.has_value());
  RC_LOG() << toon::to_json(*back) << "\n" << toon::to_json(v) << "\n";
  RC_ASSERT(*back == v);
  // The canonical text is a fixed point.
  auto again = mcp_dsl::decompile(*back);
  RC_ASSERT(again.has_value());
  RC_ASSERT(*again == *dsl);
}

}  // namespace

RC_GTEST_PROP(DslProperty, MessagesRoundTrip, ()) { check_round_trip(*message()); }

RC_GTEST_PROP(DslProperty, ToolsRoundTrip, ()) { check_round_trip(*tool()); }

RC_GTEST_PROP(DslProperty, ToolsListRoundTrip, ()) { check_round_trip(*tools_list()); }

RC_GTEST_PROP(DslProperty, ResourcesTemplatesPromptsRoundTrip, ()) { check_round_trip(*other_definition()); }

RC_GTEST_PROP(DslProperty, MutatedDslFailsWithALocation, ()) {
  value v = *message();
  auto dsl = mcp_dsl::decompile(v);
  RC_PRE(dsl.has_value());
  std::string text = *dsl;
  int edits = toon_gen::pick(1, 4);
  for (int i = 0; i < edits && !text.empty(); ++i) {
    std::size_t at = toon_gen::pick<std::size_t>(0, text.size());
    static const std::string pieces[] = {"{", "}", "[", "]", "\"", "|", "\n", "#", ":", "::", "@", "!", "?",
                                         "\\", "-", "T ", "txt", "\n  ", "=", ",", "(", ")", "\x01", "1e"};
    switch (toon_gen::pick(0, 3)) {
      case 0: text.erase(at, 1); break;
      case 1: text.insert(at, *rc::gen::elementOf(std::vector<std::string>(std::begin(pieces), std::end(pieces)))); break;
      default: text[at] = *rc::gen::inRange<char>(1, 127);
    }
  }
  auto r = mcp_dsl::compile(text);
  if (!r) {
    RC_ASSERT(r.error().line >= 1u);
    RC_ASSERT(r.error().column >= 1u);
    RC_ASSERT(!toon::format_error(r.error(), text).empty());
  }
}
