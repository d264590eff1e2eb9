// Lines read straight from the text by the document builder (decode_document's
// text_sink::field_lines and list_items: plain values, nested `key:` objects, `key[N]: a,b`
// inline arrays, tables, keyed tables and lists) against toon::value_stream, whose value
// builder gets every line through the parser's events; and toon::decode and toon::toon_to_json,
// which copy or write the nodes of the lines the document builder reads, against the same.
// All must agree exactly:
// the same tree (kinds and double bits included, keys in order), or the same error (code,
// message, line, column), and the same repairs, in strict and non-strict mode.
//
// The documents are objects nested several levels deep, at the root and as list items, whose
// lines are every kind the fast path takes (quoted keys without escapes among them, nested
// objects it declines after some of their lines) among kinds it leaves to the parser (list
// arrays, tables, quoted keys with escapes or a space before the colon), with values of every shape (numbers at the classifier's edges,
// literals and near-literals, quoted strings with and without escapes, empty arrays, hyphens);
// each line may then be perturbed into one the fast path must decline or that the parser
// rejects (trailing spaces, CR, tabs, blank and comment lines, indentation off by one or a
// level, repeated keys, inline arrays with a wrong count, spaces around or empty cells).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <bit>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "text_lines.hpp"
#include "toon/stream.hpp"
#include "toon/toon.hpp"

