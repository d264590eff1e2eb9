// Strict mode never loses a row silently. Take a canonical document holding a table or a
// counted array (value_generators.hpp: document_with_array), then delete, duplicate or
// reindent one of its lines. Strict decoding must either
//   * fail with an error that names a line of the edited document, or
//   * succeed with a value the test can justify:
//       - every non-blank line of the edited document is the source of at least one decoding
//         event (a key, a value, a row, an item: located through the events' byte offsets), so
//         no line was skipped, and every array holds exactly the [N] its header declares;
//       - after a reindented line, or a deleted line without '[' (a field, an entry row, a
//         nested object's `key:`), nothing is invented and nothing is lost but the line's own
//         content: every array keeps its length (multiset of lengths) and every primitive leaf
//         and key is still there (multisets), except, for a deletion, one key and at most one
//         leaf. A reindented field may move to another object (e.g. into the object field just
//         above it) and a deleted `key:` may hand its fields to the object above: both keep
//         every row, key and leaf.
//       - Deleting an array or table header is the one edit that may turn its lines into
//         something else: the entry rows of a keyed table (`alice: 30,Berlin`) or list items
//         holding objects (`- a: 1`, key "- a") are valid key-value lines of the enclosing
//         object, as the spec (and the reference decoder) read them. The first rule still
//         holds: each of those lines is a field of the value.
//   A duplicated line always adds a key, a row, an item or a leaf, so it must always fail.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "toon/toon.hpp"
#include "text_lines.hpp"
#include "value_generators.hpp"
#include "value_oracle.hpp"

namespace {

// ---- inventories ---------------------------------------------------------------------------------

struct inventory {
  std::map<std::string, int> leaves;      // primitive leaves, by their JSON text
  std::map<std::string, int> keys;        // object keys
  std::map<std::size_t, int> array_sizes; // one entry per array
};

void take_inventory(const toon::value& v, inventory& inv) {
  if (v.is_array()) {
    ++inv.array_sizes[v.as_array().size()];
    for (const toon::value& e : v.as_array()) take_inventory(e, inv);
  } else if (v.is_object()) {
    for (const toon::member& m : v.as_object()) {
      ++inv.keys[m.key];
      take_inventory(m.value, inv);
    }
  } else {
    ++inv.leaves[toon::to_json(v)];
  }
}

// How many of `before` are missing from `after`; -1 when `after` holds something `before` lacks.
template <class K>
int missing(const std::map<K, int>& before, const std::map<K, int>& after) {
  for (const auto& [k, n] : after) {
    auto it = before.find(k);
    if (it == before.end() || it->second < n) return -1;
  }
  int lost = 0;
  for (const auto& [k, n] : before) {
    auto it = after.find(k);
    lost += n - (it == after.end() ? 0 : it->second);
  }
  return lost;
}

// ---- events -------------------------------------------------------------------------------------

// Records the byte offset of every event and checks that each array delivers its declared size.
class recorder : public toon::event_handler {
 public:
  std::vector<std::size_t> offsets;
  std::string count_error;

  bool start_object(std::size_t, std::size_t o) override { return open(false, 0, o); }
  bool end_object() override { return close(); }
  bool start_array(std::size_t n, std::size_t o) override { return open(true, n, o); }
  bool end_array() override { return close(); }
  bool key(std::string_view, std::size_t o) override { return at(o); }
  bool null_value(std::size_t o) override { return value(o); }
  bool bool_value(bool, std::size_t o) override { return value(o); }
  bool int_value(std::int64_t, std::size_t o) override { return value(o); }
  bool uint_value(std::uint64_t, std::size_t o) override { return value(o); }
  bool double_value(double, std::size_t o) override { return value(o); }
  bool big_integer_value(std::string_view, std::size_t o) override { return value(o); }
  bool string_value(std::string_view, std::size_t o) override { return value(o); }

