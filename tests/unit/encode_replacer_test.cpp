// Unit tests of encode replacers (encode_options::replacer, toon::replacement, escape_string).
//
// Every expected output and every expected list of replacer calls comes from the reference
// implementation (@toon-format/toon 4.4.0): tools/reference/replacer-golden.mjs runs the same
// cases there (a JavaScript twin of each replacer below, under the same name) and prints them
// as C++ string literals. Rerun it after changing a case: node tools/reference/replacer-golden.mjs
#include <gtest/gtest.h>

#include <charconv>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "toon/encode.hpp"
#include "toon/json.hpp"
#include "toon/replacer.hpp"
#include "toon/typed/encode.hpp"
#include "toon/value.hpp"

namespace {

using toon::path_element;
using toon::replacement;
using toon::value;
using path_view = std::span<const path_element>;

value json(std::string_view text) {
  toon::result<value> v = toon::from_json(text);
  if (!v) throw std::runtime_error("bad test JSON: " + v.error().to_string());
  return *std::move(v);
}

std::string enc(const value& v, toon::replacer_function replacer,
                toon::delimiter d = toon::delimiter::comma, int indent = 2) {
  toon::encode_options options;
  options.delimiter = d;
  options.indent_size = indent;
  options.replacer = std::move(replacer);
  return toon::encode(v, options);
}

// The path as compact JSON, the form the golden script prints: ["a",0].
std::string path_json(path_view path) {
  std::string out = "[";
  for (const path_element& e : path) {
    if (out.size() > 1) out += ',';
    if (e.is_index()) out += std::to_string(e.index());
    else out.append("\"").append(e.key()).append("\"");
  }
  return out + "]";
}

// Wraps a replacer so that each call is recorded as `key|path|value` (path and value as JSON).
struct call_log {
  std::vector<std::string> calls;