namespace {

// The node equals the value in kind and content (doubles by their bits), keys in order.
bool same(const toon::node& n, const toon::value& v) {
  using kind = toon::value::kind;
  if (n.type() != v.type()) return false;
  switch (n.type()) {
    case kind::null: return true;
    case kind::boolean: return n.as_bool() == v.as_bool();
    case kind::integer: return n.as_int64() == v.as_int64();
    case kind::uinteger: return n.as_uint64() == v.as_uint64();
    case kind::real: return std::bit_cast<std::uint64_t>(n.as_double()) == std::bit_cast<std::uint64_t>(v.as_double());
    case kind::big_integer: return n == v;
    case kind::string: return n.as_string() == v.as_string();
    case kind::array: {
      const toon::array& a = v.as_array();
      if (a.size() != n.size()) return false;
      for (std::size_t i = 0; i < a.size(); ++i)
        if (!same(n.elements()[i], a[i])) return false;
      return true;
    }
    case kind::object: {
      const toon::object& o = v.as_object();
      if (o.size() != n.size()) return false;
      std::size_t i = 0;
      for (const toon::member& m : o) {
        const toon::node_member& nm = n.members()[i++];
        if (nm.key() != m.key || !same(nm.value, m.value)) return false;
      }
      return true;
    }
  }
  return false;
}

// Set while generating tame documents (TablesAndListsAgree): keys and values are then mostly
// ones the builder takes, so that its reading of tables and lists is what gets compared.
bool tame = false;

std::string cell();

// Values of every shape a `key: value` line or an inline array's cell may hold.
std::string token() {
  if (tame && *rc::gen::inRange(0, 5) != 0) return cell();
  static const std::vector<std::string> words = {
      "0", "7", "42", "-1", "-0", "-0.0", "-05", "-1e5", "-x", "-12ab", "05", "00", "123456789012345678", "1234567890123456789", "99999999999999999999",
      "0.5", "1.25", "-2.5", "1.", ".5", "1e5", "1E-3", "1.5e3", "2.50", "0.000000000000001", "1234567890.12345",
      "12345678901234567.5", "1.28.2", "2025-01-15", "12ab", "1.5x", "true", "false", "null", "tru", "nulls", "True",
      "falsey", "n", "t", "f", "x", "hello", "a b", "a:b", "- x", "-", "[]", "[x", "{a}", "#not", "x#y",
      "\"\"", "\"q\"", "\"a,b\"", "\"a|b\"", "\"12\"", "\"true\"", "\"esc\\\"aped\"", "\"t\\tab\"", "caf\xC3\xA9",
      "1,2", "a|b", "x\t", "\tx"};
  // Tokens the parser rejects, now and then (an unterminated or unexpected quote).
  static const std::vector<std::string> bad = {"\"open", "\"a\"b", "a\"b", "a\\b", "\"x\\q\""};
  return *rc::gen::inRange(0, 25) == 0 ? *rc::gen::elementOf(bad) : *rc::gen::elementOf(words);
}

// A table's cell: mostly one the fast path takes (or a colon, which makes a plain table's row
// a key-value line), else any token().
std::string cell() {
  static const std::vector<std::string> cells = {"1", "-3", "-0.0", "x", "hello", "true", "null", "2.5", "\"q\"", "a b", "0",
                                                 "05", "1.28.2", "\"a,b\"", "a:b", "\"c:d\"", "n"};
  return !tame && *rc::gen::inRange(0, 5) == 0 ? token() : *rc::gen::elementOf(cells);
}

std::string key() {
  static const std::vector<std::string> plain = {"a", "b", "id", "name", "x.y", "k-1", "_z", "K9", "v2", "\"app.io/name\""};
  if (tame && *rc::gen::inRange(0, 5) != 0) return *rc::gen::elementOf(plain);
  static const std::vector<std::string> keys = {"a",  "b",  "id", "name", "x.y", "k-1", "_z",  "a b",
                                                "K9", "v2", "dup", "-x", "#c", "1k", "\"q k\"", "\"a:b\"", "t\t", "\tt",
                                                "\"dup\"", "\"\"", "\"a[1]\"", "\"e\\\"s\"", "\"sp\" ", "\"app.io/name\""};
  return *rc::gen::elementOf(keys);
}

std::string pad(int depth) { return std::string(static_cast<std::size_t>(depth) * 2, ' '); }

// An inline array's cells (usually as many as declared).
std::string inline_array(const std::string& k) {
  const int n = *rc::gen::inRange(1, 5);
  const char delim = *rc::gen::element(',', ',', '|', '\t');
  std::string cells;
  for (int i = 0; i < n; ++i) {
    if (i) cells += delim;
    std::string t = token();
    switch (*rc::gen::inRange(0, 12)) {
      case 0: t = " " + t; break;
      case 1: t = ""; break;
      default: break;
    }
    cells += t;
  }
  const int declared = *rc::gen::inRange(0, 8) == 0 ? n + *rc::gen::element(-1, 1) : n;
  std::string bracket = std::to_string(declared);
  if (delim != ',') bracket += delim;
  return k + "[" + bracket + "]: " + cells;
}

void list(std::vector<std::string>& out, int depth, const std::string& k, int budget);
void table(std::vector<std::string>& out, int depth, const std::string& k);

// The lines of an object's members at `depth`.
void members(std::vector<std::string>& out, int depth, int budget) {
  const int count = *rc::gen::inRange(1, 7);
  for (int i = 0; i < count; ++i) {
    const std::string k = key();
    const int kind = *rc::gen::inRange(tame ? 5 : 0, 13);  // tame: more tables and lists
    if (kind <= 5 || budget == 0) {
      out.push_back(pad(depth) + k + ": " + token());
    } else if (kind <= 7) {
      out.push_back(pad(depth) + k + ":");
      members(out, depth + 1, budget - 1);
    } else if (kind <= 9) {
      out.push_back(pad(depth) + inline_array(k));
    } else {
      // Mostly a plain key, so that the builder's reading of the lines below is what is tried.
      static const std::vector<std::string> plain = {"a", "b", "id", "name", "x.y", "k-1", "_z", "K9", "v2"};
      const std::string h = *rc::gen::inRange(0, 4) == 0 ? k : *rc::gen::elementOf(plain);
      if (kind == 10) list(out, depth, h, budget);
      else if (kind == 11 && *rc::gen::inRange(0, 4) == 0) out.push_back(pad(depth) + h + "[0]:");  // an empty list
      else table(out, depth, h);
    }
  }
}

// A list's items: primitives, objects (their first member on the hyphen line, perhaps a
// nested object, table or list whose lines go one level deeper again), a bare hyphen, an
// inline array; usually as many as declared.
void list(std::vector<std::string>& out, int depth, const std::string& k, int budget) {
  const int n = *rc::gen::inRange(1, 4);
  const int declared = *rc::gen::inRange(0, 10) == 0 ? n + *rc::gen::element(-1, 1) : n;
  out.push_back(pad(depth) + k + "[" + std::to_string(declared) + "]:");
  for (int j = 0; j < n; ++j) {
    switch (*rc::gen::inRange(0, 10)) {
      case 0:
      case 1: out.push_back(pad(depth + 1) + "- " + token()); break;
      case 2: out.push_back(pad(depth + 1) + (*rc::gen::inRange(0, 2) ? "-" : "- [2]: a,b")); break;
      default: {
        std::vector<std::string> item;
        members(item, depth + 2, budget - 1);
        item[0] = pad(depth + 1) + "- " + item[0].substr(static_cast<std::size_t>(depth + 2) * 2);
        out.insert(out.end(), item.begin(), item.end());
      }
    }
  }
}

// A field name of a table's header: plain or quoted, now and then one the parser rejects or
// reads differently (spaces, an escape, empty).
std::string field_name() {
  static const std::vector<std::string> names = {"p", "q", "id", "name", "x.y", "k-1", "\"a b\"", "\"app/n\"", "\"$r\""};
  static const std::vector<std::string> odd = {"p", " p", "\"e\\\"s\"", "\"\"", "a:b", "#h", "q "};
  return *rc::gen::inRange(0, tame ? 12 : 5) == 0 ? *rc::gen::elementOf(odd) : *rc::gen::elementOf(names);
}

// A table's or keyed table's header and rows: plain fields and nested groups (their cells one
// per field outside the groups' own), usually as many rows and cells as declared.
void table(std::vector<std::string>& out, int depth, const std::string& k) {
  const bool keyed = *rc::gen::inRange(0, 3) == 0;
  const char delim = *rc::gen::element(',', ',', ',', '|', '\t');
  int leaves = 0;
  std::string fields;
  const int width = *rc::gen::inRange(1, 4);
  for (int i = 0; i < width; ++i) {
    if (i) fields += delim;
    fields += field_name();
    if (*rc::gen::inRange(0, 4) == 0) {  // a group of one or two fields, perhaps a group again
      const int inner = *rc::gen::inRange(1, 3);
      fields += '{';
      for (int j = 0; j < inner; ++j) {
        if (j) fields += delim;
        fields += field_name();
        if (*rc::gen::inRange(0, 4) == 0) {
          fields += "{" + field_name() + "}";
        }
        ++leaves;
      }
      fields += '}';
    } else {
      ++leaves;
    }
  }
  const int n = *rc::gen::inRange(1, 4);
  const int declared = *rc::gen::inRange(0, 10) == 0 ? n + *rc::gen::element(-1, 1) : n;
  std::string bracket = std::to_string(declared) + (keyed ? ":" : "");
  if (delim != ',') bracket += delim;
  out.push_back(pad(depth) + k + "[" + bracket + "]{" + fields + "}:");
  for (int r = 0; r < n; ++r) {
    const int cells = *rc::gen::inRange(0, 10) == 0 ? leaves + *rc::gen::element(-1, 1) : leaves;
    std::string row;
    for (int c = 0; c < cells; ++c) {
      if (c) row += delim;
      row += cell();
    }
    out.push_back(pad(depth + 1) + (keyed ? key() + ": " : std::string()) + row);
  }
}

// One line edited into something the fast path must decline (or the parser rejects).
void perturb(std::vector<std::string>& lines, std::map<std::string, int>& seen) {
  if (lines.empty()) return;
  const std::size_t i = *rc::gen::inRange<std::size_t>(0, lines.size());
  std::string& l = lines[i];
  switch (*rc::gen::inRange(0, 11)) {
    case 0: l += ' '; ++seen["trailing space"]; break;
    case 1: l += '\r'; ++seen["CR"]; break;
    case 2: l.insert(0, "\t"); ++seen["tab"]; break;
    case 3: lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(i), ""); ++seen["blank"]; break;
    case 4: lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(i), pad(1) + "# note"); ++seen["comment"]; break;
    case 5: l.insert(0, " "); ++seen["indent +1"]; break;
    case 6: l.insert(0, "  "); ++seen["indent +level"]; break;
    case 7:
      if (l.size() >= 2 && l.compare(0, 2, "  ") == 0) l.erase(0, 2);
      ++seen["indent -level"];
      break;
    case 8: lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(i), l); ++seen["repeated line"]; break;
    case 9: {
      const auto colon = l.find(": ");
      if (colon != std::string::npos) l.insert(colon + 1, " ");
      ++seen["two spaces"];
      break;
    }
    default: l += "  # x"; ++seen["hash value"]; break;
  }
}

