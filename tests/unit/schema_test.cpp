// Typed params (toon/schema.hpp, docs/typed-params.md): parsing, errors, the canonical form,
// JSON Schema output, validation and the form's place in TOON tables.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "toon/decode.hpp"
#include "toon/encode.hpp"
#include "toon/json.hpp"
#include "toon/schema.hpp"

namespace {

using toon::param;
using toon::param_kind;
using toon::param_type;
using toon::schema;

toon::schema parse_ok(std::string_view text) {
  auto r = toon::parse_typed_params(text);
  EXPECT_TRUE(r.has_value()) << text << " -> " << (r ? "" : r.error().to_string());
  return r ? *r : toon::schema{};
}

toon::error parse_error(std::string_view text, const toon::typed_params_options& options = {}) {
  auto r = toon::parse_typed_params(text, options);
  EXPECT_FALSE(r.has_value()) << text << " parsed unexpectedly";
  return r ? toon::error{} : r.error();
}

param make(std::string name, param_type type, bool required = false) {
  param p;
  p.name = std::move(name);
  p.type = std::move(type);
  p.required = required;
  return p;
}

param with_default(std::string name, param_type type, toon::value v) {
  param p = make(std::move(name), std::move(type));
  p.default_value = std::move(v);
  return p;
}

std::vector<param> params(std::string_view text) { return parse_ok(text).params; }

// ---- the model ----------------------------------------------------------------------------

TEST(TypedParamsModel, FactoriesAndEquality) {
  param_type a = param_type::array_of(param_kind::string);
  EXPECT_EQ(a.kind, param_kind::array);
  ASSERT_EQ(a.items.size(), 1u);
  EXPECT_EQ(a.items[0].kind, param_kind::string);
  EXPECT_EQ(a, param_type::array_of(param_kind::string));
  EXPECT_NE(a, param_type::array_of(param_kind::integer));

  // Unions of unions are flattened.
  param_type u = param_type::any_of({param_type::any_of({param_kind::integer, param_kind::string}), param_kind::null});
  ASSERT_EQ(u.items.size(), 3u);
  EXPECT_EQ(u.items[2].kind, param_kind::null);

  param_type o = param_type::object_with({make("a", param_kind::integer)});
  EXPECT_TRUE(o.has_fields);
  EXPECT_NE(o, param_type(param_kind::object));
  EXPECT_EQ(param_type::object_with({}), param_type::object_with({}));
  EXPECT_NE(param_type::object_with({}), param_type(param_kind::object));

  EXPECT_EQ(param_type().kind, param_kind::any);
  param p = make("x", param_kind::integer);
  param q = p;
  q.description = "differs";
  EXPECT_NE(p, q);
  q = p;
  q.default_value = toon::value(1);
  EXPECT_NE(p, q);
  EXPECT_EQ(toon::to_string(toon::error_code::invalid_schema), "invalid_schema");
}

// ---- parsing: every construct --------------------------------------------------------------

TEST(TypedParamsParse, Empty) {
  schema s = parse_ok("");
  EXPECT_TRUE(s.params.empty());
}

TEST(TypedParamsParse, RequiredString) {
  EXPECT_EQ(params("path:string!"), (std::vector<param>{make("path", param_kind::string, true)}));
}

TEST(TypedParamsParse, EveryBaseType) {
  EXPECT_EQ(params("a:string b:int c:number d:bool e:object f:null g:any"),
            (std::vector<param>{make("a", param_kind::string), make("b", param_kind::integer),
                                make("c", param_kind::number), make("d", param_kind::boolean),
                                make("e", param_kind::object), make("f", param_kind::null),
                                make("g", param_kind::any)}));
  EXPECT_FALSE(params("e:object")[0].type.has_fields);
}

TEST(TypedParamsParse, Arrays) {
  EXPECT_EQ(params("tags:string[] m:int[][]"),
            (std::vector<param>{make("tags", param_type::array_of(param_kind::string)),
                                make("m", param_type::array_of(param_type::array_of(param_kind::integer)))}));
}

TEST(TypedParamsParse, NestedObjects) {
  EXPECT_EQ(params("opts:{recursive:bool depth:int!} o:{} rows:{id:int}[]"),
            (std::vector<param>{
                make("opts", param_type::object_with({make("recursive", param_kind::boolean),
                                                      make("depth", param_kind::integer, true)})),
                make("o", param_type::object_with({})),
                make("rows", param_type::array_of(param_type::object_with({make("id", param_kind::integer)})))}));
}

TEST(TypedParamsParse, Enums) {
  EXPECT_EQ(params("mode:fast/safe"), (std::vector<param>{make("mode", param_type::enum_of({"fast", "safe"}))}));
  EXPECT_EQ(params(R"(e:1/2x/a.b-c/"with space"/""/"\u00e9")"),
            (std::vector<param>{make("e", param_type::enum_of({"1", "2x", "a.b-c", "with space", "", "\xC3\xA9"}))}));
  // Values that are type keywords, or quoted first: still values, the '/' says so.
  EXPECT_EQ(params(R"(k:string/int/enum e:"a b"/null)"),
            (std::vector<param>{make("k", param_type::enum_of({"string", "int", "enum"})),
                                make("e", param_type::enum_of({"a b", "null"}))}));
  // One value: enum(a); an a/b enum as an array element, parenthesized or not.
  EXPECT_EQ(params("one:enum(only)"), (std::vector<param>{make("one", param_type::enum_of({"only"}))}));
  EXPECT_EQ(params("a:(x/y)[] b:x/y[]"),
            (std::vector<param>{make("a", param_type::array_of(param_type::enum_of({"x", "y"}))),
                                make("b", param_type::array_of(param_type::enum_of({"x", "y"})))}));
  // The enum(a|b) spelling of earlier texts reads to the same model.
  EXPECT_EQ(params("mode:enum(fast|safe)"), (std::vector<param>{make("mode", param_type::enum_of({"fast", "safe"}))}));
  EXPECT_EQ(params(R"(e:enum(1|2x|a.b-c|"with space"|""|"\u00e9"))"),
            params(R"(e:1/2x/a.b-c/"with space"/""/"\u00e9")"));
  EXPECT_EQ(params("x:enum(a|b)|{a:int} m:enum(fast|safe)=fast"), params("x:a/b|{a:int} m:fast/safe=fast"));
}

TEST(TypedParamsParse, Unions) {
  EXPECT_EQ(params("id:int|string!"),
            (std::vector<param>{make("id", param_type::any_of({param_kind::integer, param_kind::string}), true)}));
  // The array suffix binds tighter than '|'.
  EXPECT_EQ(params("x:int[]|string"),
            (std::vector<param>{make("x", param_type::any_of({param_type::array_of(param_kind::integer), param_kind::string}))}));
  // Parentheses group a union as an array element.
  EXPECT_EQ(params("ids:(int|string)[]"),
            (std::vector<param>{make("ids", param_type::array_of(param_type::any_of({param_kind::integer, param_kind::string})))}));
  // Redundant parentheses disappear; nested unions are flattened.
  EXPECT_EQ(params("x:(int)"), (std::vector<param>{make("x", param_kind::integer)}));
  EXPECT_EQ(params("x:(int|string)|bool"),
            (std::vector<param>{make("x", param_type::any_of({param_kind::integer, param_kind::string, param_kind::boolean}))}));
  EXPECT_EQ(params("x:a/b|{a:int}"),
            (std::vector<param>{make("x", param_type::any_of({param_type::enum_of({"a", "b"}),
                                                               param_type::object_with({make("a", param_kind::integer)})}))}));
}

TEST(TypedParamsParse, Defaults) {
  std::vector<param> p = params(
      "days:int=7 neg:int=-3 r:number=1.5 e:number=1E3 b:bool=true f:bool=false n:string|null=null "
      "m:fast/safe=fast w:string=hello q:string=\"a b\" t:string=\"true\" z:string=\"\" "
      "u:int=18446744073709551615 big:int=-123456789012345678901234567890 whole:int=2.0");
  EXPECT_EQ(p, (std::vector<param>{
                   with_default("days", param_kind::integer, 7),
                   with_default("neg", param_kind::integer, -3),
                   with_default("r", param_kind::number, 1.5),
                   with_default("e", param_kind::number, 1000.0),
                   with_default("b", param_kind::boolean, true),
                   with_default("f", param_kind::boolean, false),
                   with_default("n", param_type::any_of({param_kind::string, param_kind::null}), nullptr),
                   with_default("m", param_type::enum_of({"fast", "safe"}), "fast"),
                   with_default("w", param_kind::string, "hello"),
                   with_default("q", param_kind::string, "a b"),
                   with_default("t", param_kind::string, "true"),
                   with_default("z", param_kind::string, ""),
                   with_default("u", param_kind::integer, std::uint64_t{18446744073709551615u}),
                   with_default("big", param_kind::integer, toon::big_integer{"-123456789012345678901234567890"}),
                   with_default("whole", param_kind::integer, 2.0),
               }));
  // Number kinds are kept: int64, uint64, double, big integer.
  EXPECT_EQ(p[0].default_value->type(), toon::value::kind::integer);
  EXPECT_EQ(p[3].default_value->type(), toon::value::kind::real);
  EXPECT_EQ(p[12].default_value->type(), toon::value::kind::uinteger);
  EXPECT_EQ(p[13].default_value->type(), toon::value::kind::big_integer);
  EXPECT_EQ(params("x:number=-0")[0].default_value->as_int64(), 0);
  EXPECT_FALSE(std::signbit(params("x:number=-0.0")[0].default_value->as_double()));
  // A default inside an object ends at '}'.
  EXPECT_EQ(params("o:{d:int=3}"),
            (std::vector<param>{make("o", param_type::object_with({with_default("d", param_kind::integer, 3)}))}));
}

TEST(TypedParamsParse, Names) {
  EXPECT_EQ(params(R"(_x:int a.b-c:int "my key":int "\u0041\/":int "\ud83d\ude00":int "é":int)"),
            (std::vector<param>{make("_x", param_kind::integer), make("a.b-c", param_kind::integer),
                                make("my key", param_kind::integer), make("A/", param_kind::integer),
                                make("\xF0\x9F\x98\x80", param_kind::integer), make("\xC3\xA9", param_kind::integer)}));
  EXPECT_EQ(params(R"("\"\\\b\f\n\r\t":int)")[0].name, "\"\\\b\f\n\r\t");
}

// ---- parsing: errors -----------------------------------------------------------------------

struct error_case {
  std::string_view text;
  toon::error_code code;
  std::uint32_t column;
  std::string_view message;
};

TEST(TypedParamsParse, Errors) {
  using toon::error_code;
  const error_case cases[] = {
      // structure
      {"a:{b:int", error_code::invalid_schema, 9, "expected '}' to close the '{' at column 3"},
      {"a:{b:{c:int}", error_code::invalid_schema, 13, "expected '}' to close the '{' at column 3"},
      {"a:int}", error_code::invalid_schema, 6, "unexpected '}' (no '{' to close)"},
      {"a:(int|string", error_code::invalid_schema, 14, "expected ')' to close the '(' at column 3, found end of input"},
      {"a:int[", error_code::invalid_schema, 7, "expected ']' after '[', found end of input"},
      {"a:int[x]", error_code::invalid_schema, 7, "expected ']' after '[', found 'x'"},
      {"a:int;b:int", error_code::invalid_schema, 6, "expected ' ' after a parameter, found ';'"},
      {"a:{b:int;}", error_code::invalid_schema, 9, "expected ' ' or '}' after a parameter, found ';'"},
      {"a:int\nb:int", error_code::invalid_schema, 6, "expected ' ' after a parameter, found control character 0x0A"},
      // required and default
      {"a:int!=x", error_code::invalid_schema, 8, "invalid default: expected int, found string"},
      {"a:int=5!", error_code::invalid_schema, 8, "a parameter with a default cannot be required"},
      {"a:int!!", error_code::invalid_schema, 7, "expected ' ' after a parameter, found '!'"},
      // constraints, `*:T`, `^`, JSON defaults
      {"a:bool(1..)", error_code::invalid_schema, 7, "no constraints apply to bool"},
      {"a:int(..)", error_code::invalid_schema, 7, "a range without bounds"},
      {"a:int(1..2,3..4)", error_code::invalid_schema, 12, "a second range in one constraint list"},
      {"a:string(%2)", error_code::invalid_schema, 10, "'%' (multiple of) applies to int and number"},
      {"a:int(%0)", error_code::invalid_schema, 8, "'%' needs a positive number"},
      {"a:int(1..2", error_code::invalid_schema, 11,
       "expected ',' or ')' in the constraints at column 6, found end of input"},
      {"a:string(-1..)", error_code::invalid_schema, 10, "expected a count (0, 1, 2, ...), found '-'"},
      {"a:string(unique)", error_code::invalid_schema, 10, "unique applies to arrays"},
      {"a:int(\"^a\")", error_code::invalid_schema, 7, "a pattern applies to string"},
      {"a:(int)(1..)", error_code::invalid_schema, 8, "constraints cannot follow a parenthesized type"},
      {"a:int(0..9)=10", error_code::invalid_schema, 13, "invalid default: expected a number <= 9, found 10"},
      {"a:int|string^null", error_code::invalid_schema, 13, "'|' and '^' mixed in one union (parenthesize one of them)"},
      {"*:int a:int", error_code::invalid_schema, 7, "'*:T' (other members) must be the last entry"},
      {"*int", error_code::invalid_schema, 2, "expected ':' after '*', found 'i'"},
      {"... a:int", error_code::invalid_schema, 5, "'*:T' (other members) must be the last entry"},
      {"a:{..}", error_code::invalid_schema, 4,
       "a parameter name starts with a letter or '_' (quote other names), found '.'"},
      {"a:int=[1]", error_code::invalid_schema, 7, "invalid default: expected int, found array"},
      {"a:any=[1,", error_code::invalid_schema, 7, "unterminated JSON default"},
      // types
      {"a:strin", error_code::invalid_schema, 3, "unknown type \"strin\""},
      {"a:integer", error_code::invalid_schema, 3, "unknown type \"integer\" (did you mean int?)"},
      {"a:boolean", error_code::invalid_schema, 3, "unknown type \"boolean\" (did you mean bool?)"},
      {"a:array", error_code::invalid_schema, 3, "unknown type \"array\" (did you mean T[]?)"},
      {"a:", error_code::invalid_schema, 3, "expected a type, found end of input"},
      {"a: int", error_code::invalid_schema, 3, "expected a type, found ' '"},
      {"a:\xC3\xA9", error_code::invalid_schema, 3, "expected a type, found '\xC3\xA9'"},
      {"a:()", error_code::invalid_schema, 4, "expected a type, found ')'"},
      // names
      {":string", error_code::invalid_schema, 1, "empty parameter name"},
      {"\"\":string", error_code::invalid_schema, 1, "empty parameter name"},
      {"a;b:int", error_code::invalid_schema, 2, "expected ':' after the parameter name, found ';'"},
      {"a[]", error_code::invalid_schema, 2, "expected ':' after the parameter name, found '['"},
      {"a(1..2)", error_code::invalid_schema, 2, "expected ':' after the parameter name, found '('"},
      {"a|int", error_code::invalid_schema, 2, "expected ':' after the parameter name, found '|'"},
      {"\"a b\"x", error_code::invalid_schema, 6, "expected ':' after the parameter name, found 'x'"},
      {"1a:int", error_code::invalid_schema, 1,
       "a parameter name starts with a letter or '_' (quote other names), found '1'"},
      {"[", error_code::invalid_schema, 1, "expected a parameter name, found '['"},
      {"a:{", error_code::invalid_schema, 4, "expected a parameter name, found end of input"},
      {"a:int b:string a:bool", error_code::duplicate_key, 16, "duplicate parameter \"a\""},
      {"o:{x:int x:int}", error_code::duplicate_key, 10, "duplicate parameter \"x\""},
      // spaces
      {"a:int ", error_code::invalid_schema, 6, "trailing space"},
      {"a:int  b:int", error_code::invalid_schema, 7, "double space between parameters"},
      {" a:int", error_code::invalid_schema, 1, "leading space"},
      {" ", error_code::invalid_schema, 1, "leading space"},
      {"a:{ b:int}", error_code::invalid_schema, 4, "space after '{'"},
      {"a:{b:int }", error_code::invalid_schema, 9, "space before '}'"},
      {"a:int |string", error_code::invalid_schema, 7, "expected a parameter name, found '|'"},
      // unions
      {"a:int|", error_code::invalid_schema, 7, "expected a type after '|', found end of input"},
      {"a:|int", error_code::invalid_schema, 3, "expected a type, found '|'"},
      {"a:int||string", error_code::invalid_schema, 7, "expected a type after '|', found '|'"},
      {"a:int|!", error_code::invalid_schema, 7, "expected a type after '|', found '!'"},
      // enums
      {"m:enum()", error_code::invalid_schema, 8, "empty enum"},
      {"m:enum(a|)", error_code::invalid_schema, 10, "expected an enum value, found ')'"},
      {"m:enum(a", error_code::invalid_schema, 9, "expected '|' or ')' in the enum at column 7, found end of input"},
      {"m:enum(a b)", error_code::invalid_schema, 9, "expected '|' or ')' in the enum at column 7, found ' '"},
      {"m:enum", error_code::invalid_schema, 7, "expected '(' after enum, found end of input"},
      {"m:enum(a|b|a)", error_code::duplicate_key, 12, "duplicate enum value \"a\""},
      {"m:a/b/a", error_code::duplicate_key, 7, "duplicate enum value \"a\""},
      {"m:a/", error_code::invalid_schema, 5, "expected an enum value after '/', found end of input"},
      {"m:a//b", error_code::invalid_schema, 5, "expected an enum value after '/', found '/'"},
      {"m:a/ b", error_code::invalid_schema, 5, "expected an enum value after '/', found ' '"},
      {"m:\"a\"", error_code::invalid_schema, 3, "expected a type, found '\"'"},
      {"m:1", error_code::invalid_schema, 3, "expected a type, found '1'"},
      {"m:a/b(1..2)", error_code::invalid_schema, 6, "no constraints apply to a/b"},
      // defaults
      {"a:int=x", error_code::invalid_schema, 7, "invalid default: expected int, found string"},
      {"a:int=1.5", error_code::invalid_schema, 7, "invalid default: expected int, found number"},
      {"a:string=1", error_code::invalid_schema, 10, "invalid default: expected string, found number"},
      {"a:string=null", error_code::invalid_schema, 10, "invalid default: expected string, found null"},
      {"a:int|string=true", error_code::invalid_schema, 14, "invalid default: expected int or string, found boolean"},
      {"m:enum(a|b)=c", error_code::invalid_schema, 13, "invalid default: expected one of a, b"},
      {"m:a/b=c", error_code::invalid_schema, 7, "invalid default: expected one of a, b"},
      {"m:1/2=1", error_code::invalid_schema, 7, "invalid default: expected one of 1, 2, found number"},
      {"a:int[]=1", error_code::invalid_schema, 9, "invalid default: expected array, found number"},
      {"a:int=01", error_code::invalid_schema, 7, "invalid number \"01\" (quote strings)"},
      {"a:int=-", error_code::invalid_schema, 7, "invalid number \"-\" (quote strings)"},
      {"a:string=1.2.3", error_code::invalid_schema, 10, "invalid number \"1.2.3\" (quote strings)"},
      {"a:number=1e999", error_code::invalid_schema, 10, "number out of range \"1e999\""},
      {"a:string=", error_code::invalid_schema, 10, "expected a default value, found end of input"},
      {"a:string=.", error_code::invalid_schema, 10, "expected a default value, found '.'"},
      {"a:string=a+b", error_code::invalid_schema, 11, "expected ' ' after a parameter, found '+'"},
      // quoted strings
      {R"("a\q":int)", error_code::invalid_escape, 3, "invalid escape \"\\q\""},
      {"\"a\\\x01\":int", error_code::invalid_escape, 3, "invalid escape: '\\' followed by control character 0x01"},
      {R"("a\u12":int)", error_code::invalid_escape, 3, "\\u must be followed by 4 hex digits"},
      {R"("\ud800":int)", error_code::invalid_escape, 2, "unpaired surrogate \\ud800"},
      {R"("\ud800\u0041":int)", error_code::invalid_escape, 2, "unpaired surrogate \\ud800"},
      {R"("\udc00x":int)", error_code::invalid_escape, 2, "unpaired surrogate \\udc00"},
      {R"("abc:int)", error_code::unterminated_string, 1, "unterminated string"},
      {R"(a:string="abc\)", error_code::unterminated_string, 10, "unterminated string"},
      {"\"a\tb\":int", error_code::invalid_schema, 3, "control character 0x09 in a quoted string (write it as an escape)"},
      {"a:enum(\"x\xff\")", error_code::invalid_utf8, 10, "invalid UTF-8"},
  };
  for (const error_case& c : cases) {
    SCOPED_TRACE(std::string(c.text));
    toon::error e = parse_error(c.text);
    EXPECT_EQ(e.code, c.code) << toon::to_string(e.code);
    EXPECT_EQ(e.message, c.message);
    EXPECT_EQ(e.line, 1u);
    EXPECT_EQ(e.column, c.column);
    EXPECT_TRUE(e.path.empty());
  }
}

// ---- descriptions (docs/typed-params.md, "Descriptions") ------------------------------------

param described(param p, std::string description) {
  p.description = std::move(description);
  return p;
}

param_type described(param_type t, std::string description) {
  t.description = std::move(description);
  return t;
}

TEST(TypedParamsDescriptions, WhereTheGrammarPutsThem) {
  // Written by hand from the grammar: a parameter's after its `!` and default, an element's
  // before `[]`, an alternative's after it (the last one parenthesized), a field's in `{...}`;
  // between single quotes (canonical) or as JSON strings.
  const std::string text =
      "path:string!'File path' line:int=1'Line, 1-based' tags:string'A tag'[]'Tags' "
      "id:int'as number'|(string'as text')'The id' o:{m:a/b=a'How'}'Options'";
  const std::string json_strings =
      "path:string!\"File path\" line:int=1\"Line, 1-based\" tags:string\"A tag\"[]\"Tags\" "
      "id:int\"as number\"|(string\"as text\")\"The id\" o:{m:a/b=a\"How\"}\"Options\"";
  toon::schema expected;
  expected.params.push_back(described(make("path", param_kind::string, true), "File path"));
  expected.params.push_back(described(with_default("line", param_kind::integer, 1), "Line, 1-based"));
  expected.params.push_back(
      described(make("tags", param_type::array_of(described(param_type(param_kind::string), "A tag"))), "Tags"));
  expected.params.push_back(described(make("id", param_type::any_of({described(param_type(param_kind::integer), "as number"),
                                                                     described(param_type(param_kind::string), "as text")})),
                                      "The id"));
  expected.params.push_back(described(
      make("o", param_type::object_with({described(with_default("m", param_type::enum_of({"a", "b"}), "a"), "How")})),
      "Options"));
  EXPECT_EQ(parse_ok(text), expected);
  EXPECT_EQ(parse_ok(json_strings), expected);
  toon::typed_params_format_options with;
  with.descriptions = true;
  EXPECT_EQ(toon::format_typed_params(expected, with), text);
  // Without descriptions, the plain text; and a model without descriptions gives the same text
  // either way.
  const std::string plain = "path:string! line:int=1 tags:string[] id:int|string o:{m:a/b=a}";
  EXPECT_EQ(toon::format_typed_params(expected), plain);
  EXPECT_EQ(toon::format_typed_params(parse_ok(plain), with), plain);
  // JSON Schema has them where they were.
  toon::value js = toon::json_schema(expected);
  EXPECT_EQ(js["properties"]["tags"]["items"]["description"].as_string(), "A tag");
  EXPECT_EQ(js["properties"]["id"]["anyOf"][1]["description"].as_string(), "as text");
  EXPECT_EQ(js["properties"]["o"]["properties"]["m"]["description"].as_string(), "How");
}

TEST(TypedParamsDescriptions, AfterDefaultsOfEveryKind) {
  const toon::schema s = parse_ok("s:string=hi\"d1\" n:number=-2.5\"d2\" l:int[]=[1,2]\"d3\" q:string=\"a b\"\"d4\" r:int!\"d5\"");
  ASSERT_EQ(s.params.size(), 5u);
  EXPECT_EQ(s.params[0].default_value, toon::value("hi"));
  EXPECT_EQ(s.params[0].description, "d1");
  EXPECT_EQ(s.params[1].default_value, toon::value(-2.5));
  EXPECT_EQ(s.params[1].description, "d2");
  EXPECT_EQ(s.params[2].description, "d3");
  EXPECT_EQ(s.params[3].default_value, toon::value("a b"));
  EXPECT_EQ(s.params[3].description, "d4");
  EXPECT_TRUE(s.params[4].required);
  EXPECT_EQ(s.params[4].description, "d5");
}

TEST(TypedParamsDescriptions, EscapesAndTypesOfTheirOwn) {
  toon::typed_params_format_options with;
  with.descriptions = true;
  // JSON string escapes, as in names.
  toon::schema s;
  s.params.push_back(described(make("a", param_kind::integer), "say \"hi\"\n\\now"));
  EXPECT_EQ(toon::format_typed_params(s, with), "a:int\"say \\\"hi\\\"\\n\\\\now\"");
  EXPECT_EQ(parse_ok("a:int\"say \\\"hi\\\"\\n\\\\now\""), s);
  // A description of a parameter's type itself (not of an element or alternative) in
  // parentheses; of the other members' type, `*:(T"text")` (then not `...`).
  const std::string own = "x:(int'the type')'the parameter' u:((int|null)'either') *:(any'others')";
  toon::schema t = parse_ok(own);
  ASSERT_EQ(t.params.size(), 2u);
  EXPECT_EQ(t.params[0].type.description, "the type");
  EXPECT_EQ(t.params[0].description, "the parameter");
  EXPECT_EQ(t.params[1].type.kind, param_kind::any_of);
  EXPECT_EQ(t.params[1].type.description, "either");
  ASSERT_TRUE(t.rest.has_value());
  EXPECT_EQ(t.rest->description, "others");
  EXPECT_EQ(toon::format_typed_params(t, with), own);
  EXPECT_EQ(toon::format_typed_params(t), "x:int u:int|null ...");
  // A described `|` union inside a `|` union stays an alternative of its own.
  const std::string nested = "v:bool|((int|null)'maybe a number')";
  toon::schema n = parse_ok(nested);
  ASSERT_EQ(n.params[0].type.items.size(), 2u);
  EXPECT_EQ(n.params[0].type.items[1].description, "maybe a number");
  EXPECT_EQ(toon::format_typed_params(n, with), nested);
  // An element that is a union: the description between `)` and `[]`.
  const std::string elements = "e:(int|string)'an id'[]";
  EXPECT_EQ(parse_ok(elements).params[0].type.items[0].description, "an id");
  EXPECT_EQ(toon::format_typed_params(parse_ok(elements), with), elements);
}

TEST(TypedParamsDescriptions, SingleQuotesOrJsonStrings) {
  toon::typed_params_format_options with;
  with.descriptions = true;
  // Single quotes take no escapes: a text with ', \ or a control character is a JSON string;
  // double quotes, '#', '|', spaces and any other UTF-8 stay as they are between single quotes.
  const std::pair<std::string, std::string> cases[] = {
      {"say \"hi\"", "a:int'say \"hi\"'"},
      {"a|b #1 (x) {y} [z] ,:=!", "a:int'a|b #1 (x) {y} [z] ,:=!'"},
      {"caf\u00e9 \u2192 \U0001F600", "a:int'caf\u00e9 \u2192 \U0001F600'"},
      {"it's", "a:int\"it's\""},
      {"a\\b", "a:int\"a\\\\b\""},
      {"line\nbreak", "a:int\"line\\nbreak\""},
      {" ", "a:int' '"},
  };
  for (const auto& [description, text] : cases) {
    toon::schema s;
    s.params.push_back(described(make("a", param_kind::integer), description));
    EXPECT_EQ(toon::format_typed_params(s, with), text) << description;
    EXPECT_EQ(parse_ok(text), s) << text;
  }
  // Both spellings of one text give the same model.
  EXPECT_EQ(parse_ok("a:int'x y' b:string'z'[]"), parse_ok("a:int\"x y\" b:string\"z\"[]"));
}

TEST(TypedParamsDescriptions, ReferencesToTheTable) {
  toon::typed_params_options table;
  table.description_table = {"Shared text", "1"};
  auto r = toon::parse_typed_params("a:int*1 b:string*1 c:bool[]*2 d:int*2[]", table);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->params[0].description, "Shared text");
  EXPECT_EQ(r->params[1].description, "Shared text");
  EXPECT_EQ(r->params[2].description, "1");
  EXPECT_EQ(r->params[3].description, "");
  EXPECT_EQ(r->params[3].type.items[0].description, "1");
  toon::typed_params_format_options with;
  with.descriptions = true;
  with.description_table = {"Shared text", "1"};
  EXPECT_EQ(toon::format_typed_params(*r, with), "a:int*1 b:string*1 c:bool[]*2 d:int*2[]");
  // A text not in the table is written out; without a table every text is.
  with.description_table = {"1"};
  EXPECT_EQ(toon::format_typed_params(*r, with), "a:int'Shared text' b:string'Shared text' c:bool[]*1 d:int*1[]");
  with.description_table.clear();
  EXPECT_EQ(toon::format_typed_params(*r, with), "a:int'Shared text' b:string'Shared text' c:bool[]'1' d:int'1'[]");
}

