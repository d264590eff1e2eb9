// Tests of toon::table_writer (toon/typed/table_writer.hpp): its bytes against toon::encode of
// the whole value with the same options, for every form, delimiter, indent size, omit option and
// sink; the row count checks; rows rejected because toon::encode would choose another form (the
// bytes written so far are then never a prefix of toon::encode's); the bounded buffer.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <stdexcept>
#include <streambuf>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "toon/encode.hpp"
#include "toon/typed/encode.hpp"
#include "toon/typed/table_writer.hpp"
#include "toon/typed/to_value.hpp"
#include "toon/value.hpp"

namespace tw_test {

struct user {
  int id;
  std::string name;
  double score;
  bool active;
};
struct users_doc {
  std::vector<user> users;
};

struct address {
  std::string city;
  std::string zip;
};
struct person {
  long id;
  std::string name;
  address home;
};

struct member {
  int id;
  std::string name;
  std::optional<std::string> nick;
};

struct maybe_home {
  int id;
  std::optional<address> home;
};

struct post {
  std::string title;
  std::vector<std::string> tags;
};

struct shape_a {
  int x;
};
struct shape_b {
  std::string label;
};

enum class color : unsigned char { red, green };

struct paint {
  int id;
  color c;
};

// A cell whose conversion throws for negative values.
struct fragile {
  int v;
};
struct fragile_row {
  int id;
  fragile f;
};

}  // namespace tw_test

template <>
struct toon::meta<tw_test::fragile> {
  using proxy = int;
  static int to_proxy(const tw_test::fragile& f) {
    if (f.v < 0) throw std::runtime_error("negative");
    return f.v;
  }
  static toon::result<tw_test::fragile> from_proxy(int&& v) { return tw_test::fragile{v}; }
};

namespace {

using namespace tw_test;

const std::vector<std::string>& tricky() {
  static const std::vector<std::string> s = {
      "plain", "", " lead", "trail ", "a,b", "a|b", "a\tb", "a:b", "key: v", "- x", "-", "#x", "true", "null",
      "42", "-3", "1e5", "05", "quo\"te", "back\\slash", "line\nbreak", "[1]", "{x}", "x]", "\xE6\x97\xA5\xE6\x9C\xAC",
      "caf\xC3\xA9,\xC3\xBC", "\xF0\x9F\x98\x80", "\xEF\xBB\xBF" "bom", "  ", "a b"};
  return s;
}

std::string pick_string(std::mt19937& rng) {
  const auto& s = tricky();
  return s[std::uniform_int_distribution<std::size_t>(0, s.size() - 1)(rng)];
}

std::vector<user> make_users(std::size_t n, std::mt19937& rng) {
  std::vector<user> v;
  for (std::size_t i = 0; i < n; ++i) {
    const double score = std::uniform_real_distribution<double>(-1e3, 1e3)(rng);
    v.push_back(user{static_cast<int>(i) - 3, pick_string(rng), i % 5 == 0 ? 1.5 : score, i % 3 == 0});
  }
  return v;
}

// toon::encode of the whole document: `{key: rows}`, or the root array when key is empty.
template <class T>
std::string expected(std::string_view key, const std::vector<T>& rows, const toon::encode_options& o) {
  if (key.empty()) return toon::encode(rows, o);
  return toon::encode(toon::value(toon::object{{key, toon::to_value(rows)}}), o);
}

struct outcome {
  toon::result<void> status;  // the first error, if any
  std::size_t failed_row = 0;  // index of the row whose write() failed (rows.size() if none)
  std::string text;            // what reached the string sink
};

template <class T>
outcome write_all(std::string_view key, const std::vector<T>& rows, const toon::encode_options& o) {
  outcome r{{}, rows.size(), {}};
  toon::table_writer<T> w(r.text, key, rows.size(), o);
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (auto s = w.write(rows[i]); !s) {
      r.status = s;
      r.failed_row = i;
      return r;
    }
  }
  r.status = w.finish();
  return r;
}