 private:
  struct frame {
    bool array;
    std::size_t declared, found;
  };
  bool at(std::size_t o) {
    offsets.push_back(o);
    return true;
  }
  bool value(std::size_t o) {
    if (!stack_.empty() && stack_.back().array) ++stack_.back().found;
    return at(o);
  }
  bool open(bool array, std::size_t n, std::size_t o) {
    value(o);
    stack_.push_back({array, n, 0});
    return true;
  }
  bool close() {
    const frame f = stack_.back();
    stack_.pop_back();
    if (f.array && f.found != f.declared && count_error.empty())
      count_error = "an array declared " + std::to_string(f.declared) + " elements and delivered " + std::to_string(f.found);
    return true;
  }
  std::vector<frame> stack_;
};

// "" when every non-blank line of `text` holds the offset of an event, else the first line
// without one.
std::string unaccounted_line(const std::string& text, const std::vector<std::size_t>& offsets) {
  std::vector<std::size_t> starts{0};
  for (std::size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') starts.push_back(i + 1);
  std::vector<bool> used(starts.size(), false);
  for (std::size_t o : offsets) {
    const auto line = static_cast<std::size_t>(std::upper_bound(starts.begin(), starts.end(), o) - starts.begin()) - 1;
    used[line] = true;
  }
  for (std::size_t i = 0; i < starts.size(); ++i) {
    const std::size_t end = i + 1 < starts.size() ? starts[i + 1] - 1 : text.size();
    const std::string_view line(text.data() + starts[i], end - starts[i]);
    if (!used[i] && line.find_first_not_of(' ') != std::string_view::npos)
      return "line " + std::to_string(i + 1) + ": " + std::string(line);
  }
  return {};
}

// ---- mutations -------------------------------------------------------------------------------------

using toon_test::join_lines;
using toon_test::split_lines;

enum class edit { remove, duplicate, reindent };

std::string edit_name(edit e) {
  switch (e) {
    case edit::remove: return "delete";
    case edit::duplicate: return "duplicate";
    case edit::reindent: return "reindent";
  }
  return "?";
}

RC_GTEST_PROP(StrictMutation, EditedLineFailsWithALineNumberOrIsJustified, ()) {
  const toon::value v = *toon_gen::document_with_array();
  const toon::delimiter d = *rc::gen::element(toon::delimiter::comma, toon::delimiter::tab, toon::delimiter::pipe);
  const int indent = toon_gen::pick(1, 9);
  const std::string text = toon::encode(v, {indent, d});
  toon::decode_options o;
  o.indent_size = indent;
  toon::result<toon::value> original = toon::decode(text, o);
  if (!original) RC_FAIL("canonical document does not decode: " + original.error().to_string() + "\n" + text);

  std::vector<std::string> lines = split_lines(text);
  const std::size_t at = toon_gen::pick<std::size_t>(0, lines.size());
  const edit e = *rc::gen::element(edit::remove, edit::duplicate, edit::reindent);
  const std::string line = lines[at];
  std::string how = edit_name(e);
  switch (e) {
    case edit::remove: lines.erase(lines.begin() + static_cast<std::ptrdiff_t>(at)); break;
    case edit::duplicate: lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(at), line); break;
    case edit::reindent: {
      // One level or one space, in or out (out only as far as the line is indented).
      const std::size_t step = *rc::gen::element<std::size_t>(static_cast<std::size_t>(indent), 1);
      const std::size_t lead = line.find_first_not_of(' ') == std::string::npos ? line.size() : line.find_first_not_of(' ');
      const bool out = lead >= step && *rc::gen::arbitrary<bool>();
      lines[at] = out ? line.substr(step) : std::string(step, ' ') + line;
      how += out ? " -" : " +";
      how += std::to_string(step);
      break;
    }
  }
  const std::string mutated = join_lines(lines);
  const std::string context = how + " line " + std::to_string(at + 1) + " (indent " + std::to_string(indent) +
                              ")\n--- original\n" + text + "\n--- mutated\n" + mutated;

  toon::result<toon::value> r = toon::decode(mutated, o);
  RC_TAG(edit_name(e), r ? "decoded" : "error");
  if (!r) {
    const toon::error& err = r.error();
    if (err.line < 1 || err.line > lines.size())
      RC_FAIL("error without a line of the document: " + err.to_string() + "\n" + context);
    return;
  }
  if (e == edit::duplicate) RC_FAIL("a duplicated line decoded without error\n" + context + "\n--- value\n" + toon::to_json(*r));

  // Every line is represented, every array complete.
  recorder events;
  RC_ASSERT(toon::decode_events(mutated, events, o).has_value());
  const std::string skipped = unaccounted_line(mutated, events.offsets);
  if (!skipped.empty()) RC_FAIL("a line produced nothing: " + skipped + "\n" + context);
  if (!events.count_error.empty()) RC_FAIL(events.count_error + "\n" + context);

  if (e == edit::remove && line.find('[') != std::string::npos) return;  // a header: see the top

  inventory before, after;
  take_inventory(*original, before);
  take_inventory(*r, after);
  const int lost_leaves = missing(before.leaves, after.leaves);
  const int lost_keys = missing(before.keys, after.keys);
  const int lost_arrays = missing(before.array_sizes, after.array_sizes);
  const std::string report = context + "\n--- value\n" + toon::to_json(*r) + "\nlost leaves " +
                             std::to_string(lost_leaves) + ", keys " + std::to_string(lost_keys) + ", arrays " +
                             std::to_string(lost_arrays);
  if (lost_leaves < 0 || lost_keys < 0 || lost_arrays < 0) RC_FAIL("the edit invented content\n" + report);
  if (lost_arrays > 0) RC_FAIL("an array was lost\n" + report);
  if (e == edit::reindent) {
    if (lost_leaves || lost_keys) RC_FAIL("a reindented line lost content\n" + report);
    return;
  }
  // A deleted line without '[': at most its own key and leaf.
  if (lost_keys > 1 || lost_leaves > 1) RC_FAIL("more was lost than the deleted line held\n" + report);
}

}  // namespace
