// toon::extract and toon::decode_reply (toon/extract.hpp): fences, prose, several blocks, JSON
// payloads, the dropped line ranges, and error lines counted in the reply.
#include <gtest/gtest.h>

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "toon/extract.hpp"

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

  toon::result<toon::extraction> none = toon::extract("I'm sorry, I can't do that.\nIt is not allowed.\n");
  ASSERT_FALSE(none);
  EXPECT_EQ(none.error().code, toon::error_code::no_document);
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
  toon::result<endpoint> none = toon::decode_reply<endpoint>("I cannot help with that.\nSorry.\n");
  ASSERT_FALSE(none);
  EXPECT_EQ(toon::correction_request(none.error(), ""),
            "Your reply holds no TOON document.\n"
            "Answer again with only the corrected TOON document in a ```toon fence.");
}

}  // namespace