TEST(TypedParamsDescriptions, HashReferencesStillRead) {
  // `#N`, the spelling of earlier texts, reads as `*N` does (and is written `*N`).
  toon::typed_params_options table;
  table.description_table = {"Shared text", "1"};
  auto hashed = toon::parse_typed_params("a:int#1 b:string#1 c:bool[]#2 d:int#2[] e:int|(string#1)#2", table);
  ASSERT_TRUE(hashed) << hashed.error().to_string();
  auto starred = toon::parse_typed_params("a:int*1 b:string*1 c:bool[]*2 d:int*2[] e:int|(string*1)*2", table);
  ASSERT_TRUE(starred) << starred.error().to_string();
  EXPECT_EQ(*hashed, *starred);
  EXPECT_EQ(hashed->params[4].type.items[1].description, "Shared text");
  EXPECT_EQ(hashed->params[4].description, "1");
  toon::typed_params_format_options with;
  with.descriptions = true;
  with.description_table = table.description_table;
  EXPECT_EQ(toon::format_typed_params(*hashed, with), "a:int*1 b:string*1 c:bool[]*2 d:int*2[] e:int|(string*1)*2");
}

TEST(TypedParamsParse, NameWithoutTypeIsString) {
  // A parameter or field written as its name alone is a string: `a` is `a:string`.
  EXPECT_EQ(parse_ok("a b! c=x d:int e=\"1 2\" f!=y o:{g h:int} \"q r\"!"),
            parse_ok("a:string b:string! c:string=x d:int e:string=\"1 2\" f:string!=y o:{g:string h:int} \"q r\":string!"));
  EXPECT_EQ(parse_ok("a"), parse_ok("a:string"));
  EXPECT_EQ(parse_ok("a ..."), parse_ok("a:string ..."));
  // ... with descriptions right after the name, `!` or the default.
  EXPECT_EQ(parse_ok("a'A' b!'B' c=x\"it's\""), parse_ok("a:string'A' b:string!'B' c:string=x\"it's\""));
  // A default must be a string then.
  toon::error e = parse_error("a=1");
  EXPECT_EQ(e.message, "invalid default: expected string, found number");
  EXPECT_EQ(e.column, 3u);
  // The canonical text keeps `:string`; typed_params_format_options::implicit_string leaves it
  // out where a plain string stands (not with constraints, in unions, arrays or `*:T`).
  schema s = parse_ok("a b! c=x d:string(1..) e:string[] f:string|null g:{h} *:string");
  EXPECT_EQ(toon::format_typed_params(s), "a:string b:string! c:string=x d:string(1..) e:string[] f:string|null g:{h:string} *:string");
  toon::typed_params_format_options implicit;
  implicit.implicit_string = true;
  EXPECT_EQ(toon::format_typed_params(s, implicit), "a b! c=x d:string(1..) e:string[] f:string|null g:{h} *:string");
  implicit.descriptions = true;
  s.params[0].description = "A";
  s.params[1].type.description = "of the type";  // a description of the type itself keeps it
  EXPECT_EQ(toon::format_typed_params(s, implicit),
            "a'A' b:(string'of the type')! c=x d:string(1..) e:string[] f:string|null g:{h} *:string");
  auto back = toon::parse_typed_params(toon::format_typed_params(s, implicit));
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(*back, s);
}

