// Tests of encode_options::omit_null and omit_empty on C++ values (the typed encoder), against
// the exact text, the toon::value path (same bytes) and a round trip (decoding gives the value
// without the omitted members). The toon::value path alone: tests/unit/encode_omit_test.cpp.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "toon/decode.hpp"
#include "toon/encode.hpp"
#include "toon/json.hpp"
#include "toon/replacer.hpp"
#include "toon/typed/decode.hpp"
#include "toon/typed/encode.hpp"
#include "toon/typed/to_value.hpp"
#include "toon/value.hpp"

namespace {

struct contact {
  std::string email;
  std::optional<std::string> phone;
  bool operator==(const contact&) const = default;
};

struct user {
  int id;
  std::string name;
  std::optional<std::string> nickname;
  std::vector<std::string> tags;
  std::map<std::string, int> scores;
  std::optional<contact> contact_info;

  bool operator==(const user&) const = default;
};

struct directory {
  std::vector<user> users;
  std::optional<int> next_page;
  std::vector<int> empty_list;
};

// Rows with one optional column: a table until omission makes them differ.
struct row {
  int id;
  std::optional<double> score;
  bool operator==(const row&) const = default;
};

struct table_doc {
  std::vector<row> rows;
  bool operator==(const table_doc&) const = default;
};

struct nothing {};

struct nested {
  std::optional<int> a;
  std::vector<int> b;
  nothing c;
};

struct holder {
  nested inner;
  int n;
  std::unique_ptr<int> ptr;
  const char* text;
  double ratio;
  std::variant<std::monostate, int> choice;
};

struct first_optional {
  std::optional<int> a;
  int b;
  std::vector<int> c;
};

struct only_optional {
  std::optional<int> a;
};

struct with_value {
  toon::value extra;
  std::optional<int> n;
};

toon::encode_options omit(bool null, bool empty, toon::delimiter d = toon::delimiter::comma) {
  toon::encode_options o;
  o.delimiter = d;
  o.omit_null = null;
  o.omit_empty = empty;
  return o;
}

// The value without the members the options leave out (bottom-up, as documented): an
// independent statement of the rule, to compare decoded output with.
toon::value without(const toon::value& v, bool null, bool empty) {
  if (const toon::array* a = v.get_if<toon::array>()) {
    toon::array out;
    for (const toon::value& e : *a) out.push_back(without(e, null, empty));
    return out;
  }
  if (const toon::object* o = v.get_if<toon::object>()) {
    toon::object out;
    for (const toon::member& m : *o) {
      toon::value sub = without(m.value, null, empty);
      if (null && sub.is_null()) continue;
      if (empty && sub.is_array() && sub.as_array().empty()) continue;
      if (empty && sub.is_object() && sub.as_object().empty()) continue;
      out.emplace_back(m.key, std::move(sub));
    }
    return out;
  }
  return v;
}

// encode(x, o) == encode(to_value(x), o) for every option set and delimiter, and the text
// decodes to to_value(x) without the omitted members.
template <class T>
void check_all(const T& x) {
  const toon::value v = toon::to_value(x);
  for (toon::delimiter d : {toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe}) {
    for (const auto& [null, empty] : {std::pair{false, false}, {true, false}, {false, true}, {true, true}}) {
      const toon::encode_options o = omit(null, empty, d);
      const std::string text = toon::encode(x, o);
      EXPECT_EQ(text, toon::encode(v, o)) << "omit_null " << null << ", omit_empty " << empty;
      toon::result<toon::value> back = toon::decode(text);
      ASSERT_TRUE(back.has_value()) << back.error().to_string() << "\n" << text;
      EXPECT_EQ(*back, without(v, null, empty)) << text;
    }
  }
}

user ann() { return {1, "Ann", std::nullopt, {}, {}, std::nullopt}; }
user bob() { return {2, "Bob", "bobby", {"admin"}, {{"q1", 3}}, contact{"b@x.io", std::nullopt}}; }

TEST(TypedEncodeOmit, DefaultWritesEverything) {
  EXPECT_EQ(toon::encode(ann()),
            "id: 1\nname: Ann\nnickname: null\ntags: []\nscores:\ncontact_info: null");
}

TEST(TypedEncodeOmit, OmitNull) {
  EXPECT_EQ(toon::encode(ann(), omit(true, false)), "id: 1\nname: Ann\ntags: []\nscores:");
  EXPECT_EQ(toon::encode(bob(), omit(true, false)),
            "id: 2\nname: Bob\nnickname: bobby\ntags[1]: admin\nscores:\n  q1: 3\ncontact_info:\n"
            "  email: b@x.io");
}

TEST(TypedEncodeOmit, OmitEmpty) {
  EXPECT_EQ(toon::encode(ann(), omit(false, true)),
            "id: 1\nname: Ann\nnickname: null\ncontact_info: null");
  EXPECT_EQ(toon::encode(ann(), omit(true, true)), "id: 1\nname: Ann");
}

TEST(TypedEncodeOmit, ListItems) {
  // The first member left is the one on the hyphen line.
  const std::vector<first_optional> items{{std::nullopt, 1, {}}, {2, 3, {4}}};
  EXPECT_EQ(toon::encode(items), "[2]:\n  - a: null\n    b: 1\n    c: []\n  - a: 2\n    b: 3\n    c[1]: 4");
  EXPECT_EQ(toon::encode(items, omit(true, true)), "[2]:\n  - b: 1\n  - a: 2\n    b: 3\n    c[1]: 4");
  // A list item whose members are all left out is an empty object item; the element stays.
  const std::vector<first_optional> gone{{std::nullopt, 1, {}}};
  const std::vector<only_optional> empties{{std::nullopt}, {5}};
  EXPECT_EQ(toon::encode(empties, omit(true, false)), "[2]:\n  -\n  - a: 5");
  check_all(items);
  check_all(gone);
  check_all(empties);
}

TEST(TypedEncodeOmit, TableRowsThatDifferAfterOmissionAreAList) {
  const table_doc doc{{{1, 0.5}, {2, std::nullopt}}};
  EXPECT_EQ(toon::encode(doc), "rows[2]{id,score}:\n  1,0.5\n  2,null");
  EXPECT_EQ(toon::encode(doc, omit(true, false)), "rows[2]:\n  - id: 1\n    score: 0.5\n  - id: 2");
  // The same omission in every row keeps the table.
  const table_doc all_null{{{1, std::nullopt}, {2, std::nullopt}}};
  EXPECT_EQ(toon::encode(all_null, omit(true, false)), "rows[2]{id}:\n  1\n  2");
  // Nothing to leave out: the typed encoder writes it directly, same bytes.
  const table_doc full{{{1, 0.5}, {2, 1.5}}};
  EXPECT_EQ(toon::encode(full, omit(true, true)), toon::encode(full));
  check_all(doc);
  check_all(all_null);
  check_all(full);
  // Round trip through the typed decoder: an absent optional member decodes as empty.
  for (const table_doc& d : {doc, all_null, full}) {
    toon::result<table_doc> back = toon::decode<table_doc>(toon::encode(d, omit(true, false)));
    ASSERT_TRUE(back.has_value()) << back.error().to_string();
    EXPECT_EQ(*back, d);
  }
}

TEST(TypedEncodeOmit, KeyedTableEntriesThatDifferAreNested) {
  const std::map<std::string, row> by_name{{"a", {1, 0.5}}, {"b", {2, std::nullopt}}};
  EXPECT_EQ(toon::encode(by_name), "[2:]{id,score}:\n  a: 1,0.5\n  b: 2,null");
  EXPECT_EQ(toon::encode(by_name, omit(true, false)), "a:\n  id: 1\n  score: 0.5\nb:\n  id: 2");
  check_all(by_name);
}

TEST(TypedEncodeOmit, EmptinessIsJudgedAfterOmissionInside) {
  holder h{{std::nullopt, {}, {}}, 7, nullptr, nullptr, std::nan(""), std::monostate{}};
  EXPECT_EQ(toon::encode(h),
            "inner:\n  a: null\n  b: []\n  c:\nn: 7\nptr: null\ntext: null\nratio: null\nchoice: null");
  // Null pointers, a null const char*, NaN and monostate are null members too.
  EXPECT_EQ(toon::encode(h, omit(true, false)), "inner:\n  b: []\n  c:\nn: 7");
  // Only empty: `inner` keeps its null member, so it is not empty.
  EXPECT_EQ(toon::encode(h, omit(false, true)),
            "inner:\n  a: null\nn: 7\nptr: null\ntext: null\nratio: null\nchoice: null");
  // Both: `inner` loses all its members, then is left out itself.
  EXPECT_EQ(toon::encode(h, omit(true, true)), "n: 7");
  h.inner.a = 1;
  h.ratio = 0.25;
  h.ptr = std::make_unique<int>(3);
  EXPECT_EQ(toon::encode(h, omit(true, true)), "inner:\n  a: 1\nn: 7\nptr: 3\nratio: 0.25");
  check_all(h);
}

TEST(TypedEncodeOmit, ArrayElementsAndTheRootStay) {
  const std::vector<std::optional<int>> optionals{1, std::nullopt, 3};
  EXPECT_EQ(toon::encode(optionals, omit(true, true)), "[3]: 1,null,3");
  const std::vector<std::vector<int>> lists{{}, {1}};
  EXPECT_EQ(toon::encode(lists, omit(true, true)), "[2]:\n  - [0]:\n  - [1]: 1");
  EXPECT_EQ(toon::encode(std::optional<int>{}, omit(true, true)), "null");
  EXPECT_EQ(toon::encode(std::vector<int>{}, omit(true, true)), "[]");
  EXPECT_EQ(toon::encode(nothing{}, omit(true, true)), "");
  check_all(optionals);
  check_all(lists);
}

TEST(TypedEncodeOmit, RealisticRecords) {
  const directory dir{{ann(), bob(), {3, "Cy", std::nullopt, {"x", "y"}, {}, contact{"c@x.io", "555"}}},
                      std::nullopt,
                      {}};
  const std::string plain = toon::encode(dir);
  const std::string both = toon::encode(dir, omit(true, true));
  EXPECT_LT(both.size(), plain.size());
  EXPECT_EQ(both,
            "users[3]:\n"
            "  - id: 1\n"
            "    name: Ann\n"
            "  - id: 2\n"
            "    name: Bob\n"
            "    nickname: bobby\n"
            "    tags[1]: admin\n"
            "    scores:\n"
            "      q1: 3\n"
            "    contact_info:\n"
            "      email: b@x.io\n"
            "  - id: 3\n"
            "    name: Cy\n"
            "    tags[2]: x,y\n"
            "    contact_info:\n"
            "      email: c@x.io\n"
            "      phone: \"555\"");
  check_all(dir);
  // Typed round trip with omit_null: absent optionals decode as empty.
  toon::result<std::vector<user>> back = toon::decode<std::vector<user>>(toon::encode(dir.users, omit(true, false)));
  ASSERT_TRUE(back.has_value()) << back.error().to_string();
  EXPECT_EQ(*back, dir.users);
}

TEST(TypedEncodeOmit, DynamicValuesInside) {
  const with_value w{toon::object{{"a", nullptr}, {"b", toon::array{}}, {"c", toon::object{}}}, 4};
  EXPECT_EQ(toon::encode(w, omit(true, false)), "extra:\n  b: []\n  c:\nn: 4");
  EXPECT_EQ(toon::encode(w, omit(true, true)), "n: 4");
  check_all(w);
}

TEST(TypedEncodeOmit, ReplacerRunsFirst) {
  toon::encode_options o = omit(true, false);
  o.replacer = [](std::string_view key, const toon::value&, std::span<const toon::path_element>) {
    if (key == "name") return toon::replacement::with(toon::value());  // now null: omitted
    if (key == "nickname") return toon::replacement::with("none");     // no longer null: kept
    return toon::replacement::keep();
  };
  EXPECT_EQ(toon::encode(ann(), o), "id: 1\nnickname: none\ntags: []\nscores:");
  EXPECT_EQ(toon::encode(ann(), o), toon::encode(toon::to_value(ann()), o));
}

}  // namespace
