// The C++ examples of docs/streaming.md's "Tool calls in a token stream", compiled and run. The
// blocks between "// doc:begin" and "// doc:end" appear verbatim in the documentation
// (tests/check_doc_examples.py checks it).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "toon/mcp/stream_interceptor.hpp"
#include "toon/mcp/tool_runner.hpp"
#include "toon/toon.hpp"

namespace {

// doc:begin intercept
#include <toon/mcp/stream_interceptor.hpp>

// What the user sees of a model's reply, and the calls it makes, as the deltas arrive.
struct screen {
  std::string shown;
  std::vector<toon::mcp::intercepted_call> calls;
};

screen show(const std::vector<std::string>& deltas) {
  screen s;
  toon::mcp::intercept_options o;
  o.mode = toon::mcp::intercept_mode::placeholders;  // "[running read_file…]" where a call was
  o.known_tools = {"read_file", "list_dir"};
  toon::mcp::stream_interceptor in(
      [&s](toon::mcp::stream_piece&& p) {
        if (p.kind == toon::mcp::piece_kind::tool_call) {
          s.shown += p.placeholder;
          s.calls.push_back(std::move(*p.call));
        } else {
          s.shown += p.text;  // narrative: printed at once
        }
      },
      o);
  for (const std::string& d : deltas) in.feed(d);
  in.finish();
  return s;
}
// doc:end

TEST(DocsStreamIntercept, Show) {
  screen s = show({"Let me check. {\"to", "ol\": \"read_file\", \"argu", "ments\": {\"path\": \"a.txt\"}}\nThen:\n",
                   "```toon\ntool: list_dir\npath: src\n```\n", "Note {\"name\": \"Bob\"} is data.\n"});
  EXPECT_EQ(s.shown,
            "Let me check. [running read_file\xE2\x80\xA6]\nThen:\n[running list_dir\xE2\x80\xA6]"
            "Note {\"name\": \"Bob\"} is data.\n");
  ASSERT_EQ(s.calls.size(), 2u);
  EXPECT_EQ(s.calls[0].name, "read_file");
  EXPECT_EQ(s.calls[0].arguments, toon::from_json(R"({"path":"a.txt"})").value());
  EXPECT_EQ(s.calls[1].name, "list_dir");
  EXPECT_EQ(s.calls[1].syntax, toon::mcp::call_syntax::toon_fence);
}

// The same screen for the markers of chat templates (docs/streaming.md, "Syntaxes"): the
// markers never reach the screen, an array of calls shows one placeholder per call.
TEST(DocsStreamIntercept, ShowChatTemplateMarkers) {
  screen s = show({"First:\n<tool_", "call>\n{\"name\": \"read_file\", \"arguments\": {\"path\": \"a\"}}\n</tool_call>\n",
                   "Then [TOOL_CALLS] [{\"name\": \"list_dir\", \"arguments\": {}}, ",
                   "{\"name\": \"read_file\", \"arguments\": {\"path\": \"b\"}}] and <|python_",
                   "tag|>{\"name\": \"list_dir\", \"parameters\": {\"path\": \"c\"}}<|eom_id|>."});
  EXPECT_EQ(s.shown,
            "First:\n[running read_file\xE2\x80\xA6]\nThen [running list_dir\xE2\x80\xA6][running read_file\xE2\x80\xA6]"
            " and [running list_dir\xE2\x80\xA6].");
  ASSERT_EQ(s.calls.size(), 4u);
  EXPECT_EQ(s.calls[0].syntax, toon::mcp::call_syntax::tool_call_tag);
  EXPECT_EQ(s.calls[2].arguments, toon::from_json(R"({"path":"b"})").value());
  EXPECT_EQ(s.calls[3].syntax, toon::mcp::call_syntax::python_tag);
  EXPECT_EQ(s.calls[3].arguments, toon::from_json(R"({"path":"c"})").value());
}

// doc:begin run
#include <toon/mcp/tool_runner.hpp>

struct read_file_args {
  std::string path;
};

// One round of a chat loop: the reply streams in, its calls run while it does, and their
// results come back as a TOON message for the next round.
std::string one_round(const std::vector<std::string>& deltas, const toon::tool_catalog& tools) {
  toon::mcp::runner_options limits;
  limits.max_calls = 8;  // per response
  toon::mcp::tool_runner runner(toon::mcp::catalog_backend(tools), limits);
  toon::mcp::stream_interceptor in([&runner](toon::mcp::stream_piece&& p) {
    if (p.call) runner.submit(*p.call);  // starts at once, on its own thread
  });
  for (const std::string& d : deltas) in.feed(d);
  in.finish();
  return toon::mcp::results_message(runner.wait_all());
}
// doc:end

TEST(DocsStreamIntercept, Run) {
  toon::tool_catalog tools;
  tools.add<read_file_args>("read_file", "Read a file", "",
                            [](const read_file_args& a) { return "contents of " + a.path; });
  const std::string msg = one_round({"Reading.\ntool: read_file\npa", "th: a.txt\n\nDone."}, tools);
  const toon::value v = toon::decode(msg).value();
  const toon::array& rows = v.find("results")->as_array();
  ASSERT_EQ(rows.size(), 1u);
  EXPECT_EQ(*rows[0].find("id"), toon::value("call-1"));
  EXPECT_EQ(*rows[0].find("status"), toon::value("ok"));
  EXPECT_EQ(*v.find("outputs")->find("call-1"), toon::value("contents of a.txt"));
}

}  // namespace
