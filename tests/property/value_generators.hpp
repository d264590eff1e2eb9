// value_generators.hpp - rapidcheck generators of toon::value biased to TOON's hard cases:
// uniform arrays (tables), nested-uniform columns, keyed maps, near-uniform arrays that must
// fall back to lists, empty containers and empty objects inside arrays, arrays of arrays,
// awkward strings and keys (leading/trailing spaces, "-"/"#" prefixes, numeric-like,
// keywords, delimiters, colons, brackets, quotes, control characters, non-ASCII), extreme
// numbers (64-bit limits, big integers, subnormals, -0, NaN/Infinity) and deep nesting.
//
// Generated strings are valid UTF-8 (strict decoding rejects anything else). Values are built
// imperatively inside rc::gen::exec so that one node budget bounds the whole tree; rapidcheck
// still shrinks every pick.
#pragma once

#include <rapidcheck.h>

#include <algorithm>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "toon/value.hpp"

namespace toon_gen {

/// A number in [lo, hi), uniformly: rc::gen::inRange scales its range with rapidcheck's size,
/// which starts at 0, so structural choices would make trivial trees for many cases. The node
/// budget (limits) bounds the trees instead; picks still shrink towards lo.
template <class T>
T pick(T lo, T hi) {
  return *rc::gen::resize(100, rc::gen::inRange<T>(lo, hi));
}

// ---- strings -----------------------------------------------------------------------------------

inline const std::vector<std::string>& tricky_strings() {
  static const std::vector<std::string> s = {
      "", " ", "  ", " lead", "trail ", "\tlead", "trail\t", "a b", "a,b", "a|b", "a\tb", "a:b", "a: b",
      "key: value", ":", "::", "[1]", "[2]: x", "{x}", "}", "]", "[", "{", "[]", "{}", "- item", "-", "--",
      "-1", "- ", "#", "#hash", "# comment", "true", "false", "null", "True", "NULL", "42", "-7", "0",
      "-0", "05", "007", "1e5", "1E+05", "1e-7", "0.5", ".5", "5.", "+1", "0x10", "1_000", "NaN",
      "Infinity", "-Infinity", "1e400", "9223372036854775808", "18446744073709551616",
      "99999999999999999999999", "quote\"d", "\"", "\"\"", "'", "back\\slash", "\\", "\\n",
      "line\nbreak", "cr\rret", "\r\n", "nul\x01", std::string("zero\0byte", 9), "\x1f", "\x7f",
      "caf\xC3\xA9", "\xE4\xB8\x96\xE7\x95\x8C", "\xF0\x9F\x98\x80", "\xEF\xBB\xBF" "bom", "\xEF\xBB\xBF",
      "\xE2\x80\xA8", "\xC2\xA0nbsp", "a  b", "x]", "y}", "a[0]", "k{a,b}", "[3|]", "[2\t]", "- [1]: x",
      "a,b|c\td", "https://example.com/a?b=c#d", "C:\\path", "é,ü|ß"};
  return s;
}

/// One Unicode scalar value as UTF-8, biased to ASCII punctuation TOON cares about.
inline rc::Gen<std::string> awkward_char() {
  static const std::vector<std::string> special = {
      " ", ",", "|", "\t", ":", "-", "#", "[", "]", "{", "}", "\"", "\\", "\n", "\r", "\x01", "\x1f", "\x7f",
      ".", "0", "1", "e", "E", "+", "\xC3\xA9", "\xE4\xB8\x96", "\xF0\x9F\x98\x80", "\xEF\xBB\xBF",
      "\xE2\x80\xA8", "\xF4\x8F\xBF\xBF", "\xEE\x80\x80"};
  return rc::gen::weightedOneOf<std::string>({
      {6, rc::gen::map(rc::gen::inRange('a', static_cast<char>('z' + 1)), [](char c) { return std::string(1, c); })},
      {2, rc::gen::map(rc::gen::inRange(' ', '\x7f'), [](char c) { return std::string(1, c); })},
      {3, rc::gen::elementOf(special)},
  });
}

/// A string value: tricky fixed strings, random mixes of awkward characters, plain words.
inline rc::Gen<std::string> awkward_string() {
  return rc::gen::weightedOneOf<std::string>({
      {3, rc::gen::elementOf(tricky_strings())},
      {3, rc::gen::exec([] {
         const int n = pick(0, 9);
         std::string s;
         for (int i = 0; i < n; ++i) s += *awkward_char();
         return s;
       })},
      {2, rc::gen::exec([] {
         // A tricky string with a plain prefix or suffix, so quoting rules meet mid-string.
         std::string s = *rc::gen::elementOf(tricky_strings());
         return *rc::gen::arbitrary<bool>() ? "x" + s : s + "y";
       })},
      {2, rc::gen::map(rc::gen::nonEmpty(rc::gen::container<std::string>(rc::gen::inRange('a', static_cast<char>('z' + 1)))),
                       [](std::string s) { return s; })},
  });
}

/// A key: mostly identifiers (written unquoted), sometimes keys that must be quoted.
inline rc::Gen<std::string> key_string() {
  static const std::vector<std::string> idents = {"id", "name", "a", "b", "c", "x", "y", "_", "a.b", "A_1",
                                                  "value", "items", "user.name", "z9"};
  return rc::gen::weightedOneOf<std::string>({
      {5, rc::gen::elementOf(idents)},
      {2, awkward_string()},
  });
}

// ---- numbers -------------------------------------------------------------------------------------

inline rc::Gen<toon::value> number() {
  using i64 = std::numeric_limits<std::int64_t>;
  using u64 = std::numeric_limits<std::uint64_t>;
  using dbl = std::numeric_limits<double>;
  return rc::gen::weightedOneOf<toon::value>({
      {3, rc::gen::map(rc::gen::inRange<std::int64_t>(-1000, 1000), [](std::int64_t i) { return toon::value(i); })},
      {2, rc::gen::map(rc::gen::arbitrary<std::int64_t>(), [](std::int64_t i) { return toon::value(i); })},
      {2, rc::gen::map(rc::gen::element<std::int64_t>(i64::min(), i64::max(), i64::min() + 1, 0, -1,
                                                      9007199254740992, 9007199254740993, -9007199254740993),
                       [](std::int64_t i) { return toon::value(i); })},
      {1, rc::gen::map(rc::gen::element<std::uint64_t>(u64::max(), u64::max() - 1, std::uint64_t(1) << 63),
                       [](std::uint64_t u) { return toon::value(u); })},
      {3, rc::gen::map(rc::gen::arbitrary<double>(), [](double d) { return toon::value(d); })},
      {2, rc::gen::map(rc::gen::element(0.0, -0.0, 0.1, 0.5, -1.5, 1.0 / 3.0, 1e-6, 1e-7, 9.999999e-7, 1e20, 1e21,
                                        1.5e21, 123456789012345680000.0, 1e300, -1e-300, dbl::max(), dbl::lowest(),
                                        dbl::min(), dbl::denorm_min(), 9007199254740993.0, 18446744073709551616.0,
                                        -9223372036854775808.0, 2.5, 100.0),
                       [](double d) { return toon::value(d); })},
      // Non-finite doubles are written as null.
      {1, rc::gen::map(rc::gen::element(dbl::quiet_NaN(), dbl::infinity(), -dbl::infinity()),
                       [](double d) { return toon::value(d); })},
      // Integers beyond 64 bits, kept as exact digits.
      {1, rc::gen::exec([] {
         const bool negative = *rc::gen::arbitrary<bool>();
         const int n = pick(21, 45);
         std::string digits(1, pick('1', static_cast<char>('9' + 1)));
         for (int i = 1; i < n; ++i) digits += pick('0', static_cast<char>('9' + 1));
         return toon::value(toon::big_integer{negative ? "-" + digits : digits});
       })},
  });
}

inline rc::Gen<toon::value> primitive() {
  return rc::gen::weightedOneOf<toon::value>({
      {1, rc::gen::just(toon::value(nullptr))},
      {1, rc::gen::map(rc::gen::arbitrary<bool>(), [](bool b) { return toon::value(b); })},
      {4, number()},
      {5, rc::gen::map(awkward_string(), [](std::string s) { return toon::value(std::move(s)); })},
  });
}

// ---- structured values ---------------------------------------------------------------------------

/// Limits of one generated tree.
struct limits {
  int nodes = 60;        ///< containers and primitives left to generate
  int max_children = 5;  ///< elements or members per container
};

class builder {
 public:
  explicit builder(limits l) : left_(l.nodes), max_children_(l.max_children) {}

