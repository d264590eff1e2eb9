// Repair mode properties (toon/repair.hpp, issue 21):
//   - on every valid document (the official decode fixtures that decode strictly, generated
//     documents, with every indent size the fixtures use), repair mode gives the strict value
//     and reports no repair, bare and through decode_reply_repaired;
//   - silent data loss is impossible: on documents edited as models get them wrong (a [N]
//     changed, the indentation widened, narrowed or made of tabs, blank and tab-only lines
//     inserted, lines deleted or duplicated, trailing spaces and tabs, the final newline
//     dropped or doubled), repair mode either fails, or reports at least one repair, or gives
//     exactly what strict decoding gives (which then succeeds). Equivalently: whatever repair
//     mode accepts beyond strict mode comes with a repair;
//   - streamed (toon::value_stream, chunks of 1 to 15 bytes), repair mode gives the same
//     outcome and the same repairs;
//   - typed leniency: enumerator names in another case and numbers in strings come back as the
//     values meant, with one repair for each.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <string>
#include <vector>

#include "toon/repair.hpp"
#include "toon/toon.hpp"
#include "fixtures.hpp"
#include "text_lines.hpp"
#include "value_generators.hpp"

namespace {

using toon_test::join_lines;
using toon_test::split_lines;

std::size_t indentation(const std::string& line) {
  std::size_t n = 0;
  while (n < line.size() && line[n] == ' ') ++n;
  return n;
}

// One edit of the kind models make, at a place rapidcheck picks.
std::string mutate(const std::string& doc) {
  std::vector<std::string> lines = split_lines(doc);
  const std::size_t n = lines.size();
  const std::size_t at = *rc::gen::inRange<std::size_t>(0, n);
  switch (*rc::gen::inRange(0, 11)) {
    case 0: {  // a [N] changed
      std::vector<std::size_t> headers;
      for (std::size_t i = 0; i < n; ++i)
        if (lines[i].find('[') != std::string::npos) headers.push_back(i);
      if (headers.empty()) break;
      std::string& l = lines[headers[*rc::gen::inRange<std::size_t>(0, headers.size())]];
      const std::size_t open = l.find('[');
      std::size_t close = open + 1;
      while (close < l.size() && std::isdigit(static_cast<unsigned char>(l[close]))) ++close;
      if (close == open + 1) break;
      const int delta = *rc::gen::element(-2, -1, 1, 2, 5);
      const long len = std::stol(l.substr(open + 1, close - open - 1)) + delta;
      l.replace(open + 1, close - open - 1, std::to_string(len < 0 ? 0 : len));
      break;
    }
    case 1: {  // every indentation widened or narrowed to another size per level
      const std::size_t per_level = *rc::gen::element<std::size_t>(1, 3, 4, 8);
      for (std::string& l : lines) {
        const std::size_t s = indentation(l);
        l = std::string(s / 2 * per_level, ' ') + l.substr(s);
      }
      break;
    }
    case 2: {  // one line's indentation as tabs
      const std::size_t s = indentation(lines[at]);
      lines[at] = std::string(s / 2, '\t') + lines[at].substr(s);
      break;
    }
    case 3: lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(at), ""); break;
    case 4: lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(at), *rc::gen::element<std::string>("\t", " \t ", "  ")); break;
    case 5: if (n > 1) lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(at)); break;
    case 6: lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(at), lines[at]); break;
    case 7: lines[at] += *rc::gen::element<std::string>(" ", "   ", "\t", " \t"); break;
    case 8: {  // a line moved one level deeper or shallower
      const std::size_t s = indentation(lines[at]);
      lines[at] = *rc::gen::arbitrary<bool>() ? "  " + lines[at] : lines[at].substr(std::min<std::size_t>(s, 2));
      break;
    }
    case 9: return join_lines(lines) + *rc::gen::element<std::string>("\n", "\n\n", "\r\n");
    default: {  // the first indented line alone widened
      for (std::string& l : lines) {
        if (indentation(l) == 0) continue;
        l = "  " + l;
        break;
      }
      break;
    }
  }
  return join_lines(lines);
}

