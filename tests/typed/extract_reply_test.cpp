// toon::extract and toon::decode_reply (toon/extract.hpp): fences, prose, several blocks, JSON
// payloads, the dropped line ranges, and error lines counted in the reply.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "toon/extract.hpp"
#include "toon/repair.hpp"

namespace {

using toon::drop_reason;
using toon::dropped_lines;
using toon::payload_kind;

toon::extraction must_extract(std::string_view reply, const toon::extract_options& o = {}) {
  toon::result<toon::extraction> x = toon::extract(reply, o);
  if (!x) ADD_FAILURE() << "extract failed: " << x.error().to_string();
  return x ? *x : toon::extraction{};
}

TEST(Extract, WholeDocumentIsReturnedUnchanged) {
  const std::string doc = "name: Ada\nage: 36\ntags[2]: a,b\n";
  toon::extraction x = must_extract(doc);
  ASSERT_EQ(x.documents.size(), 1u);
  EXPECT_EQ(x.documents[0].text, doc);
  EXPECT_EQ(x.documents[0].text.data(), doc.data());  // a view, not a copy
  EXPECT_EQ(x.documents[0].first_line, 1u);
  EXPECT_EQ(x.documents[0].kind, payload_kind::toon);
  EXPECT_FALSE(x.documents[0].fenced);
  EXPECT_TRUE(x.dropped.empty());
}

TEST(Extract, ToonFence) {
  const std::string reply = "Here is the data:\n\n```toon\nname: Ada\nage: 36\n```\n\nLet me know if you need more.\n";
  toon::extraction x = must_extract(reply);
  ASSERT_EQ(x.documents.size(), 1u);
  EXPECT_EQ(x.documents[0].text, "name: Ada\nage: 36\n");
  EXPECT_EQ(x.documents[0].first_line, 4u);
  EXPECT_EQ(x.documents[0].fence_info, "toon");
  EXPECT_TRUE(x.documents[0].fenced);
  std::vector<dropped_lines> want = {{1, 1, drop_reason::prose},
                                     {3, 3, drop_reason::fence},
                                     {6, 6, drop_reason::fence},
                                     {8, 8, drop_reason::prose}};
  EXPECT_EQ(x.dropped, want);
}

TEST(Extract, BareAndTildeFencesAndUnterminatedFence) {
  toon::extraction bare = must_extract("```\nid: 1\n```");
  ASSERT_EQ(bare.documents.size(), 1u);
  EXPECT_EQ(bare.documents[0].text, "id: 1\n");
  EXPECT_EQ(bare.documents[0].fence_info, "");

  toon::extraction tilde = must_extract("~~~TOON\nid: 2\n~~~\n");
  ASSERT_EQ(tilde.documents.size(), 1u);
  EXPECT_EQ(tilde.documents[0].text, "id: 2\n");
  EXPECT_EQ(tilde.documents[0].fence_info, "TOON");

  // A reply cut off before the closing fence: the block runs to the end.
  toon::extraction cut = must_extract("Sure.\n```toon\nitems[2]: a,b\n");
  ASSERT_EQ(cut.documents.size(), 1u);
  EXPECT_EQ(cut.documents[0].text, "items[2]: a,b\n");
  std::vector<dropped_lines> want = {{1, 1, drop_reason::prose}, {2, 2, drop_reason::fence}};
  EXPECT_EQ(cut.dropped, want);
}

TEST(Extract, JsonFenceIsJson) {
  toon::extraction x = must_extract("```json\n{\"id\": 1}\n```\n");
  ASSERT_EQ(x.documents.size(), 1u);
  EXPECT_EQ(x.documents[0].kind, payload_kind::json);
  EXPECT_EQ(x.documents[0].text, "{\"id\": 1}\n");
  // The content decides, not the info string.
  toon::extraction lie = must_extract("```toon\n[1, 2, 3]\n```\n");
  EXPECT_EQ(lie.documents[0].kind, payload_kind::json);
  toon::extraction header = must_extract("```json\n[3]: 1,2,3\n```\n");
  EXPECT_EQ(header.documents[0].kind, payload_kind::toon);
}

TEST(Extract, SeveralBlocksFirstLastAll) {
  const std::string reply =
      "First attempt:\n"      // 1
      "```toon\n"             // 2
      "id: 1\n"               // 3
      "```\n"                 // 4
      "Run it with:\n"        // 5
      "```bash\n"             // 6
      "toon decode x.toon\n"  // 7
      "```\n"                 // 8
      "Corrected:\n"          // 9
      "```toon\n"             // 10
      "id: 2\n"               // 11
      "```\n";                // 12
  toon::extraction first = must_extract(reply);
  ASSERT_EQ(first.documents.size(), 1u);
  EXPECT_EQ(first.documents[0].text, "id: 1\n");
  std::vector<dropped_lines> want_first = {{1, 1, drop_reason::prose},       {2, 2, drop_reason::fence},
                                           {4, 4, drop_reason::fence},       {5, 5, drop_reason::prose},
                                           {6, 8, drop_reason::other_block}, {9, 9, drop_reason::prose},
                                           {10, 12, drop_reason::other_block}};
  EXPECT_EQ(first.dropped, want_first);

  toon::extraction last = must_extract(reply, {toon::block_choice::last});
  ASSERT_EQ(last.documents.size(), 1u);
  EXPECT_EQ(last.documents[0].text, "id: 2\n");
  EXPECT_EQ(last.documents[0].first_line, 11u);
  EXPECT_EQ(last.dropped.front(), (dropped_lines{1, 1, drop_reason::prose}));
  EXPECT_EQ(last.dropped[1], (dropped_lines{2, 4, drop_reason::other_block}));

  toon::extraction all = must_extract(reply, {toon::block_choice::all});
  ASSERT_EQ(all.documents.size(), 2u);
  EXPECT_EQ(all.documents[0].text, "id: 1\n");
  EXPECT_EQ(all.documents[1].text, "id: 2\n");
  EXPECT_EQ(all.documents[0].first_line, 3u);
  EXPECT_EQ(all.documents[1].first_line, 11u);
}

TEST(Extract, UnfencedLeadingAndTrailingProse) {
  const std::string reply =
      "Sure! Here's the order in TOON format.\n"  // 1
      "\n"                                        // 2
      "order:\n"                                  // 3
      "  id: 7\n"                                 // 4
      "\n"                                        // 5
      "items[2]{sku,qty}:\n"                      // 6
      "  A1,2\n"                                  // 7
      "  B2,1\n"                                  // 8
      "\n"                                        // 9
      "I hope this helps! Tell me if\n"           // 10
      "you want JSON instead.\n";                 // 11
  toon::extraction x = must_extract(reply);
  ASSERT_EQ(x.documents.size(), 1u);
  EXPECT_EQ(x.documents[0].text, "order:\n  id: 7\n\nitems[2]{sku,qty}:\n  A1,2\n  B2,1\n");
  EXPECT_EQ(x.documents[0].first_line, 3u);
  std::vector<dropped_lines> want = {{1, 1, drop_reason::prose}, {10, 11, drop_reason::prose}};
  EXPECT_EQ(x.dropped, want);
}

TEST(Extract, UrlsAndSentencesDoNotStartADocument) {
  toon::extraction x = must_extract("See https://example.org: it explains.\nWell, here goes:\nid: 3\n");
  ASSERT_EQ(x.documents.size(), 1u);
  EXPECT_EQ(x.documents[0].text, "id: 3\n");
  EXPECT_EQ(x.dropped, (std::vector<dropped_lines>{{1, 2, drop_reason::prose}}));
}

TEST(Extract, LeadingCommentsBelongToTheDocument) {
  const std::string doc = "# generated\nid: 1\n";
  toon::extraction x = must_extract(doc);
  EXPECT_EQ(x.documents[0].text, doc);
  EXPECT_TRUE(x.dropped.empty());
}

TEST(Extract, UnfencedJsonWithProseAfterTheBrace) {
  const std::string reply = "Here you go:\n{\n  \"a\": \"}\",\n  \"b\": [1, 2]\n}\nThat's the JSON.\n";
  toon::extraction x = must_extract(reply);
  ASSERT_EQ(x.documents.size(), 1u);
  EXPECT_EQ(x.documents[0].kind, payload_kind::json);
  EXPECT_EQ(x.documents[0].text, "{\n  \"a\": \"}\",\n  \"b\": [1, 2]\n}\n");
  EXPECT_EQ(x.documents[0].first_line, 2u);
  EXPECT_EQ(x.dropped, (std::vector<dropped_lines>{{1, 1, drop_reason::prose}, {6, 6, drop_reason::prose}}));

  toon::extraction same_line = must_extract("{\"a\": 1} -- done\n");
  EXPECT_EQ(same_line.documents[0].text, "{\"a\": 1}");
  EXPECT_EQ(same_line.dropped, (std::vector<dropped_lines>{{1, 1, drop_reason::prose}}));
}

TEST(Extract, CrlfReply) {
  const std::string reply = "Result:\r\n```toon\r\nid: 1\r\nname: Ada\r\n```\r\nDone.\r\n";
  toon::extraction x = must_extract(reply);
  ASSERT_EQ(x.documents.size(), 1u);
  EXPECT_EQ(x.documents[0].text, "id: 1\r\nname: Ada\r\n");
  EXPECT_EQ(x.documents[0].fence_info, "toon");
}

TEST(Extract, RootPrimitiveAndNoDocument) {
  toon::extraction one = must_extract("hello world\n");
  ASSERT_EQ(one.documents.size(), 1u);
  EXPECT_EQ(one.documents[0].text, "hello world\n");

  toon::result<toon::extraction> none = toon::extract("Hello there.\nHow can I help?\n");
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().code, toon::error_code::no_document);
  // Issue 38: a refusal is its own error.
  toon::result<toon::extraction> refusal = toon::extract("I'm sorry, I can't do that.\nIt is not allowed.\n");
  ASSERT_FALSE(refusal);
  EXPECT_EQ(refusal.error().code, toon::error_code::refusal);
  toon::result<toon::extraction> empty = toon::extract("  \n\n");
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().code, toon::error_code::no_document);
}