TEST(TypedParamsDescriptions, ByName) {
  // typed_params_options::name_descriptions: a parameter or field of a listed name written
  // without a description has the listed text; its own text wins; `''` (or `""`) says none.
  toon::typed_params_options names;
  names.name_descriptions = {{"path", "File path"}, {"n", "Count"}, {"path", "not this one"}};
  auto r = toon::parse_typed_params("path! o:{path:string'Other' n:int} n:int'' x:{n:int\"\"} y:int", names);
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->params[0].description, "File path");
  EXPECT_EQ(r->params[1].type.fields[0].description, "Other");
  EXPECT_EQ(r->params[1].type.fields[1].description, "Count");
  EXPECT_EQ(r->params[2].description, "");
  EXPECT_EQ(r->params[3].type.fields[0].description, "");
  EXPECT_EQ(r->params[4].description, "");
  // Written back with the same list: nothing where the name's text stands, `''` where none does.
  toon::typed_params_format_options with;
  with.descriptions = true;
  with.name_descriptions = names.name_descriptions;
  EXPECT_EQ(toon::format_typed_params(*r, with), "path:string! o:{path:string'Other' n:int} n:int'' x:{n:int''} y:int");
  // Without the list every text is written out, and the parameters without one get nothing.
  with.name_descriptions.clear();
  EXPECT_EQ(toon::format_typed_params(*r, with),
            "path:string!'File path' o:{path:string'Other' n:int'Count'} n:int x:{n:int} y:int");
  // With the shared texts too: a name's text goes by name, other texts by *N.
  with.name_descriptions = names.name_descriptions;
  with.description_table = {"Other"};
  EXPECT_EQ(toon::format_typed_params(*r, with), "path:string! o:{path:string*1 n:int} n:int'' x:{n:int''} y:int");
  names.description_table = {"Other"};
  auto again = toon::parse_typed_params(toon::format_typed_params(*r, with), names);
  ASSERT_TRUE(again) << again.error().to_string();
  EXPECT_EQ(*again, *r);
  // Without the list, `''` is an error as before, and so is a second one after a name's `''`.
  toon::error e = parse_error("n:int''");
  EXPECT_EQ(e.message, "empty description (leave it out)");
  EXPECT_EQ(e.column, 6u);
  toon::error e2 = parse_error("path'''", names);
  EXPECT_EQ(e2.message, "expected ' ' after a parameter, found '''");
  EXPECT_EQ(e2.column, 7u);
  toon::error e3 = parse_error("y:int''", names);
  EXPECT_EQ(e3.message, "empty description (leave it out)");
  EXPECT_EQ(e3.column, 6u);
  // The example of docs/typed-params.md, "Texts by name".
  toon::typed_params_options doc;
  doc.name_descriptions = {{"path", "File path"}, {"n", "Count"}};
  auto d = toon::parse_typed_params("path! o:{path:string'Other' n:int} n:int'' y:int", doc);
  ASSERT_TRUE(d) << d.error().to_string();
  EXPECT_EQ(d->params[0].description, "File path");
  EXPECT_EQ(d->params[1].type.fields[0].description, "Other");
  EXPECT_EQ(d->params[1].type.fields[1].description, "Count");
  EXPECT_EQ(d->params[2].description, "");
  EXPECT_EQ(d->params[3].description, "");
  // An element's or alternative's description is not a parameter's: names do not apply.
  auto t = toon::parse_typed_params("n:int[] path:int|string", names);
  ASSERT_TRUE(t) << t.error().to_string();
  EXPECT_EQ(t->params[0].type.items[0].description, "");
  EXPECT_EQ(t->params[0].description, "Count");
  EXPECT_EQ(t->params[1].type.items[1].description, "");
  EXPECT_EQ(t->params[1].description, "File path");
}