  toon::replacer_function wrap(toon::replacer_function f) {
    return [this, f = std::move(f)](std::string_view key, const value& v, path_view path) {
      calls.push_back(std::string(key) + "|" + path_json(path) + "|" + toon::to_json(v));
      return f(key, v, path);
    };
  }
};

// JavaScript's `typeof value === 'number' ? rawString(value.toFixed(2)) : value`.
replacement fixed2(std::string_view, const value& v, path_view) {
  if (!v.is_number()) return replacement::keep();
  char buf[64];
  const auto end = std::to_chars(buf, buf + sizeof buf, v.to_double(), std::chars_format::fixed, 2).ptr;
  return replacement::raw(std::string(buf, end));
}

replacement keep_all(std::string_view, const value&, path_view) { return replacement::keep(); }

// ---- omit -----------------------------------------------------------------------------------

TEST(EncodeReplacer, OmitMembers) {
  const value v = json(R"({"a":1,"secret":"x","b":{"secret":2,"c":3}})");
  EXPECT_EQ(enc(v, [](std::string_view key, const value&, path_view) {
              return key == "secret" ? replacement::omit() : replacement::keep();
            }),
            "a: 1\n"
            "b:\n"
            "  c: 3");
}

TEST(EncodeReplacer, OmitElements) {
  const value v = json(R"({"xs":[1,2,3,4,5],"rows":[{"id":1},{"id":2},{"id":3}]})");
  EXPECT_EQ(enc(v, [](std::string_view, const value& x, path_view path) {
              if (path.size() == 2 && path[0] == "xs" && x.as_int64() % 2 == 0) return replacement::omit();
              if (path.size() == 2 && path[0] == "rows" && path[1] == 1) return replacement::omit();
              return replacement::keep();
            }),
            "xs[3]: 1,3,5\n"
            "rows[2]{id}:\n"
            "  1\n"
            "  3");
}

TEST(EncodeReplacer, OmitAllElements) {
  const value v = json(R"({"xs":[1,2],"o":{"a":1}})");
  EXPECT_EQ(enc(v, [](std::string_view, const value&, path_view path) {
              return path.size() == 2 ? replacement::omit() : replacement::keep();
            }),
            "xs: []\n"
            "o:");
}

TEST(EncodeReplacer, OmitAtTheRootKeepsTheRootAndVisitsItsChildren) {
  const value v = json(R"({"a":1,"b":[1,2]})");
  EXPECT_EQ(enc(v, [](std::string_view key, const value&, path_view path) {
              if (path.empty()) return replacement::omit();
              if (key == "a") return replacement::with(10);
              return replacement::keep();
            }),
            "a: 10\n"
            "b[2]: 1,2");
}

// ---- replace --------------------------------------------------------------------------------

TEST(EncodeReplacer, PrimitivesReplacedByContainers) {
  const value v = json(R"({"a":1,"b":"x","c":[1,2]})");
  EXPECT_EQ(enc(v, [](std::string_view key, const value&, path_view) {
              if (key == "a") return replacement::with(json(R"({"x":1,"y":[1,2]})"));
              if (key == "b") return replacement::with(json(R"([{"id":1,"n":"p"},{"id":2,"n":"q"}])"));
              return replacement::keep();
            }),
            "a:\n"
            "  x: 1\n"
            "  y[2]: 1,2\n"
            "b[2]{id,n}:\n"
            "  1,p\n"
            "  2,q\n"
            "c[2]: 1,2");
}

TEST(EncodeReplacer, ContainersReplacedByPrimitives) {
  const value v = json(R"({"user":{"name":"Ada"},"list":[1,2],"rows":[{"id":1,"meta":{"k":1}},{"id":2,"meta":{"k":2}}]})");
  EXPECT_EQ(enc(v, [](std::string_view key, const value& x, path_view) {
              if (key == "user") return replacement::with("hidden");
              if (key == "list") return replacement::with(nullptr);
              if (key == "meta") return replacement::with("m" + std::to_string(x["k"].as_int64()));
              return replacement::keep();
            }),
            "user: hidden\n"
            "list: null\n"
            "rows[2]{id,meta}:\n"
            "  1,m1\n"
            "  2,m2");
}

TEST(EncodeReplacer, RootReplaced) {
  const value v = json(R"({"a":1})");
  EXPECT_EQ(enc(v, [](std::string_view key, const value&, path_view path) {
              if (path.empty()) return replacement::with(json(R"({"b":{"secret":1,"c":2},"d":[{"secret":3}]})"));
              return key == "secret" ? replacement::omit() : replacement::keep();
            }),
            "b:\n"
            "  c: 2\n"
            "d[1]:\n"
            "  -");
  EXPECT_EQ(enc(value("text"), [](std::string_view, const value&, path_view path) {
              return path.empty() ? replacement::with(42) : replacement::keep();
            }),
            "42");
}

// ---- calls ----------------------------------------------------------------------------------

TEST(EncodeReplacer, CallsPathsAndKeys) {
  const value v = json(R"({"a":{"b":[10,{"c":true}]},"my key":[],"x.y":"z"})");
  call_log log;
  EXPECT_EQ(enc(v, log.wrap(keep_all)),
            "a:\n"
            "  b[2]:\n"
            "    - 10\n"
            "    - c: true\n"
            "\"my key\": []\n"
            "x.y: z");
  const std::vector<std::string> expected = {
      "|[]|{\"a\":{\"b\":[10,{\"c\":true}]},\"my key\":[],\"x.y\":\"z\"}",
      "a|[\"a\"]|{\"b\":[10,{\"c\":true}]}",
      "b|[\"a\",\"b\"]|[10,{\"c\":true}]",
      "0|[\"a\",\"b\",0]|10",
      "1|[\"a\",\"b\",1]|{\"c\":true}",
      "c|[\"a\",\"b\",1,\"c\"]|true",
      "my key|[\"my key\"]|[]",
      "x.y|[\"x.y\"]|\"z\""};
  EXPECT_EQ(log.calls, expected);
}

TEST(EncodeReplacer, CallsVisitTheChildrenOfAReplacementNotTheReplacement) {
  const value v = json(R"({"a":1,"b":2})");
  call_log log;
  EXPECT_EQ(enc(v, log.wrap([](std::string_view key, const value&, path_view) {
              if (key == "a") return replacement::with(json(R"({"secret":1,"keep":[7,{"secret":2}]})"));
              if (key == "secret") return replacement::omit();
              return replacement::keep();
            })),
            "a:\n"
            "  keep[2]:\n"
            "    - 7\n"
            "    -\n"
            "b: 2");
  const std::vector<std::string> expected = {
      "|[]|{\"a\":1,\"b\":2}",
      "a|[\"a\"]|1",
      "secret|[\"a\",\"secret\"]|1",
      "keep|[\"a\",\"keep\"]|[7,{\"secret\":2}]",
      "0|[\"a\",\"keep\",0]|7",
      "1|[\"a\",\"keep\",1]|{\"secret\":2}",
      "secret|[\"a\",\"keep\",1,\"secret\"]|2",
      "b|[\"b\"]|2"};
  EXPECT_EQ(log.calls, expected);
}

TEST(EncodeReplacer, CallsSkipTheChildrenOfAnOmittedValue) {
  const value v = json(R"({"drop":{"inner":1},"keep":{"inner":2}})");
  call_log log;
  EXPECT_EQ(enc(v, log.wrap([](std::string_view key, const value&, path_view) {
              return key == "drop" ? replacement::omit() : replacement::keep();
            })),
            "keep:\n"
            "  inner: 2");
  const std::vector<std::string> expected = {
      "|[]|{\"drop\":{\"inner\":1},\"keep\":{\"inner\":2}}",
      "drop|[\"drop\"]|{\"inner\":1}",
      "keep|[\"keep\"]|{\"inner\":2}",
      "inner|[\"keep\",\"inner\"]|2"};
  EXPECT_EQ(log.calls, expected);
}

TEST(EncodeReplacer, CallsVisitAContainerWhoseRawTextIsIgnored) {
  const value v = json(R"({"o":{"p":1},"q":[true]})");
  call_log log;
  EXPECT_EQ(enc(v, log.wrap([](std::string_view, const value&, path_view path) {
              return path.empty() ? replacement::keep() : replacement::raw("R");
            })),
            "o:\n"
            "  p: R\n"
            "q[1]: R");
  const std::vector<std::string> expected = {
      "|[]|{\"o\":{\"p\":1},\"q\":[true]}",
      "o|[\"o\"]|{\"p\":1}",
      "p|[\"o\",\"p\"]|1",
      "q|[\"q\"]|[true]",
      "0|[\"q\",0]|true"};
  EXPECT_EQ(log.calls, expected);
}

// Paths of the children of a with() value view its keys, which the pass moves while it goes:
// every path seen must still read right (long keys, omitted siblings, nested arrays).
TEST(EncodeReplacer, CallsPathsInsideAReplacement) {
  const value v = json(R"({"a":1})");
  call_log log;
  EXPECT_EQ(enc(v, log.wrap([](std::string_view key, const value&, path_view) {
              if (key == "a")
                return replacement::with(json(R"({"long key number one":{"long key number two":[{"x":1},2]},"gone":3})"));
              if (key == "gone" || key == "1") return replacement::omit();
              return replacement::keep();
            })),
            "a:\n"
            "  \"long key number one\":\n"
            "    \"long key number two\"[1]{x}:\n"
            "      1");
  const std::vector<std::string> expected = {
      "|[]|{\"a\":1}",
      "a|[\"a\"]|1",
      "long key number one|[\"a\",\"long key number one\"]|{\"long key number two\":[{\"x\":1},2]}",
      "long key number two|[\"a\",\"long key number one\",\"long key number two\"]|[{\"x\":1},2]",
      "0|[\"a\",\"long key number one\",\"long key number two\",0]|{\"x\":1}",
      "x|[\"a\",\"long key number one\",\"long key number two\",0,\"x\"]|1",
      "1|[\"a\",\"long key number one\",\"long key number two\",1]|2",
      "gone|[\"a\",\"gone\"]|3"};
  EXPECT_EQ(log.calls, expected);
}

// ---- raw text -------------------------------------------------------------------------------

TEST(EncodeReplacer, RawObjectValues) {
  EXPECT_EQ(enc(json(R"({"price":1.5,"name":"Ada","n":3})"), fixed2),
            "price: 1.50\n"
            "name: Ada\n"
            "n: 3.00");
}

TEST(EncodeReplacer, RawQuotedWithEscapeString) {
  const value v = json(R"({"name":"Ada","age":30,"note":"say \"hi\"\n"})");
  EXPECT_EQ(enc(v, [](std::string_view, const value& x, path_view) {
              if (!x.is_primitive()) return replacement::keep();
              // JavaScript's String(value): the JSON text of a number, the string itself.
              const std::string text = x.is_string() ? x.as_string() : toon::to_json(x);
              return replacement::raw('"' + toon::escape_string(text) + '"');
            }),
            "name: \"Ada\"\n"
            "age: \"30\"\n"
            "note: \"say \\\"hi\\\"\\n\"");
}

