// The C++ examples of docs/llm-output.md, compiled and run. Each block between "// doc:begin"
// and "// doc:end" appears verbatim in the documentation (tests/check_doc_examples.py checks it).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "toon/extract.hpp"
#include "toon/repair.hpp"

namespace {

// doc:begin typed
#include <toon/extract.hpp>

struct server {
  std::string host;
  int port = 0;
};

const std::string reply =
    "Sure! Here is the server:\n"
    "\n"
    "```toon\n"
    "host: db.local\n"
    "port: 5432\n"
    "```\n"
    "\n"
    "Let me know if you need anything else.\n";

toon::result<server> s = toon::decode_reply<server>(reply);  // s->host == "db.local"
// doc:end

TEST(LlmDocs, Typed) {
  ASSERT_TRUE(s) << s.error().to_string();
  EXPECT_EQ(s->host, "db.local");
  EXPECT_EQ(s->port, 5432);
}

TEST(LlmDocs, Extract) {
  // doc:begin extract
  toon::result<toon::extraction> x = toon::extract(reply);
  const toon::extracted_document& doc = x->documents[0];
  // doc.text == "host: db.local\nport: 5432\n" (a view into reply), doc.first_line == 4,
  // doc.kind == toon::payload_kind::toon, doc.fence_info == "toon"
  for (const toon::dropped_lines& d : x->dropped)
    std::printf("dropped lines %u-%u (%s)\n", d.first, d.last, std::string(toon::to_string(d.reason)).c_str());
  // dropped lines 1-1 (prose), 3-3 (fence), 6-6 (fence), 8-8 (prose)
  // doc:end
  ASSERT_TRUE(x);
  EXPECT_EQ(doc.text, "host: db.local\nport: 5432\n");
  EXPECT_EQ(doc.first_line, 4u);
  EXPECT_EQ(doc.kind, toon::payload_kind::toon);
  EXPECT_EQ(doc.fence_info, "toon");
  std::vector<toon::dropped_lines> want = {{1, 1, toon::drop_reason::prose},
                                           {3, 3, toon::drop_reason::fence},
                                           {6, 6, toon::drop_reason::fence},
                                           {8, 8, toon::drop_reason::prose}};
  EXPECT_EQ(x->dropped, want);
}

TEST(LlmDocs, Json) {
  // doc:begin json
  const std::string json_reply = "```json\n{\"host\": \"db.local\", \"port\": 5432}\n```\n";

  toon::result<server> refused = toon::decode_reply<server>(json_reply);
  // refused.error().code == toon::error_code::json_input, line 2:
  // "the input is JSON, not TOON (set reply_options::accept_json to decode it through the JSON reader)"

  toon::reply_options options;
  options.accept_json = true;
  toon::result<server> accepted = toon::decode_reply<server>(json_reply, options);  // accepted->port == 5432
  // doc:end
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, toon::error_code::json_input);
  EXPECT_EQ(refused.error().line, 2u);
  EXPECT_EQ(refused.error().message,
            "the input is JSON, not TOON (set reply_options::accept_json to decode it through the JSON reader)");
  ASSERT_TRUE(accepted) << accepted.error().to_string();
  EXPECT_EQ(accepted->port, 5432);
}

TEST(LlmDocs, Errors) {
  // doc:begin errors
  const std::string bad = "Here it is:\n```toon\nhost: db.local\nport: 5432\nregion: eu\n```\n";
  toon::result<server> r = toon::decode_reply<server>(bad);
  std::string message = toon::format_error(r.error(), bad, "reply");
  // reply:5:1: region: unknown field (expected one of: host, port)
  // region: eu
  // ^                  (line 5 of the reply, not line 3 of the document)
  // doc:end
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::unknown_field);
  EXPECT_EQ(r.error().line, 5u);
  EXPECT_EQ(message, "reply:5:1: region: unknown field (expected one of: host, port)\nregion: eu\n^") << message;
}

TEST(LlmDocs, Blocks) {
  // doc:begin blocks
  const std::string two = "```toon\nport: eighty\n```\nSorry, corrected:\n```toon\nhost: h\nport: 80\n```\n";
  toon::reply_options options;
  options.extract.blocks = toon::block_choice::last;  // first (the default), last, or all (extract only)
  toon::result<server> fixed = toon::decode_reply<server>(two, options);  // fixed->port == 80
  // doc:end
  ASSERT_TRUE(fixed) << fixed.error().to_string();
  EXPECT_EQ(fixed->port, 80);
  EXPECT_EQ(fixed->host, "h");
}

TEST(LlmDocs, CorrectionRequest) {
  // doc:begin correction
  const std::string wrong = "```toon\nhost: db.local\nport: 5432.5\n```\n";
  toon::result<server> r = toon::decode_reply<server>(wrong);
  std::string request = toon::correction_request<server>(r.error(), wrong);
  // Your reply could not be decoded:
  // - line 3: port: expected integer, found 5432.5
  //     port: 5432.5
  // Answer again with only the corrected TOON document in a ```toon fence.
  // Expected shape: host:string! port:int!
  // doc:end
  ASSERT_FALSE(r);
  EXPECT_EQ(request,
            "Your reply could not be decoded:\n"
            "- line 3: port: expected integer, found 5432.5\n"
            "    port: 5432.5\n"
            "Answer again with only the corrected TOON document in a ```toon fence.\n"
            "Expected shape: host:string! port:int!");
}

// doc:begin repair_types
#include <toon/repair.hpp>

enum class tier { free, pro };
struct account {
  std::string name;
  tier plan = tier::free;
  int seats = 0;
  std::vector<std::string> tags;
};