TEST(Extract, FencedBlocksOfAnotherLanguageOnly) {
  // No fenced block holds a document: the document is found outside them.
  const std::string reply = "```bash\nls -l\n```\nid: 5\n";
  toon::extraction x = must_extract(reply);
  ASSERT_EQ(x.documents.size(), 1u);
  EXPECT_EQ(x.documents[0].text, "id: 5\n");
}

// decode_reply -------------------------------------------------------------------------------

TEST(DecodeReply, ValueFromFencedReply) {
  toon::result<toon::value> v = toon::decode_reply("Here:\n```toon\nname: Ada\nage: 36\n```\nBye.\n");
  ASSERT_TRUE(v) << v.error().to_string();
  EXPECT_EQ(toon::to_json(*v), R"({"name":"Ada","age":36})");
}

TEST(DecodeReply, ErrorLinesAreTheReplys) {
  // Line 5 of the reply: the table declares 3 rows and has 2.
  const std::string reply = "Sure.\n\n```toon\nitems[3]{id,name}:\n  1,a\n  2,b\n```\n";
  toon::result<toon::value> v = toon::decode_reply(reply);
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().code, toon::error_code::length_mismatch);
  EXPECT_EQ(v.error().line, 4u);  // the header line, counted in the reply
  EXPECT_EQ(v.error().source_line, "items[3]{id,name}:");
}

