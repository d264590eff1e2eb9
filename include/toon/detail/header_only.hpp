// toon/detail/header_only.hpp - header-only mode: the library's sources, once per translation
// unit, after the outermost toon header (docs/packaging.md, "Header-only").
//
// Every toon header ends by including this file when TOON_HEADER_ONLY is defined. The sources
// need every declaration, so they go in only when the outermost toon header of the
// translation unit ends (toon/version.hpp recorded its depth), or at the end of the umbrella
// <toon/toon.hpp>. Each component's sources come in once: the core's (toon::toon) always, those
// of toon::dsl when a header of it defined TOON_DETAIL_WANT_DSL, those of toon::mcp (which
// uses toon::dsl) when one of its headers defined TOON_DETAIL_WANT_MCP, and toon::mcp's HTTP
// source (Boost.Beast) only when <toon/mcp/http.hpp> defined TOON_DETAIL_WANT_MCP_HTTP. A translation unit that
// includes only core headers compiles no MCP or MCP-DSL code. Deliberately without #pragma once.
#if defined(TOON_HEADER_ONLY) &&                                                 \
    (defined(TOON_DETAIL_UMBRELLA_END) ||                                        \
     (defined(__INCLUDE_LEVEL__) &&                                               \
      (!defined(TOON_DETAIL_OUTER_LEVEL) || __INCLUDE_LEVEL__ == TOON_DETAIL_OUTER_LEVEL)))
// The sources: next to include/ in a source tree, under toon/detail/src once installed.
#if !defined(TOON_DETAIL_SOURCES_INCLUDED)
#define TOON_DETAIL_SOURCES_INCLUDED
#if __has_include("../../../src/header_only/core.inl")
#include "../../../src/header_only/core.inl"
#else
#include "toon/detail/src/header_only/core.inl"
#endif
#endif
#if (defined(TOON_DETAIL_WANT_DSL) || defined(TOON_DETAIL_WANT_MCP)) && !defined(TOON_DETAIL_DSL_SOURCES_INCLUDED)
#define TOON_DETAIL_DSL_SOURCES_INCLUDED
#if __has_include("../../../src/header_only/dsl.inl")
#include "../../../src/header_only/dsl.inl"
#else
#include "toon/detail/src/header_only/dsl.inl"
#endif
#endif
#if defined(TOON_DETAIL_WANT_MCP) && !defined(TOON_DETAIL_MCP_SOURCES_INCLUDED)
#define TOON_DETAIL_MCP_SOURCES_INCLUDED
#if __has_include("../../../src/header_only/mcp.inl")
#include "../../../src/header_only/mcp.inl"
#else
#include "toon/detail/src/header_only/mcp.inl"
#endif
#endif
#if defined(TOON_DETAIL_WANT_MCP_HTTP) && !defined(TOON_DETAIL_MCP_HTTP_SOURCES_INCLUDED)
#define TOON_DETAIL_MCP_HTTP_SOURCES_INCLUDED
#if __has_include("../../../src/header_only/mcp_http.inl")
#include "../../../src/header_only/mcp_http.inl"
#else
#include "toon/detail/src/header_only/mcp_http.inl"
#endif
#endif
#endif