TEST(TypedParamsDescriptions, Errors) {
  using toon::error_code;
  toon::typed_params_options one;
  one.description_table = {"x"};
  const error_case cases[] = {
      {"a:int*1", error_code::invalid_schema, 6, "description *1 is not in the description table (0 texts)"},
      {"a:int*0", error_code::invalid_schema, 6, "description *0 is not in the description table (0 texts)"},
      {"a:int*x", error_code::invalid_schema, 7, "expected a description number after '*', found 'x'"},
      {"a:int*", error_code::invalid_schema, 7, "expected a description number after '*', found end of input"},
      {"a:int*01", error_code::invalid_schema, 7, "expected a count (0, 1, 2, ...), found '0'"},
      {"a:int!*:int", error_code::invalid_schema, 8, "expected a description number after '*', found ':'"},
      {"a:int#1", error_code::invalid_schema, 6, "description #1 is not in the description table (0 texts)"},
      {"a:int#x", error_code::invalid_schema, 7, "expected a description number after '#', found 'x'"},
      {"a:int\"\"", error_code::invalid_schema, 6, "empty description (leave it out)"},
      {"a:int\"x\"!", error_code::invalid_schema, 9, "expected ' ' after a parameter, found '!'"},
      {"a:int\"x\"=1", error_code::invalid_schema, 9, "expected ' ' after a parameter, found '='"},
      {"a:int\"x\"\"y\"", error_code::invalid_schema, 9, "expected ' ' after a parameter, found '\"'"},
      {"a:(int\"x\")\"y\"[]", error_code::invalid_schema, 11, "a second description of one type"},
      {"a:int\"x\"(1..2)", error_code::invalid_schema, 9, "expected ' ' after a parameter, found '('"},
      {"a:int\"x", error_code::unterminated_string, 6, "unterminated string"},
      {"a:int\"\\q\"", error_code::invalid_escape, 7, "invalid escape \"\\q\""},
      {"a:int''", error_code::invalid_schema, 6, "empty description (leave it out)"},
      {"a:int'x", error_code::unterminated_string, 6, "unterminated string"},
      {"a:int'x y", error_code::unterminated_string, 6, "unterminated string"},
      {"a:int'a\\nb'", error_code::invalid_schema, 8,
       "'\\' in a single-quoted description (write the text as a JSON string)"},
      {"a:int'a\tb'", error_code::invalid_schema, 8,
       "control character 0x09 in a single-quoted description (write the text as a JSON string)"},
      {"a:int'x'!", error_code::invalid_schema, 9, "expected ' ' after a parameter, found '!'"},
      {"a:int'x''y'", error_code::invalid_schema, 9, "expected ' ' after a parameter, found '''"},
      {"a:(int'x')'y'[]", error_code::invalid_schema, 11, "a second description of one type"},
      {"a:'x'", error_code::invalid_schema, 3, "expected a type, found '''"},
  };
  for (const error_case& c : cases) {
    toon::error e = parse_error(c.text);
    EXPECT_EQ(e.code, c.code) << c.text;
    EXPECT_EQ(e.column, c.column) << c.text;
    EXPECT_EQ(e.message, c.message) << c.text;
  }
  toon::error e = parse_error("a:int*2", one);
  EXPECT_EQ(e.message, "description *2 is not in the description table (1 texts)");
  EXPECT_EQ(e.column, 6u);
}

