// Fuzz target: finding the document in an LLM reply (toon::extract, toon::decode_reply;
// docs/llm-output.md, docs/fuzzing.md).
//   - no crash, hang, leak or undefined behaviour, with every block choice;
//   - every document is a view into the reply, starting at the line first_line names (or, for
//     a fence indented in a list, de-indented text held by the document, dedent > 0); the
//     dropped line ranges are in order, do not overlap and lie inside the reply; first and
//     last choose documents that `all` finds too;
//   - decode_reply fails with a located error whose line lies inside the reply, or succeeds,
//     and then equals decoding the extracted document directly (TOON: strict decode, JSON:
//     from_json);
//   - repair mode (decode_reply_repaired, toon/repair.hpp): when strict decoding succeeds it
//     gives the same value and no repair; when it succeeds where strict decoding fails, it
//     reports at least one repair, each located in the reply (no silent repair); its errors
//     are located in the reply too.
#include <algorithm>

#include "fuzz_common.hpp"
#include "toon/extract.hpp"
#include "toon/repair.hpp"

namespace {

std::size_t line_of(std::string_view reply, const char* p) {
  const std::size_t offset = static_cast<std::size_t>(p - reply.data());
  return static_cast<std::size_t>(std::count(reply.begin(), reply.begin() + static_cast<std::ptrdiff_t>(offset), '\n')) + 1;
}

void check_extraction(std::string_view reply, const toon::extraction& x, toon::block_choice choice) {
  if (x.documents.empty()) toon_fuzz::fail("extraction without a document");
  if (choice != toon::block_choice::all && x.documents.size() != 1) toon_fuzz::fail("first/last gave several documents");
  const std::size_t lines = toon_fuzz::count_lines(reply);
  for (const toon::extracted_document& d : x.documents) {
    if (d.dedent > 0) {
      if (!d.storage || d.text.data() != d.storage->data() || d.text.size() != d.storage->size() || !d.fenced)
        toon_fuzz::fail("de-indented document not held by its storage");
      if (d.first_line == 0 || d.first_line > lines + 1) toon_fuzz::fail("first_line outside the reply");
      continue;
    }
    if (d.text.data() < reply.data() || d.text.data() + d.text.size() > reply.data() + reply.size())
      toon_fuzz::fail("document outside the reply");
    if (line_of(reply, d.text.data()) != d.first_line)
      toon_fuzz::fail("first_line is not the document's line", std::to_string(d.first_line));
  }
  std::uint32_t after = 0;
  for (const toon::dropped_lines& r : x.dropped) {
    if (r.first == 0 || r.first > r.last || r.last > lines) toon_fuzz::fail("dropped range outside the reply");
    if (r.first <= after) toon_fuzz::fail("dropped ranges out of order or overlapping");
    after = r.last;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const toon_fuzz::exact_copy input(data, size);
  const std::string_view reply = input.view();

  toon::result<toon::extraction> first = toon::extract(reply, {toon::block_choice::first});
  toon::result<toon::extraction> last = toon::extract(reply, {toon::block_choice::last});
  toon::result<toon::extraction> all = toon::extract(reply, {toon::block_choice::all});
  if (first.has_value() != all.has_value() || last.has_value() != all.has_value())
    toon_fuzz::fail("block choices disagree on whether there is a document");
  if (!all) {
    if (all.error().code != toon::error_code::no_document && all.error().code != toon::error_code::size_limit &&
        all.error().code != toon::error_code::refusal)
      toon_fuzz::fail("extract failed with another code", all.error().to_string());
    return 0;
  }
  check_extraction(reply, *first, toon::block_choice::first);
  check_extraction(reply, *last, toon::block_choice::last);
  check_extraction(reply, *all, toon::block_choice::all);
  // The same document: the same view into the reply, or (de-indented, each call holding its own
  // copy) the same line and text.
  auto same = [](const toon::extracted_document& a, const toon::extracted_document& b) {
    if (a.dedent == 0 && b.dedent == 0) return a.text.data() == b.text.data() && a.text.size() == b.text.size();
    return a.dedent == b.dedent && a.first_line == b.first_line && a.text == b.text;
  };
  // first and last are documents of all: its ends, unless a block of placeholders was passed over.
  auto in_all = [&](const toon::extracted_document& d) {
    return std::any_of(all->documents.begin(), all->documents.end(),
                       [&](const toon::extracted_document& a) { return same(a, d); });
  };
  if (!in_all(first->documents[0]) || !in_all(last->documents[0]))
    toon_fuzz::fail("first/last differ from the ends of all");

  toon::extract_options toon_first;
  toon_first.prefer_toon = true;
  toon::result<toon::extraction> preferred = toon::extract(reply, toon_first);
  if (!preferred) toon_fuzz::fail("prefer_toon finds no document where first does");
  check_extraction(reply, *preferred, toon::block_choice::first);
  for (bool accept_json : {false, true}) {
    // decode_reply prefers TOON blocks when JSON is not accepted.
    const toon::extracted_document& doc = accept_json ? first->documents[0] : preferred->documents[0];
    toon::reply_options o;
    o.accept_json = accept_json;
    toon::result<toon::value> r = toon::decode_reply(reply, o);
    if (!r) {
      const toon::error& e = r.error();
      if (e.line == 0 || e.line > toon_fuzz::count_lines(reply)) toon_fuzz::fail("error line outside the reply", e.to_string());
      if (e.code == toon::error_code::json_input && (accept_json || doc.kind != toon::payload_kind::json))
        toon_fuzz::fail("json_input for a TOON document or with accept_json", e.to_string());
      (void)toon::format_error(e, reply, "reply.txt");
      continue;
    }
    if (doc.kind == toon::payload_kind::json && !accept_json) toon_fuzz::fail("JSON decoded without accept_json");
    toon::result<toon::value> direct =
        doc.kind == toon::payload_kind::json ? toon::from_json(doc.text) : toon::decode(doc.text);
    if (!direct || !(*direct == *r)) toon_fuzz::fail("decode_reply differs from decoding the document");
  }

  // Repair mode against strict mode.
  const std::size_t lines = toon_fuzz::count_lines(reply);
  toon::reply_options o;
  o.accept_json = true;
  toon::result<toon::value> strict = toon::decode_reply(reply, o);
  toon::result<toon::repaired<toon::value>> fixed = toon::decode_reply_repaired(reply, o);
  if (strict) {
    if (!fixed) toon_fuzz::fail("repair mode rejects what strict mode accepts", fixed.error().to_string());
    if (!(fixed->value == *strict)) toon_fuzz::fail("repair mode changes a valid document's value");
    if (!fixed->repairs.empty()) toon_fuzz::fail("repair on a valid document", fixed->repairs.front().to_string());
  } else if (fixed) {
    if (fixed->repairs.empty()) toon_fuzz::fail("accepted beyond strict mode without a repair", strict.error().to_string());
    for (const toon::repair& x : fixed->repairs)
      if (x.line == 0 || x.line > lines || x.column == 0 || x.message.empty())
        toon_fuzz::fail("repair not located in the reply", x.to_string());
  } else if (fixed.error().line == 0 || fixed.error().line > lines) {
    toon_fuzz::fail("repair-mode error line outside the reply", fixed.error().to_string());
  }
  return 0;
}
