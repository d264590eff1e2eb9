// The corpus of model replies (tests/corpus/llm, issue 21): every <case>.reply is decoded with
// toon::decode_reply into the target its <case>.expect names, and must give the expected
// value (compared through toon::to_value) or the expected first error (code, and line, path
// and message when given), with exactly the dropped line ranges listed. Every .reply needs an
// .expect and the other way round, so a case cannot be left out silently.
//
// Then in repair mode (toon::decode_reply_repaired): a case with "repaired" (the leniency it
// enables, and the value or error) must give that value with exactly the repairs listed (kind,
// line, column, path, message); a case without it must give exactly the strict outcome and no
// repair.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "toon/extract.hpp"
#include "toon/toon.hpp"

namespace llm {

enum class order_status { pending, shipped, delivered };
enum class priority { low, normal, high };
struct ticket {
  int id = 0;
  std::string title;
  priority level = priority::normal;
};
struct ticket_list {
  std::vector<ticket> tickets;
};
struct line_item {
  std::string sku;
  int qty = 0;
  double price = 0;
};
struct order {
  int id = 0;
  std::string customer;
  order_status status = order_status::pending;
  std::vector<line_item> items;
  double total = 0;
};
struct server_config {
  std::string host;
  int port = 0;
  bool tls = false;
  std::vector<std::string> tags;
};

}  // namespace llm

namespace toon {
// Readable dropped ranges in failure messages.
inline void PrintTo(const dropped_lines& d, std::ostream* os) {
  *os << d.first << '-' << d.last << ' ' << to_string(d.reason);
}
}  // namespace toon