TEST(DecodeReply, JsonRefusedUnlessAccepted) {
  const std::string reply = "Here is the JSON:\n```json\n{\"name\": \"Ada\", \"age\": 36}\n```\n";
  toon::result<toon::value> refused = toon::decode_reply(reply);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, toon::error_code::json_input);
  EXPECT_EQ(refused.error().line, 3u);
  EXPECT_NE(refused.error().message.find("the input is JSON"), std::string::npos);

  toon::reply_options o;
  o.accept_json = true;
  toon::result<toon::value> v = toon::decode_reply(reply, o);
  ASSERT_TRUE(v) << v.error().to_string();
  EXPECT_EQ(toon::to_json(*v), R"({"name":"Ada","age":36})");

  toon::result<toon::value> broken = toon::decode_reply("x\n```json\n{\"a\": 1,\n \"b\" 2}\n```\n", o);
  ASSERT_FALSE(broken);
  EXPECT_EQ(broken.error().code, toon::error_code::invalid_json);
  EXPECT_EQ(broken.error().line, 4u);
}

TEST(DecodeReply, AllIsRejected) {
  toon::reply_options o;
  o.extract.blocks = toon::block_choice::all;
  EXPECT_THROW((void)toon::decode_reply("id: 1\n", o), std::invalid_argument);
}

enum class size_class { small, medium, large };
struct server {
  std::string host;
  int port = 0;
  size_class size = size_class::small;
};
struct fleet {
  std::string region;
  std::vector<server> servers;
};

TEST(DecodeReply, Typed) {
  const std::string reply =
      "Here is the fleet you asked for:\n"
      "\n"
      "```toon\n"
      "region: eu-west\n"
      "servers[2]{host,port,size}:\n"
      "  a.example,8080,small\n"
      "  b.example,9090,large\n"
      "```\n";
  toon::result<fleet> f = toon::decode_reply<fleet>(reply);
  ASSERT_TRUE(f) << f.error().to_string();
  EXPECT_EQ(f->region, "eu-west");
  ASSERT_EQ(f->servers.size(), 2u);
  EXPECT_EQ(f->servers[1].host, "b.example");
  EXPECT_EQ(f->servers[1].port, 9090);
  EXPECT_EQ(f->servers[1].size, size_class::large);
}