// The writer's output is toon::encode's; or it rejected row k with type_mismatch, and the
// rows before k, which it had committed to (header included), already differ from
// toon::encode's bytes for the whole array.
template <class T>
void expect_agrees(std::string_view key, const std::vector<T>& rows, const toon::encode_options& o) {
  const std::string want = expected(key, rows, o);
  const outcome got = write_all(key, rows, o);
  if (got.status) {
    EXPECT_EQ(got.text, want);
    return;
  }
  ASSERT_EQ(got.status.error().code, toon::error_code::type_mismatch) << got.status.error().to_string();
  const std::size_t k = got.failed_row;
  ASSERT_GT(k, 0u);  // the first row is never rejected
  std::string committed = expected(key, std::vector<T>(rows.begin(), rows.begin() + static_cast<long>(k)), o);
  const std::size_t open = committed.find('[');
  ASSERT_NE(open, std::string::npos);
  committed.replace(open + 1, std::to_string(k).size(), std::to_string(rows.size()));
  EXPECT_FALSE(want.starts_with(committed)) << "rejected row " << k << " although toon::encode starts with\n"
                                            << committed << "\nwhole:\n" << want;
}

template <class T>
void expect_matches(std::string_view key, const std::vector<T>& rows, const toon::encode_options& o) {
  const outcome got = write_all(key, rows, o);
  ASSERT_TRUE(got.status) << got.status.error().to_string();
  EXPECT_EQ(got.text, expected(key, rows, o));
}

toon::encode_options opts(toon::delimiter d, int indent, bool omit_null = false, bool omit_empty = false) {
  toon::encode_options o;
  o.delimiter = d;
  o.indent_size = indent;
  o.omit_null = omit_null;
  o.omit_empty = omit_empty;
  return o;
}

constexpr toon::delimiter all_delimiters[] = {toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe};
constexpr std::string_view keys[] = {"users", "", "my key"};

// ---- Forms -------------------------------------------------------------------------------------

TEST(TableWriter, FlatTableMatchesEncode) {
  std::mt19937 rng(7);
  for (std::size_t n : {0u, 1u, 2u, 17u, 300u}) {
    const std::vector<user> rows = make_users(n, rng);
    for (toon::delimiter d : all_delimiters)
      for (int indent : {0, 1, 2, 4})
        for (std::string_view key : keys)
          for (int omit = 0; omit < 4; ++omit) {
            SCOPED_TRACE(testing::Message() << "n=" << n << " delim=" << static_cast<int>(d) << " indent=" << indent
                                            << " key=" << key << " omit=" << omit);
            expect_matches(key, rows, opts(d, indent, omit & 1, omit & 2));
          }
  }
}

TEST(TableWriter, SameBytesAsTheTypedDocument) {
  std::mt19937 rng(11);
  const users_doc doc{make_users(25, rng)};
  std::string out;
  toon::table_writer<user> w(out, "users", doc.users.size());
  for (const user& u : doc.users) ASSERT_TRUE(w.write(u));
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(out, toon::encode(doc));
  EXPECT_TRUE(out.starts_with("users[25]{id,name,score,active}:\n  -3,"));
}

TEST(TableWriter, EmptyTable) {
  const std::vector<user> none;
  EXPECT_EQ(write_all("users", none, {}).text, "users: []");
  EXPECT_EQ(write_all("", none, {}).text, "[]");
  expect_matches("users", none, opts(toon::delimiter::comma, 2, true, true));  // the member goes: ""
  EXPECT_EQ(write_all("users", none, opts(toon::delimiter::comma, 2, false, true)).text, "");
  expect_matches("", none, opts(toon::delimiter::pipe, 2, true, true));
}

TEST(TableWriter, NestedFieldGroups) {
  std::mt19937 rng(3);
  std::vector<person> rows;
  for (long i = 0; i < 40; ++i) rows.push_back(person{i * 1000003, pick_string(rng), {pick_string(rng), pick_string(rng)}});
  for (toon::delimiter d : all_delimiters)
    for (std::string_view key : keys) expect_matches(key, rows, opts(d, 2));
  EXPECT_TRUE(write_all("people", rows, {}).text.starts_with("people[40]{id,name,home{city,zip}}:\n"));
}

TEST(TableWriter, InlinePrimitives) {
  std::mt19937 rng(5);
  std::vector<std::string> words;
  for (int i = 0; i < 60; ++i) words.push_back(pick_string(rng));
  const std::vector<std::optional<int>> maybe{1, std::nullopt, -7, std::nullopt};
  const std::vector<double> reals{0.1, 1e21, std::numeric_limits<double>::quiet_NaN(), -0.0, 1e-7};
  for (toon::delimiter d : all_delimiters)
    for (std::string_view key : keys)
      for (int omit = 0; omit < 4; ++omit) {
        const toon::encode_options o = opts(d, 2, omit & 1, omit & 2);
        expect_matches(key, words, o);
        expect_matches(key, maybe, o);
        expect_matches(key, reals, o);
        expect_matches(key, std::vector<int>{42}, o);
      }
  EXPECT_EQ(write_all("n", std::vector<int>{1, 2, 3}, {}).text, "n[3]: 1,2,3");
}