TEST(TypedParamsParse, ErrorToStringAndSourceLine) {
  toon::error e = parse_error("path:string! days:int=x");
  EXPECT_EQ(e.to_string(), "1:23: invalid default: expected int, found string");
  EXPECT_EQ(e.source_line, "path:string! days:int=x");
  EXPECT_EQ(e.source_column, 23u);
}

// ---- parsing: limits and hostile input -------------------------------------------------------

std::string repeat(std::string_view s, std::size_t n) {
  std::string out;
  out.reserve(s.size() * n);
  for (std::size_t i = 0; i < n; ++i) out += s;
  return out;
}

TEST(TypedParamsLimits, ArrayNesting) {
  // int is one level, each [] one more: 63 suffixes make 64 levels.
  parse_ok("a:int" + repeat("[]", 63));
  toon::error e = parse_error("a:int" + repeat("[]", 64));
  EXPECT_EQ(e.code, toon::error_code::depth_limit);
  EXPECT_EQ(e.message, "nesting deeper than 64 levels");
  EXPECT_EQ(e.column, 5u + 2 * 63 + 1);
  // A union adds a level above its alternatives.
  e = parse_error("a:int" + repeat("[]", 63) + "|string");
  EXPECT_EQ(e.code, toon::error_code::depth_limit);
  EXPECT_EQ(e.column, 5u + 2 * 63 + 1);
}

TEST(TypedParamsLimits, ObjectNesting) {
  parse_ok("a:" + repeat("{a:", 63) + "int" + repeat("}", 63));
  toon::error e = parse_error("a:" + repeat("{a:", 64) + "int" + repeat("}", 64));
  EXPECT_EQ(e.code, toon::error_code::depth_limit);
  EXPECT_EQ(e.column, 2u + 3 * 64 + 1);  // the type one level too deep
  // Arrays around a deep object count too.
  e = parse_error("a:" + repeat("{a:", 63) + "int" + repeat("}", 63) + "[]");
  EXPECT_EQ(e.code, toon::error_code::depth_limit);
  EXPECT_EQ(e.column, 2u + 3 * 63 + 3 + 63 + 1);
}

TEST(TypedParamsLimits, CustomDepth) {
  toon::typed_params_options options;
  options.max_depth = 2;
  EXPECT_TRUE(toon::parse_typed_params("a:int[] b:{c:int} d:int|string", options).has_value());
  EXPECT_EQ(parse_error("a:int[][]", options).column, 8u);
  EXPECT_TRUE(toon::parse_typed_params("a:{b:{}}", options).has_value());
  EXPECT_EQ(parse_error("a:{b:{c:int}}", options).column, 9u);
  EXPECT_EQ(parse_error("a:(int|string)[]", options).column, 15u);
}

TEST(TypedParamsLimits, HostileInput) {
  const std::size_t mb = 1000 * 1000;
  toon::error e = parse_error(repeat("[", mb));
  EXPECT_EQ(e.code, toon::error_code::invalid_schema);
  EXPECT_EQ(e.column, 1u);
  EXPECT_EQ(e.source_line.size(), 73u);  // a window around the column, not the whole line

  e = parse_error("a:" + repeat("[", mb));
  EXPECT_EQ(e.message, "expected a type, found '['");

  e = parse_error("a:int" + repeat("[]", mb / 2));
  EXPECT_EQ(e.code, toon::error_code::depth_limit);

  e = parse_error("a:" + repeat("(", mb));
  EXPECT_EQ(e.code, toon::error_code::depth_limit);
  EXPECT_EQ(e.column, 2u + 64 + 1);

  e = parse_error("a:" + repeat("{a:", mb / 3));
  EXPECT_EQ(e.code, toon::error_code::depth_limit);
  EXPECT_EQ(e.column, 2u + 3 * 64 + 1);

  e = parse_error("a:" + repeat("(int|", mb / 5));
  EXPECT_EQ(e.code, toon::error_code::depth_limit);

  e = parse_error("a:enum(" + repeat("a|", mb / 2));
  EXPECT_EQ(e.code, toon::error_code::duplicate_key);

  e = parse_error("a:string=\"" + repeat("\\", mb));
  EXPECT_EQ(e.code, toon::error_code::unterminated_string);

  // Many parameters are fine.
  std::string many;
  for (int i = 0; i < 20000; ++i) many += (i ? " p" : "p") + std::to_string(i) + ":int";
  EXPECT_EQ(parse_ok(many).params.size(), 20000u);
}

TEST(TypedParamsLimits, Size) {
  toon::typed_params_options options;
  options.max_size = 8;
  EXPECT_TRUE(toon::parse_typed_params("a:string", options).has_value());
  toon::error e = parse_error("a:string!", options);
  EXPECT_EQ(e.code, toon::error_code::size_limit);
  EXPECT_EQ(e.message, "typed params longer than 8 bytes");
  EXPECT_EQ(e.column, 9u);

  e = parse_error("a:string=\"" + repeat("x", std::size_t(1) << 20) + "\"");
  EXPECT_EQ(e.code, toon::error_code::size_limit);
}

// ---- the canonical form ----------------------------------------------------------------------