TEST(DecodeReply, TypedErrorsAndJson) {
  const std::string bad = "Result:\n```toon\nregion: eu\nservers[1]{host,port,size}:\n  a,80,Huge\n```\n";
  toon::result<fleet> f = toon::decode_reply<fleet>(bad);
  ASSERT_FALSE(f);
  EXPECT_EQ(f.error().code, toon::error_code::invalid_enum);
  EXPECT_EQ(f.error().line, 5u);

  toon::reply_options o;
  o.accept_json = true;
  toon::result<fleet> j = toon::decode_reply<fleet>(
      "{\"region\": \"us\", \"servers\": [{\"host\": \"h\", \"port\": 1, \"size\": \"medium\"}]}", o);
  ASSERT_TRUE(j) << j.error().to_string();
  ASSERT_EQ(j->servers.size(), 1u);
  EXPECT_EQ(j->servers[0].size, size_class::medium);

  EXPECT_THROW((void)toon::decode_reply_or_throw<fleet>("{\"region\": \"us\"}"), toon::toon_error);
}

}  // namespace

namespace {

struct endpoint {
  std::string host;
  int port = 0;
};

TEST(CorrectionRequest, ListsTheErrorsWithTheirLinesAndTheShape) {
  const std::string reply = "Here:\n```toon\nhost: a\nport: 80.5\nregion: eu\n```\n";
  toon::reply_options o;
  o.decode.collect_all_errors = true;
  toon::result<endpoint> r = toon::decode_reply<endpoint>(reply, o);
  ASSERT_FALSE(r);
  ASSERT_EQ(r.error().more.size(), 1u) << r.error().to_string();
  const std::string text = toon::correction_request<endpoint>(r.error(), reply);
  const std::string want =
      "Your reply could not be decoded:\n"
      "- line 4: port: " + r.error().message + "\n"
      "    port: 80.5\n"
      "- line 5: region: unknown field (expected one of: host, port)\n"
      "    region: eu\n"
      "Answer again with only the corrected TOON document in a ```toon fence.\n"
      "Expected shape: host:string! port:int!";
  EXPECT_EQ(text, want);

  // At most max_errors, then how many more.
  const std::string one = toon::correction_request(r.error(), reply, {}, 1);
  EXPECT_NE(one.find("- and 1 more\n"), std::string::npos) << one;
  EXPECT_EQ(one.find("region"), std::string::npos) << one;
  EXPECT_EQ(one.find("Expected shape"), std::string::npos) << one;
}

TEST(CorrectionRequest, JsonAndNoDocument) {
  toon::result<endpoint> j = toon::decode_reply<endpoint>("{\"host\": \"a\", \"port\": 1}");
  ASSERT_FALSE(j);
  EXPECT_EQ(toon::correction_request(j.error(), "", "host:string! port:int!"),
            "Your reply is JSON, but TOON was asked for.\n"
            "Answer again with only the corrected TOON document in a ```toon fence.\n"
            "Expected shape: host:string! port:int!");
  toon::result<endpoint> none = toon::decode_reply<endpoint>("Let me think about it.\nMore later.\n");
  ASSERT_FALSE(none);
  EXPECT_EQ(toon::correction_request(none.error(), ""),
            "Your reply holds no TOON document.\n"
            "Answer again with only the corrected TOON document in a ```toon fence.");
}

}  // namespace

// Issue 38: replies as current models write them -------------------------------------------------