TEST(EncodeReplacer, RawInlineArrayElements) {
  EXPECT_EQ(enc(json(R"({"prices":[1.5,2,3.25],"mixed":[1,"a",null]})"), fixed2),
            "prices[3]: 1.50,2.00,3.25\n"
            "mixed[3]: 1.00,a,null");
}

TEST(EncodeReplacer, RawTableCells) {
  const value v = json(R"({"items":[{"sku":"A","price":1.5},{"sku":"B","price":2}]})");
  EXPECT_EQ(enc(v, fixed2),
            "items[2]{sku,price}:\n"
            "  A,1.50\n"
            "  B,2.00");
  EXPECT_EQ(enc(v, fixed2, toon::delimiter::tab, 4),
            "items[2\t]{sku\tprice}:\n"
            "    A\t1.50\n"
            "    B\t2.00");
}

TEST(EncodeReplacer, RawNestedTableCells) {
  EXPECT_EQ(enc(json(R"({"orders":[{"id":1,"total":{"net":9,"tax":1.8}},{"id":2,"total":{"net":20,"tax":4}}]})"),
                fixed2),
            "orders[2]{id,total{net,tax}}:\n"
            "  1.00,9.00,1.80\n"
            "  2.00,20.00,4.00");
}

TEST(EncodeReplacer, RawKeyedTableCells) {
  EXPECT_EQ(enc(json(R"({"users":{"alice":{"age":30},"bob":{"age":25}}})"), fixed2),
            "users[2:]{age}:\n"
            "  alice: 30.00\n"
            "  bob: 25.00");
  EXPECT_EQ(enc(json(R"({"alice":{"age":30},"bob":{"age":25}})"), fixed2),
            "[2:]{age}:\n"
            "  alice: 30.00\n"
            "  bob: 25.00");
}

