// Every source of the component toon::mcp (MCP server, client, processes, stream interceptor), for header-only mode:
// toon/detail/header_only.hpp includes this file once per translation unit, after the core
// component's sources (core.inl), when a header of the component was included
// (docs/packaging.md). TOON_FUNC / TOON_VAR make their
// definitions inline there (scripts/mark-header-only.py). CMake checks at configure time that
// this list equals the component's sources.
#pragma once

// The sources are compiled with the library's own warning flags (-Wall -Wextra -Wpedantic);
// a consumer's stricter flags should not turn them into errors in the consumer's build.
#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#endif

#include "../mcp/call_context.cpp"
#include "../mcp/client.cpp"
#include "../mcp/client_cache.cpp"
#include "../mcp/compact.cpp"
#include "../mcp/features.cpp"
#include "../mcp/jsonrpc.cpp"
#include "../mcp/process.cpp"
#include "../mcp/server.cpp"
#include "../mcp/stream_interceptor.cpp"
#include "../mcp/tool_runner.cpp"

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
