// The Streamable HTTP source of the component toon::mcp (toon::mcp::http_server, Boost.Beast and
// Asio), for header-only mode: toon/detail/header_only.hpp includes this file once per
// translation unit, after mcp.inl, only when <toon/mcp/http.hpp> was included (Beast and Asio
// would add seconds and hundreds of MB to every other MCP translation unit). TOON_FUNC /
// TOON_VAR make its definitions inline there. CMake checks at configure time that mcp.inl and
// this list together equal the component's sources.
#pragma once

#if defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wconversion"
#pragma GCC diagnostic ignored "-Wsign-conversion"
#endif

#include "../mcp/http.cpp"
#include "../mcp/http_client.cpp"
#include "../mcp/oauth.cpp"

#if defined(__GNUC__)
#pragma GCC diagnostic pop
#endif