TEST(EncodeReplacer, RawListItems) {
  EXPECT_EQ(enc(json(R"({"mix":[1,{"a":2,"b":3},"x",[4,5],[{"c":6}]]})"), fixed2),
            "mix[5]:\n"
            "  - 1.00\n"
            "  - a: 2.00\n"
            "    b: 3.00\n"
            "  - x\n"
            "  - [2]: 4.00,5.00\n"
            "  - [1]:\n"
            "    - c: 6.00");
  EXPECT_EQ(enc(json(R"({"items":[{"price":1,"tags":["a"]},{"price":2}]})"), fixed2),
            "items[2]:\n"
            "  - price: 1.00\n"
            "    tags[1]: a\n"
            "  - price: 2.00");
  EXPECT_EQ(enc(json(R"({"m":[[1,2],[3]]})"), fixed2),
            "m[2]:\n"
            "  - [2]: 1.00,2.00\n"
            "  - [1]: 3.00");
  EXPECT_EQ(enc(json(R"({"xs":[1,{"a":1},"x"]})"), [](std::string_view, const value&, path_view path) {
              return path.size() == 2 && path[0] == "xs" ? replacement::raw("r") : replacement::keep();
            }),
            "xs[3]:\n"
            "  - r\n"
            "  - a: 1\n"
            "  - r");
}