namespace {

std::string value_json(std::string_view reply, const toon::reply_options& o = {}) {
  toon::result<toon::value> v = toon::decode_reply(reply, o);
  if (!v) return "error: " + v.error().to_string();
  return toon::to_json(*v);
}

TEST(ExtractReasoning, ThinkBlockIsSkipped) {
  const std::string reply = "<think>\nNote: x\n</think>\na: 1\n";
  EXPECT_EQ(value_json(reply), R"({"a":1})");
  toon::extraction x = must_extract(reply);
  ASSERT_EQ(x.documents.size(), 1u);
  EXPECT_EQ(x.documents[0].text, "a: 1\n");
  EXPECT_EQ(x.documents[0].first_line, 4u);
  EXPECT_EQ(x.dropped, (std::vector<dropped_lines>{{1, 3, drop_reason::reasoning}}));
  EXPECT_EQ(toon::to_string(drop_reason::reasoning), "reasoning");
}

TEST(ExtractReasoning, ReasoningTagsLoneCloseTagAndTextOnTheClosingLine) {
  const std::string tagged = "<reasoning>The user wants: a config.\nport: 80 maybe?</reasoning>\n\n```toon\nport: 8080\n```\n";
  EXPECT_EQ(value_json(tagged), R"({"port":8080})");
  toon::extraction x = must_extract(tagged);
  EXPECT_EQ(x.dropped, (std::vector<dropped_lines>{{1, 2, drop_reason::reasoning},
                                                   {4, 4, drop_reason::fence},
                                                   {6, 6, drop_reason::fence}}));

  // The opening tag was in the prompt template: everything before </think> is reasoning.
  const std::string lone = "Okay, the keys are: id and name.\nid: maybe 3\n</think>\n\nid: 3\nname: Ada\n";
  EXPECT_EQ(value_json(lone), R"({"id":3,"name":"Ada"})");
  EXPECT_EQ(must_extract(lone).dropped, (std::vector<dropped_lines>{{1, 3, drop_reason::reasoning}}));

  // `</think>` inside a value is not a closing tag; a byte order mark before <think> is skipped.
  EXPECT_EQ(value_json("note: wrap it in </think>\nid: 1\n"), R"({"note":"wrap it in </think>","id":1})");
  EXPECT_EQ(value_json("\xEF\xBB\xBF<think>x: 1</think>\nid: 2\n"), R"({"id":2})");

  // The answer starts on the closing tag's line: the line is reported, the document starts after the tag.
  const std::string same_line = "<think>short: thought</think>id: 4\n";
  toon::extraction s = must_extract(same_line);
  ASSERT_EQ(s.documents.size(), 1u);
  EXPECT_EQ(s.documents[0].text, "id: 4\n");
  EXPECT_EQ(s.documents[0].first_line, 1u);
  EXPECT_EQ(s.dropped, (std::vector<dropped_lines>{{1, 1, drop_reason::reasoning}}));
}

TEST(ExtractReasoning, HarmonyChannels) {
  const std::string reply =
      "<|channel|>analysis<|message|>Need fields: host, port.\n"  // 1
      "host: maybe localhost<|end|><|start|>assistant<|channel|>final<|message|>\n"  // 2
      "host: db.local\n"  // 3
      "port: 5432\n"      // 4
      "<|return|>\n";     // 5
  EXPECT_EQ(value_json(reply), R"({"host":"db.local","port":5432})");
  toon::extraction x = must_extract(reply);
  EXPECT_EQ(x.documents[0].text, "host: db.local\nport: 5432\n");
  EXPECT_EQ(x.documents[0].first_line, 3u);
  EXPECT_EQ(x.dropped, (std::vector<dropped_lines>{{1, 2, drop_reason::reasoning}, {5, 5, drop_reason::reasoning}}));

  // Everything on one line, the end marker right after the answer.
  const std::string one = "<|channel|>analysis<|message|>x: 1<|end|><|start|>assistant<|channel|>final<|message|>[2]: a,b<|return|>";
  EXPECT_EQ(value_json(one), R"(["a","b"])");
}

TEST(ExtractReasoning, OnlyReasoningIsNoDocument) {
  for (const char* reply : {"<think>\nid: 1\n</think>\n\n", "<think>\nid: 1\n",
                            "<|channel|>analysis<|message|>id: 1<|end|>"}) {
    toon::result<toon::extraction> x = toon::extract(reply);
    ASSERT_FALSE(x) << reply;
    EXPECT_EQ(x.error().code, toon::error_code::no_document) << reply;
    EXPECT_NE(x.error().message.find("reasoning"), std::string::npos) << x.error().message;
  }
}

TEST(ExtractLeadIn, LeadInBeforeJsonIsNotAKey) {
  toon::reply_options o;
  o.accept_json = true;
  EXPECT_EQ(value_json("Sure:\n{\"a\": 1}\n", o), R"({"a":1})");
  toon::extraction x = must_extract("Sure:\n{\"a\": 1}\n");
  EXPECT_EQ(x.documents[0].kind, payload_kind::json);
  EXPECT_EQ(x.dropped, (std::vector<dropped_lines>{{1, 1, drop_reason::lead_in}}));
  // Without accept_json, the error is the real one: JSON where TOON was asked for.
  toon::result<toon::value> refused = toon::decode_reply("Sure:\n{\"a\": 1}\n");
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, toon::error_code::json_input);
  EXPECT_EQ(refused.error().line, 2u);
}