  /// A document root: mostly containers (a primitive root is one line, with little to test).
  toon::value root(int depth) {
    switch (*rc::gen::weightedElement<int>({{1, 0}, {6, 1}, {2, 2}, {2, 3}, {2, 4}, {1, 5}, {1, 6}})) {
      case 0: return *primitive();
      case 1: return object(depth, *rc::gen::weightedElement<int>({{1, 0}, {9, 1}}));
      case 2: return array(depth);
      case 3: return table(depth);
      case 4: return keyed(depth);
      case 5: return arrays_of_arrays(depth);
      default: return chain(depth);
    }
  }

  toon::value any(int depth) {
    if (--left_ <= 0 || depth <= 0) return *primitive();
    switch (*rc::gen::weightedElement<int>({{5, 0}, {3, 1}, {3, 2}, {3, 3}, {2, 4}, {1, 5}, {1, 6}, {1, 7}})) {
      case 0: return *primitive();
      case 1: return object(depth);
      case 2: return array(depth);
      case 3: return table(depth);
      case 4: return keyed(depth);
      case 5: return arrays_of_arrays(depth);
      case 6: return *rc::gen::element(toon::value(toon::object{}), toon::value(toon::array{}));
      default: return in_chain_ ? object(depth) : chain(depth);
    }
  }