// The property on one (possibly invalid) document.
void check_no_silent_repair(const std::string& doc, const toon::decode_options& o = {}) {
  toon::result<toon::value> strict = toon::decode(doc, o);
  toon::result<toon::repaired<toon::value>> fixed = toon::decode_repaired(doc, o);
  // Streamed in chunks of any size: the same outcome and the same repairs.
  std::vector<toon::repair> streamed_repairs;
  toon::decode_options so = o;
  so.repairs = &streamed_repairs;
  toon::value_stream stream(so);
  std::size_t at = 0;
  bool fed_ok = true;
  while (at < doc.size() && fed_ok) {
    const std::size_t n = *rc::gen::inRange<std::size_t>(1, 16);
    fed_ok = stream.feed(std::string_view(doc).substr(at, n)).has_value();
    at += n;
  }
  toon::result<toon::value> streamed = fed_ok ? stream.finish() : toon::result<toon::value>(toon::error{});
  RC_ASSERT(streamed.has_value() == fixed.has_value());
  if (fixed) {
    RC_ASSERT(*streamed == fixed->value);
    RC_ASSERT(streamed_repairs == fixed->repairs);
  }
  RC_TAG(strict ? "strict accepts" : fixed ? "only repair mode accepts" : "both reject");
  if (strict) {
    RC_ASSERT(fixed.has_value());
    RC_ASSERT(fixed->value == *strict);
    RC_ASSERT(fixed->repairs.empty());
    return;
  }
  if (!fixed) return;
  // Accepted here, rejected by strict mode: only with a repair to say so.
  RC_ASSERT(!fixed->repairs.empty());
  for (const toon::repair& r : fixed->repairs) {
    RC_ASSERT(r.line >= 1u);
    RC_ASSERT(r.column >= 1u);
    RC_ASSERT(!r.message.empty());
  }
}

TEST(RepairProperty, FixturesGiveTheStrictValueAndNoRepair) {
  int checked = 0;
  int repaired = 0;
  toon_fixtures::for_each_test("decode", [&](const std::filesystem::path& file, const toon::value& test) {
    const std::string input = test["input"].as_string();
    const toon::decode_options o = toon_fixtures::decode_options_of(test);
    if (!o.strict) return;  // repair mode stands on strict mode
    toon::result<toon::value> strict = toon::decode(input, o);
    toon::result<toon::repaired<toon::value>> fixed = toon::decode_repaired(input, o);
    if (!strict) {
      // A document strict mode rejects: rejected (repair mode may get further and stop at a
      // later error), or read with at least one repair.
      if (fixed) {
        EXPECT_FALSE(fixed->repairs.empty()) << file << ": " << test["name"].as_string();
        ++repaired;
      }
      return;
    }
    ASSERT_TRUE(fixed) << file << ": " << test["name"].as_string() << ": " << fixed.error().to_string();
    EXPECT_EQ(fixed->value, *strict) << file << ": " << test["name"].as_string();
    EXPECT_TRUE(fixed->repairs.empty()) << file << ": " << test["name"].as_string() << ": "
                                        << fixed->repairs.front().to_string();
    ++checked;
  });
  EXPECT_GT(checked, 500);
  EXPECT_GT(repaired, 10);  // the fixtures' count, tab and blank-line errors
}

