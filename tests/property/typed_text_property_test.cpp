// The typed decoder's direct token parsers (detail/fast_token.hpp, type_ops::text) against the
// classified path. toon::decode<T>(text) reads unquoted primitives and quote-free table rows as
// text and parses each straight into its field's type; toon::from_value<T>(toon::decode(text))
// classifies every token first (scalar events). Both must give the same object, or the same
// error (code, message, path), for every token: integers of every width and sign, leading
// zeros, 15 to 20 digits, decimals short and long, exponents, literals and near-literals,
// enumerator names in any case, plain, quoted and empty strings, in table rows and in key: value
// lines.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "toon/toon.hpp"

namespace text_model {

enum class color { red, green, blue };

struct cells {
  std::int8_t i8 = 0;
  std::uint8_t u8 = 0;
  std::int32_t i32 = 0;
  std::uint32_t u32 = 0;
  std::int64_t i64 = 0;
  std::uint64_t u64 = 0;
  float f = 0;
  double d = 0;
  bool b = false;
  std::string s;
  color e = color::red;
  std::optional<std::int64_t> oi;
  std::optional<std::string> os;
  std::optional<double> od;
  bool operator==(const cells&) const = default;
};

struct table_doc {
  std::vector<cells> rows;
  bool operator==(const table_doc&) const = default;
};

}  // namespace text_model

// Every field may be absent (so that one-field documents decode).
template <>
struct toon::meta<text_model::cells> {
  static constexpr std::string_view defaulted[] = {"i8", "u8", "i32", "u32", "i64", "u64", "f",
                                                   "d",  "b",  "s",   "e",   "oi",  "os",  "od"};
};

namespace {

using text_model::cells;
using text_model::table_doc;

constexpr const char* field_names[] = {"i8", "u8", "i32", "u32", "i64", "u64", "f", "d", "b", "s", "e", "oi", "os", "od"};
constexpr std::size_t field_count = sizeof(field_names) / sizeof(field_names[0]);

// Digit strings of a given length (a leading zero only when asked).
rc::Gen<std::string> digits(int min_len, int max_len, bool leading_zero) {
  return rc::gen::mapcat(rc::gen::inRange(min_len, max_len + 1), [leading_zero](int n) {
    return rc::gen::map(rc::gen::container<std::vector<char>>(static_cast<std::size_t>(n), rc::gen::inRange('0', ':')),
                        [leading_zero](std::vector<char> v) {
                          if (!v.empty() && v[0] == '0' && !leading_zero && v.size() > 1) v[0] = '7';
                          return std::string(v.begin(), v.end());
                        });
  });
}

// Tokens an unquoted cell may hold: numbers of every shape, literals and words.
rc::Gen<std::string> token() {
  auto sign = rc::gen::element<std::string>("", "", "-");
  auto integer = rc::gen::apply([](std::string s, std::string d) { return s + d; }, sign, digits(1, 21, false));
  auto zeros = rc::gen::apply([](std::string s, std::string d) { return s + "0" + d; }, sign, digits(0, 4, true));
  auto decimal = rc::gen::apply([](std::string s, std::string a, std::string b) { return s + a + "." + b; }, sign,
                                digits(1, 17, false), digits(0, 17, true));
  auto exponent = rc::gen::apply(
      [](std::string s, std::string a, std::string e, std::string b) { return s + a + e + b; }, sign,
      digits(1, 4, false), rc::gen::element<std::string>("e", "E", "e-", "e+", ".5e"), digits(0, 3, false));
  auto word = rc::gen::element<std::string>("true", "false", "null", "tru", "True", "nul", "nulls", "falsey", "red",
                                            "green", "blue", "Red", "GREEN", "purple", "x", "-", "-x", "1a",
                                            "2024-01-15", "0x10", ".5", "1.", "+1", "1.28.2", "-1.2.3",
                                            "0.5.1", "1e", "1e+", "2E-", "1.5x", "1e5x", "1.5e3.1", "12ab", "inf", "nan", "a b", "",
                                            "\"x\"", "\"12\"", "\"null\"", "\"a,b\"", "\"t\\tab\"", "\"\"",
                                            "\"green\"", "\"2025-01-01T00:00:00Z\"");
  return rc::gen::oneOf(integer, zeros, decimal, exponent, word);
}

rc::Gen<std::vector<std::string>> row_tokens() {
  return rc::gen::container<std::vector<std::string>>(field_count, token());
}

std::string table_text(const std::vector<std::vector<std::string>>& rows) {
  std::string t = "rows[" + std::to_string(rows.size()) + "]{";
  for (std::size_t j = 0; j < field_count; ++j) t += (j ? "," : "") + std::string(field_names[j]);
  t += "}:\n";
  for (const auto& r : rows) {
    t += "  ";
    for (std::size_t j = 0; j < r.size(); ++j) t += (j ? "," : "") + r[j];
    t += '\n';
  }
  return t;
}

std::string object_text(const std::vector<std::string>& r) {
  std::string t;
  for (std::size_t j = 0; j < field_count; ++j) {
    if (r[j].empty()) continue;  // `key:` alone opens an object: left out (the field keeps its default)
    t += std::string(field_names[j]) + ": " + r[j] + '\n';
  }
  return t;
}

// The direct path and the classified path agree on `text`.
template <class T>
void agree(const std::string& text, const toon::decode_options& o = {}) {
  const toon::result<T> direct = toon::decode<T>(text, o);
  const toon::result<toon::value> v = toon::decode(text, o);
  RC_ASSERT(v.has_value());  // the documents are valid TOON: only typed conversion may fail
  const toon::result<T> classified = toon::from_value<T>(*v, o);
  RC_ASSERT(direct.has_value() == classified.has_value());
  if (direct.has_value()) {
    RC_ASSERT(*direct == *classified);
  } else {
    RC_ASSERT(direct.error().code == classified.error().code);
    RC_ASSERT(direct.error().message == classified.error().message);
    RC_ASSERT(direct.error().path == classified.error().path);
    RC_ASSERT(direct.error().more.size() == classified.error().more.size());
  }
}

}  // namespace