void agree(const std::string& text, std::map<std::string, int>& seen) {
  RC_LOG() << "document: " << toon::to_json(toon::value(text)) << "\n";
  // Now and then a depth limit the documents reach, and repair mode.
  const std::size_t max_depth = *rc::gen::inRange(0, 3) == 0 ? *rc::gen::inRange<std::size_t>(1, 6) : 256;
  const bool repairing = *rc::gen::inRange(0, 4) == 0;
  if (max_depth != 256) ++seen["depth limit"];
  for (const bool strict : {true, false}) {
    toon::decode_options o;
    o.strict = strict;
    o.max_depth = max_depth;
    std::vector<toon::repair> tree_repairs, doc_repairs, value_repairs;
    // The oracle: the value built from the parser's events alone (toon::value_stream reads no
    // line straight from the text).
    if (repairing) o.repairs = &tree_repairs;
    toon::value_stream stream(o);
    const toon::result<void> fed = stream.feed(text);
    const toon::result<toon::value> tree = fed ? stream.finish() : toon::result<toon::value>(fed.error());
    if (repairing) o.repairs = &doc_repairs;
    const toon::result<toon::document> doc = toon::decode_document(text, o);
    RC_ASSERT(tree_repairs == doc_repairs);
    // toon::decode, whose value builder copies the lines the document builder reads.
    if (repairing) o.repairs = &value_repairs;
    const toon::result<toon::value> decoded = toon::decode(text, o);
    RC_ASSERT(tree_repairs == value_repairs);
    RC_ASSERT(decoded.has_value() == tree.has_value());
    if (decoded) {
      RC_ASSERT(*decoded == *tree);
      RC_ASSERT(toon::to_json(*decoded) == toon::to_json(*tree));  // doubles' signs, key order
    } else {
      RC_ASSERT(decoded.error().code == tree.error().code);
      RC_ASSERT(decoded.error().message == tree.error().message);
      RC_ASSERT(decoded.error().line == tree.error().line);
      RC_ASSERT(decoded.error().column == tree.error().column);
    }
    // toon::toon_to_json (strict: the JSON writer, which writes the nodes of the lines the
    // document builder reads, and the parser's events for the others), against the same.
    if (strict && !repairing) {
      const toon::result<std::string> json = toon::toon_to_json(text, o);
      RC_ASSERT(json.has_value() == tree.has_value());
      if (json) {
        RC_ASSERT(*json == toon::to_json(*tree));
      } else {
        RC_ASSERT(json.error().code == tree.error().code);
        RC_ASSERT(json.error().message == tree.error().message);
        RC_ASSERT(json.error().line == tree.error().line);
        RC_ASSERT(json.error().column == tree.error().column);
      }
    }
    RC_LOG() << (strict ? "strict: " : "non-strict: ") << (tree ? toon::to_json(*tree) : tree.error().to_string())
             << " / " << (doc ? toon::to_json(doc->root().to_value()) : doc.error().to_string()) << "\n";
    RC_ASSERT(tree.has_value() == doc.has_value());
    if (tree) {
      ++seen[strict ? "accepted strict" : "accepted non-strict"];
      RC_ASSERT(same(doc->root(), *tree));
    } else {
      ++seen[strict ? "rejected strict" : "rejected non-strict"];
      RC_ASSERT(doc.error().code == tree.error().code);
      RC_ASSERT(doc.error().message == tree.error().message);
      RC_ASSERT(doc.error().line == tree.error().line);
      RC_ASSERT(doc.error().column == tree.error().column);
    }
  }
}

}  // namespace