namespace {

const std::filesystem::path corpus_dir = std::filesystem::path(TOON_TEST_DATA_DIR) / ".." / "corpus" / "llm";

std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The decoded value (as a toon::value) or the error, for the target named `target`; in repair
// mode when `repairs` is not null (then set to the repairs made).
toon::result<toon::value> decode_as(const std::string& target, std::string_view reply, const toon::reply_options& o,
                                    std::vector<toon::repair>* repairs = nullptr) {
  auto typed = [&](auto tag) -> toon::result<toon::value> {
    using T = typename decltype(tag)::type;
    if (repairs) {
      toon::result<toon::repaired<T>> r = toon::decode_reply_repaired<T>(reply, o);
      if (!r) return r.error();
      *repairs = r->repairs;
      return toon::to_value(r->value);
    }
    toon::result<T> r = toon::decode_reply<T>(reply, o);
    if (!r) return r.error();
    return toon::to_value(*r);
  };
  if (target == "order") return typed(std::type_identity<llm::order>{});
  if (target == "server_config") return typed(std::type_identity<llm::server_config>{});
  if (target == "ticket_list") return typed(std::type_identity<llm::ticket_list>{});
  if (target == "value") {
    if (repairs) {
      toon::result<toon::repaired<toon::value>> r = toon::decode_reply_repaired(reply, o);
      if (!r) return r.error();
      *repairs = r->repairs;
      return r->value;
    }
    return toon::decode_reply(reply, o);
  }
  ADD_FAILURE() << "unknown target " << target;
  return toon::error{toon::error_code::io_error, "unknown target"};
}

// Checks `got` against an expected outcome: {"value": ...} or {"error": {code, line, path, message}}.
void check_outcome(const toon::result<toon::value>& got, const toon::value& expect, std::string_view reply,
                   const std::string& name) {
  if (const toon::value* want = expect.find("value")) {
    ASSERT_TRUE(got) << toon::format_error(got.error(), reply, name + ".reply");
    EXPECT_EQ(toon::to_json(*got), toon::to_json(*want));
    return;
  }
  const toon::value& e = expect["error"];
  ASSERT_FALSE(got) << "decoded to " << toon::to_json(*got);
  EXPECT_EQ(toon::to_string(got.error().code), e["code"].as_string()) << got.error().to_string();
  if (const toon::value* line = e.find("line")) {
    EXPECT_EQ(got.error().line, line->as_int64()) << got.error().to_string();
  }
  if (const toon::value* path = e.find("path")) {
    EXPECT_EQ(got.error().path, path->as_string()) << got.error().to_string();
  }
  if (const toon::value* message = e.find("message")) {
    EXPECT_EQ(got.error().message, message->as_string()) << got.error().to_string();
  }
}

// A repair as the .expect files write it: [kind, line, column, path, message].
std::string repair_text(const toon::repair& r) {
  return std::string(toon::to_string(r.kind)) + " " + std::to_string(r.line) + ":" + std::to_string(r.column) + " [" +
         r.path + "] " + r.message;
}

// A drop reason as the .expect files write it.
toon::drop_reason reason_named(const std::string& name) {
  for (toon::drop_reason r : {toon::drop_reason::prose, toon::drop_reason::fence, toon::drop_reason::other_block,
                              toon::drop_reason::reasoning, toon::drop_reason::lead_in, toon::drop_reason::other_format,
                              toon::drop_reason::placeholders})
    if (name == toon::to_string(r)) return r;
  ADD_FAILURE() << "unknown drop reason " << name;
  return toon::drop_reason::prose;
}

std::vector<std::string> case_names() {
  std::set<std::string> replies, expects;
  for (const auto& e : std::filesystem::directory_iterator(corpus_dir)) {
    if (e.path().extension() == ".reply") replies.insert(e.path().stem().string());
    else if (e.path().extension() == ".expect") expects.insert(e.path().stem().string());
  }
  EXPECT_EQ(replies, expects) << "every .reply needs an .expect and the other way round";
  return {replies.begin(), replies.end()};
}

TEST(LlmCorpus, EveryReplyGivesItsExpectedValueOrFirstError) {
  ASSERT_TRUE(std::filesystem::is_directory(corpus_dir)) << corpus_dir;
  const std::vector<std::string> names = case_names();
  ASSERT_GE(names.size(), 40u);
  int values = 0, errors = 0, repair_cases = 0, repaired_values = 0;
  for (const std::string& name : names) [&] {
    SCOPED_TRACE(name);
    const std::string reply = read_file(corpus_dir / (name + ".reply"));
    toon::result<toon::value> expect = toon::from_json(read_file(corpus_dir / (name + ".expect")));
    ASSERT_TRUE(expect) << expect.error().to_string();
    toon::reply_options o;
    if (const toon::value* a = expect->find("accept_json")) o.accept_json = a->as_bool();
    if (const toon::value* b = expect->find("blocks"))
      o.extract.blocks = b->as_string() == "last" ? toon::block_choice::last : toon::block_choice::first;

    // The dropped lines, exactly, as decode_reply finds the document (TOON blocks first when
    // JSON is not accepted); a reply without a document lists none.
    toon::extract_options eo = o.extract;
    eo.prefer_toon = !o.accept_json;
    toon::result<toon::extraction> x = toon::extract(reply, eo);
    if (const toon::value* dropped = expect->find("dropped")) {
      ASSERT_TRUE(x) << x.error().to_string();
      std::vector<toon::dropped_lines> want;
      for (const toon::value& d : dropped->as_array())
        want.push_back({static_cast<std::uint32_t>(d[0].as_int64()), static_cast<std::uint32_t>(d[1].as_int64()),
                        reason_named(d[2].as_string())});
      EXPECT_EQ(x->dropped, want);
    } else {
      EXPECT_FALSE(x);
    }

    const std::string target = (*expect)["target"].as_string();
    toon::result<toon::value> got = decode_as(target, reply, o);
    if (expect->find("value")) ++values;
    else ++errors;
    check_outcome(got, *expect, reply, name);

    // Repair mode.
    SCOPED_TRACE("repair mode");
    std::vector<toon::repair> repairs;
    const toon::value* repaired = expect->find("repaired");
    if (repaired) {
      ++repair_cases;
      if (const toon::value* leniency = repaired->find("leniency")) {
        for (const toon::value& l : leniency->as_array()) {
          if (l.as_string() == "enum_case") o.decode.leniency.enum_case = true;
          else if (l.as_string() == "numbers_in_strings") o.decode.leniency.numbers_in_strings = true;
          else ADD_FAILURE() << "unknown leniency " << l.as_string();
        }
      }
    }
    toon::result<toon::value> fixed = decode_as(target, reply, o, &repairs);
    check_outcome(fixed, repaired ? *repaired : *expect, reply, name);
    std::vector<std::string> want_repairs, got_repairs;
    if (repaired) {
      if (const toon::value* list = repaired->find("repairs")) {
        for (const toon::value& r : list->as_array())
          want_repairs.push_back(r[0].as_string() + " " + std::to_string(r[1].as_int64()) + ":" +
                                 std::to_string(r[2].as_int64()) + " [" + r[3].as_string() + "] " + r[4].as_string());
      }
      if (fixed && repaired->find("value")) {
        EXPECT_FALSE(want_repairs.empty()) << "a repaired value lists its repairs";
        if (!got) ++repaired_values;
      }
    }
    for (const toon::repair& r : repairs) got_repairs.push_back(repair_text(r));
    EXPECT_EQ(got_repairs, want_repairs);
  }();
  EXPECT_GE(values, 12);
  EXPECT_GE(errors, 12);
  EXPECT_GE(repair_cases, 9);
  EXPECT_GE(repaired_values, 7);  // replies strict mode rejects, read with their repairs
}

}  // namespace