RC_GTEST_PROP(TypedText, TableRowsAgreeWithClassifiedCells, ()) {
  const auto rows = *rc::gen::scale(0.2, rc::gen::container<std::vector<std::vector<std::string>>>(row_tokens()));
  agree<table_doc>(table_text(rows));
  toon::decode_options collect;
  collect.collect_all_errors = true;
  agree<table_doc>(table_text(rows), collect);
}

RC_GTEST_PROP(TypedText, KeyValueLinesAgreeWithClassifiedValues, ()) {
  const auto r = *row_tokens();
  agree<cells>(object_text(r));
  toon::decode_options collect;
  collect.collect_all_errors = true;
  agree<cells>(object_text(r), collect);
}

// Fixed cases at the edges of the direct parsers, each checked for its exact value.
TEST(TypedText, EdgesDecodeToTheClassifiedValues) {
  auto one = [](const std::string& field, const std::string& tok) {
    toon::result<cells> r = toon::decode<cells>(field + ": " + tok + "\n");
    if (!r && r.error().code == toon::error_code::missing_field) ADD_FAILURE() << r.error().message;
    return r;
  };
  EXPECT_EQ(one("i64", "999999999999999999")->i64, 999999999999999999);   // 18 digits: direct
  EXPECT_EQ(one("i64", "9223372036854775807")->i64, INT64_MAX);           // 19 digits: classified
  EXPECT_EQ(one("i64", "-9223372036854775808")->i64, INT64_MIN);
  EXPECT_FALSE(one("i64", "9223372036854775808").has_value());            // out of range
  EXPECT_EQ(one("u64", "18446744073709551615")->u64, UINT64_MAX);
  EXPECT_EQ(one("i8", "-128")->i8, -128);
  EXPECT_EQ(one("i8", "128").error().message, "128 is out of range for int8");
  EXPECT_EQ(one("i64", "05").error().message, "expected integer, found string");  // leading zero: a string
  EXPECT_EQ(one("s", "05")->s, "05");
  EXPECT_EQ(one("s", "-")->s, "-");
  EXPECT_EQ(one("s", "nulls")->s, "nulls");
  EXPECT_EQ(one("s", "null").error().message, "expected string, found null");
  EXPECT_EQ(one("d", "0.1")->d, 0.1);
  EXPECT_EQ(one("d", "-0.0")->d, 0.0);
  EXPECT_FALSE(std::signbit(one("d", "-0.0")->d));
  EXPECT_EQ(one("d", "123456789012.345")->d, 123456789012.345);  // 15 digits: direct
  EXPECT_EQ(one("d", "1234567890123.4567")->d, 1234567890123.4567);  // 17 digits: classified
  EXPECT_EQ(one("d", "1e3")->d, 1000.0);
  EXPECT_EQ(one("f", "0.1")->f, 0.1f);
  EXPECT_EQ(one("i64", "4.0")->i64, 4);  // an integral number
  EXPECT_EQ(one("i64", "4.5").error().message, "expected integer, found 4.5");
  EXPECT_EQ(one("e", "green")->e, text_model::color::green);
  EXPECT_EQ(one("e", "Green").error().code, toon::error_code::invalid_enum);
  EXPECT_EQ(one("oi", "null")->oi, std::nullopt);
  EXPECT_EQ(one("oi", "17")->oi, 17);
  EXPECT_EQ(one("oi", "x").error().message, "expected integer, found string");
  EXPECT_EQ(one("os", "null")->os, std::nullopt);
  EXPECT_EQ(one("os", "abc")->os, "abc");
  EXPECT_EQ(one("b", "true")->b, true);
  EXPECT_EQ(one("b", "yes").error().message, "expected boolean, found string");
  // Issue 38: Python's literal gets a hint.
  EXPECT_EQ(one("b", "True").error().message, "expected boolean, found string True (a Python literal: TOON writes true)");
}

