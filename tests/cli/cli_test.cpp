// Behaviour of the `toon` command-line tool, run as a child process.
// Expected outputs are written by hand from the TOON specification.
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "cli_fixture.hpp"
#include "toon/error.hpp"
#include "toon/events.hpp"
#include "toon/tokens.hpp"

namespace fs = std::filesystem;

namespace {

using toon_cli_test::run_result;
using toon_cli_test::shell_quote;
using toon_cli_test::slurp;
using toon_cli_test::spit;

class Cli : public toon_cli_test::cli_fixture {};

// A small document and its TOON form (§9.3 tabular array, §8 primitive field).
const std::string users_json =
    R"({"users":[{"id":1,"name":"Alice","role":"admin"},{"id":2,"name":"Bob","role":"user"}],"count":2})";
const std::string users_toon =
    "users[2]{id,name,role}:\n"
    "  1,Alice,admin\n"
    "  2,Bob,user\n"
    "count: 2\n";

const std::string profile_toon =
    "name: Ada\n"
    "tags[2]: x,y\n"
    "address:\n"
    "  city: London\n";
const std::string profile_json_pretty =
    "{\n"
    "  \"name\": \"Ada\",\n"
    "  \"tags\": [\n"
    "    \"x\",\n"
    "    \"y\"\n"
    "  ],\n"
    "  \"address\": {\n"
    "    \"city\": \"London\"\n"
    "  }\n"
    "}\n";
const std::string profile_json_compact = R"({"name":"Ada","tags":["x","y"],"address":{"city":"London"}})"
                                         "\n";

bool ends_with_single_newline(const std::string& s) {
  return s.size() >= 1 && s.back() == '\n' && (s.size() < 2 || s[s.size() - 2] != '\n');
}

// ---- encode -----------------------------------------------------------------------------------

TEST_F(Cli, EncodeFile) {
  file("users.json", users_json);
  run_result r = run({"encode", "users.json"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, users_toon);
  EXPECT_EQ(r.err, "");
}

TEST_F(Cli, EncodeStdin) {
  run_result r = run({"encode"}, users_json);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, users_toon);
  r = run({"encode", "-"}, users_json);
  EXPECT_EQ(r.out, users_toon);
}

TEST_F(Cli, EncodeDelimiters) {
  run_result tab = run({"encode", "--delimiter", "tab"}, users_json);
  EXPECT_EQ(tab.status, 0) << tab.err;
  EXPECT_EQ(tab.out, "users[2\t]{id\tname\trole}:\n  1\tAlice\tadmin\n  2\tBob\tuser\ncount: 2\n");
  run_result pipe = run({"encode", "--delimiter=pipe"}, users_json);
  EXPECT_EQ(pipe.status, 0) << pipe.err;
  EXPECT_EQ(pipe.out, "users[2|]{id|name|role}:\n  1|Alice|admin\n  2|Bob|user\ncount: 2\n");
  run_result comma = run({"encode", "--delimiter", ","}, users_json);
  EXPECT_EQ(comma.out, users_toon);
  // Inline primitive arrays use the delimiter too (§9.1, §11).
  run_result inl = run({"encode", "--delimiter", "|"}, R"({"tags":["a","b,c"]})");
  EXPECT_EQ(inl.out, "tags[2|]: a|b,c\n");
}

TEST_F(Cli, EncodeIndent) {
  run_result r = run({"encode", "--indent", "4"}, R"({"a":{"b":{"c":1}},"rows":[{"x":1},{"x":2}]})");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "a:\n    b:\n        c: 1\nrows[2]{x}:\n    1\n    2\n");
}

TEST_F(Cli, EncodeNestedForms) {
  run_result r = run({"encode"}, R"({"order":{"id":7,"items":[1,"two",true,null]},"empty":[],"obj":{}})");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "order:\n  id: 7\n  items[4]: 1,two,true,null\nempty: []\nobj:\n");
}

TEST_F(Cli, EncodeKeepsBigIntegers) {
  run_result r = run({"encode"}, R"({"n":123456789012345678901234567890,"m":18446744073709551615})");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "n: 123456789012345678901234567890\nm: 18446744073709551615\n");
}

TEST_F(Cli, EncodeEmptyObjectPrintsOneNewline) {
  run_result r = run({"encode"}, "{}");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "\n");
}

TEST_F(Cli, EncodeRootPrimitiveAndArray) {
  EXPECT_EQ(run({"encode"}, "\"hello world\"").out, "hello world\n");
  EXPECT_EQ(run({"encode"}, "[1,2,3]").out, "[3]: 1,2,3\n");
}

// ---- decode -----------------------------------------------------------------------------------