  /// An object with distinct (often awkward) keys.
  toon::value object(int depth, int min_members = 0) {
    const int n = pick(min_members, max_children_ + 1);
    toon::object o;
    for (int i = 0; i < n; ++i) {
      std::string k = *key_string();
      if (o.contains(k)) continue;
      o.emplace_back(std::move(k), any(depth - 1));
    }
    return o;
  }

  /// A general array: primitives, containers, empty objects and arrays, mixed.
  toon::value array(int depth) {
    const int n = count();
    toon::array a;
    const bool primitives_only = *rc::gen::weightedElement<bool>({{1, true}, {2, false}});
    for (int i = 0; i < n; ++i) {
      if (primitives_only) a.push_back(*primitive());
      else if (*rc::gen::weightedElement<int>({{4, 0}, {1, 1}}) == 1) a.push_back(toon::object{});
      else a.push_back(any(depth - 1));
    }
    return a;
  }

  /// Rows sharing one field tree (a table), each with its own key order; sometimes one row is
  /// spoiled (key missing or extra, a cell replaced by an array, an object or {}), which
  /// sends the array to list form.
  toon::value table(int depth) {
    const toon::value schema = shape(std::min(depth - 1, 3));
    const int n = pick(1, max_children_ + 1);
    toon::array rows;
    for (int i = 0; i < n; ++i) rows.push_back(row(schema));
    if (*rc::gen::weightedElement<bool>({{4, false}, {1, true}})) spoil(rows, depth);
    return rows;
  }

  /// A keyed map: entries whose values share one field tree. A single entry, or a spoiled row,
  /// keeps the nested form instead of a keyed table.
  toon::value keyed(int depth) {
    const toon::value schema = shape(std::min(depth - 1, 3));
    const int n = pick(1, max_children_ + 1);
    toon::array rows;
    for (int i = 0; i < n; ++i) rows.push_back(row(schema));
    if (*rc::gen::weightedElement<bool>({{4, false}, {1, true}})) spoil(rows, depth);
    toon::object o;
    for (toon::value& r : rows) {
      std::string k = *key_string();
      if (!o.contains(k)) o.emplace_back(std::move(k), std::move(r));
    }
    return o;
  }

  /// `[[...], [...]]`: inner arrays of primitives (possibly empty), sometimes with a
  /// non-primitive inside (list form).
  toon::value arrays_of_arrays(int depth) {
    const int n = count();
    toon::array a;
    for (int i = 0; i < n; ++i) {
      toon::array inner;
      const int m = pick(0, max_children_ + 1);
      for (int j = 0; j < m; ++j) inner.push_back(*primitive());
      if (*rc::gen::weightedElement<bool>({{6, false}, {1, true}})) inner.push_back(any(depth - 2));
      a.push_back(std::move(inner));
    }
    return a;
  }