TEST(TableWriter, ListForm) {
  std::mt19937 rng(9);
  std::vector<post> posts;
  for (int i = 0; i < 30; ++i) {
    post p{pick_string(rng), {}};
    for (int j = 0; j < i % 4; ++j) p.tags.push_back(pick_string(rng));
    posts.push_back(std::move(p));
  }
  const std::vector<std::vector<int>> grid{{1, 2}, {}, {3}};
  const std::vector<std::map<std::string, int>> maps{{}, {{"a", 1}}};
  for (toon::delimiter d : all_delimiters)
    for (int indent : {0, 2, 3})
      for (std::string_view key : keys)
        for (int omit = 0; omit < 4; ++omit) {
          const toon::encode_options o = opts(d, indent, omit & 1, omit & 2);
          if (o.omit_empty) expect_agrees(key, posts, o);  // a first row without tags: {title}
          else expect_matches(key, posts, o);
          expect_matches(key, grid, o);
          expect_matches(key, maps, o);  // an empty object first: never a table
        }
  EXPECT_TRUE(write_all("p", posts, {}).text.starts_with("p[30]:\n  - title: "));
  EXPECT_EQ(write_all("g", grid, {}).text, "g[3]:\n  - [2]: 1,2\n  - [0]:\n  - [1]: 3");
  EXPECT_FALSE(write_all("p", posts, opts(toon::delimiter::comma, 2, false, true)).status);
}

// ---- Forms that depend on the values -------------------------------------------------------------

TEST(TableWriter, OptionalGroupDecidedByTheFirstRow) {
  const std::vector<maybe_home> present{{1, address{"Oslo", "0150"}}, {2, address{"Rome", "00100"}}};
  const std::vector<maybe_home> absent{{1, std::nullopt}, {2, std::nullopt}};
  const std::vector<maybe_home> mixed{{1, address{"Oslo", "0150"}}, {2, std::nullopt}, {3, address{"a", "b"}}};
  for (std::string_view key : keys)
    for (int omit = 0; omit < 4; ++omit) {
      const toon::encode_options o = opts(toon::delimiter::comma, 2, omit & 1, omit & 2);
      expect_matches(key, present, o);
      expect_matches(key, absent, o);  // null cells, or no column under omit_null
      expect_agrees(key, mixed, o);
    }
  EXPECT_EQ(write_all("h", absent, {}).text, "h[2]{id,home}:\n  1,null\n  2,null");

  // toon::encode writes the mixed rows as a list: the second row is rejected, with its path.
  ASSERT_TRUE(expected("h", mixed, {}).starts_with("h[3]:\n  - id: 1\n"));
  const outcome r = write_all("h", mixed, {});
  ASSERT_FALSE(r.status);
  EXPECT_EQ(r.failed_row, 1u);
  EXPECT_EQ(r.status.error().code, toon::error_code::type_mismatch);
  EXPECT_EQ(r.status.error().path, "h[1]");
  EXPECT_NE(r.status.error().message.find("{id,home{city,zip}}"), std::string::npos) << r.status.error().message;
}

TEST(TableWriter, OmitNullDecidedByTheFirstRow) {
  const std::vector<member> all_null{{1, "a", std::nullopt}, {2, "b", std::nullopt}};
  const std::vector<member> none_null{{1, "a", "x"}, {2, "b", "y"}};
  const std::vector<member> mixed{{1, "a", "x"}, {2, "b", std::nullopt}};
  const std::vector<member> mixed_late{{1, "a", std::nullopt}, {2, "b", std::nullopt}, {3, "c", "z"}};
  const toon::encode_options o = opts(toon::delimiter::comma, 2, true);
  expect_matches("m", all_null, o);
  EXPECT_EQ(write_all("m", all_null, o).text, "m[2]{id,name}:\n  1,a\n  2,b");
  expect_matches("m", none_null, o);
  expect_agrees("m", mixed, o);
  expect_agrees("m", mixed_late, o);
  EXPECT_FALSE(write_all("m", mixed, o).status);
  EXPECT_EQ(write_all("m", mixed_late, o).failed_row, 2u);
  expect_matches("m", mixed, {});  // without omit_null: a table with null cells
}