TEST_F(Cli, DecodeFileDefaultsToPrettyJson) {
  file("profile.toon", profile_toon);
  run_result r = run({"decode", "profile.toon"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, profile_json_pretty);
  EXPECT_EQ(r.err, "");
}

TEST_F(Cli, DecodeStdin) {
  run_result r = run({"decode"}, profile_toon);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, profile_json_pretty);
  r = run({"--decode", "-"}, profile_toon);
  EXPECT_EQ(r.out, profile_json_pretty);
  r = run({"-d"}, profile_toon);
  EXPECT_EQ(r.out, profile_json_pretty);
}

TEST_F(Cli, DecodeJsonIndent) {
  EXPECT_EQ(run({"decode", "--json-indent", "0"}, profile_toon).out, profile_json_compact);
  EXPECT_EQ(run({"decode", "--json-indent=4"}, "a:\n  b: 1\n").out, "{\n    \"a\": {\n        \"b\": 1\n    }\n}\n");
}

TEST_F(Cli, DecodeIndentAlsoSetsJsonIndent) {
  // --indent 4 reads 4-space TOON; JSON follows it unless --json-indent says otherwise.
  run_result r = run({"decode", "--indent", "4"}, "a:\n    b: 1\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "{\n    \"a\": {\n        \"b\": 1\n    }\n}\n");
  r = run({"decode", "--indent", "4", "--json-indent", "0"}, "a:\n    b: 1\n");
  EXPECT_EQ(r.out, "{\"a\":{\"b\":1}}\n");
  // With the default indent of 2 the same document is badly indented in strict mode.
  EXPECT_EQ(run({"decode"}, "a:\n   b: 1\n").status, 1);
}

TEST_F(Cli, DecodeTabularAndDelimiters) {
  run_result r = run({"decode", "--json-indent", "0"}, "users[2|]{id|name}:\n  1|Alice\n  2|Bob\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, R"({"users":[{"id":1,"name":"Alice"},{"id":2,"name":"Bob"}]})"
                   "\n");
}

TEST_F(Cli, DecodeEmptyDocumentIsEmptyObject) {
  run_result r = run({"decode"}, "");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "{}\n");
}

TEST_F(Cli, NoStrictAcceptsWhatStrictRejects) {
  const std::string doc = "tags[3]: a,b\n";  // declares 3 values, has 2 (§14.1)
  run_result strict = run({"decode"}, doc);
  EXPECT_EQ(strict.status, 1);
  EXPECT_NE(strict.err.find("<stdin>:1:"), std::string::npos) << strict.err;
  run_result lenient = run({"decode", "--no-strict", "--json-indent", "0"}, doc);
  EXPECT_EQ(lenient.status, 0) << lenient.err;
  EXPECT_EQ(lenient.out, "{\"tags\":[\"a\",\"b\"]}\n");
  // --strict after --no-strict restores strict mode.
  EXPECT_EQ(run({"decode", "--no-strict", "--strict"}, doc).status, 1);
}

TEST_F(Cli, NoStrictDuplicateKeysLastWins) {
  const std::string doc = "a: 1\na: 2\n";
  EXPECT_EQ(run({"decode"}, doc).status, 1);
  run_result r = run({"decode", "--no-strict", "--json-indent", "0"}, doc);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "{\"a\":2}\n");
}

// ---- direction from the file name ---------------------------------------------------------------

TEST_F(Cli, AutoDetectsDirectionFromExtension) {
  file("in.json", users_json);
  file("in.toon", profile_toon);
  run_result enc = run({"in.json"});
  EXPECT_EQ(enc.status, 0) << enc.err;
  EXPECT_EQ(enc.out, users_toon);
  run_result dec = run({"in.toon"});
  EXPECT_EQ(dec.status, 0) << dec.err;
  EXPECT_EQ(dec.out, profile_json_pretty);
}

TEST_F(Cli, StdinWithoutCommandEncodes) {
  run_result r = run({}, users_json);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, users_toon);
}

TEST_F(Cli, UnknownExtensionEncodes) {
  file("data.txt", R"({"a":1})");
  EXPECT_EQ(run({"data.txt"}).out, "a: 1\n");
}