TEST(TypedParamsFormat, RoundTripsCanonicalText) {
  const std::string_view canonical[] = {
      "",
      "path:string!",
      "path:string! line:int tags:string[]",
      "a:string b:int c:number d:bool e:object f:null g:any",
      "tags:string[] matrix:int[][]",
      "opts:{recursive:bool depth:int=3}",
      "o:{}",
      "rows:{id:int name:string!}[]",
      "deep:{a:{b:{c:int[]}}[]}",
      "mode:fast/safe=fast",
      "e:1/2x/a.b-c/\"with space\"/\"\"/\"\\\"\"",
      "k:int|2d/text u:(a/b)[] v:x/y|null w:\"p q\"/r^int",
      "id:int|string!",
      "x:int[]|string",
      "ids:(int|string)[]",
      "grid:(int|null)[][]",
      "u:{a:int}|{b:string}|null",
      "m:a/b|int",
      "x:(a/b|int)[]",
      "days:int=7",
      "neg:int=-3",
      "ratio:number=0.25",
      "neg:number=-0.5",
      "big:number=1e+21",
      "large:number=1.5e+300",
      "tiny:number=1e-7",
      "huge:int=123456789012345678901234567890",
      "u:int=18446744073709551615",
      "flag:bool=false",
      "n:string|null=null",
      "greeting:string=hello",
      "dotted:string=a.b-c",
      "s:string=\"hello world\"",
      "t:string=\"true\"",
      "num:string=\"12\"",
      "dot:string=\".\"",
      "e:string=\"\"",
      "q:string=\"say \\\"hi\\\"\"",
      "c:string=\"tab\\there\"",
      "ctl:string=\"\\u0001\\b\\f\\n\\r\"",
      "accent:string=\"\xC3\xA9t\xC3\xA9\"",
      "\"my key\":int",
      "\"\\\"\":int",
      "\"\xC3\xA9\":int",
      "\"1st\":int",
      "a.b-c:int _x:int",
      "search:{query:string! options:{case:bool=false max:int=50 mode:literal/regex=literal} paths:string[]}",
      // constraints, other members, oneOf, JSON defaults, defaults on required parameters
      "n:int(1..100) x:number(>0..<1) y:number(..-2.5,%0.5) z:int(%5,int32)",
      "s:string(1..64,email,\"^[a-z]+$\") t:string(..10) u:string(uri)",
      "a:string[](1..) b:int(0..9)[](..3,unique)[] o:object(1..) p:{x:int}(..1)",
      "m:{*:int} o:{a:string! ...} e:{*:{*:string}} p:{...}",
      "id:int^string v:(int|null)^string w:(int^string)|null k:(string^int)[]",
      "tags:string[]=[\"a\",\"b c\"] o:object={\"k\":[1,null]} r:int!=3",
      "a:int *:string",
      "...",
      "a:int ...",
      // 2^53-1 and its negative as range bounds
      "a:int(-max..max) b:int(>0..max) c:number(0..<max) d:int(..-max) e:int(>max..) f:int(-max..)",
      "g:int(9007199254740991..) h:int(9007199254740990..9007199254740992)",
  };
  for (std::string_view text : canonical) {
    SCOPED_TRACE(std::string(text));
    schema s = parse_ok(text);
    EXPECT_EQ(toon::format_typed_params(s), text);
    auto again = toon::parse_typed_params(toon::format_typed_params(s));
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(*again, s);
  }
}

TEST(TypedParamsParse, Constraints) {
  param_type n(param_kind::integer);
  n.constraints.minimum = 1;
  n.constraints.maximum = 100;
  param_type x(param_kind::number);
  x.constraints.minimum = 0;
  x.constraints.exclusive_minimum = true;
  x.constraints.maximum = 1.5;
  x.constraints.exclusive_maximum = true;
  x.constraints.multiple_of = 0.5;
  param_type s(param_kind::string);
  s.constraints.min_length = 1;
  s.constraints.format = "email";
  s.constraints.pattern = "^a,b)$";
  param_type a = param_type::array_of(param_kind::string);
  a.constraints.max_length = 3;
  a.constraints.unique_items = true;
  param_type m = param_type::object_with({});
  m.items.emplace_back(param_kind::integer);
  param_type u = param_type::one_of({param_kind::integer, param_type::any_of({param_kind::string, param_kind::null})});
  toon::schema expected;
  expected.params = {make("n", n), make("x", x), make("s", s, true), make("a", a), make("m", m), make("u", u)};
  expected.params[0].default_value = 5;
  expected.params[2].default_value = "ab";
  expected.rest = param_type(param_kind::boolean);
  EXPECT_EQ(parse_ok("n:int(1..100)=5 x:number(>0..<1.5,%0.5) s:string(1..,email,\"^a,b)$\")!=ab a:string[](..3,unique) "
                     "m:{*:int} u:int^(string|null) *:bool"),
            expected);
}

TEST(TypedParamsParse, MaxSafeIntegerBounds) {
  // `max` is 2^53-1 (JavaScript's Number.MAX_SAFE_INTEGER), `-max` its negative, wherever a
  // bound of a numeric range stands; the digits read the same.
  const std::int64_t max_safe = 9007199254740991;
  schema s = parse_ok("a:int(-max..max) b:number(>-max..<max) c:int(0..max)");
  EXPECT_EQ(s.params[0].type.constraints.minimum, toon::value(-max_safe));
  EXPECT_EQ(s.params[0].type.constraints.maximum, toon::value(max_safe));
  EXPECT_EQ(s.params[1].type.constraints.minimum, toon::value(-max_safe));
  EXPECT_TRUE(s.params[1].type.constraints.exclusive_minimum);
  EXPECT_EQ(s.params[1].type.constraints.maximum, toon::value(max_safe));
  EXPECT_TRUE(s.params[1].type.constraints.exclusive_maximum);
  EXPECT_EQ(s, parse_ok("a:int(-9007199254740991..9007199254740991) b:number(>-9007199254740991..<9007199254740991) "
                        "c:int(0..9007199254740991)"));
  // What JSON Schema gets: the numbers.
  EXPECT_EQ(toon::to_json(toon::json_schema(s.params[2].type)), R"({"type":"integer","minimum":0,"maximum":9007199254740991})");
  // Validation: 2^53-1 is in, 2^53 out.
  EXPECT_TRUE(toon::validate(toon::value(max_safe), s.params[2].type).empty());
  EXPECT_FALSE(toon::validate(toon::value(max_safe + 1), s.params[2].type).empty());
  // `max` alone (without '>' or '-') at the start of a list is a format, as any bare name.
  EXPECT_EQ(parse_ok("a:int(max)").params[0].type.constraints.format, "max");
  using toon::error_code;
  const error_case cases[] = {
      {"a:int(..maxi)", error_code::invalid_schema, 9, "expected a number, found 'm'"},
      {"a:int(..-maxx)", error_code::invalid_schema, 10, "expected a number, found 'm'"},
      {"a:string(1..max)", error_code::invalid_schema, 13, "expected ',' or ')' in the constraints at column 9, found 'm'"},
      {"a:int(..max", error_code::invalid_schema, 12, "expected ',' or ')' in the constraints at column 6, found end of input"},
      {"a:int(%max)", error_code::invalid_schema, 8, "expected a number, found 'm'"},
  };
  for (const error_case& c : cases) {
    toon::error e = parse_error(c.text);
    EXPECT_EQ(e.code, c.code) << c.text;
    EXPECT_EQ(e.column, c.column) << c.text;
    EXPECT_EQ(e.message, c.message) << c.text;
  }
}

TEST(TypedParamsFormat, NormalizesNonCanonicalText) {
  const std::pair<std::string_view, std::string_view> cases[] = {
      {"x:string(\"a\",uri,1..2)", "x:string(1..2,uri,\"a\")"},
      {"x:int(1e2..)", "x:int(100..)"},
      {"x:(int^string)^null", "x:(int^string)^null"},
      {"x:(int|string)^null", "x:(int|string)^null"},
      {"d:any=[\"\\u0041\"]", "d:any=[\"A\"]"},
      {"o:{a:int *:any} *:any", "o:{a:int ...} ..."},
      {"x:(int)", "x:int"},
      {"x:((int|string))[]", "x:(int|string)[]"},
      {"x:(int|string)|bool", "x:int|string|bool"},
      {"x:(int|string)", "x:int|string"},
      {"\"abc\":int", "abc:int"},
      {R"("\u0041\/":int)", "\"A/\":int"},
      {"s:string=\"hello\"", "s:string=hello"},
      {"e:\"a\"/\"b c\"", "e:a/\"b c\""},
      {"e:enum(\"a\"|\"b c\")", "e:a/\"b c\""},
      {"e:enum(a)", "e:enum(a)"},
      {"e:x/y[]", "e:(x/y)[]"},
      {"d:number=1.50", "d:number=1.5"},
      {"d:number=1E3", "d:number=1000"},
      {"d:number=1e-07", "d:number=1e-7"},
      {"d:number=-0", "d:number=0"},
      {"d:number=-0.0", "d:number=0"},
      {"d:int=2.0", "d:int=2"},
      {"d:number=100000000000000000000000.0", "d:number=1e+23"},
      {R"(c:string="\u000a\u001F")", R"(c:string="\n\u001f")"},
      {R"(c:string="\u00e9")", "c:string=\"\xC3\xA9\""},
      // the example of docs/typed-params.md
      {"x:(int) \"abc\":int d:number=1.50 s:string=\"hi\"", "x:int abc:int d:number=1.5 s:string=hi"},
  };
  for (const auto& [input, expected] : cases) {
    SCOPED_TRACE(std::string(input));
    EXPECT_EQ(toon::format_typed_params(parse_ok(input)), expected);
  }
}