TEST(TableWriter, VariantRows) {
  using v = std::variant<int, shape_a, shape_b, std::vector<int>>;
  const std::vector<v> ints{1, 2, 3};
  const std::vector<v> as{shape_a{1}, shape_a{2}};
  const std::vector<v> int_then_object{1, shape_a{2}};
  const std::vector<v> object_then_int{shape_a{1}, 2};
  const std::vector<v> two_shapes{shape_a{1}, shape_b{"x"}};
  const std::vector<v> array_first{std::vector<int>{1}, 2, shape_a{3}};
  for (toon::delimiter d : all_delimiters)
    for (std::string_view key : keys) {
      const toon::encode_options o = opts(d, 2);
      expect_matches(key, ints, o);
      expect_matches(key, as, o);
      expect_matches(key, array_first, o);  // a list from the first row on: anything follows
      expect_agrees(key, int_then_object, o);
      expect_agrees(key, object_then_int, o);
      expect_agrees(key, two_shapes, o);
      EXPECT_FALSE(write_all(key, int_then_object, o).status);
      EXPECT_FALSE(write_all(key, object_then_int, o).status);
      EXPECT_FALSE(write_all(key, two_shapes, o).status);
    }
}

TEST(TableWriter, DynamicRows) {
  // Rows with a key order of their own: a table in the first row's order.
  const std::vector<toon::value> reordered{toon::object{{"a", 1}, {"b", toon::object{{"c", "x"}, {"d", 2}}}},
                                           toon::object{{"b", toon::object{{"d", 3}, {"c", "y,z"}}}, {"a", 4}}};
  const std::vector<std::map<std::string, int>> same_keys{{{"x", 1}, {"y", 2}}, {{"x", 3}, {"y", 4}}};
  const std::vector<std::map<std::string, int>> other_keys{{{"x", 1}}, {{"y", 2}}};
  const std::vector<toon::value> empty_group{toon::object{{"a", toon::object{}}}, toon::object{{"a", 1}}};
  const std::vector<toon::value> mixed{toon::value(1), toon::array{1, 2}, toon::object{{"k", "v"}}};
  for (toon::delimiter d : all_delimiters)
    for (std::string_view key : keys)
      for (int omit = 0; omit < 4; ++omit) {
        const toon::encode_options o = opts(d, 2, omit & 1, omit & 2);
        expect_matches(key, reordered, o);
        expect_matches(key, same_keys, o);
        expect_agrees(key, other_keys, o);
        expect_agrees(key, empty_group, o);
        expect_agrees(key, mixed, o);
      }
  EXPECT_EQ(write_all("t", reordered, {}).text, "t[2]{a,b{c,d}}:\n  1,x,2\n  4,\"y,z\",3");
  EXPECT_FALSE(write_all("t", other_keys, {}).status);
}

// ---- Counts, errors, lifetime --------------------------------------------------------------------

TEST(TableWriter, TooManyRows) {
  std::string out;
  toon::table_writer<int> w(out, "n", 2);
  ASSERT_TRUE(w.write(1));
  ASSERT_TRUE(w.write(2));
  const toon::result<void> r = w.write(3);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::length_mismatch);
  EXPECT_EQ(r.error().message, "toon::table_writer: more rows than the 2 declared");
  // Kept: every later call returns it, and nothing reaches the sink.
  EXPECT_EQ(w.finish().error().message, r.error().message);
  EXPECT_EQ(w.write(4).error().code, toon::error_code::length_mismatch);
  EXPECT_EQ(out, "");
  EXPECT_EQ(w.rows_written(), 2u);
}

TEST(TableWriter, TooFewRows) {
  std::string out;
  toon::table_writer<user> w(out, "users", 3);
  ASSERT_TRUE(w.write(user{1, "a", 1, true}));
  const toon::result<void> r = w.finish();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::length_mismatch);
  EXPECT_EQ(r.error().message, "toon::table_writer: 1 rows written, 3 declared");
  EXPECT_FALSE(w.write(user{2, "b", 2, false}));  // the error stays
  EXPECT_FALSE(w.finish());
  EXPECT_EQ(out, "");

  std::string none;
  toon::table_writer<int> z(none, "n", 1);
  EXPECT_EQ(z.finish().error().code, toon::error_code::length_mismatch);
}

TEST(TableWriter, WriteAfterFinish) {
  std::string out;
  toon::table_writer<int> w(out, "n", 1);
  ASSERT_TRUE(w.write(7));
  ASSERT_TRUE(w.finish());
  ASSERT_TRUE(w.finish());  // again: nothing more
  EXPECT_EQ(out, "n[1]: 7");
  const toon::result<void> r = w.write(8);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::length_mismatch);
  EXPECT_NE(r.error().message.find("after finish()"), std::string::npos);
  EXPECT_EQ(out, "n[1]: 7");
}