const std::string sloppy =
    "```toon\n"
    "name: Acme\n"
    "plan: Pro\n"
    "seats: \"12\"\n"
    "tags[3]:\n"
    "    - eu\n"
    "    - b2b\n"
    "```\n";
// doc:end

TEST(LlmDocs, Repair) {
  // doc:begin repair
  toon::result<account> strict = toon::decode_reply<account>(sloppy);
  // strict.error().to_string() ==
  //   "3:7: plan: unknown enumerator \"Pro\" (expected one of: free, pro); did you mean `pro`?"

  toon::reply_options options;
  options.decode.leniency.enum_case = true;           // "Pro" for pro
  options.decode.leniency.numbers_in_strings = true;  // "12" for 12
  toon::result<toon::repaired<account>> r = toon::decode_reply_repaired<account>(sloppy, options);
  // r->value: name "Acme", plan tier::pro, seats 12, tags {"eu", "b2b"}
  for (const toon::repair& x : r->repairs)
    std::printf("%s  %s\n", std::string(toon::to_string(x.kind)).c_str(), x.to_string().c_str());
  // enum_case         3:7: plan: enumerator "Pro" in another case; read as pro
  // number_in_string  4:8: seats: a number in a string, "12"; read as the number 12
  // indent_size       6:1: indented by 4 spaces per level, indent_size is 2; read with 4
  // length            5:6: tags: the header says 3, found 2 list items; read as [2]
  // doc:end
  ASSERT_FALSE(strict);
  EXPECT_EQ(strict.error().to_string(),
            "3:7: plan: unknown enumerator \"Pro\" (expected one of: free, pro); did you mean `pro`?");
  ASSERT_TRUE(r) << r.error().to_string();
  EXPECT_EQ(r->value.name, "Acme");
  EXPECT_EQ(r->value.plan, tier::pro);
  EXPECT_EQ(r->value.seats, 12);
  EXPECT_EQ(r->value.tags, (std::vector<std::string>{"eu", "b2b"}));
  ASSERT_EQ(r->repairs.size(), 4u);
  EXPECT_EQ(r->repairs[0].kind, toon::repair_kind::enum_case);
  EXPECT_EQ(r->repairs[0].to_string(), "3:7: plan: enumerator \"Pro\" in another case; read as pro");
  EXPECT_EQ(r->repairs[1].kind, toon::repair_kind::number_in_string);
  EXPECT_EQ(r->repairs[1].to_string(), "4:8: seats: a number in a string, \"12\"; read as the number 12");
  EXPECT_EQ(r->repairs[2].kind, toon::repair_kind::indent_size);
  EXPECT_EQ(r->repairs[2].to_string(), "6:1: indented by 4 spaces per level, indent_size is 2; read with 4");
  EXPECT_EQ(r->repairs[3].kind, toon::repair_kind::length);
  EXPECT_EQ(r->repairs[3].to_string(), "5:6: tags: the header says 3, found 2 list items; read as [2]");
}

TEST(LlmDocs, ReasoningLabelsAndIndentedFence) {
  // doc:begin modern
  const std::string modern =
      "<think>\nThe user wants the host and the port.\n</think>\n"
      "**Server:**\n"
      "1. Config:\n"
      "   ```toon\n"
      "   host: db.local\n"
      "   port: 5432\n"
      "   ```\n";
  toon::result<toon::extraction> m = toon::extract(modern);
  // m->documents[0].text == "host: db.local\nport: 5432\n" (dedent == 3: held in storage)
  // dropped lines 1-3 (reasoning), 4-5 (prose), 6-6 (fence), 9-9 (fence)
  toon::result<server> ms = toon::decode_reply<server>(modern);  // ms->port == 5432
  // doc:end
  ASSERT_TRUE(m) << m.error().to_string();
  ASSERT_EQ(m->documents.size(), 1u);
  EXPECT_EQ(m->documents[0].text, "host: db.local\nport: 5432\n");
  EXPECT_EQ(m->documents[0].dedent, 3u);
  EXPECT_TRUE(m->documents[0].storage);
  std::vector<toon::dropped_lines> want = {{1, 3, toon::drop_reason::reasoning},
                                           {4, 5, toon::drop_reason::prose},
                                           {6, 6, toon::drop_reason::fence},
                                           {9, 9, toon::drop_reason::fence}};
  EXPECT_EQ(m->dropped, want);
  ASSERT_TRUE(ms) << ms.error().to_string();
  EXPECT_EQ(ms->host, "db.local");
  EXPECT_EQ(ms->port, 5432);
}

TEST(LlmDocs, RepairValue) {
  // doc:begin repair_value
  toon::result<toon::repaired<toon::value>> v = toon::decode_repaired("items[3]{id,qty}:\n  1,5\n  2,7\n");
  // v->value is {items: [{id: 1, qty: 5}, {id: 2, qty: 7}]}
  // v->repairs[0].to_string() == "1:7: items: the header says 3, found 2 rows; read as [2]"
  // doc:end
  ASSERT_TRUE(v) << v.error().to_string();
  EXPECT_EQ(v->value, toon::decode("items[2]{id,qty}:\n  1,5\n  2,7").value());
  ASSERT_EQ(v->repairs.size(), 1u);
  EXPECT_EQ(v->repairs[0].to_string(), "1:7: items: the header says 3, found 2 rows; read as [2]");
  EXPECT_EQ(v->repairs[0].path, "items");
  // Strict decoding of the same text fails there, with the same words.
  toon::result<toon::value> strict = toon::decode("items[3]{id,qty}:\n  1,5\n  2,7\n");
  ASSERT_FALSE(strict);
  EXPECT_EQ(strict.error().to_string(), "1:7: items: the header says 3, found 2 rows");
}

}  // namespace