RC_GTEST_PROP(DocumentLines, AgreeWithTheValueBuilder, ()) {
  std::map<std::string, int> seen;
  std::vector<std::string> lines;
  const bool listed = *rc::gen::inRange(0, 4) == 0;
  if (listed) {  // the objects as list items of a root array
    const int n = *rc::gen::inRange(1, 4);
    lines.push_back("[" + std::to_string(n) + "]:");
    for (int j = 0; j < n; ++j) {
      std::vector<std::string> item;
      members(item, 2, 3);
      item[0] = pad(1) + "- " + item[0].substr(4);
      lines.insert(lines.end(), item.begin(), item.end());
    }
  } else {
    members(lines, 0, 3);
  }
  const int edits = *rc::gen::inRange(0, 4) == 0 ? 0 : *rc::gen::inRange(1, 3);
  for (int e = 0; e < edits; ++e) perturb(lines, seen);
  std::string text = toon_test::join_lines(lines);
  if (*rc::gen::inRange(0, 2) == 0) text += '\n';
  agree(text, seen);
  for (const auto& [what, n] : seen) RC_TAG(what);
}

// Tame documents whose indentation is known before their first table or list (a nested object
// first), with fewer edits: the builder reads most tables (nested groups, quoted names, keyed
// ones), lists and list items itself, and must read them as the parser does.
RC_GTEST_PROP(DocumentLines, TablesAndListsAgree, ()) {
  std::map<std::string, int> seen;
  for (int doc = 0; doc < 20; ++doc) {  // twenty documents a case: these paths need many to be met
    tame = true;
    std::vector<std::string> lines = {"i:", "  j: 0"};
    if (*rc::gen::inRange(0, 3) == 0) {
      lines = {"[2]:"};
      for (int j = 0; j < 2; ++j) {
        std::vector<std::string> item;
        members(item, 2, 3);
        item[0] = pad(1) + "- " + item[0].substr(4);
        lines.insert(lines.end(), item.begin(), item.end());
      }
    } else {
      members(lines, 0, 3);
    }
    if (*rc::gen::inRange(0, 3) == 0) perturb(lines, seen);
    tame = false;
    agree(toon_test::join_lines(lines) + "\n", seen);
  }
  for (const auto& [what, n] : seen) RC_TAG(what);
}