TEST(TableWriter, DestroyedWithoutFinish) {
  std::string out = "kept";
  EXPECT_NO_THROW({
    toon::table_writer<user> w(out, "users", 5);
    ASSERT_TRUE(w.write(user{1, "a", 1, true}));
  });
  EXPECT_EQ(out, "kept");  // buffered bytes are dropped, the sink is left alone

  // A large table: what was flushed stays, a prefix of the document.
  std::mt19937 rng(1);
  const std::vector<user> rows = make_users(20000, rng);
  std::string big;
  {
    toon::table_writer<user> w(big, "users", rows.size() + 1);
    for (const user& u : rows) ASSERT_TRUE(w.write(u));
  }
  EXPECT_FALSE(big.empty());
  std::vector<user> with_one_more = rows;
  with_one_more.push_back(user{0, "", 0, false});
  EXPECT_TRUE(expected("users", with_one_more, {}).starts_with(big));
}

TEST(TableWriter, RejectsOptionsItCannotHonour) {
  std::string out;
  toon::encode_options with_replacer;
  with_replacer.replacer = [](std::string_view, const toon::value&, std::span<const toon::path_element>) {
    return toon::replacement::keep();
  };
  EXPECT_THROW((toon::table_writer<user>(out, "users", 1, with_replacer)), std::invalid_argument);
  try {
    toon::table_writer<user> w(out, "users", 1, with_replacer);
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string_view(e.what()).find("replacer"), std::string_view::npos) << e.what();
  }
  toon::encode_options bad;
  bad.delimiter = static_cast<toon::delimiter>(';');
  EXPECT_THROW((toon::table_writer<user>(out, "users", 1, bad)), std::invalid_argument);
  EXPECT_EQ(out, "");
}

TEST(TableWriter, EnumWithoutName) {
  std::string out;
  toon::table_writer<paint> w(out, "p", 3);
  ASSERT_TRUE(w.write(paint{1, color::green}));
  const toon::result<void> r = w.write(paint{2, static_cast<color>(200)});
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::invalid_enum);
  EXPECT_FALSE(w.write(paint{3, color::red}));
  EXPECT_FALSE(w.finish());
  EXPECT_EQ(out, "");
}

TEST(TableWriter, ThrowingRowIsNotWritten) {
  const std::vector<fragile_row> good{{1, {10}}, {3, {30}}};
  std::string out;
  toon::table_writer<fragile_row> w(out, "f", 2);
  EXPECT_THROW((void)w.write(fragile_row{0, {-1}}), std::runtime_error);  // first row: no header left
  ASSERT_TRUE(w.write(good[0]));
  EXPECT_THROW((void)w.write(fragile_row{2, {-2}}), std::runtime_error);
  ASSERT_TRUE(w.write(good[1]));
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(out, expected("f", good, {}));
  EXPECT_EQ(out, "f[2]{id,f}:\n  1,10\n  3,30");
}

// ---- Sinks -----------------------------------------------------------------------------------

TEST(TableWriter, StringSinkAppends) {
  std::mt19937 rng(2);
  const std::vector<user> rows = make_users(5000, rng);  // several flushes
  std::string out = "prefix:";
  toon::table_writer<user> w(out, "", rows.size(), opts(toon::delimiter::tab, 3));
  for (const user& u : rows) ASSERT_TRUE(w.write(u));
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(out, "prefix:" + expected("", rows, opts(toon::delimiter::tab, 3)));
}

TEST(TableWriter, OstreamSink) {
  std::mt19937 rng(4);
  const std::vector<person> rows{{1, "a", {"b", "c"}}, {2, pick_string(rng), {pick_string(rng), "d"}}};
  std::ostringstream os;
  toon::table_writer<person> w(os, "people", rows.size(), opts(toon::delimiter::pipe, 2));
  for (const person& p : rows) ASSERT_TRUE(w.write(p));
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(os.str(), expected("people", rows, opts(toon::delimiter::pipe, 2)));
}

// Accepts nothing.
class failing_buf final : public std::streambuf {
 protected:
  std::streamsize xsputn(const char*, std::streamsize) override { return 0; }
  int_type overflow(int_type) override { return traits_type::eof(); }
};

