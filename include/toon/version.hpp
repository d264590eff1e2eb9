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
