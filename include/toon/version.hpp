// toon/version.hpp - library and specification versions.
#pragma once

#include <string_view>

namespace toon {

/// Library version, "MAJOR.MINOR.PATCH".
inline constexpr std::string_view version = "0.1.0";
/// The TOON specification version this library implements.
inline constexpr std::string_view spec_version = "4.0";
/// The conformance fixture sets this library passes in full.
inline constexpr std::string_view fixture_versions = "4.0, 4.1.1";

}  // namespace toon