TEST(TableWriter, OstreamFailure) {
  std::ostringstream bad;
  bad.setstate(std::ios_base::badbit);
  toon::table_writer<int> w(bad, "n", 1);
  ASSERT_TRUE(w.write(1));  // buffered
  const toon::result<void> r = w.finish();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::io_error);

  // A stream that throws on failure: reported as an error, not an exception.
  failing_buf sink;
  std::ostream throwing(&sink);
  throwing.exceptions(std::ios_base::badbit | std::ios_base::failbit);
  toon::table_writer<int> t(throwing, "n", 1);
  ASSERT_TRUE(t.write(1));
  toon::result<void> f;
  EXPECT_NO_THROW(f = t.finish());
  ASSERT_FALSE(f);
  EXPECT_EQ(f.error().code, toon::error_code::io_error);
}

TEST(TableWriter, FileDescriptorSink) {
  char path[] = "/tmp/toon_table_writer_XXXXXX";
  const int fd = ::mkstemp(path);
  ASSERT_GE(fd, 0);
  std::mt19937 rng(6);
  const std::vector<user> rows = make_users(30000, rng);  // about 20 flushes
  const toon::encode_options o = opts(toon::delimiter::comma, 2);
  {
    toon::table_writer<user> w(toon::fd_sink{fd}, "users", rows.size(), o);
    for (const user& u : rows) ASSERT_TRUE(w.write(u));
    ASSERT_TRUE(w.finish());
  }
  ::close(fd);
  std::string text;
  if (std::FILE* f = std::fopen(path, "rb")) {
    char buf[65536];
    for (std::size_t n; (n = std::fread(buf, 1, sizeof buf, f)) > 0;) text.append(buf, n);
    std::fclose(f);
  }
  ::unlink(path);
  EXPECT_EQ(text, expected("users", rows, o));
}

TEST(TableWriter, PipeSink) {
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const std::vector<std::string> rows{"a", "b c", "d,e"};
  {
    toon::table_writer<std::string> w(toon::fd_sink{fds[1]}, "", rows.size());
    for (const std::string& s : rows) ASSERT_TRUE(w.write(s));
    ASSERT_TRUE(w.finish());  // fits in the pipe: no reader needed
  }
  ::close(fds[1]);
  std::string text;
  char buf[256];
  for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) > 0;) text.append(buf, static_cast<std::size_t>(n));
  ::close(fds[0]);
  EXPECT_EQ(text, expected("", rows, {}));
  EXPECT_EQ(text, "[3]: a,b c,\"d,e\"");
}

TEST(TableWriter, FileDescriptorFailure) {
  toon::table_writer<int> w(toon::fd_sink{-1}, "n", 1);
  ASSERT_TRUE(w.write(1));
  const toon::result<void> r = w.finish();
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::io_error);
  EXPECT_NE(r.error().message.find("file descriptor -1"), std::string::npos) << r.error().message;
}

// ---- Bounded memory ------------------------------------------------------------------------------

// Counts the bytes it is given, and the largest single write, without keeping them.
class counting_buf final : public std::streambuf {
 public:
  std::size_t total = 0;
  std::size_t largest = 0;
  std::size_t writes = 0;

 protected:
  std::streamsize xsputn(const char*, std::streamsize n) override {
    total += static_cast<std::size_t>(n);
    largest = std::max(largest, static_cast<std::size_t>(n));
    ++writes;
    return n;
  }
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) ++total;
    return traits_type::not_eof(c);
  }
};

TEST(TableWriter, BufferStaysBounded) {
  counting_buf counter;
  std::ostream os(&counter);
  constexpr std::size_t n = 200000;  // about 6 MB of rows
  toon::table_writer<user> w(os, "users", n);
  std::size_t most_buffered = 0;
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_TRUE(w.write(user{static_cast<int>(i), "name " + std::to_string(i), 0.25 * static_cast<double>(i), true}));
    ASSERT_LT(w.buffered(), toon::table_writer<user>::buffer_size);
    most_buffered = std::max(most_buffered, w.buffered());
  }
  EXPECT_GT(counter.writes, 50u);  // streamed while rows were written
  ASSERT_TRUE(w.finish());
  EXPECT_EQ(w.buffered(), 0u);
  // Each write to the sink is at most the buffer plus one row.
  EXPECT_LT(counter.largest, toon::table_writer<user>::buffer_size + 128);
  EXPECT_GT(counter.total, 5'000'000u);
  EXPECT_GT(most_buffered, toon::table_writer<user>::buffer_size / 2);
}

}  // namespace
