// toon/version.hpp - library and specification versions; the C++20 requirement.
//
// Written by hand so that the source include/ folder is usable as it is. The version must
// equal project(VERSION ...) of the top-level CMakeLists.txt, the single source of truth:
// configuring fails when they differ, and the version.matches_cmake test compares them.
#pragma once

// toon-cpp needs C++20 (concepts, class-type template arguments, std::span, ...). MSVC reports
// its language level in _MSVC_LANG unless /Zc:__cplusplus is given.
#if defined(_MSVC_LANG) && _MSVC_LANG > __cplusplus
#define TOON_DETAIL_CPLUSPLUS _MSVC_LANG
#else
#define TOON_DETAIL_CPLUSPLUS __cplusplus
#endif
#if TOON_DETAIL_CPLUSPLUS < 202002L
#error "toon-cpp needs C++20 or later: compile with -std=c++20 (CMake: target_compile_features(... cxx_std_20), which linking toon::toon does)"
#endif
#undef TOON_DETAIL_CPLUSPLUS

// Header-only mode (docs/packaging.md): every toon header includes this one first, so the depth
// at which it is first included tells toon/detail/header_only.hpp which header is the outermost
// one; the library's sources are added when that header ends, once every declaration is seen.
#if defined(TOON_HEADER_ONLY) && defined(__INCLUDE_LEVEL__)
#if __INCLUDE_LEVEL__ == 1
#define TOON_DETAIL_OUTER_LEVEL 1
#elif __INCLUDE_LEVEL__ == 2
#define TOON_DETAIL_OUTER_LEVEL 2
#elif __INCLUDE_LEVEL__ == 3
#define TOON_DETAIL_OUTER_LEVEL 3
#elif __INCLUDE_LEVEL__ == 4
#define TOON_DETAIL_OUTER_LEVEL 4
#elif __INCLUDE_LEVEL__ == 5
#define TOON_DETAIL_OUTER_LEVEL 5
#elif __INCLUDE_LEVEL__ == 6
#define TOON_DETAIL_OUTER_LEVEL 6
#elif __INCLUDE_LEVEL__ == 7
#define TOON_DETAIL_OUTER_LEVEL 7
#elif __INCLUDE_LEVEL__ == 8
#define TOON_DETAIL_OUTER_LEVEL 8
#elif __INCLUDE_LEVEL__ == 9
#define TOON_DETAIL_OUTER_LEVEL 9
#elif __INCLUDE_LEVEL__ == 10
#define TOON_DETAIL_OUTER_LEVEL 10
#elif __INCLUDE_LEVEL__ == 11
#define TOON_DETAIL_OUTER_LEVEL 11
#elif __INCLUDE_LEVEL__ == 12
#define TOON_DETAIL_OUTER_LEVEL 12
#elif __INCLUDE_LEVEL__ == 13
#define TOON_DETAIL_OUTER_LEVEL 13
#elif __INCLUDE_LEVEL__ == 14
#define TOON_DETAIL_OUTER_LEVEL 14
#elif __INCLUDE_LEVEL__ == 15
#define TOON_DETAIL_OUTER_LEVEL 15
#elif __INCLUDE_LEVEL__ == 16
#define TOON_DETAIL_OUTER_LEVEL 16
#elif __INCLUDE_LEVEL__ == 17
#define TOON_DETAIL_OUTER_LEVEL 17
#elif __INCLUDE_LEVEL__ == 18
#define TOON_DETAIL_OUTER_LEVEL 18
#elif __INCLUDE_LEVEL__ == 19
#define TOON_DETAIL_OUTER_LEVEL 19
#elif __INCLUDE_LEVEL__ == 20
#define TOON_DETAIL_OUTER_LEVEL 20
#elif __INCLUDE_LEVEL__ == 21
#define TOON_DETAIL_OUTER_LEVEL 21
#elif __INCLUDE_LEVEL__ == 22
#define TOON_DETAIL_OUTER_LEVEL 22
#elif __INCLUDE_LEVEL__ == 23
#define TOON_DETAIL_OUTER_LEVEL 23
#elif __INCLUDE_LEVEL__ == 24
#define TOON_DETAIL_OUTER_LEVEL 24
#elif __INCLUDE_LEVEL__ == 25
#define TOON_DETAIL_OUTER_LEVEL 25
#elif __INCLUDE_LEVEL__ == 26
#define TOON_DETAIL_OUTER_LEVEL 26
#elif __INCLUDE_LEVEL__ == 27
#define TOON_DETAIL_OUTER_LEVEL 27
#elif __INCLUDE_LEVEL__ == 28
#define TOON_DETAIL_OUTER_LEVEL 28
#elif __INCLUDE_LEVEL__ == 29
#define TOON_DETAIL_OUTER_LEVEL 29
#elif __INCLUDE_LEVEL__ == 30
#define TOON_DETAIL_OUTER_LEVEL 30
#elif __INCLUDE_LEVEL__ == 31
#define TOON_DETAIL_OUTER_LEVEL 31
#elif __INCLUDE_LEVEL__ == 32
#define TOON_DETAIL_OUTER_LEVEL 32
#endif
#endif

#include <string_view>

#define TOON_VERSION_MAJOR 0
#define TOON_VERSION_MINOR 1
#define TOON_VERSION_PATCH 0
/// MAJOR * 10000 + MINOR * 100 + PATCH, for preprocessor comparisons.
#define TOON_VERSION (TOON_VERSION_MAJOR * 10000 + TOON_VERSION_MINOR * 100 + TOON_VERSION_PATCH)

namespace toon {

/// Library version, "MAJOR.MINOR.PATCH".
inline constexpr std::string_view version = "0.1.0";
/// The TOON specification version this library implements.
inline constexpr std::string_view spec_version = "4.4";
/// The conformance fixture sets this library passes (4.0 and 4.1.1 except the cases 4.4
/// supersedes, listed in tests/conformance/superseded.txt).
inline constexpr std::string_view fixture_versions = "4.4.0, 4.0, 4.1.1";

}  // namespace toon