  /// Deep nesting: a chain of single-member objects and single-element arrays around a value
  /// (at most 2 levels per link, 200 in all, below the decoder's default max_depth of 256
  /// with the levels around and inside it).
  toon::value chain(int depth) {
    const int links = pick(2, 100);
    in_chain_ = true;
    toon::value v = any(std::min(depth - 1, 2));
    in_chain_ = false;
    for (int i = 0; i < links; ++i) {
      switch (pick(0, 4)) {
        case 0: v = toon::array{std::move(v)}; break;
        case 1: v = toon::object{{*key_string(), std::move(v)}}; break;
        case 2: v = toon::array{toon::object{{"k", std::move(v)}}}; break;
        default: v = toon::object{{"k", std::move(v)}, {"n", 1}}; break;
      }
    }
    return v;
  }

 private:
  int count() { return pick(0, max_children_ + 1); }

  // A field tree: an object whose members are null (a leaf) or nested field trees.
  toon::value shape(int depth) {
    const int n = pick(1, 5);
    toon::object o;
    for (int i = 0; i < n; ++i) {
      std::string k = *key_string();
      if (o.contains(k)) continue;
      const bool group = depth > 0 && *rc::gen::weightedElement<bool>({{4, false}, {1, true}});
      o.emplace_back(std::move(k), group ? shape(depth - 1) : toon::value(nullptr));
    }
    return o;
  }

  // A row filling `schema`'s leaves with primitives, members in a random order.
  toon::value row(const toon::value& schema) {
    std::vector<const toon::member*> fields;
    for (const toon::member& m : schema.as_object()) fields.push_back(&m);
    if (fields.size() > 1 && *rc::gen::weightedElement<bool>({{2, false}, {1, true}})) {
      for (std::size_t i = fields.size() - 1; i > 0; --i)
        std::swap(fields[i], fields[pick<std::size_t>(0, i + 1)]);
    }
    toon::object o;
    for (const toon::member* m : fields) {
      --left_;
      o.emplace_back(m->key, m->value.is_object() ? row(m->value) : *primitive());
    }
    return o;
  }

  // Makes one row differ from the others (list form instead of a table).
  void spoil(toon::array& rows, int depth) {
    toon::object& r = rows[pick<std::size_t>(0, rows.size())].as_object();
    switch (pick(0, 5)) {
      case 0: r.erase(r.begin()->key); break;
      case 1: {
        std::string k = *key_string();
        if (!r.contains(k)) r.emplace_back(std::move(k), *primitive());
        break;
      }
      case 2: r.begin()->value = toon::array{*primitive()}; break;
      case 3: r.begin()->value = toon::object{}; break;
      default: r.begin()->value = any(depth - 1); break;
    }
  }

  int left_;
  int max_children_;
  bool in_chain_ = false;
};

/// Any value (at most ~`nodes` nodes), biased to the forms above.
inline rc::Gen<toon::value> value(limits l = {}) {
  return rc::gen::exec([l] { return builder(l).root(6); });
}

/// An object holding at least one table or counted array (plus other fields).
inline rc::Gen<toon::value> document_with_array(limits l = {}) {
  return rc::gen::exec([l] {
    builder b(l);
    toon::object o;
    const int before = pick(0, 3);
    for (int i = 0; i < before; ++i) {
      std::string k = *key_string();
      if (!o.contains(k)) o.emplace_back(std::move(k), b.any(4));
    }
    std::string k = *key_string();
    toon::value counted;
    switch (pick(0, 4)) {
      case 0: counted = b.table(4); break;
      case 1: counted = b.array(4); break;
      case 2: counted = b.arrays_of_arrays(4); break;
      default: counted = b.keyed(4); break;
    }
    o.insert_or_assign(k, std::move(counted));
    const int after = pick(0, 3);
    for (int i = 0; i < after; ++i) {
      std::string k2 = *key_string();
      if (!o.contains(k2)) o.emplace_back(std::move(k2), b.any(4));
    }
    return toon::value(std::move(o));
  });
}

}  // namespace toon_gen