RC_GTEST_PROP(RepairProperty, GeneratedDocumentsGiveTheStrictValueAndNoRepair, ()) {
  const toon::value v = *toon_gen::value();
  const int indent = *rc::gen::element(1, 2, 4);
  toon::encode_options eo;
  eo.indent_size = indent;
  const std::string doc = toon::encode(v, eo);
  toon::decode_options o;
  o.indent_size = indent;
  toon::result<toon::value> strict = toon::decode(doc, o);
  RC_ASSERT(strict.has_value());
  toon::result<toon::repaired<toon::value>> fixed = toon::decode_repaired(doc, o);
  RC_ASSERT(fixed.has_value());
  RC_ASSERT(fixed->value == *strict);
  RC_ASSERT(fixed->repairs.empty());
  // Through extraction, in a fence with prose around it.
  RC_PRE(doc.find("```") == std::string::npos && doc.find("~~~") == std::string::npos && !doc.empty());
  toon::reply_options r;
  r.decode = o;
  toon::result<toon::repaired<toon::value>> reply =
      toon::decode_reply_repaired("Here it is:\n\n```toon\n" + doc + "\n```\nDone.\n", r);
  RC_ASSERT(reply.has_value());
  RC_ASSERT(reply->value == *strict);
  RC_ASSERT(reply->repairs.empty());
}

RC_GTEST_PROP(RepairProperty, NothingIsAcceptedBeyondStrictModeWithoutARepair, ()) {
  const toon::value v = *toon_gen::document_with_array();
  std::string doc = toon::encode(v);
  const int edits = *rc::gen::inRange(1, 4);
  for (int i = 0; i < edits; ++i) doc = mutate(doc);
  check_no_silent_repair(doc);
}

RC_GTEST_PROP(RepairProperty, MutatedAnyValueDocuments, ()) {
  const toon::value v = *toon_gen::value();
  const std::string doc = mutate(toon::encode(v));
  check_no_silent_repair(doc);
}

// ---- typed leniency ----------------------------------------------------------------------------------

enum class color { red, green, dark_blue };
struct paint {
  std::string name;
  color shade = color::red;
  int liters = 0;
  double price = 0;
};

RC_GTEST_PROP(RepairProperty, TypedLeniencyReadsWhatWasMeantWithOneRepairEach, ()) {
  const std::vector<std::string> names{"red", "green", "dark_blue"};
  const std::size_t which = *rc::gen::inRange<std::size_t>(0, names.size());
  const int liters = *rc::gen::inRange(-1000, 1000);
  const int cents = *rc::gen::inRange(0, 100000);
  std::string shade = names[which];
  const bool recase = *rc::gen::arbitrary<bool>();
  if (recase) {  // another case, per character
    for (char& c : shade)
      if (*rc::gen::arbitrary<bool>()) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    if (shade == names[which]) shade[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(shade[0])));
  }
  const bool quote_liters = *rc::gen::arbitrary<bool>();
  const bool quote_price = *rc::gen::arbitrary<bool>();
  const std::string price = std::to_string(cents / 100) + "." + std::to_string(cents % 100 / 10) + std::to_string(cents % 10);
  const std::string doc = "name: p\nshade: " + shade + "\nliters: " +
                          (quote_liters ? "\"" + std::to_string(liters) + "\"" : std::to_string(liters)) +
                          "\nprice: " + (quote_price ? "\"" + price + "\"" : price) + "\n";
  toon::decode_options o;
  o.leniency.enum_case = true;
  o.leniency.numbers_in_strings = true;
  toon::result<toon::repaired<paint>> r = toon::decode_repaired<paint>(doc, o);
  RC_ASSERT(r.has_value());
  RC_ASSERT(r->value.shade == static_cast<color>(which));
  RC_ASSERT(r->value.liters == liters);
  RC_ASSERT(r->value.price == std::stod(price));
  std::vector<toon::repair_kind> want;
  if (recase) want.push_back(toon::repair_kind::enum_case);
  if (quote_liters) want.push_back(toon::repair_kind::number_in_string);
  if (quote_price) want.push_back(toon::repair_kind::number_in_string);
  std::vector<toon::repair_kind> got;
  for (const toon::repair& x : r->repairs) got.push_back(x.kind);
  RC_ASSERT(got == want);
  // Without leniency, strict typed decoding accepts the document exactly when nothing needed it.
  toon::result<paint> strict = toon::decode<paint>(doc);
  RC_ASSERT(strict.has_value() == want.empty());
}

}  // namespace