// The fast path's kinds appear, in both outcomes, over the generated documents: the
// property above is only as good as its coverage.
TEST(DocumentLines, GeneratedDocumentsCoverBothOutcomes) {
  std::map<std::string, int> seen;
  const auto result = rc::check("coverage", [&] {
    std::vector<std::string> lines;
    members(lines, 0, 3);
    perturb(lines, seen);
    agree(toon_test::join_lines(lines) + "\n", seen);
  });
  EXPECT_TRUE(result);
  EXPECT_GT(seen["accepted strict"], 5);
  EXPECT_GT(seen["rejected strict"], 5);
  EXPECT_GT(seen["accepted non-strict"], 5);
}

// Hand-written cases: values the fast path takes and the parser's reading of the same line.
TEST(DocumentLines, TakenLinesReadAsTheParserReadsThem) {
  const std::string text =
      "a: 1\nb: -1\nc: 0.5\nd: 1.28.2\ne: \"q\"\nf: true\ng: null\nh: 05\ni: 1e5\nj:\n  k: x\n  l:\n    m: 2\n"
      "n[3]: 1,\"a,b\",c\no[2|]: x|y\np: [x\nq: a b\n";
  const toon::document doc = toon::decode_document_or_throw(text);
  const toon::value tree = toon::decode_or_throw(text);
  EXPECT_TRUE(same(doc.root(), tree));
  EXPECT_EQ(doc.root()["a"].as_int64(), 1);
  EXPECT_EQ(doc.root()["b"].as_int64(), -1);
  EXPECT_EQ(doc.root()["c"].as_double(), 0.5);
  EXPECT_EQ(doc.root()["d"].as_string(), "1.28.2");
  EXPECT_EQ(doc.root()["e"].as_string(), "q");
  EXPECT_TRUE(doc.root()["f"].as_bool());
  EXPECT_TRUE(doc.root()["g"].is_null());
  EXPECT_EQ(doc.root()["h"].as_string(), "05");
  EXPECT_EQ(doc.root()["i"].as_double(), 1e5);
  EXPECT_EQ(doc.root()["j"]["l"]["m"].as_int64(), 2);
  EXPECT_EQ(doc.root()["n"][1].as_string(), "a,b");
  EXPECT_EQ(doc.root()["o"][1].as_string(), "y");
  EXPECT_EQ(doc.root()["p"].as_string(), "[x");
  EXPECT_EQ(doc.root()["q"].as_string(), "a b");
  // A tab between the key and its bracket (a header error) or its colon (part of the key).
  for (const char* t : {"a: 1\nk\t[1]: x\n", "a: 1\nk\t: x\n", "a:\n  k\t[2]: x,y\n"}) {
    const auto d = toon::decode_document(t);
    const auto v = toon::decode(t);
    ASSERT_EQ(d.has_value(), v.has_value()) << t;
    if (v) {
      EXPECT_TRUE(same(d->root(), *v)) << t;
    } else {
      EXPECT_EQ(d.error().code, v.error().code) << t;
      EXPECT_EQ(d.error().column, v.error().column) << t;
    }
  }
  // A repeated key after lines the builder took: strict mode's error, at the repeated line.
  const auto dup = toon::decode_document("a: 1\nb:\n  c: 2\na: 3\n");
  ASSERT_FALSE(dup.has_value());
  const auto dup_tree = toon::decode("a: 1\nb:\n  c: 2\na: 3\n");
  ASSERT_FALSE(dup_tree.has_value());
  EXPECT_EQ(dup.error().code, dup_tree.error().code);
  EXPECT_EQ(dup.error().line, 4u);
}