TEST(TypedParamsFormat, BuiltModels) {
  schema s;
  s.params.push_back(make("path", param_kind::string, true));
  s.params.push_back(with_default("mode", param_type::enum_of({"fast", "safe mode"}), "safe mode"));
  s.params.push_back(make("ids", param_type::array_of(param_type::any_of({param_kind::integer, param_kind::string}))));
  s.params.back().description = "descriptions are not part of the text";
  s.description = "neither is this one";
  EXPECT_EQ(toon::format_typed_params(s),
            "path:string! mode:fast/\"safe mode\"=\"safe mode\" ids:(int|string)[]");
  EXPECT_EQ(toon::format_param_type(s.params[2].type), "(int|string)[]");
  EXPECT_EQ(toon::format_param_type(param_type::any_of({param_type::array_of(param_kind::integer), param_kind::null})),
            "int[]|null");
  // A union of one alternative is written as that alternative.
  param_type one(param_kind::any_of);
  one.items.emplace_back(param_kind::integer);
  EXPECT_EQ(toon::format_param_type(param_type::array_of(one)), "int[]");
}

// ---- JSON Schema ----------------------------------------------------------------------------

TEST(TypedParamsJsonSchema, RealisticTool) {
  schema s = parse_ok(
      "query:string! path:string=\".\" include:string[] "
      "options:{case_sensitive:bool=false max_results:int=50 mode:literal/regex/glob=literal} "
      "context:int|null");
  s.description = "Search files for a pattern";
  s.params[0].description = "Text or pattern to find";
  s.params[3].type.fields[2].description = "How the query is matched";
  EXPECT_EQ(toon::to_json(toon::json_schema(s)),
            R"({"description":"Search files for a pattern","type":"object","properties":{)"
            R"("query":{"description":"Text or pattern to find","type":"string"},)"
            R"("path":{"type":"string","default":"."},)"
            R"("include":{"type":"array","items":{"type":"string"}},)"
            R"("options":{"type":"object","properties":{)"
            R"("case_sensitive":{"type":"boolean","default":false},)"
            R"("max_results":{"type":"integer","default":50},)"
            R"("mode":{"description":"How the query is matched","type":"string","enum":["literal","regex","glob"],"default":"literal"}},)"
            R"("additionalProperties":false},)"
            R"("context":{"anyOf":[{"type":"integer"},{"type":"null"}]}},)"
            R"("required":["query"],"additionalProperties":false})");
}

TEST(TypedParamsJsonSchema, EveryConstruct) {
  EXPECT_EQ(toon::to_json(toon::json_schema(parse_ok(""))),
            R"({"type":"object","properties":{},"additionalProperties":false})");
  EXPECT_EQ(toon::to_json(toon::json_schema(parse_ok("a:number! b:object c:any d:null e:{} f:int[][]"))),
            R"({"type":"object","properties":{"a":{"type":"number"},"b":{"type":"object"},"c":{},)"
            R"("d":{"type":"null"},"e":{"type":"object","properties":{},"additionalProperties":false},)"
            R"("f":{"type":"array","items":{"type":"array","items":{"type":"integer"}}}},)"
            R"("required":["a"],"additionalProperties":false})");
  EXPECT_EQ(toon::to_json(toon::json_schema(parse_ok("ids:(int|string)[]|null").params[0].type)),
            R"({"anyOf":[{"type":"array","items":{"anyOf":[{"type":"integer"},{"type":"string"}]}},{"type":"null"}]})");
  EXPECT_EQ(toon::to_json(toon::json_schema(parse_ok(
                "n:int(1..9,%3,int32) x:number(>0..<1) s:string(2..,uri,\"^a\") a:int[](..4,unique) o:object(1..) "
                "m:{k:int *:string} p:{*:any} u:int^string d:any!=[1] *:bool"))),
            R"({"type":"object","properties":{)"
            R"("n":{"type":"integer","minimum":1,"maximum":9,"multipleOf":3,"format":"int32"},)"
            R"("x":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1},)"
            R"("s":{"type":"string","minLength":2,"pattern":"^a","format":"uri"},)"
            R"("a":{"type":"array","items":{"type":"integer"},"maxItems":4,"uniqueItems":true},)"
            R"("o":{"type":"object","minProperties":1},)"
            R"("m":{"type":"object","properties":{"k":{"type":"integer"}},"additionalProperties":{"type":"string"}},)"
            R"("p":{"type":"object","properties":{}},)"
            R"("u":{"oneOf":[{"type":"integer"},{"type":"string"}]},)"
            R"("d":{"default":[1]}},)"
            R"("required":["d"],"additionalProperties":{"type":"boolean"}})");
  toon::json_schema_options options;
  options.schema_uri = true;
  EXPECT_EQ(toon::to_json(toon::json_schema(parse_ok("a:int"), options)),
            R"({"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",)"
            R"("properties":{"a":{"type":"integer"}},"additionalProperties":false})");
}

// ---- validation -----------------------------------------------------------------------------

std::vector<std::string> messages(const std::vector<toon::error>& errors) {
  std::vector<std::string> out;
  for (const toon::error& e : errors) out.push_back(e.to_string());
  return out;
}

toon::value json(std::string_view text) {
  auto r = toon::from_json(text);
  EXPECT_TRUE(r.has_value()) << text;
  return r ? *r : toon::value();
}

TEST(TypedParamsValidate, ReportsEveryViolation) {
  schema s = parse_ok("path:string! line:int tags:string[] mode:fast/safe id:int|string opts:{depth:int}");
  std::vector<toon::error> errors = toon::validate(
      json(R"({"line":1.5,"tags":["a","b",3],"mode":"slow","id":true,"foo":1,"opts":{"depth":"x","y":2}})"), s);
  EXPECT_EQ(messages(errors), (std::vector<std::string>{
                                  "args.line: expected int, found number",
                                  "args.tags[2]: expected string, found number",
                                  "args.mode: expected one of fast, safe",
                                  "args.id: expected int or string, found boolean",
                                  "args.foo: unknown field",
                                  "args.opts.depth: expected int, found string",
                                  "args.opts.y: unknown field",
                                  "args.path: missing required field",
                              }));
  ASSERT_EQ(errors.size(), 8u);
  EXPECT_EQ(errors[0].code, toon::error_code::type_mismatch);
  EXPECT_EQ(errors[1].path, "args.tags[2]");
  EXPECT_EQ(errors[1].line, 0u);
  EXPECT_EQ(errors[2].code, toon::error_code::invalid_enum);
  EXPECT_EQ(errors[3].code, toon::error_code::type_mismatch);
  EXPECT_EQ(errors[4].code, toon::error_code::unknown_field);
  EXPECT_EQ(errors[7].code, toon::error_code::missing_field);
}

TEST(TypedParamsValidate, Constraints) {
  schema s = parse_ok("n:int(1..9,%3) x:number(>0..<1) s:string(2..3,\"^a\") a:int[](..2,unique) o:object(1..) "
                      "m:{k:int *:string} u:int^number *:bool");
  EXPECT_EQ(messages(toon::validate(json(R"({"n":3,"x":0.5,"s":"ab","a":[1,2],"o":{"z":1},"m":{"k":1,"j":"v"},)"
                                         R"("u":"no","extra":true})"),
                                    s)),
            (std::vector<std::string>{"args.u: expected exactly one of int or number, found string"}));
  EXPECT_EQ(messages(toon::validate(json(R"({"n":10,"x":0,"s":"abcd","a":[1,1.0,2],"o":{},"m":{"j":1},)"
                                         R"("u":1.5,"extra":"x"})"),
                                    s)),
            (std::vector<std::string>{
                "args.n: expected a number <= 9, found 10",
                "args.n: expected a multiple of 3, found 10",
                "args.x: expected a number > 0, found 0",
                "args.s: expected at most 3 characters, found 4",
                "args.a: expected at most 2 elements, found 3",
                "args.a: expected unique elements, found [0] and [1] equal",
                "args.o: expected at least 1 members, found 0",
                "args.m.j: expected string, found number",
                "args.extra: expected bool, found string",
            }));
  // 1.5 matches number only; 2 matches both int and number: not exactly one.
  EXPECT_TRUE(toon::validate(json(R"({"u":1.5})"), s).empty());
  EXPECT_EQ(messages(toon::validate(json(R"({"u":2})"), s)),
            (std::vector<std::string>{"args.u: expected exactly one of int or number, found a value matching 2"}));
  // Lengths count characters, not bytes; a pattern matches anywhere unless anchored.
  EXPECT_TRUE(toon::validate(json(R"({"s":"a\u00e9\u00e9"})"), s).empty());
  EXPECT_EQ(messages(toon::validate(json(R"({"s":"ba"})"), s)),
            (std::vector<std::string>{"args.s: expected a string matching \"^a\""}));
  // Strings over 1024 bytes are not matched against patterns (their length still is).
  schema long_pattern = parse_ok("s:string(\"^a\")");
  EXPECT_TRUE(toon::validate(toon::object{{"s", std::string(1025, 'b')}}, long_pattern).empty());
  EXPECT_EQ(toon::validate(toon::object{{"s", std::string(1024, 'b')}}, long_pattern).size(), 1u);
  // Bounds compare exactly beyond 2^53.
  schema big = parse_ok("n:int(..9007199254740993)");
  EXPECT_TRUE(toon::validate(json(R"({"n":9007199254740993})"), big).empty());
  EXPECT_EQ(messages(toon::validate(json(R"({"n":9007199254740994})"), big)),
            (std::vector<std::string>{"args.n: expected a number <= 9007199254740993, found 9007199254740994"}));
}

