// toon/detail/header_only.hpp - header-only mode: the library's sources, once per translation
// unit, after the outermost toon header (docs/packaging.md, "Header-only").
//
// Every toon header ends by including this file when TOON_HEADER_ONLY is defined. The sources
// need every declaration, so they go in only when the outermost toon header of the
// translation unit ends (toon/version.hpp recorded its depth), or at the end of the umbrella
// <toon/toon.hpp>. Deliberately without #pragma once.
#if defined(TOON_HEADER_ONLY) && !defined(TOON_DETAIL_SOURCES_INCLUDED) &&     \
    (defined(TOON_DETAIL_UMBRELLA_END) ||                                        \
     (defined(__INCLUDE_LEVEL__) &&                                               \
      (!defined(TOON_DETAIL_OUTER_LEVEL) || __INCLUDE_LEVEL__ == TOON_DETAIL_OUTER_LEVEL)))
#define TOON_DETAIL_SOURCES_INCLUDED
// The sources: next to include/ in a source tree, under toon/detail/src once installed.
#if __has_include("../../../src/toon_header_only.inl")
#include "../../../src/toon_header_only.inl"
#else
#include "toon/detail/src/toon_header_only.inl"
#endif
#endif