TEST(ExtractLeadIn, CapitalisedLeadInBeforeToonAndKeysThatStayKeys) {
  toon::extraction x = must_extract("Result:\n\nname: Ada\nage: 36\n");
  EXPECT_EQ(x.documents[0].text, "name: Ada\nage: 36\n");
  EXPECT_EQ(x.dropped, (std::vector<dropped_lines>{{1, 1, drop_reason::lead_in}}));
  // Indented under it: a key. Lowercase before an unindented line: an empty object, as TOON reads it.
  EXPECT_EQ(value_json("Result:\n  name: Ada\n"), R"({"Result":{"name":"Ada"}})");
  EXPECT_EQ(value_json("meta:\nid: 1\n"), R"({"meta":{},"id":1})");
  EXPECT_TRUE(must_extract("meta:\nid: 1\n").dropped.empty());
  // All capitals and literals' names are keys too (property test: generated documents).
  EXPECT_EQ(value_json("NULL:\nid: 1\n"), R"({"NULL":{},"id":1})");
  EXPECT_EQ(value_json("True:\nid: 1\n"), R"({"True":{},"id":1})");
  EXPECT_EQ(value_json("Infinity:\nid: 1\n"), R"({"Infinity":{},"id":1})");
}

TEST(ExtractLeadIn, MarkdownLabelsAreNotKeys) {
  EXPECT_EQ(value_json("**Result:**\nname: Ada\n"), R"({"name":"Ada"})");
  EXPECT_EQ(must_extract("**Result:**\nname: Ada\n").dropped, (std::vector<dropped_lines>{{1, 1, drop_reason::lead_in}}));
  EXPECT_EQ(value_json("__Answer:__\n\nname: Ada\n"), R"({"name":"Ada"})");
  EXPECT_EQ(value_json("**Result**:\nname: Ada\n"), R"({"name":"Ada"})");
  EXPECT_EQ(value_json("### Result\nname: Ada\n"), R"({"name":"Ada"})");
  EXPECT_EQ(must_extract("### Result\nname: Ada\n").dropped, (std::vector<dropped_lines>{{1, 1, drop_reason::lead_in}}));
  // A TOON comment (one '#') still belongs to the document.
  EXPECT_TRUE(must_extract("# generated\nname: Ada\n").dropped.empty());
  // A heading inside an unfenced document is a comment to the decoder: the document goes on.
  EXPECT_EQ(value_json("## Server\nhost: a\n## Tags\ntags[1]: x\n"), R"({"host":"a","tags":["x"]})");
  // Emphasised prose after the document ends it.
  toon::extraction after = must_extract("name: Ada\n**Note:** the name is as given.\n");
  EXPECT_EQ(after.documents[0].text, "name: Ada\n");
  EXPECT_EQ(after.dropped, (std::vector<dropped_lines>{{2, 2, drop_reason::prose}}));
}

TEST(ExtractBlocks, ToonAnswerPreferredOverJsonEchoWhenJsonIsNotAccepted) {
  const std::string reply =
      "You sent:\n"                                  // 1
      "```json\n"                                    // 2
      "{\"name\": \"ada\", \"langs\": [\"en\"]}\n"   // 3
      "```\n"                                        // 4
      "Here it is in TOON:\n"                        // 5
      "```toon\n"                                    // 6
      "name: Ada\n"                                  // 7
      "langs[2]: en,fr\n"                            // 8
      "```\n";                                       // 9
  EXPECT_EQ(value_json(reply), R"({"name":"Ada","langs":["en","fr"]})");
  toon::extract_options o;
  o.prefer_toon = true;
  toon::extraction x = must_extract(reply, o);
  ASSERT_EQ(x.documents.size(), 1u);
  EXPECT_EQ(x.documents[0].first_line, 7u);
  EXPECT_EQ(x.dropped, (std::vector<dropped_lines>{{1, 1, drop_reason::prose},
                                                   {2, 4, drop_reason::other_format},
                                                   {5, 5, drop_reason::prose},
                                                   {6, 6, drop_reason::fence},
                                                   {9, 9, drop_reason::fence}}));
  // Without the preference (and when JSON is accepted), the first block is the first block.
  EXPECT_EQ(must_extract(reply).documents[0].first_line, 3u);
  toon::reply_options json_ok;
  json_ok.accept_json = true;
  EXPECT_EQ(value_json(reply, json_ok), R"({"name":"ada","langs":["en"]})");
  // A JSON block alone is still found (and refused as JSON).
  toon::result<toon::value> only_json = toon::decode_reply("```json\n{\"a\": 1}\n```\n");
  ASSERT_FALSE(only_json);
  EXPECT_EQ(only_json.error().code, toon::error_code::json_input);
}

