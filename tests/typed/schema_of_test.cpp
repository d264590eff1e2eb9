// Typed-param schemas derived from C++ types: exact texts and JSON Schemas for hand-written
// tool argument types, and the agreement properties over a matrix of generated argument types:
//   parse_typed_params(typed_params<T>()) == schema_of<T>() (descriptions aside: the text has none),
//   json_schema<T>() == json_schema(parse_typed_params(typed_params<T>())) (likewise),
//   a value encoded from T validates against schema_of<T>() and decodes back into T.
#include <gtest/gtest.h>

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <variant>
#include <vector>

#include "schema_check.hpp"
#include "toon/toon.hpp"

namespace so {

enum class search_mode { fast, exact, fuzzy };

struct search_options {
  bool recursive;
  int depth;
};

struct search_files_args {
  std::string path;
  std::string pattern;
  std::optional<search_mode> mode;
  std::vector<std::string> include;
  search_options options;
  int max_results = 50;
  std::variant<std::int64_t, std::string> id;
};

struct circle {
  double r;
};
struct rect {
  double w;
  double h;
};
struct draw_args {
  std::vector<std::variant<circle, rect>> shapes;
  std::optional<std::string> title;
  std::tuple<int, std::string> label;
  std::map<std::string, int> extra;
  toon::value anything;
};

struct page_opts {
  int page = 1;
  int size = 20;
};
struct list_args {
  std::vector<std::string> tags{};
  page_opts paging{};
  std::string sort = "name";
  double ratio = 0.5;
};

// The example of docs/typed-params.md, "From C++ types".
struct search_args {
  std::string path;
  std::string pattern;
  enum class match { literal, regex } mode = match::literal;
  std::vector<std::string> include;
  int max_results = 50;
  std::optional<bool> follow_links;
};

}  // namespace so

template <>
struct toon::meta<so::search_args> {
  static constexpr std::string_view defaulted[] = {"mode", "max_results"};
};

template <>
struct toon::meta<so::list_args> {
  static constexpr std::string_view defaulted[] = {"tags", "paging", "sort", "ratio"};
};

template <>
struct toon::meta<so::search_files_args> {
  static constexpr std::string_view description = "Search files for a pattern";
  static constexpr std::string_view defaulted[] = {"max_results"};
  static constexpr toon::field_description field_descriptions[] = {
      {"path", "Directory to search"}, {"pattern", "Regular expression"}};
  static constexpr toon::naming naming = toon::naming::camel_case;
};

