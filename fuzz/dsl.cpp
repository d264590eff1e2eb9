// Fuzz target: the MCP-DSL compiler and decompiler (docs/mcp-dsl.md). The input is DSL text:
//   - compile() either fails with a located error (code set, line and column >= 1, and
//     format_error renders it), or gives items;
//   - each item that decompile() accepts comes back unchanged: compile_one(decompile(v)) == v,
//     and the canonical text is a fixed point (decompile of that value gives the same text);
//     decompile() only refuses with dsl_inexpressible;
//   - compile_to_json agrees with compile.
#include "fuzz_common.hpp"
#include "toon/dsl/mcp_dsl.hpp"
#include "toon/json.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const toon_fuzz::exact_copy input(data, size);
  const std::string_view text = input.view();

  toon::result<std::vector<toon::value>> items = toon::mcp_dsl::compile(text);
  toon::result<std::string> json = toon::mcp_dsl::compile_to_json(text);
  if (!items) {
    const toon::error& e = items.error();
    if (e.code == toon::error_code::ok) toon_fuzz::fail("compile error with code ok");
    if (e.line < 1 || e.column < 1) toon_fuzz::fail("compile error without a location", e.to_string());
    if (toon::format_error(e, text, "input.mcp").empty()) toon_fuzz::fail("empty formatted error");
    if (json) toon_fuzz::fail("compile_to_json accepts what compile rejects");
    return 0;
  }
  if (!json) toon_fuzz::fail("compile_to_json rejects what compile accepts", json.error().to_string());
  std::string lines;
  for (const toon::value& v : *items) {
    lines += toon::to_json(v);
    lines += '\n';
  }
  if (lines != *json) toon_fuzz::fail("compile_to_json differs from compile", *json + "\n" + lines);

  for (const toon::value& v : *items) {
    toon::result<std::string> dsl = toon::mcp_dsl::decompile(v);
    if (!dsl) {
      if (dsl.error().code != toon::error_code::dsl_inexpressible)
        toon_fuzz::fail("decompile fails with a code other than dsl_inexpressible", dsl.error().to_string());
      continue;
    }
    toon::result<toon::value> back = toon::mcp_dsl::compile_one(*dsl);
    if (!back) toon_fuzz::fail("decompiled text does not compile", toon::format_error(back.error(), *dsl));
    if (!(*back == v))
      toon_fuzz::fail("DSL -> JSON -> DSL -> JSON differs", *dsl + "\n" + toon::to_json(v) + "\n" + toon::to_json(*back));
    toon::result<std::string> again = toon::mcp_dsl::decompile(*back);
    if (!again || *again != *dsl) toon_fuzz::fail("canonical DSL is not a fixed point", *dsl);
  }
  return 0;
}