TEST(ExtractBlocks, AnswerPreferredOverAFormatOfPlaceholders) {
  const std::string reply =
      "Use this format:\n"  // 1
      "```toon\n"           // 2
      "host: <string>\n"    // 3
      "port: <int>\n"       // 4
      "```\n"               // 5
      "Here is the answer:\n"  // 6
      "```toon\n"           // 7
      "host: db.local\n"    // 8
      "port: 5432\n"        // 9
      "```\n";              // 10
  toon::result<endpoint> e = toon::decode_reply<endpoint>(reply);
  ASSERT_TRUE(e) << e.error().to_string();
  EXPECT_EQ(e->host, "db.local");
  EXPECT_EQ(e->port, 5432);
  toon::extraction x = must_extract(reply);
  EXPECT_EQ(x.documents[0].first_line, 8u);
  EXPECT_EQ(x.dropped, (std::vector<dropped_lines>{{1, 1, drop_reason::prose},
                                                   {2, 5, drop_reason::placeholders},
                                                   {6, 6, drop_reason::prose},
                                                   {7, 7, drop_reason::fence},
                                                   {10, 10, drop_reason::fence}}));
  // `all` returns both; `last` the answer too when the format comes after it.
  EXPECT_EQ(must_extract(reply, {toon::block_choice::all}).documents.size(), 2u);
  const std::string after = "```toon\nhost: a\nport: 1\n```\nThe format is:\n```toon\nhost: ...\nport: ...\n```\n";
  EXPECT_EQ(must_extract(after, {toon::block_choice::last}).documents[0].first_line, 2u);
  // Table cells and JSON values too; a lone block of placeholders is still the document.
  EXPECT_EQ(must_extract("```toon\nrows[1]{id,name}:\n  <id>,<name>\n```\n```toon\nrows[1]{id,name}:\n  1,a\n```\n")
                .documents[0]
                .first_line,
            6u);
  EXPECT_EQ(must_extract("```json\n{\"host\": \"<string>\"}\n```\n```json\n{\"host\": \"h\"}\n```\n").documents[0].first_line,
            5u);
  EXPECT_EQ(must_extract("```toon\nhost: <string>\n```\n").documents[0].first_line, 2u);
  // Markup is a value, not a placeholder.
  EXPECT_EQ(must_extract("```toon\nhtml: <b>x</b>\n```\n```toon\nhtml: y\n```\n").documents[0].first_line, 2u);
}

TEST(ExtractBlocks, FenceIndentedUnderAListItem) {
  const std::string reply = "1. Config:\n   ```toon\n   a: 1\n   b: 2\n   ```\n";
  EXPECT_EQ(value_json(reply), R"({"a":1,"b":2})");
  toon::extraction x = must_extract(reply);
  ASSERT_EQ(x.documents.size(), 1u);
  EXPECT_EQ(x.documents[0].text, "a: 1\nb: 2\n");
  EXPECT_EQ(x.documents[0].dedent, 3u);
  ASSERT_TRUE(x.documents[0].storage);
  EXPECT_EQ(x.documents[0].first_line, 3u);
  EXPECT_EQ(x.dropped, (std::vector<dropped_lines>{
                           {1, 1, drop_reason::prose}, {2, 2, drop_reason::fence}, {5, 5, drop_reason::fence}}));
  // Copies keep their text.
  toon::extraction copy = x;
  x = {};
  EXPECT_EQ(copy.documents[0].text, "a: 1\nb: 2\n");

  // Nested content keeps its own indentation; a nested list item's fence (5 spaces) counts too.
  const std::string nested = "- Steps:\n  - Config:\n     ```toon\n     server:\n       port: 80\n     ```\n";
  EXPECT_EQ(value_json(nested), R"({"server":{"port":80}})");

  // A fence at the top level is still a view into the reply.
  const std::string top = "```toon\na: 1\n```\n";
  toon::extraction t = must_extract(top);
  EXPECT_EQ(t.documents[0].dedent, 0u);
  EXPECT_FALSE(t.documents[0].storage);
  EXPECT_EQ(t.documents[0].text.data(), top.data() + 8);
}

TEST(ExtractBlocks, IndentedFenceErrorsAreAtTheReplysLineAndColumn) {
  const std::string reply = "1. Server:\n   ```toon\n   host: a\n   port: 80\n   region: eu\n   ```\n";
  toon::result<endpoint> r = toon::decode_reply<endpoint>(reply);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::unknown_field);
  EXPECT_EQ(r.error().line, 5u);
  EXPECT_EQ(r.error().column, 4u);  // `region` starts at column 4 of the reply's line
}