namespace so {

using schema_check::check_agreement;
using schema_check::strip;

TEST(SchemaOf, SearchFilesText) {
  EXPECT_EQ(toon::typed_params<search_files_args>(),
            "path:string! pattern:string! mode:fast/exact/fuzzy include:string[]! "
            "options:{recursive:bool! depth:int!}! maxResults:int=50 id:int|string!");
  check_agreement<search_files_args>();
}

TEST(SchemaOf, SearchFilesJsonSchema) {
  EXPECT_EQ(toon::to_json(toon::json_schema<search_files_args>()),
            R"({"description":"Search files for a pattern","type":"object","properties":{)"
            R"("path":{"description":"Directory to search","type":"string"},)"
            R"("pattern":{"description":"Regular expression","type":"string"},)"
            R"("mode":{"type":"string","enum":["fast","exact","fuzzy"]},)"
            R"("include":{"type":"array","items":{"type":"string"}},)"
            R"("options":{"type":"object","properties":{"recursive":{"type":"boolean"},)"
            R"("depth":{"type":"integer","minimum":-2147483648,"maximum":2147483647}},)"
            R"("required":["recursive","depth"],"additionalProperties":false},)"
            R"("maxResults":{"type":"integer","minimum":-2147483648,"maximum":2147483647,"default":50},)"
            R"("id":{"anyOf":[{"type":"integer"},{"type":"string"}]}},)"
            R"("required":["path","pattern","include","options","id"],"additionalProperties":false})");
}

// Defaults are stated for primitives only: the typed-param grammar has no array or object
// defaults, so a defaulted container or struct is optional without a stated default.
TEST(SchemaOf, DefaultedContainersAndStructsStateNoDefault) {
  EXPECT_EQ(toon::typed_params<list_args>(), "tags:string[] paging:{page:int! size:int!} sort:string=name ratio:number=0.5");
  EXPECT_EQ(toon::to_json(toon::json_schema<list_args>()),
            R"({"type":"object","properties":{"tags":{"type":"array","items":{"type":"string"}},)"
            R"("paging":{"type":"object","properties":{"page":{"type":"integer","minimum":-2147483648,"maximum":2147483647},)"
            R"("size":{"type":"integer","minimum":-2147483648,"maximum":2147483647}},)"
            R"("required":["page","size"],"additionalProperties":false},)"
            R"("sort":{"type":"string","default":"name"},"ratio":{"type":"number","default":0.5}},)"
            R"("additionalProperties":false})");
  check_agreement<list_args>();
}

TEST(SchemaOf, DocumentationExample) {
  EXPECT_EQ(toon::typed_params<search_args>(),
            "path:string! pattern:string! mode:literal/regex=literal include:string[]! max_results:int=50 "
            "follow_links:bool");
  check_agreement<search_args>();
}

TEST(SchemaOf, VariantsTuplesMapsValues) {
  EXPECT_EQ(toon::typed_params<draw_args>(),
            "shapes:({type:enum(circle)! r:number!}|{type:enum(rect)! w:number! h:number!})[]! title:string "
            "label:(int|string)[]! extra:object! anything:any!");
  check_agreement<draw_args>();
}

TEST(SchemaOf, EncodedValuesValidateAndDecode) {
  search_files_args a{"/src", "TODO", search_mode::fuzzy, {"*.cpp"}, {true, 3}, 10, std::string("x")};
  toon::value v = toon::to_value(a);
  EXPECT_TRUE(toon::validate(v, toon::schema_of<search_files_args>()).empty());
  toon::result<search_files_args> back = toon::from_value<search_files_args>(v);
  ASSERT_TRUE(back.has_value()) << back.error().to_string();
  EXPECT_EQ(back->options.depth, 3);

  draw_args d{{circle{1}, rect{2, 3}}, std::nullopt, {1, "a"}, {{"k", 1}}, toon::value(true)};
  toon::value dv = toon::to_value(d);
  dv.as_object().erase("title");  // an absent optional field
  auto errors = toon::validate(dv, toon::schema_of<draw_args>());
  EXPECT_TRUE(errors.empty()) << (errors.empty() ? "" : errors.front().to_string());
}

// ---- a matrix of generated argument types ---------------------------------------------------

enum class color { red, green };
struct inner {
  int a;
  std::string b;
};

template <class A, class B>
struct args2 {
  A first;
  B second;
};

template <class... T>
struct type_list {};

using field_types = type_list<int, std::uint8_t, double, bool, std::string, char, color, inner, std::optional<int>,
                              std::optional<inner>, std::vector<int>, std::vector<inner>, std::vector<std::vector<double>>,
                              std::array<bool, 2>, std::set<std::string>, std::map<std::string, inner>,
                              std::variant<int, std::string>, std::variant<bool, inner>, std::unique_ptr<int>,
                              std::pair<int, int>, std::vector<std::optional<std::string>>, toon::value>;

template <class A, class... B>
void check_row(type_list<B...>) {
  (check_agreement<args2<A, B>>(), ...);
}

template <class... A>
void check_matrix(type_list<A...> all) {
  (check_row<A>(all), ...);
}

TEST(SchemaOf, GeneratedArgumentTypesAgree) { check_matrix(field_types{}); }

struct widths {
  std::uint8_t u8;
  std::int16_t i16;
  std::int32_t i32;
  std::uint32_t u32;
  std::int64_t i64;
  std::uint64_t u64;
  std::vector<std::uint8_t> bytes;
};

// Fixed-width integer types state the range typed decoding enforces (issue 35): minimum and
// maximum in the JSON Schema (64-bit: unsigned ones minimum 0 only), checked by validate; the
// text stays `int`.
TEST(SchemaOf, FixedWidthIntegersStateTheirRange) {
  EXPECT_EQ(toon::typed_params<widths>(), "u8:int! i16:int! i32:int! u32:int! i64:int! u64:int! bytes:int[]!");
  EXPECT_EQ(toon::to_json(toon::json_schema<widths>()),
            R"({"type":"object","properties":{)"
            R"("u8":{"type":"integer","minimum":0,"maximum":255},)"
            R"("i16":{"type":"integer","minimum":-32768,"maximum":32767},)"
            R"("i32":{"type":"integer","minimum":-2147483648,"maximum":2147483647},)"
            R"("u32":{"type":"integer","minimum":0,"maximum":4294967295},)"
            R"("i64":{"type":"integer"},)"
            R"("u64":{"type":"integer","minimum":0},)"
            R"("bytes":{"type":"array","items":{"type":"integer","minimum":0,"maximum":255}}},)"
            R"("required":["u8","i16","i32","u32","i64","u64","bytes"],"additionalProperties":false})");
  auto args = toon::from_json(R"({"u8":256,"i16":-32768,"i32":3000000000,"u32":4294967295,"i64":-9223372036854775808,)"
                              R"("u64":-1,"bytes":[0,255,-1]})");
  ASSERT_TRUE(args.has_value());
  std::vector<std::string> problems;
  for (const toon::error& e : toon::validate(*args, toon::schema_of<widths>())) problems.push_back(e.to_string());
  EXPECT_EQ(problems, (std::vector<std::string>{"args.u8: expected a number <= 255, found 256",
                                                "args.i32: expected a number <= 2147483647, found 3000000000",
                                                "args.u64: expected a number >= 0, found -1",
                                                "args.bytes[2]: expected a number >= 0, found -1"}));
  // What validates decodes.
  auto ok = toon::from_json(R"({"u8":255,"i16":0,"i32":-2147483648,"u32":0,"i64":1,"u64":18446744073709551615,"bytes":[]})");
  ASSERT_TRUE(ok.has_value());
  EXPECT_TRUE(toon::validate(*ok, toon::schema_of<widths>()).empty());
  EXPECT_TRUE(toon::from_value<widths>(*ok).has_value());
  check_agreement<widths>();
}

}  // namespace so