TEST_F(Cli, ExplicitCommandOverridesExtension) {
  file("weird.json", "a: 1\n");  // TOON in a .json file
  run_result r = run({"decode", "--json-indent", "0", "weird.json"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "{\"a\":1}\n");
  file("weird.toon", R"({"a":1})");
  EXPECT_EQ(run({"-e", "weird.toon"}).out, "a: 1\n");
}

// ---- output file ------------------------------------------------------------------------------

TEST_F(Cli, OutputFile) {
  file("users.json", users_json);
  run_result r = run({"users.json", "-o", "users.toon"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(slurp(dir_ / "users.toon"), users_toon);

  r = run({"users.toon", "--output=back.json", "--json-indent", "0"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(slurp(dir_ / "back.json"), users_json + "\n");
}

TEST_F(Cli, OutputFileUntouchedOnError) {
  file("bad.json", "{\"a\":");
  file("keep.toon", "old contents\n");
  run_result r = run({"bad.json", "-o", "keep.toon"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(slurp(dir_ / "keep.toon"), "old contents\n");
}

TEST_F(Cli, OutputEndsWithExactlyOneNewline) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"encode"}, {"decode"}}) {
    std::string input = args[0] == "encode" ? users_json + "\n\n\n" : profile_toon + "\n\n";
    run_result r = run(args, input);
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(ends_with_single_newline(r.out)) << args[0] << ": " << r.out;
  }
  EXPECT_TRUE(ends_with_single_newline(run({"decode"}, "hello").out));
}

// ---- errors -----------------------------------------------------------------------------------

TEST_F(Cli, BadToonFileReportsPositionLineAndCaret) {
  file("bad.toon", "name: Ada\nitems[3]: a,b\n");
  run_result r = run({"bad.toon"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  std::regex pattern(R"(^bad\.toon:2:(\d+): [^\n]+\nitems\[3\]: a,b\n( *)\^\n$)");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.err, m, pattern)) << r.err;
  EXPECT_EQ(std::stoul(m[1]), m[2].length() + 1) << "caret under the reported column";
}

TEST_F(Cli, BadJsonFileReportsPositionLineAndCaret) {
  file("bad.json", "{\n  \"a\": 1,\n  \"b\": [1, 2,]\n}\n");
  run_result r = run({"bad.json"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  // The ']' after the trailing comma is at line 3, column 14.
  EXPECT_EQ(r.err.rfind("bad.json:3:14: ", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("\n  \"b\": [1, 2,]\n             ^\n"), std::string::npos) << r.err;
}

TEST_F(Cli, BadJsonOnStdin) {
  run_result r = run({}, R"({"a": 1,})");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "<stdin>:1:9: unexpected '}'\n{\"a\": 1,}\n        ^\n");
}

TEST_F(Cli, BadToonOnStdin) {
  run_result r = run({"decode"}, "a: 1\na: 2\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("<stdin>:2:", 0), 0u) << r.err;
  EXPECT_NE(r.err.find("\na: 2\n"), std::string::npos) << r.err;
}

TEST_F(Cli, ToonGivenToTheJsonReaderHintsAtDecode) {
  const std::string hint = "hint: the input is TOON, not JSON; `toon decode` converts TOON to JSON\n";
  run_result r = run({}, users_toon, true);  // piped, no command: encode
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("<stdin>:1:", 0), 0u) << r.err;
  EXPECT_GE(r.err.size(), hint.size());
  EXPECT_EQ(r.err.substr(r.err.size() - hint.size()), hint) << r.err;
  file("data.txt", "a: 1\nb[2]: x,y\n");
  run_result f = run({"encode", "data.txt"});
  EXPECT_EQ(f.status, 1);
  EXPECT_NE(f.err.find(hint), std::string::npos) << f.err;
  // A TOON root array too.
  EXPECT_NE(run({}, "[2]: a,b\n").err.find(hint), std::string::npos);
  // Broken JSON, a lone word and empty input get no hint.
  EXPECT_EQ(run({}, R"({"a": 1,})").err.find("hint:"), std::string::npos);
  EXPECT_EQ(run({}, "[1, 2,]").err.find("hint:"), std::string::npos);
  EXPECT_EQ(run({}, "hello").err.find("hint:"), std::string::npos);
  EXPECT_EQ(run({"encode"}, "\n").err.find("hint:"), std::string::npos);
}

TEST_F(Cli, EmptyJsonInputIsAnError) {
  run_result r = run({"encode"}, "");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("<stdin>:1:1: ", 0), 0u) << r.err;
}

TEST_F(Cli, LongLineErrorsShowAWindow) {
  std::string json = "[";
  for (int i = 0; i < 5000; ++i) json += std::to_string(i) + ",";
  json += "}";
  run_result r = run({"encode"}, json);
  EXPECT_EQ(r.status, 1);
  EXPECT_LT(r.err.size(), 600u) << "the whole line was printed";
  std::regex pattern(R"(^<stdin>:1:(\d+): [^\n]+\n\.\.\.[^\n]*\}\n *\^\n$)");
  EXPECT_TRUE(std::regex_search(r.err, pattern)) << r.err;
}

TEST_F(Cli, MissingFile) {
  run_result r = run({"nope.json"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.err.find("nope.json"), std::string::npos) << r.err;
  EXPECT_EQ(r.out, "");
}

TEST_F(Cli, InvalidUtf8ToonInStrictMode) {
  run_result r = run({"decode"}, "a: \xFF\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("<stdin>:1:", 0), 0u) << r.err;
}

// ---- usage ------------------------------------------------------------------------------------

TEST_F(Cli, UsageErrorsExitWithTwo) {
  for (const auto& args : std::vector<std::vector<std::string>>{
           {"--bogus"},
           {"encode", "--delimiter", "semicolon"},
           {"encode", "--delimiter"},
           {"--indent", "0"},
           {"--indent", "two"},
           {"--indent=-1"},
           {"--json-indent", "x"},
           {"a.json", "b.json"},
           {"encode", "--decode"},
           {"-e", "-d"},
           {"-o"},
           {"--strict=yes"},
       }) {
    run_result r = run(args, "{}");
    std::string joined;
    for (const auto& a : args) joined += a + " ";
    EXPECT_EQ(r.status, 2) << joined << "-> " << r.err;
    EXPECT_NE(r.err.find("Usage: toon"), std::string::npos) << joined << "-> " << r.err;
    EXPECT_EQ(r.out, "") << joined;
  }
}

TEST_F(Cli, UsageErrorNamesTheProblem) {
  run_result r = run({"--frobnicate"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("--frobnicate"), std::string::npos) << r.err;
  r = run({"--delimiter", "semicolon"});
  EXPECT_NE(r.err.find("semicolon"), std::string::npos) << r.err;
}

TEST_F(Cli, Help) {
  for (const char* flag : {"--help", "-h"}) {
    run_result r = run({flag});
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.out.find("Usage:"), std::string::npos);
    EXPECT_NE(r.out.find("--delimiter"), std::string::npos);
    EXPECT_NE(r.out.find("--no-strict"), std::string::npos);
    EXPECT_NE(r.out.find("Examples:"), std::string::npos);
    EXPECT_EQ(r.err, "");
  }
  EXPECT_EQ(run({"encode", "--help"}).status, 0);
}

TEST_F(Cli, Version) {
  run_result r = run({"--version"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out.rfind("toon ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("TOON spec 4.4"), std::string::npos) << r.out;
  EXPECT_TRUE(ends_with_single_newline(r.out));
  EXPECT_EQ(run({"-v"}).out, r.out);
}

// ---- round trip and bundled examples ----------------------------------------------------------

TEST_F(Cli, RoundTripThroughBothDirections) {
  const std::string json =
      R"({"id":18446744073709551615,"big":-123456789012345678901234567890,"f":0.1,"e":1e+21,)"
      R"("s":"line\nbreak, \"quoted\"","u":"\u00e9","list":[{"a":1,"b":[1,2]},{"c":null}],"t":[]})";
  file("doc.json", json);
  ASSERT_EQ(run({"doc.json", "-o", "doc.toon"}).status, 0);
  run_result back = run({"doc.toon", "--json-indent", "0"});
  EXPECT_EQ(back.status, 0) << back.err;
  EXPECT_EQ(back.out,
            R"({"id":18446744073709551615,"big":-123456789012345678901234567890,"f":0.1,"e":1e+21,)"
            R"("s":"line\nbreak, \"quoted\"","u":")"
            "\xC3\xA9"
            R"(","list":[{"a":1,"b":[1,2]},{"c":null}],"t":[]})"
            "\n");
}

TEST_F(Cli, BundledExampleMatchesItsToonFile) {
  const fs::path examples = fs::path(TOON_SOURCE_DIR) / "examples";
  if (!fs::exists(examples / "users.toon")) GTEST_SKIP() << "no examples/users.toon";
  run_result r = run({(examples / "users.json").string()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, slurp(examples / "users.toon"));
  for (const char* name : {"users.json", "orders.json"}) {
    run_result enc = run({(examples / name).string(), "-o", "x.toon"});
    EXPECT_EQ(enc.status, 0) << name << ": " << enc.err;
    run_result dec = run({"x.toon", "--json-indent", "0"});
    EXPECT_EQ(dec.status, 0) << name << ": " << dec.err;
  }
}

// ---- --stats ----------------------------------------------------------------------------------
// Token estimates expected below were printed by the reference CLI (@toon-format/cli 4.1.1,
// `toon --stats`) for the same files.

TEST_F(Cli, StatsOnEncodeGoToStderr) {
  const fs::path examples = fs::path(TOON_SOURCE_DIR) / "examples";
  if (!fs::exists(examples / "users.toon")) GTEST_SKIP() << "no examples/users.toon";
  run_result r = run({"--stats", (examples / "users.json").string()});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, slurp(examples / "users.toon")) << "stdout carries only the TOON";
  const std::string json_bytes = std::to_string(fs::file_size(examples / "users.json"));
  const std::string toon_bytes = std::to_string(fs::file_size(examples / "users.toon"));
  // The compact JSON is what decoding writes with --json-indent 0.
  const std::string compact = run({"decode", "--json-indent", "0", (examples / "users.toon").string()}).out;
  std::regex pattern("^JSON input +" + json_bytes + " bytes  ~235 tokens\n" +  //
                     "JSON compact +" + std::to_string(compact.size()) + " bytes  ~" +
                     std::to_string(toon::estimate_tokens(compact)) + " tokens\n" +  //
                     "TOON +" + toon_bytes + " bytes  ~118 tokens\n" +
                     R"(saved vs input +(\d+) bytes  ~117 tokens  \(-(\d+\.\d)% bytes, -49\.8% tokens\)\n)" +
                     R"(saved vs compact +(\d+) bytes  ~(\d+) tokens  \(-\d+\.\d% bytes, -\d+\.\d% tokens\)\n$)");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.err, m, pattern)) << r.err;
  EXPECT_EQ(std::stoul(m[1]), std::stoul(json_bytes) - std::stoul(toon_bytes));
  EXPECT_EQ(std::stoul(m[3]), compact.size() - std::stoul(toon_bytes));
  EXPECT_EQ(std::stoul(m[4]), toon::estimate_tokens(compact) - 118);
}

TEST_F(Cli, StatsTokenEstimateMatchesTheReferenceOnUnicode) {
  // German, French, Polish and Czech letters, CJK, Hangul, an emoji (two UTF-16 units),
  // full-width letters, numbers and a no-break space.
  file("uni.json",
       "{\"greeting\":\"Gr\xC3\xBC\xC3\x9F" "e aus K\xC3\xB6ln\",\"fr\":\"\xC3\xA9l\xC3\xA8ve tr\xC3\xA8s "
       "fran\xC3\xA7" "ais\",\"pl\":\"za\xC5\xBC\xC3\xB3\xC5\x82\xC4\x87 g\xC4\x99\xC5\x9Bl\xC4\x85 "
       "ja\xC5\xBA\xC5\x84\",\"cjk\":\"\xE6\x9D\xB1\xE4\xBA\xAC\xE3\x82\xBF\xE3\x83\xAF\xE3\x83\xBC\","
       "\"ko\":\"\xEC\x95\x88\xEB\x85\x95\xED\x95\x98\xEC\x84\xB8\xEC\x9A\x94\",\"emoji\":\"ok "
       "\xF0\x9F\x98\x80\xF0\x9F\x98\x80 \xEF\xBC\xA1\xEF\xBC\xA2\",\"n\":[3.14159,42,1000000],"
       "\"nbsp\":\"a b\\u00a0c\"}");
  run_result r = run({"--stats", "uni.json", "-o", "uni.toon"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("JSON input             218 bytes  ~77 tokens\n"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("TOON                   192 bytes  ~61 tokens\n"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("(-11.9% bytes, -20.8% tokens)"), std::string::npos) << r.err;
  EXPECT_EQ(fs::file_size(dir_ / "uni.toon"), 192u);
}

TEST_F(Cli, StatsOnDecodeCompareTheWrittenJson) {
  file("profile.toon", profile_toon);
  run_result plain = run({"profile.toon"});
  run_result r = run({"--stats", "profile.toon"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, plain.out);
  std::regex pattern("^JSON +" + std::to_string(plain.out.size()) + R"( bytes  ~\d+ tokens\n)" +
                     "TOON +" + std::to_string(profile_toon.size()) + R"( bytes  ~\d+ tokens\n)" +
                     R"(saved +\d+ bytes  ~\d+ tokens  \(-\d+\.\d% bytes, -\d+\.\d% tokens\)\n$)");
  EXPECT_TRUE(std::regex_search(r.err, pattern)) << r.err;
}

TEST_F(Cli, StatsShowGrowthWithAPlusSign) {
  run_result r = run({"encode", "--stats"}, "[[1]]");  // "[1]:\n  - [1]: 1" is longer
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err,
            "JSON input               5 bytes  ~3 tokens\n"
            "JSON compact             6 bytes  ~3 tokens\n"
            "TOON                    16 bytes  ~8 tokens\n"
            "saved vs input         -11 bytes  ~-5 tokens  (+220.0% bytes, +166.7% tokens)\n"
            "saved vs compact       -10 bytes  ~-5 tokens  (+166.7% bytes, +166.7% tokens)\n");
}

// ---- --omit-null, --omit-empty ----------------------------------------------------------------

const std::string record_json = R"({
  "id": 1,
  "nick": null,
  "tags": [],
  "rows": [{"a": 1, "b": null}, {"a": 2, "b": 3}]
})";

TEST_F(Cli, OmitFlags) {
  run_result r = run({"encode"}, record_json);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "id: 1\nnick: null\ntags: []\nrows[2]{a,b}:\n  1,null\n  2,3\n");
  r = run({"encode", "--omit-null"}, record_json);
  EXPECT_EQ(r.status, 0) << r.err;
  // The rows no longer have one key set: a list, not a table.
  EXPECT_EQ(r.out, "id: 1\ntags: []\nrows[2]:\n  - a: 1\n  - a: 2\n    b: 3\n");
  r = run({"encode", "--omit-empty"}, record_json);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "id: 1\nnick: null\nrows[2]{a,b}:\n  1,null\n  2,3\n");
  file("record.json", record_json);
  r = run({"--omit-empty", "--omit-null", "record.json", "-o", "record.toon"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(slurp(dir_ / "record.toon"), "id: 1\nrows[2]:\n  - a: 1\n  - a: 2\n    b: 3\n");
  // Decoding gives the input without the omitted members.
  r = run({"record.toon", "--json-indent", "0"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "{\"id\":1,\"rows\":[{\"a\":1},{\"a\":2,\"b\":3}]}\n");
}

TEST_F(Cli, OmitFlagsTakeNoValue) {
  run_result r = run({"encode", "--omit-null=yes"}, "{}");
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("option '--omit-null' takes no value"), std::string::npos) << r.err;
  r = run({"encode", "--omit-empty=1"}, "{}");
  EXPECT_EQ(r.status, 2);
  r = run({"--help"});
  EXPECT_NE(r.out.find("--omit-null"), std::string::npos);
  EXPECT_NE(r.out.find("--omit-empty"), std::string::npos);
}

TEST_F(Cli, StatsCompareWithInputAndCompactJson) {
  // Indented input: the input is larger than the compact JSON, and omission saves more.
  run_result r = run({"encode", "--stats", "--omit-null", "--omit-empty"}, record_json);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err,
            "JSON input              94 bytes  ~33 tokens\n"
            "JSON compact            71 bytes  ~30 tokens\n"
            "TOON                    42 bytes  ~18 tokens\n"
            "saved vs input          52 bytes  ~15 tokens  (-55.3% bytes, -45.5% tokens)\n"
            "saved vs compact        29 bytes  ~12 tokens  (-40.8% bytes, -40.0% tokens)\n");
  r = run({"encode", "--stats"}, record_json);
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err,
            "JSON input              94 bytes  ~33 tokens\n"
            "JSON compact            71 bytes  ~30 tokens\n"
            "TOON                    55 bytes  ~23 tokens\n"
            "saved vs input          39 bytes  ~10 tokens  (-41.5% bytes, -30.3% tokens)\n"
            "saved vs compact        16 bytes  ~7 tokens  (-22.5% bytes, -23.3% tokens)\n");
}

TEST_F(Cli, StatsAreNotPrintedOnErrorsAndTakeNoValue) {
  run_result r = run({"encode", "--stats"}, "{\"a\":");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.find("bytes"), std::string::npos) << r.err;
  r = run({"--stats=yes"}, "{}");
  EXPECT_EQ(r.status, 2) << r.err;
}

TEST_F(Cli, HelpDocumentsStats) {
  run_result r = run({"--help"});
  EXPECT_NE(r.out.find("--stats"), std::string::npos);
  EXPECT_NE(r.out.find("--strict"), std::string::npos);
}

// ---- large inputs -----------------------------------------------------------------------------

// A TOON table whose JSON form is several MiB (more than the CLI buffers before it starts
// writing), and a file over the size from which inputs are memory-mapped.
std::string large_toon(int rows) {
  std::string t = "rows[" + std::to_string(rows) + "]{id,name,email,score}:\n";
  for (int i = 0; i < rows; ++i) {
    std::string n = std::to_string(i);
    t += "  " + n + ",user " + n + ",u" + n + "@example.com," + n + ".5\n";
  }
  return t;
}

TEST_F(Cli, LargeDecodeStreamsTheSameJson) {
  const int rows = 60000;
  file("big.toon", large_toon(rows));
  ASSERT_GT(fs::file_size(dir_ / "big.toon"), std::uintmax_t(1) << 20);
  run_result streamed = run({"big.toon", "-o", "streamed.json"});  // strict: events to output
  ASSERT_EQ(streamed.status, 0) << streamed.err;
  run_result tree = run({"--no-strict", "big.toon", "-o", "tree.json"});  // through a value tree
  ASSERT_EQ(tree.status, 0) << tree.err;
  const std::string json = slurp(dir_ / "streamed.json");
  EXPECT_GT(json.size(), std::size_t(4) << 20);
  EXPECT_TRUE(json == slurp(dir_ / "tree.json")) << "streamed and tree-built JSON differ";
  run_result to_stdout = run({"big.toon"});
  EXPECT_EQ(to_stdout.status, 0);
  EXPECT_TRUE(to_stdout.out == json);
  // And back: the mapped JSON input encodes to the original TOON.
  run_result back = run({"streamed.json"});
  EXPECT_EQ(back.status, 0) << back.err;
  EXPECT_TRUE(back.out == large_toon(rows));
}

TEST_F(Cli, LargeDecodeErrorLeavesTheOutputFileUntouched) {
  file("bad.toon", large_toon(60000) + "  oops\n");
  file("keep.json", "{\"old\":true}\n");
  run_result r = run({"bad.toon", "-o", "keep.json"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("bad.toon:60002:", 0), 0u) << r.err.substr(0, 200);
  EXPECT_EQ(slurp(dir_ / "keep.json"), "{\"old\":true}\n");
  for (const auto& entry : fs::directory_iterator(dir_))
    EXPECT_EQ(entry.path().filename().string().find(".toon-"), std::string::npos)
        << "temporary file left behind: " << entry.path();
  // A new file is not created at all.
  r = run({"bad.toon", "-o", "new.json"});
  EXPECT_EQ(r.status, 1);
  EXPECT_FALSE(fs::exists(dir_ / "new.json"));
  // Standard output has received the beginning of the JSON: the exit status tells.
  r = run({"bad.toon"});
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out.rfind("{\n  \"rows\": [", 0), 0u);
}

TEST_F(Cli, LargeDecodeReplacesAFileKeepingItsMode) {
  file("big.toon", large_toon(60000));
  file("out.json", "old\n");
  fs::permissions(dir_ / "out.json", fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  run_result r = run({"big.toon", "-o", "out.json"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_GT(fs::file_size(dir_ / "out.json"), std::uintmax_t(4) << 20);
  EXPECT_EQ(fs::status(dir_ / "out.json").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
}

// ---- streaming decode ---------------------------------------------------------------------------

// What the CLI printed for an invalid document when it decoded the whole text at once:
// format_error() on the whole text (render_error), then a line break.
std::string whole_text_diagnostic(const std::string& doc, const std::string& name) {
  class ignore final : public toon::event_handler {
   public:
    bool start_object(std::size_t, std::size_t) override { return true; }
    bool end_object() override { return true; }
    bool start_array(std::size_t, std::size_t) override { return true; }
    bool end_array() override { return true; }
    bool key(std::string_view, std::size_t) override { return true; }
    bool null_value(std::size_t) override { return true; }
    bool bool_value(bool, std::size_t) override { return true; }
    bool int_value(std::int64_t, std::size_t) override { return true; }
    bool uint_value(std::uint64_t, std::size_t) override { return true; }
    bool double_value(double, std::size_t) override { return true; }
    bool big_integer_value(std::string_view, std::size_t) override { return true; }
    bool string_value(std::string_view, std::size_t) override { return true; }
  } handler;
  auto r = toon::decode_events(doc, handler);
  if (r) return "(valid)";
  if (r.error().line == 0) return name + ": " + r.error().to_string() + "\n";
  return toon::format_error(r.error(), doc, name) + "\n";
}

// Invalid documents whose error is far into the input, on a line long gone by the time it is
// reported, at the end, after a byte order mark, with CRLF, in a very long line.
std::vector<std::string> invalid_documents() {
  const std::string big = large_toon(60000);
  const std::string long_line = "s: \"" + std::string(100000, 'x') + "\\q\"\n";  // escape error
  return {
      big + "  oops\n",                                            // stray row after the table
      big.substr(0, big.size() / 2) + "  1,2\n" + big.substr(big.size() / 2),  // width, mid-table
      "rows[60001]" + big.substr(big.find('{')),                   // count, at the far header
      "\xEF\xBB\xBF" "rows[60001]" + big.substr(big.find('{')),    // ... after a BOM
      "\xEF\xBB\xBF" "a: \"open\n",
      "a: 1\r\nb[2]: x\r\n",
      "list[2]:\n  - 1\n\n\n  - 2\n",                              // blank line, reported later
      "a:\n  b: 1\n   c: 2\n",
      long_line,
      big + "x[2]: a",                                               // at the end, no line break
      "a: 1\n" + std::string(70000, '\n') + "b",                   // error after many blank lines
  };
}

TEST_F(Cli, StreamingDecodeErrorsMatchWholeTextDiagnostics) {
  int i = 0;
  for (const std::string& doc : invalid_documents()) {
    const std::string what = "document " + std::to_string(i++);
    const std::string expected = whole_text_diagnostic(doc, "<stdin>");
    ASSERT_NE(expected, "(valid)") << what;
    run_result piped = run({"decode"}, doc, true);
    EXPECT_EQ(piped.status, 1) << what;
    EXPECT_EQ(piped.err, expected) << what;
    run_result redirected = run({"decode"}, doc);  // stdin is a regular file
    EXPECT_EQ(redirected.err, expected) << what;
    file("bad.toon", doc);
    run_result named = run({"decode", "bad.toon"});
    EXPECT_EQ(named.err, whole_text_diagnostic(doc, "bad.toon")) << what;
  }
}

TEST_F(Cli, StreamingDecodeErrorInStdinReadFromTheMiddleOfAFile) {
  // The shell consumes the first line; toon's standard input starts at the second.
  const std::string doc = "a: 1\nb[2]: x\n";
  file("in.toon", "skipped line\n" + doc);
  const std::string cmd = "cd " + shell_quote(dir_.string()) + " && { read -r skipped; " +
                          shell_quote(TOON_CLI_PATH) + " decode; } < in.toon > out.txt 2> err.txt";
  const int raw = std::system(cmd.c_str());
  ASSERT_TRUE(raw != -1 && WIFEXITED(raw));
  EXPECT_EQ(WEXITSTATUS(raw), 1);
  EXPECT_EQ(slurp(dir_ / "err.txt"), whole_text_diagnostic(doc, "<stdin>"));
}

TEST_F(Cli, PipedDecodeGivesTheSameJsonAsAFile) {
  const std::string doc = large_toon(60000);
  file("big.toon", doc);
  run_result from_file = run({"big.toon"});
  ASSERT_EQ(from_file.status, 0) << from_file.err;
  run_result piped = run({"decode"}, doc, true);
  EXPECT_EQ(piped.status, 0) << piped.err;
  EXPECT_TRUE(piped.out == from_file.out);
  run_result tree = run({"decode", "--no-strict"}, doc, true);
  EXPECT_EQ(tree.status, 0) << tree.err;
  EXPECT_TRUE(tree.out == from_file.out);
  for (const std::string& small : {profile_toon, users_toon, std::string("\xEF\xBB\xBF") + "a: 1\r\n", std::string()}) {
    EXPECT_EQ(run({"decode"}, small, true).out, run({"decode"}, small).out) << small;
  }
}

TEST_F(Cli, PipedDecodeStatsCountTheWholeInput) {
  const std::string doc = "\xEF\xBB\xBF" + large_toon(30000) + "note: \"Gr\xC3\xBC\xC3\x9F" "e \xE6\x9D\xB1\xE4\xBA\xAC\"\n";
  file("doc.toon", doc);
  run_result piped = run({"decode", "--stats", "--json-indent", "0"}, doc, true);
  ASSERT_EQ(piped.status, 0) << piped.err;
  const std::string expected = "TOON +" + std::to_string(doc.size()) + " bytes  ~" +
                               std::to_string(toon::estimate_tokens(doc)) + " tokens\n";
  EXPECT_TRUE(std::regex_search(piped.err, std::regex(expected))) << piped.err;
  EXPECT_NE(piped.err.find("JSON    " ), std::string::npos) << piped.err;
  EXPECT_EQ(run({"--stats", "--json-indent", "0", "doc.toon"}).err, piped.err);
}

TEST_F(Cli, PipedDecodeErrorLeavesTheOutputFileUntouched) {
  file("keep.json", "{\"old\":true}\n");
  run_result r = run({"decode", "-o", "keep.json"}, large_toon(60000) + "  oops\n", true);
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.rfind("<stdin>:60002:", 0), 0u) << r.err.substr(0, 200);
  EXPECT_EQ(slurp(dir_ / "keep.json"), "{\"old\":true}\n");
  r = run({"decode", "-o", "new.json"}, large_toon(60000) + "  oops\n", true);
  EXPECT_EQ(r.status, 1);
  EXPECT_FALSE(fs::exists(dir_ / "new.json"));
  for (const auto& entry : fs::directory_iterator(dir_))
    EXPECT_EQ(entry.path().filename().string().find(".toon-"), std::string::npos)
        << "temporary file left behind: " << entry.path();
}

// Writes all of `data` to `fd`.
bool write_fully(int fd, std::string_view data) {
  while (!data.empty()) {
    ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    data.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

TEST_F(Cli, DecodeWritesJsonBeforeTheInputEnds) {
  // The producer writes the header and a few rows in small pieces, then waits until JSON
  // appears on toon's standard output before it writes the rest: a decoder that waited for
  // the end of its input would never write, and the wait would time out (60 s, a failure).
  const std::string head = "rows[4]{id,name}:\n  1,Ada\n  2,Bob\n";
  const std::string rest = "  3,Cy\n  4,Di\nend: true\n";
  int in[2], out[2];
  ASSERT_EQ(::pipe(in), 0);
  ASSERT_EQ(::pipe(out), 0);
  ::signal(SIGPIPE, SIG_IGN);
  pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    ::dup2(in[0], STDIN_FILENO);
    ::dup2(out[1], STDOUT_FILENO);
    for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
    ::execl(TOON_CLI_PATH, TOON_CLI_PATH, "decode", "--json-indent", "0", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  ::close(in[0]);
  ::close(out[1]);
  for (std::size_t at = 0; at < head.size(); at += 5) ASSERT_TRUE(write_fully(in[1], head.substr(at, 5)));
  std::string json;
  char buf[4096];
  pollfd p{out[0], POLLIN, 0};
  const int ready = ::poll(&p, 1, 60000);
  EXPECT_EQ(ready, 1) << "no output before the end of the input";
  if (ready == 1) {
    ssize_t n = ::read(out[0], buf, sizeof buf);
    ASSERT_GT(n, 0);
    json.append(buf, static_cast<std::size_t>(n));
    EXPECT_EQ(json.rfind("{\"rows\":[", 0), 0u) << json;  // at least the header line's JSON
  }
  EXPECT_TRUE(write_fully(in[1], rest));
  ::close(in[1]);
  for (ssize_t n; (n = ::read(out[0], buf, sizeof buf)) > 0;) json.append(buf, static_cast<std::size_t>(n));
  ::close(out[0]);
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  EXPECT_EQ(json, run({"decode", "--json-indent", "0"}, head + rest).out);
}

}  // namespace
