// toon/tools.hpp - tool catalogs for LLM tool protocols (MCP): one argument struct per tool
// gives its typed params, its JSON Schema and validated, typed arguments (docs/tools.md).
//
//   struct read_file_args { std::string path; };
//
//   toon::tool_catalog cat;
//   cat.add_category("fs", "Read, write and search files");
//   cat.add<read_file_args>("read_file", "Read file contents", "fs",
//       [](const read_file_args& a) -> toon::result<std::string> { ... });
//
//   cat.tools_table();        // tools[1]{name,description,params}:\n  read_file,Read file contents,"path:string!"
//   cat.categories_table();   // categories[1]{name,description,tool_count}:\n  fs,"Read, write and search files",1
//   toon::to_json(cat.mcp_tools_list());                 // {"tools":[{"name":"read_file",...}]}
//   toon::call_result r = cat.call_mcp_json(R"({"name":"read_file","arguments":{"path":"a.txt"}})");
//   toon::to_json(r.to_mcp());  // {"content":[{"type":"text","text":"..."}],"isError":false}
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include "toon/tools/call_result.hpp"
#include "toon/tools/catalog.hpp"
#include "toon/tools/handler.hpp"

#if defined(TOON_HEADER_ONLY)
#include "toon/detail/header_only.hpp"
#endif