// A failing cell of a row: its error has the row's path and the cell's line and column.
TEST(TypedText, RowCellErrorsAreLocated) {
  const std::string text = "rows[2]{i64,s}:\n  1,a\n  2x,b\n";
  struct two {
    std::int64_t i64;
    std::string s;
    bool operator==(const two&) const = default;
  };
  struct doc {
    std::vector<two> rows;
  };
  const auto r = toon::decode<doc>(text);
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().path, "rows[1].i64");
  EXPECT_EQ(r.error().message, "expected integer, found string");
  EXPECT_EQ(r.error().line, 3u);
  EXPECT_EQ(r.error().column, 3u);
}

// Optionals and pointers of objects (no direct parser of their own) take an unquoted `null`
// directly, in rows and in key: value lines; anything else (a quoted "null", a number, a word)
// still goes through the classified path and its errors.
namespace text_model {
struct inner {
  std::int64_t x = 0;
  bool operator==(const inner&) const = default;
};
struct holder {
  std::int64_t id = 0;
  std::optional<inner> o;
  std::shared_ptr<inner> p;  // (a copyable pointer: clang 14 needs holder_doc copyable to reflect it)
  bool operator==(const holder& h) const {
    return id == h.id && o == h.o && (p == nullptr) == (h.p == nullptr) && (!p || *p == *h.p);
  }
};
struct holder_doc {
  std::vector<holder> rows;
  bool operator==(const holder_doc&) const = default;
};
}  // namespace text_model

TEST(TypedText, NullIntoOptionalAndPointerObjects) {
  using text_model::holder;
  using text_model::holder_doc;
  const std::string table = "rows[3]{id,o,p}:\n  1,null,null\n  2,null,null\n  3,null,null\n";
  const auto t = toon::decode<holder_doc>(table);
  ASSERT_TRUE(t.has_value()) << t.error().to_string();
  ASSERT_EQ(t->rows.size(), 3u);
  EXPECT_EQ(t->rows[2].id, 3);
  EXPECT_FALSE(t->rows[2].o.has_value());
  EXPECT_EQ(t->rows[2].p, nullptr);

  const auto kv = toon::decode<holder>("id: 5\no:\n  x: 7\no: null\np: null\n", [] {
    toon::decode_options o;
    o.strict = false;  // a repeated key: the last one wins
    return o;
  }());
  ASSERT_TRUE(kv.has_value()) << kv.error().to_string();
  EXPECT_FALSE(kv->o.has_value());
  EXPECT_EQ(kv->p, nullptr);

  for (const char* cell : {"\"null\"", "nul", "0", "true"}) {
    const std::string row = std::string("rows[1]{id,o,p}:\n  1,") + cell + ",null\n";
    agree<holder_doc>(row);
    const auto r = toon::decode<holder_doc>(row);
    ASSERT_FALSE(r.has_value()) << cell;
    EXPECT_EQ(r.error().path, "rows[0].o") << cell;
    EXPECT_EQ(r.error().column, 5u) << cell;
    agree<holder>(std::string("id: 1\np: ") + cell + "\n");
  }
}