TEST(Refusal, IsItsOwnErrorAndItsCorrectionRequest) {
  EXPECT_EQ(toon::to_string(toon::error_code::refusal), "refusal");
  const std::string reply = "I'm sorry, I can't help with that.";
  toon::result<endpoint> r = toon::decode_reply<endpoint>(reply);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::refusal);
  EXPECT_EQ(r.error().line, 1u);
  EXPECT_EQ(toon::correction_request(r.error(), reply),
            "Your reply declined the task; it holds no TOON document.\n"
            "Answer again with only the corrected TOON document in a ```toon fence.");
  // Curly apostrophes, several lines, and after reasoning.
  for (const char* text : {"I\xE2\x80\x99m unable to share that.\nIt is private.\n", "Unfortunately, I cannot do this.",
                           "<think>policy</think>\nSorry, but no.\n"}) {
    toon::result<toon::extraction> x = toon::extract(text);
    ASSERT_FALSE(x) << text;
    EXPECT_EQ(x.error().code, toon::error_code::refusal) << text;
  }
  // A document that happens to start with such words is still a document.
  EXPECT_EQ(value_json("```toon\nmessage: I'm sorry\n```\n"), R"({"message":"I'm sorry"})");
}

}  // namespace

namespace {

struct service {
  std::string host;
  bool tls = false;
  std::vector<std::string> tags;
};
struct row {
  int id = 0;
  std::string name;
};
struct table {
  std::vector<row> items;
};

// Issue 38: the first error names what the model can fix.
TEST(FirstErrors, YamlListGetsTheHeaderHint) {
  // Typed: the array field meets the object `tags:` opens.
  toon::result<service> r = toon::decode_reply<service>("host: a\ntls: true\ntags:\n  - eu\n  - b2b\n");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::type_mismatch);
  EXPECT_EQ(r.error().line, 3u);
  EXPECT_EQ(r.error().path, "tags");
  EXPECT_NE(r.error().message.find("key[N]:"), std::string::npos) << r.error().message;

  // Into a value: the item line where a key belongs.
  toon::result<toon::value> v = toon::decode_reply("host: a\ntags:\n  - eu\n  - b2b\n");
  ASSERT_FALSE(v);
  EXPECT_EQ(v.error().code, toon::error_code::missing_colon);
  EXPECT_EQ(v.error().line, 3u);
  EXPECT_NE(v.error().message.find("key[N]:"), std::string::npos) << v.error().message;
  EXPECT_NE(v.error().message.find("list item"), std::string::npos) << v.error().message;

  toon::result<toon::value> top = toon::decode_reply("- eu\n- b2b\n");
  ASSERT_FALSE(top);
  EXPECT_NE(top.error().message.find("[N]:"), std::string::npos) << top.error().to_string();
}

TEST(FirstErrors, UnindentedRowsAreNamed) {
  toon::result<table> r = toon::decode_reply<table>("items[2]{id,name}:\n1,Ada\n2,Bob\n");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::length_mismatch);
  EXPECT_EQ(r.error().message,
            "the header says 2, found 0 rows (the next line looks like a row written at the header's level: rows are "
            "indented one level under the header)");
  // List items likewise; repair mode has no safe guess either.
  toon::result<toon::value> items = toon::decode_reply("tags[2]:\n- eu\n- b2b\n");
  ASSERT_FALSE(items);
  EXPECT_NE(items.error().message.find("looks like an item written at the header's level"), std::string::npos)
      << items.error().message;
  toon::result<toon::repaired<toon::value>> repaired = toon::decode_reply_repaired("tags[2]:\n- eu\n- b2b\n");
  ASSERT_FALSE(repaired);
  EXPECT_EQ(repaired.error().message, items.error().message);
}

TEST(FirstErrors, PythonLiteralsGetAHint) {
  toon::result<service> r = toon::decode_reply<service>("host: a\ntls: True\ntags[0]:\n");
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, toon::error_code::type_mismatch);
  EXPECT_EQ(r.error().path, "tls");
  EXPECT_EQ(r.error().message, "expected boolean, found string True (a Python literal: TOON writes true)");
  // Other strings: no hint.
  toon::result<service> yes = toon::decode_reply<service>("host: a\ntls: yes\ntags[0]:\n");
  ASSERT_FALSE(yes);
  EXPECT_EQ(yes.error().message, "expected boolean, found string");
}

TEST(FirstErrors, MessagesWithoutAPositionAreFormattedCleanly) {
  toon::result<toon::value> r = toon::decode_reply("Hello there.\nHow can I help?\n");
  ASSERT_FALSE(r);
  ASSERT_EQ(r.error().line, 0u);
  const std::string text = toon::format_error(r.error(), "", "reply");
  EXPECT_EQ(text.rfind("reply: no TOON", 0), 0u) << text;
  // With a position: file:line:col: as before.
  toon::result<toon::value> at = toon::decode_reply("a: 1\na: 2\n");
  ASSERT_FALSE(at);
  EXPECT_EQ(toon::format_error(at.error(), "a: 1\na: 2\n", "reply").rfind("reply:2:1: ", 0), 0u);
}

}  // namespace
