// JSON Schema -> typed params (toon::import_json_schema): each rule and each loss of docs/mcp.md
// ("JSON Schema to typed params"), the compact tools table and the description table.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "toon/json.hpp"
#include "toon/mcp/compact.hpp"
#include "toon/schema.hpp"
#include "toon/schema_import.hpp"

namespace {

using toon::schema_loss_kind;

toon::value json(const std::string& text) {
  auto v = toon::from_json(text);
  EXPECT_TRUE(v) << text;
  return v ? *v : toon::value{};
}

// The typed params of a schema given as JSON text.
std::string typed(const std::string& schema) { return toon::format_typed_params(toon::import_json_schema(json(schema)).params); }

// "kind@path" of every loss.
std::vector<std::string> losses(const std::string& schema) {
  std::vector<std::string> out;
  for (const toon::schema_loss& l : toon::import_json_schema(json(schema)).losses)
    out.push_back(std::string(toon::to_string(l.kind)) + "@" + l.path);
  return out;
}

// One closed parameter `p` with the given schema.
std::string param(const std::string& p_schema) {
  return typed(R"({"type":"object","properties":{"p":)" + p_schema + R"(},"additionalProperties":false})");
}
std::vector<std::string> param_losses(const std::string& p_schema) {
  return losses(R"({"type":"object","properties":{"p":)" + p_schema + R"(},"additionalProperties":false})");
}

using strings = std::vector<std::string>;

TEST(SchemaImport, ExactForms) {
  EXPECT_EQ(typed(R"({"type":"object","properties":{"path":{"type":"string"},"head":{"type":"integer"},)"
                  R"("tail":{"type":"integer","default":10},"mode":{"type":"string","enum":["a","b"]}},)"
                  R"("required":["path"],"additionalProperties":false})"),
            "path:string! head:int tail:int=10 mode:a/b");
  EXPECT_TRUE(losses(R"({"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false})").empty());
  EXPECT_EQ(param(R"({"type":"number"})"), "p:number");
  EXPECT_EQ(param(R"({"type":"boolean","default":true})"), "p:bool=true");
  EXPECT_EQ(param(R"({"type":"null"})"), "p:null");
  EXPECT_EQ(param(R"({})"), "p:any");
  EXPECT_EQ(param(R"(true)"), "p:any");
  EXPECT_EQ(param(R"({"type":"array","items":{"type":"string"}})"), "p:string[]");
  EXPECT_EQ(param(R"({"type":"array"})"), "p:any[]");
  EXPECT_EQ(param(R"({"type":"array","items":{"type":"array","items":{"type":"integer"}}})"), "p:int[][]");
  EXPECT_EQ(param(R"({"type":"object"})"), "p:object");
  EXPECT_EQ(param(R"({"type":"object","additionalProperties":false})"), "p:{}");
  EXPECT_EQ(param(R"({"type":"object","properties":{"x":{"type":"integer"},"y":{"type":"string","default":"a b"}},)"
                  R"("required":["x"],"additionalProperties":false})"),
            R"(p:{x:int! y:string="a b"})");
  EXPECT_EQ(param(R"({"type":["string","null"]})"), "p:string|null");
  EXPECT_EQ(param(R"({"anyOf":[{"type":"string"},{"type":"null"}],"default":null})"), "p:string|null=null");
  EXPECT_EQ(param(R"({"anyOf":[{"type":"integer"},{"type":"array","items":{"type":"integer"}}]})"), "p:int|int[]");
  EXPECT_EQ(param(R"({"type":"array","items":{"anyOf":[{"type":"integer"},{"type":"string"}]}})"), "p:(int|string)[]");
  EXPECT_EQ(param(R"({"const":"fixed"})"), "p:enum(fixed)");
  EXPECT_EQ(param(R"({"enum":["a","b c",""]})"), R"(p:a/"b c"/"")");
  EXPECT_EQ(param(R"({"enum":["x",null]})"), "p:enum(x)|null");
  EXPECT_EQ(param(R"({"type":["integer","number"]})"), "p:number");
  EXPECT_EQ(param(R"({"anyOf":[{"enum":["a"]},{"enum":["b","a"]}]})"), "p:a/b");
  EXPECT_EQ(param(R"({"anyOf":[{"type":"string"},{"enum":["a"]}]})"), "p:string");
  EXPECT_EQ(param(R"({"anyOf":[{"type":"string"},{}]})"), "p:any");
  EXPECT_EQ(param(R"({"allOf":[{"type":"string"}]})"), "p:string");
  // Names that are not bare are quoted; descriptions go to the model.
  auto in = toon::import_json_schema(json(
      R"({"description":"Tool","type":"object","properties":{"file name":{"type":"string","description":"Which file"}},)"
      R"("additionalProperties":false})"));
  EXPECT_EQ(toon::format_typed_params(in.params), R"("file name":string)");
  EXPECT_EQ(in.params.description, "Tool");
  ASSERT_EQ(in.params.params.size(), 1u);
  EXPECT_EQ(in.params.params[0].description, "Which file");
  EXPECT_TRUE(in.exact());
  toon::json_schema_import_options no_descriptions;
  no_descriptions.keep_descriptions = false;
  EXPECT_TRUE(toon::import_json_schema(json(R"({"type":"object","properties":{"a":{"description":"x"}}})"), no_descriptions)
                  .params.params[0].description.empty());
}

TEST(SchemaImport, References) {
  std::string s = R"({"type":"object","properties":{"a":{"$ref":"#/$defs/point"},"b":{"$ref":"#/definitions/n"}},)"
                  R"("additionalProperties":false,"$defs":{"point":{"type":"object","properties":{"x":{"type":"number"}},)"
                  R"("required":["x"],"additionalProperties":false}},"definitions":{"n":{"type":"integer","minimum":0}}})";
  EXPECT_EQ(typed(s), "a:{x:number!} b:int(0..)");
  EXPECT_TRUE(losses(s).empty());
  // Recursive and unresolvable references become any.
  std::string rec = R"({"type":"object","properties":{"tree":{"$ref":"#/$defs/node"}},"additionalProperties":false,)"
                    R"("$defs":{"node":{"type":"object","properties":{"kids":{"type":"array","items":{"$ref":"#/$defs/node"}}},)"
                    R"("additionalProperties":false}}})";
  EXPECT_EQ(typed(rec), "tree:{kids:any[]}");
  EXPECT_EQ(losses(rec), strings{"reference@/properties/tree/properties/kids/items/$ref"});
  EXPECT_EQ(param(R"({"$ref":"https://example.org/s.json"})"), "p:any");
  EXPECT_EQ(param_losses(R"({"$ref":"#/nowhere"})"), strings{"reference@/properties/p/$ref"});
  EXPECT_EQ(param(R"({"$ref":"#/properties/q","type":"string"})"), "p:any");  // q does not exist
  // Other constraints beside $ref are dropped.
  EXPECT_EQ(losses(R"({"type":"object","properties":{"a":{"type":"string"},"b":{"$ref":"#/properties/a","minLength":2}},)"
                   R"("additionalProperties":false})"),
            strings{"intersection@/properties/b/minLength"});
}

TEST(SchemaImport, ConstraintsAreKept) {
  EXPECT_EQ(param(R"({"type":"string","format":"uri","minLength":1,"maxLength":9,"pattern":"^a"})"),
            R"(p:string(1..9,uri,"^a"))");
  EXPECT_TRUE(param_losses(R"({"type":"string","format":"uri","minLength":1,"maxLength":9,"pattern":"^a"})").empty());
  // The tighter of minimum and exclusiveMinimum (maximum, exclusiveMaximum) is kept.
  EXPECT_EQ(param(R"({"type":"integer","minimum":1,"maximum":5,"exclusiveMinimum":0,"exclusiveMaximum":6,"multipleOf":1})"),
            "p:int(1..5,%1)");
  EXPECT_EQ(param(R"({"type":"number","minimum":0,"exclusiveMinimum":0,"exclusiveMaximum":1.5})"), "p:number(>0..<1.5)");
  EXPECT_EQ(param(R"({"type":"array","items":{"type":"string"},"minItems":1,"maxItems":3,"uniqueItems":true})"),
            "p:string[](1..3,unique)");
  EXPECT_EQ(param(R"({"type":"array","minItems":1,"uniqueItems":false})"), "p:any[](1..)");
  EXPECT_EQ(param(R"({"type":"object","maxProperties":2})"), "p:object(..2)");
  EXPECT_EQ(param_losses(R"({"type":"object","minProperties":1,"propertyNames":{"pattern":"^a"}})"),
            (strings{"pattern@/properties/p/propertyNames"}));
  // Each kind of a "type" list takes the keywords that apply to it; an enum keeps the values
  // its string constraints allow.
  EXPECT_EQ(param(R"({"type":["string","integer"],"minLength":2,"minimum":3})"), "p:string(2..)|int(3..)");
  EXPECT_EQ(param(R"({"type":"string","enum":["a","bb","ccc"],"maxLength":2})"), "p:a/bb");
  // Keywords without their value's kind are reported, a pattern std::regex does not take too.
  EXPECT_EQ(param_losses(R"({"type":"string","minLength":-1})"), strings{"bounds@/properties/p/minLength"});
  EXPECT_EQ(param_losses(R"js({"type":"string","pattern":"(?<x>a)"})js"), strings{"pattern@/properties/p/pattern"});
  EXPECT_EQ(param_losses(R"({"type":"string","pattern":")" + std::string(9, '(') + "a" + std::string(9, ')') + R"("})"),
            strings{"pattern@/properties/p/pattern"});
  EXPECT_EQ(param_losses(R"({"type":"string","pattern":")" + std::string(257, 'a') + R"("})"),
            strings{"pattern@/properties/p/pattern"});
  // oneOf stays exclusive, its alternatives as they are.
  EXPECT_EQ(param(R"({"oneOf":[{"type":"integer"},{"type":"number"}]})"), "p:int^number");
  EXPECT_TRUE(param_losses(R"({"oneOf":[{"type":"integer"},{"type":"string"}]})").empty());
  EXPECT_EQ(param(R"({"oneOf":[{"type":["string","null"]},{"type":"integer"}]})"), "p:(string|null)^int");
  // Maps: additionalProperties as a schema is the type of the other members.
  EXPECT_EQ(param(R"({"type":"object","additionalProperties":{"type":"string"}})"), "p:{*:string}");
  EXPECT_TRUE(param_losses(R"({"type":"object","additionalProperties":{"type":"string"}})").empty());
  EXPECT_EQ(param(R"({"type":"object","properties":{"a":{"type":"integer"}},"additionalProperties":{"type":"string"}})"),
            "p:{a:int *:string}");
  // Defaults of any JSON value, also on required members.
  EXPECT_EQ(param(R"({"type":"array","items":{"type":"string"},"default":["a b"]})"), R"(p:string[]=["a b"])");
  EXPECT_EQ(typed(R"({"type":"object","properties":{"a":{"type":"integer","default":1}},"required":["a"],)"
                  R"("additionalProperties":false})"),
            "a:int!=1");
}

TEST(SchemaImport, LossesArePermissive) {
  // Intersections: allOf beyond the first schema, not, if/then/else, combinators beside a type.
  EXPECT_EQ(param(R"({"allOf":[{"type":"string"},{"minLength":2}]})"), "p:string");
  EXPECT_EQ(param_losses(R"({"allOf":[{"type":"string"},{"minLength":2}]})"), strings{"intersection@/properties/p/allOf/1"});
  EXPECT_EQ(param(R"({"type":"string","not":{"const":"x"}})"), "p:string");
  EXPECT_EQ(param_losses(R"({"type":"string","not":{"const":"x"}})"), strings{"intersection@/properties/p/not"});
  EXPECT_EQ(param(R"({"type":"object","anyOf":[{"required":["a"]},{"required":["b"]}]})"), "p:object");
  EXPECT_EQ(param_losses(R"({"type":"object","anyOf":[{"required":["a"]},{"required":["b"]}]})"),
            strings{"intersection@/properties/p/anyOf"});
  EXPECT_EQ(param_losses(R"({"if":{"type":"string"},"then":{"minLength":1}})"),
            (strings{"intersection@/properties/p/if", "intersection@/properties/p/then"}));
  // Maps: patternProperties.
  EXPECT_EQ(param(R"({"type":"object","properties":{"a":{"type":"integer"}},"patternProperties":{"^x":{}}})"), "p:object");
  // Tuples: positions merge into one element type.
  EXPECT_EQ(param(R"({"type":"array","prefixItems":[{"type":"number"},{"type":"string"}],"items":false})"), "p:(number|string)[]");
  EXPECT_EQ(param(R"({"type":"array","items":[{"type":"number"},{"type":"string"}]})"), "p:any[]");
  EXPECT_EQ(param_losses(R"({"type":"array","items":[{"type":"number"}]})"), strings{"tuple@/properties/p"});
  // Enum values that are not strings keep only their kind.
  EXPECT_EQ(param(R"({"enum":[1,2,3]})"), "p:int");
  EXPECT_EQ(param(R"({"type":"number","enum":[1.5,2]})"), "p:number");
  EXPECT_EQ(param(R"({"const":true})"), "p:bool");
  EXPECT_EQ(param(R"({"enum":["a",1]})"), "p:enum(a)|int");
  EXPECT_EQ(param_losses(R"({"enum":[1,2,3]})"), strings{"enum_values@/properties/p/enum"});
  EXPECT_TRUE(param_losses(R"({"enum":[true,false,null]})").empty());
  // Defaults that are not valid for the type.
  EXPECT_EQ(param(R"({"type":"integer","default":"x"})"), "p:int");
  EXPECT_EQ(param_losses(R"({"type":"array","default":{}})"), strings{"default_value@/properties/p/default"});
  // false, non-schemas and empty names.
  EXPECT_EQ(param(R"(false)"), "p:any");
  EXPECT_EQ(param_losses(R"(false)"), strings{"false_schema@/properties/p"});
  EXPECT_EQ(param(R"(42)"), "p:any");
  EXPECT_EQ(param(R"({"type":"strin"})"), "p:any");
  EXPECT_EQ(param(R"({"type":"integer","enum":["a"]})"), "p:any");
  EXPECT_EQ(param(R"({"type":"object","properties":{"":{"type":"string"}},"additionalProperties":false})"), "p:object");
  EXPECT_EQ(param_losses(R"({"type":"object","properties":{"":{}}})"), strings{"name@/properties/p"});
  // Annotations and unknown keywords change nothing and are not reported.
  EXPECT_TRUE(param_losses(R"({"type":"string","title":"T","examples":["x"],"deprecated":true,"x-vendor":1,"nullable":true})")
                  .empty());
  for (const toon::schema_loss& l : toon::import_json_schema(json(R"({"type":"object","properties":{"p":{"format":"x"}}})")).losses)
    EXPECT_EQ(l.stricter, l.kind == schema_loss_kind::open_object) << l.to_string();
}

TEST(SchemaImport, OpenObjectsAreKept) {
  // Without additionalProperties:false, JSON Schema allows other members: `...`.
  auto in = toon::import_json_schema(json(R"({"type":"object","properties":{"a":{"type":"string"}},"required":["a"]})"));
  EXPECT_EQ(toon::format_typed_params(in.params), "a:string! ...");
  EXPECT_TRUE(in.exact());
  EXPECT_EQ(typed(R"({"type":"object","properties":{"o":{"type":"object","properties":{"x":{"type":"integer"}}}},)"
                  R"("additionalProperties":false})"),
            "o:{x:int ...}");
  for (const char* s : {R"({"type":"object"})", R"({"type":"object","properties":{}})"}) {
    auto t = toon::import_json_schema(json(s));
    EXPECT_EQ(toon::format_typed_params(t.params), "...") << s;
    EXPECT_TRUE(t.exact()) << s;
  }
  // A top level that is not an object: no parameters, the one stricter loss.
  for (const char* s : {R"({"type":"string"})", "true"}) {
    auto t = toon::import_json_schema(json(s));
    EXPECT_TRUE(t.params.params.empty()) << s;
    ASSERT_EQ(t.losses.size(), 1u) << s;
    EXPECT_EQ(t.losses[0].kind, schema_loss_kind::open_object) << s;
    EXPECT_EQ(t.losses[0].path, "") << s;
  }
  EXPECT_TRUE(toon::import_json_schema(json(R"({"type":"object","additionalProperties":false})")).exact());
  // Required names not listed under properties become required `any` parameters.
  EXPECT_EQ(typed(R"({"type":"object","properties":{"a":{"type":"string"}},"required":["b"],"additionalProperties":false})"),
            "a:string b:any!");
}

TEST(SchemaImport, DepthIsBounded) {
  std::string deep = R"({"type":"string"})";
  for (int i = 0; i < 200; ++i) deep = R"({"type":"array","items":)" + deep + "}";
  toon::json_schema_import_options o;
  o.max_depth = 5;
  auto t = toon::import_json_schema_type(json(deep), nullptr, o);
  EXPECT_EQ(toon::format_param_type(t), "any[][][][][][]");
  std::vector<toon::schema_loss> l;
  (void)toon::import_json_schema_type(json(deep), &l, o);
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(l[0].kind, schema_loss_kind::depth);
  // The default limit keeps the result within the typed-param parser's limits.
  std::string text = toon::format_param_type(toon::import_json_schema_type(json(deep)));
  EXPECT_TRUE(toon::parse_typed_params("p:" + text)) << text;
}

TEST(CompactTools, TablesOfForeignTools) {
  std::vector<toon::mcp::tool_info> tools(2);
  tools[0].name = "read";
  tools[0].description = "Read a file";
  tools[0].input_schema = json(
      R"({"type":"object","properties":{"path":{"type":"string","description":"File path"},)"
      R"("opts":{"type":"object","properties":{"mode":{"enum":["a","b"],"description":"How"}},"additionalProperties":false}},)"
      R"("required":["path"],"additionalProperties":false})");
  tools[1].name = "list";
  tools[1].description = "List files";
  tools[1].input_schema = json(
      R"({"type":"object","properties":{"path":{"type":"string","description":"File path"},)"
      R"("edits":{"type":"array","items":{"type":"object","properties":{"old text":{"type":"string","description":"Old"}}}}}})");
  auto compact = toon::mcp::compact_tools(tools);
  ASSERT_EQ(compact.size(), 2u);
  EXPECT_TRUE(compact[0].losses.empty());
  EXPECT_TRUE(compact[1].losses.empty());  // two open objects, kept as `...`
  EXPECT_EQ(toon::mcp::tools_table(compact),
            "tools[2]{name,description,params}:\n"
            "  read,Read a file,\"path:string! opts:{mode:a/b}\"\n"
            "  list,List files,\"path:string edits:{\\\"old text\\\":string ...}[] ...\"");
  // The described form: each description after what it describes, a plain string parameter
  // as its name alone; "File path", which both `path` parameters have, once by name.
  EXPECT_EQ(toon::mcp::described_tools_table(compact),
            "tools[2]{name,description,params}:\n"
            "  read,Read a file,\"path! opts:{mode:a/b'How'}\"\n"
            "  list,List files,\"path edits:{\\\"old text\\\"'Old' ...}[] ...\"\n"
            "param_descriptions:\n"
            "  path: File path");
  EXPECT_EQ(toon::mcp::named_descriptions(compact), (std::vector<std::pair<std::string, std::string>>{{"path", "File path"}}));
  EXPECT_TRUE(toon::mcp::shared_descriptions(compact).empty());
  // Read back with the texts by name: the same parameters, descriptions included.
  toon::typed_params_options with_table;
  with_table.name_descriptions = {{"path", "File path"}};
  toon::value v = toon::mcp::described_tools_value(compact);
  for (std::size_t i = 0; i < 2; ++i) {
    auto back = toon::parse_typed_params(v["tools"][i]["params"].as_string(), with_table);
    ASSERT_TRUE(back) << back.error().to_string();
    EXPECT_EQ(*back, compact[i].params);
    EXPECT_EQ(back->params[0].description, "File path");
  }
  EXPECT_EQ(toon::mcp::described_tools_table({}), "tools: []");
}

TEST(CompactTools, DescriptionsOfArrayElementsAndUnionAlternativesAreKept) {
  toon::mcp::tool_info tool;
  tool.name = "t";
  tool.input_schema = json(R"({"type":"object","properties":{)"
                           R"("a":{"type":"array","description":"A list","items":{"type":"object","description":"One entry",)"
                           R"("properties":{"x":{"type":"string","description":"X of it"}}}},)"
                           R"("u":{"description":"U","anyOf":[{"type":"string","description":"as text"},)"
                           R"({"type":"object","description":"as object","properties":{"y":{"type":"integer","description":"Y"}}}]}},)"
                           R"("additionalProperties":false})");
  toon::mcp::compact_tool c = toon::mcp::compact(tool);
  EXPECT_TRUE(c.losses.empty());
  // An element's description before its `[]`, an alternative's after it (the last one in
  // parentheses, so that the parameter's own follows unmistakably).
  EXPECT_EQ(toon::format_typed_params(c.params, {true, {}}),
            "a:{x:string'X of it' ...}'One entry'[]'A list' u:string'as text'|({y:int'Y' ...}'as object')'U'");
  EXPECT_EQ(toon::format_typed_params(c.params), "a:{x:string ...}[] u:string|{y:int ...}");
  EXPECT_EQ(toon::mcp::described_tools_table({c}),
            "tools[1]{name,description,params}:\n"
            "  t,\"\",\"a:{x'X of it' ...}'One entry'[]'A list' "
            "u:string'as text'|({y:int'Y' ...}'as object')'U'\"");
  auto parsed = toon::parse_typed_params(toon::format_typed_params(c.params, {true, {}}));
  ASSERT_TRUE(parsed) << parsed.error().to_string();
  EXPECT_EQ(*parsed, c.params);
  // The JSON Schema written back has them where they were.
  toon::value back = toon::json_schema(c.params);
  EXPECT_EQ(back["properties"]["a"]["items"]["description"].as_string(), "One entry");
  EXPECT_EQ(back["properties"]["u"]["anyOf"][0]["description"].as_string(), "as text");
  EXPECT_EQ(back["properties"]["u"]["anyOf"][1]["description"].as_string(), "as object");
  EXPECT_EQ(back["properties"]["u"]["description"].as_string(), "U");
  // Without keep_descriptions, none.
  toon::json_schema_import_options bare;
  bare.keep_descriptions = false;
  EXPECT_EQ(toon::mcp::described_tools_table({toon::mcp::compact(tool, bare)}),
            "tools[1]{name,description,params}:\n  t,\"\",\"a:{x ...}[] u:string|{y:int ...}\"");
}

TEST(CompactTools, DescriptionsOfMapValuesAreKept) {
  // An additionalProperties schema's description goes on the `*:T` type, written `*:(T"text")`.
  toon::mcp::tool_info tool;
  tool.name = "sort";
  tool.input_schema = json(R"({"type":"object","properties":{"by":{"type":"object","description":"Sort keys",)"
                           R"("additionalProperties":{"type":"number","description":"The direction"}}},)"
                           R"("additionalProperties":false})");
  toon::mcp::compact_tool c = toon::mcp::compact(tool);
  EXPECT_TRUE(c.losses.empty());
  EXPECT_EQ(toon::format_typed_params(c.params), "by:{*:number}");
  EXPECT_EQ(toon::format_typed_params(c.params, {true, {}}), "by:{*:(number'The direction')}'Sort keys'");
  auto back = toon::parse_typed_params(toon::format_typed_params(c.params, {true, {}}));
  ASSERT_TRUE(back) << back.error().to_string();
  EXPECT_EQ(*back, c.params);
  EXPECT_EQ(toon::json_schema(c.params)["properties"]["by"]["additionalProperties"]["description"].as_string(),
            "The direction");
}

TEST(CompactTools, SharedTextsAreWrittenOnceAndReferenced) {
  toon::mcp::tool_info a;
  a.name = "find";
  a.input_schema = json(R"({"type":"object","properties":{"db":{"type":"string","description":"Database name"},)"
                        R"("n":{"type":"integer","description":"1"}}})");
  toon::mcp::tool_info b;
  b.name = "drop";
  b.input_schema = json(R"({"type":"object","properties":{"database":{"type":"string","description":"Database name"},)"
                        R"("db":{"type":"string","description":"Database name"},"k":{"type":"string","description":"1"}}})");
  toon::mcp::tool_info c;
  c.name = "stat";
  c.input_schema = json(R"({"type":"object","properties":{"db":{"type":"string"},)"
                        R"("scope":{"type":"object","properties":{"db":{"type":"string","description":"Database name"}}}}})");
  std::vector<toon::mcp::compact_tool> compact = toon::mcp::compact_tools({a, b, c});
  // `db` has "Database name" three times (a nested field counts) and none once: the text goes
  // by name, written once under param_descriptions, the `db` without one gets `''`. The text
  // of `database`, the only other, stays where it is; "1" (two parameters of two names) is
  // written once in the list of shared texts, *1 at both.
  EXPECT_EQ(toon::mcp::named_descriptions(compact),
            (std::vector<std::pair<std::string, std::string>>{{"db", "Database name"}}));
  EXPECT_EQ(toon::mcp::shared_descriptions(compact), std::vector<std::string>{"1"});
  EXPECT_EQ(toon::mcp::described_tools_table(compact),
            "tools[3]{name,description,params}:\n"
            "  find,\"\",\"db n:int*1 ...\"\n"
            "  drop,\"\",database'Database name' db k*1 ...\n"
            "  stat,\"\",\"db'' scope:{db ...} ...\"\n"
            "param_descriptions:\n"
            "  db: Database name\n"
            "descriptions[1]: \"1\"");
  toon::value v = toon::mcp::described_tools_value(compact);
  ASSERT_EQ(v["descriptions"].as_array().size(), 1u);
  EXPECT_EQ(v["descriptions"][0].as_string(), "1");
  EXPECT_EQ(v["param_descriptions"]["db"].as_string(), "Database name");
  // Without the lists the references and `''` do not parse; with them, they give the texts back.
  EXPECT_FALSE(toon::parse_typed_params("db n:int*1 ..."));
  EXPECT_FALSE(toon::parse_typed_params("db'' scope:{db ...} ..."));
  toon::typed_params_options lists;
  lists.description_table = {"1"};
  lists.name_descriptions = {{"db", "Database name"}};
  for (std::size_t i = 0; i < compact.size(); ++i) {
    auto back = toon::parse_typed_params(v["tools"][i]["params"].as_string(), lists);
    ASSERT_TRUE(back) << back.error().to_string();
    EXPECT_EQ(*back, compact[i].params);
  }
  EXPECT_EQ(compact[2].params.params[0].description, "");
  EXPECT_EQ(compact[2].params.params[1].type.fields[0].description, "Database name");
}

TEST(CompactTools, WhiteSpaceRunsInDescriptionsAreOneSpace) {
  toon::mcp::tool_info tool;
  tool.name = "read";
  tool.description = "\n  Read  a\r\n\tfile.  ";
  tool.input_schema = json(R"({"type":"object","properties":{"o":{"type":"object","description":" Options ",)"
                           R"("properties":{"m":{"type":"string","description":"How\n\n  to read"}},)"
                           R"("additionalProperties":false}},"additionalProperties":false})");
  toon::mcp::compact_tool c = toon::mcp::compact(tool);
  EXPECT_EQ(c.description, "Read a file.");
  EXPECT_EQ(toon::mcp::described_tools_table({c}),
            "tools[1]{name,description,params}:\n"
            "  read,Read a file.,\"o:{m'How to read'}'Options'\"");
}

}  // namespace