TEST(TypedParamsValidate, AcceptsValidArguments) {
  schema s = parse_ok("path:string! line:int=1 ratio:number tags:string[] id:int|string n:string|null any:any o:object");
  EXPECT_TRUE(toon::validate(json(R"({"path":"a"})"), s).empty());
  EXPECT_TRUE(toon::validate(json(R"({"path":"a","line":3.0,"ratio":1,"tags":[],"id":"x","n":null,)"
                                  R"("any":[1,{"a":null}],"o":{"free":"form"}})"),
                             s)
                  .empty());
  EXPECT_TRUE(toon::validate(json(R"({"path":"a","line":123456789012345678901234567890,"id":18446744073709551615})"), s)
                  .empty());
}

TEST(TypedParamsValidate, Messages) {
  auto check = [](std::string_view schema_text, std::string_view args) {
    return messages(toon::validate(json(args), parse_ok(schema_text)));
  };
  using list = std::vector<std::string>;
  EXPECT_EQ(check("a:int", "5"), (list{"args: expected object, found number"}));
  EXPECT_EQ(check("a:int", "[]"), (list{"args: expected object, found array"}));
  EXPECT_EQ(check("a:int", R"({"a":null})"), (list{"args.a: expected int, found null"}));
  EXPECT_EQ(check("a:bool", R"({"a":"true"})"), (list{"args.a: expected bool, found string"}));
  EXPECT_EQ(check("a:null", R"({"a":false})"), (list{"args.a: expected null, found boolean"}));
  EXPECT_EQ(check("a:number", R"({"a":"1"})"), (list{"args.a: expected number, found string"}));
  EXPECT_EQ(check("a:object", R"({"a":[]})"), (list{"args.a: expected object, found array"}));
  EXPECT_EQ(check("a:{b:int!}", R"({"a":{}})"), (list{"args.a.b: missing required field"}));
  EXPECT_EQ(check("a:int[]", R"({"a":{"x":1}})"), (list{"args.a: expected array, found object"}));
  EXPECT_EQ(check("a:int[][]", R"({"a":[[1],[2,"x"],3]})"),
            (list{"args.a[1][1]: expected int, found string", "args.a[2]: expected array, found number"}));
  EXPECT_EQ(check("m:a/b", R"({"m":1})"), (list{"args.m: expected one of a, b, found number"}));
  EXPECT_EQ(check("x:int|string|null", R"({"x":[]})"), (list{"args.x: expected int, string or null, found array"}));
  EXPECT_EQ(check("x:a/b|int", R"({"x":false})"), (list{"args.x: expected a/b or int, found boolean"}));
  // A union reports through the alternative that admits the value's kind.
  EXPECT_EQ(check("x:int|string", R"({"x":1.5})"), (list{"args.x: expected int, found number"}));
  EXPECT_EQ(check("x:{a:int}|string", R"({"x":{"a":"s"}})"), (list{"args.x.a: expected int, found string"}));
  EXPECT_EQ(check("x:a/b|c/d", R"({"x":"e"})"), (list{"args.x: expected one of a, b"}));
  EXPECT_EQ(check("x:{a:int b:int}|{a:int}", R"({"x":{"a":"s","c":1}})"),
            (list{"args.x.a: expected int, found string", "args.x.c: unknown field"}));
  EXPECT_TRUE(check("x:{a:int b:int}|{c:int}", R"({"x":{"c":1}})").empty());
  // Names that are not identifiers are written as ["..."].
  EXPECT_EQ(check("\"my key\":int a.b:int", R"({"my key":"s","a.b":"t"})"),
            (list{"args[\"my key\"]: expected int, found string", "args[\"a.b\"]: expected int, found string"}));
}

TEST(TypedParamsValidate, RootAndSingleTypes) {
  schema s = parse_ok("path:string!");
  EXPECT_EQ(messages(toon::validate(json("{}"), s, "")), (std::vector<std::string>{"path: missing required field"}));
  EXPECT_EQ(messages(toon::validate(json("{}"), s, "input")), (std::vector<std::string>{"input.path: missing required field"}));
  EXPECT_EQ(messages(toon::validate(json(R"([1,"x"])"), param_type::array_of(param_kind::integer))),
            (std::vector<std::string>{"value[1]: expected int, found string"}));
  EXPECT_TRUE(toon::validate(json("null"), param_type(param_kind::any)).empty());
}

// ---- typed params inside TOON ----------------------------------------------------------------

TEST(TypedParamsInToon, TableCellsAreQuoted) {
  toon::value catalog = toon::object{
      {"tools", toon::array{
                    toon::object{{"name", "read_file"}, {"description", "Read file contents"}, {"params", "path:string!"}},
                    toon::object{{"name", "search"},
                                 {"description", "Search files"},
                                 {"params", "query:string! mode:fast/safe=fast"}},
                    toon::object{{"name", "greet"}, {"description", "Say hello"}, {"params", "name:string=\"a b\""}},
                    toon::object{{"name", "ping"}, {"description", "Check the server"}, {"params", ""}},
                }}};
  const std::string text = toon::encode(catalog);
  EXPECT_EQ(text,
            "tools[4]{name,description,params}:\n"
            "  read_file,Read file contents,\"path:string!\"\n"
            "  search,Search files,\"query:string! mode:fast/safe=fast\"\n"
            "  greet,Say hello,\"name:string=\\\"a b\\\"\"\n"
            "  ping,Check the server,\"\"");
  auto back = toon::decode(text);
  ASSERT_TRUE(back.has_value()) << back.error().to_string();
  const toon::value& greet = (*back)["tools"][2];
  EXPECT_EQ(greet["params"].as_string(), "name:string=\"a b\"");
  schema s = parse_ok(greet["params"].as_string());
  EXPECT_EQ(s.params, (std::vector<param>{with_default("name", param_kind::string, "a b")}));
  EXPECT_TRUE(parse_ok((*back)["tools"][3]["params"].as_string()).params.empty());

  toon::value field = toon::object{{"params", "path:string! depth:int=1"}};
  EXPECT_EQ(toon::encode(field), "params: \"path:string! depth:int=1\"");
}

}  // namespace

// ---- the examples of docs/typed-params.md ------------------------------------------------------

TEST(TypedParamsDocs, Api) {
  toon::result<toon::schema> s = toon::parse_typed_params("path:string! line:int=1 tags:string[]");
  ASSERT_TRUE(s.has_value()) << s.error().to_string();
  s->description = "Read part of a file";
  EXPECT_EQ(toon::to_json(toon::json_schema(*s)),
            R"({"description":"Read part of a file","type":"object","properties":{"path":{"type":"string"},)"
            R"("line":{"type":"integer","default":1},"tags":{"type":"array","items":{"type":"string"}}},)"
            R"("required":["path"],"additionalProperties":false})");

  toon::value args = *toon::from_json(R"({"path":"a.txt","line":"7","extra":true})");
  EXPECT_EQ(messages(toon::validate(args, *s)),
            (std::vector<std::string>{"args.line: expected int, found string", "args.extra: unknown field"}));
}

TEST(TypedParamsDocs, Errors) {
  const std::string text = "path:string! days:int=x";
  toon::result<toon::schema> s = toon::parse_typed_params(text);
  ASSERT_FALSE(s.has_value());
  EXPECT_EQ(toon::format_error(s.error(), text),
            "1:23: invalid default: expected int, found string\n"
            "path:string! days:int=x\n"
            "                      ^");
}

TEST(TypedParamsDocs, BuildingModels) {
  toon::schema s;
  s.params.push_back({"path", toon::param_kind::string, true});
  s.params.push_back({"mode", toon::param_type::enum_of({"fast", "safe"}), false, "fast"});
  s.params.push_back({"ids", toon::param_type::array_of(toon::param_type::any_of({toon::param_kind::integer,
                                                                                 toon::param_kind::string}))});
  EXPECT_EQ(toon::format_typed_params(s), "path:string! mode:fast/safe=fast ids:(int|string)[]");
}