TEST(EncodeReplacer, RawRoot) {
  EXPECT_EQ(enc(json("[1,2.5]"), fixed2), "[2]: 1.00,2.50");
  EXPECT_EQ(enc(value("hello"), [](std::string_view, const value&, path_view path) {
              return path.empty() ? replacement::raw("<<hello>>") : replacement::keep();
            }),
            "<<hello>>");
  EXPECT_EQ(enc(value("hello"), [](std::string_view, const value&, path_view) { return replacement::raw(""); }), "");
  // Unlike a string starting with U+FEFF, raw text starting with it is not quoted.
  EXPECT_EQ(enc(value("\357\273\277x"), [](std::string_view, const value& x, path_view) {
              return replacement::raw(x.as_string());
            }),
            "\357\273\277x");
  EXPECT_EQ(enc(value(7), [](std::string_view, const value&, path_view) { return replacement::raw("007"); }), "007");
}

TEST(EncodeReplacer, RawTextIsVerbatim) {
  const value v = json(R"({"a":"x","b":"y","c":"z","d":"w","xs":["p","q"]})");
  EXPECT_EQ(enc(v, [](std::string_view key, const value&, path_view) {
              if (key == "a") return replacement::raw("a: b, c");
              if (key == "b") return replacement::raw("");
              if (key == "c") return replacement::raw("line1\nline2");
              if (key == "d") return replacement::raw("x #y\n z#");  // no line starts with '#'
              if (key == "0") return replacement::raw("1,2");
              return replacement::keep();
            }),
            "a: a: b, c\n"
            "b: \n"
            "c: line1\n"
            "line2\n"
            "d: x #y\n"
            " z#\n"
            "xs[2]: 1,2,q");
}

TEST(EncodeReplacer, RawIgnoredForContainers) {
  EXPECT_EQ(enc(json(R"({"a":{"b":1},"c":[1,2],"e":{},"f":[]})"),
                [](std::string_view, const value&, path_view) { return replacement::raw("X"); }),
            "a:\n"
            "  b: X\n"
            "c[2]: X,X\n"
            "e:\n"
            "f: []");
}

// The reference's rawString() throws a TypeError for these texts; replacement::raw() throws
// std::invalid_argument, which leaves encode_to()'s output as it was.
TEST(EncodeReplacer, RawTextWithACommentLineIsRejected) {
  for (std::string_view text : {"#", "# x", "  #x", "a\n#b", "a\n  # b", "\357\273\277#x", "\357\273\277  #x", "\n#"}) {
    SCOPED_TRACE(text);
    EXPECT_THROW((void)replacement::raw(std::string(text)), std::invalid_argument);
  }
  for (std::string_view text : {"a#b", "\t#x", "a\r#b", "x\n\357\273\277#", " \357\273\277#", "a\n\t#", ""}) {
    SCOPED_TRACE(text);
    const replacement r = replacement::raw(std::string(text));
    EXPECT_EQ(r.type(), replacement::action::raw);
    EXPECT_EQ(r.raw_text(), text);
  }

  std::string out = "kept";
  toon::encode_options options;
  options.replacer = [](std::string_view key, const value&, path_view) {
    return key == "b" ? replacement::raw("# not a value") : replacement::keep();
  };
  EXPECT_THROW(toon::encode_to(out, json(R"({"a":1,"b":2})"), options), std::invalid_argument);
  EXPECT_EQ(out, "kept");
}

// ---- no change ------------------------------------------------------------------------------

TEST(EncodeReplacer, KeepingEverythingChangesNothing) {
  const value v = json(R"({"name":"x","n":-0,"big":1e21,"rows":[{"a":1,"b":"two"},{"a":2,"b":"three"}],)"
                       R"("keyed":{"k1":{"x":1},"k2":{"x":2}},"list":[1,[2,3],{"c":[{"d":1}]},{}],"empty":{}})");
  const std::string expected =
      "name: x\n"
      "n: 0\n"
      "big: 1e+21\n"
      "rows[2]{a,b}:\n"
      "  1,two\n"
      "  2,three\n"
      "keyed[2:]{x}:\n"
      "  k1: 1\n"
      "  k2: 2\n"
      "list[4]:\n"
      "  - 1\n"
      "  - [2]: 2,3\n"
      "  - c[1]{d}:\n"
      "      1\n"
      "  -\n"
      "empty:";
  EXPECT_EQ(toon::encode(v), expected);
  EXPECT_EQ(enc(v, keep_all), expected);
  EXPECT_EQ(enc(v, [](std::string_view, const value& x, path_view) { return replacement::with(x); }), expected);
  EXPECT_EQ(enc(v, nullptr), expected);  // an empty std::function: no replacer
}

TEST(EncodeReplacer, DocsExample) {
  const value v = json(R"({"id":7,"token":"s3cr3t","status":1,"items":[{"sku":"A1","price":9.5},{"sku":"B2","price":12}]})");
  EXPECT_EQ(enc(v, [](std::string_view key, const value& x, path_view path) {
              if (key == "token") return replacement::omit();
              if (key == "status") return replacement::with(x.as_int64() == 1 ? "active" : "closed");
              if (path.size() == 3 && path[0] == "items" && key == "price") return fixed2(key, x, path);
              return replacement::keep();
            }),
            "id: 7\n"
            "status: active\n"
            "items[2]{sku,price}:\n"
            "  A1,9.50\n"
            "  B2,12.00");
}

// ---- API details ----------------------------------------------------------------------------

TEST(EncodeReplacer, ReplacementAccessors) {
  const replacement keep = replacement::keep();
  EXPECT_EQ(keep.type(), replacement::action::keep);
  EXPECT_TRUE(keep.replacement_value().is_null());
  EXPECT_EQ(keep.raw_text(), "");
  EXPECT_EQ(replacement::omit().type(), replacement::action::omit);
  replacement with = replacement::with(toon::array{1, 2});
  EXPECT_EQ(with.type(), replacement::action::replace);
  EXPECT_EQ(with.replacement_value(), value(toon::array{1, 2}));
  EXPECT_EQ(with.raw_text(), "");
  EXPECT_EQ(std::move(with).replacement_value(), value(toon::array{1, 2}));
  const replacement raw = replacement::raw("1.50");
  EXPECT_EQ(raw.type(), replacement::action::raw);
  EXPECT_EQ(raw.raw_text(), "1.50");
  EXPECT_TRUE(raw.replacement_value().is_null());
  EXPECT_EQ(replacement::raw("x").raw_text(), "x");
}

TEST(EncodeReplacer, PathElements) {
  const path_element key("users");
  const path_element index(std::size_t{3});
  EXPECT_FALSE(key.is_index());
  EXPECT_EQ(key.key(), "users");
  EXPECT_TRUE(index.is_index());
  EXPECT_EQ(index.index(), 3u);
  EXPECT_TRUE(key == "users");
  EXPECT_FALSE(key == "user");
  EXPECT_TRUE(index == 3);
  EXPECT_FALSE(index == 0);
  EXPECT_FALSE(key == 0);
  EXPECT_FALSE(path_element("0") == 0);  // a member named "0" is not index 0
  EXPECT_TRUE(key == path_element("users"));
  EXPECT_FALSE(key == index);
}

TEST(EncodeReplacer, EscapeString) {
  // The reference's escapeString: backslash, quote, \n \r \t, other controls as \u00XX.
  EXPECT_EQ(toon::escape_string("plain, [x]: y"), "plain, [x]: y");
  EXPECT_EQ(toon::escape_string("a\\b\"c\nd\re\tf"), "a\\\\b\\\"c\\nd\\re\\tf");
  EXPECT_EQ(toon::escape_string(std::string_view("\0\x01\x1f\x7f", 4)), "\\u0000\\u0001\\u001f\x7f");
  EXPECT_EQ(toon::escape_string("Hello \344\270\226\347\225\214"), "Hello \344\270\226\347\225\214");
}

// The typed encoder hands a replacer the toon::value of its argument.
struct point {
  int x;
  int y;
};

TEST(EncodeReplacer, TypedEncodeUsesTheReplacer) {
  toon::encode_options options;
  options.replacer = [](std::string_view key, const value&, path_view) {
    return key == "y" ? replacement::omit() : replacement::keep();
  };
  EXPECT_EQ(toon::encode(point{1, 2}, options), "x: 1");
  EXPECT_EQ(toon::encode(point{1, 2}), "x: 1\ny: 2");
}

}  // namespace
