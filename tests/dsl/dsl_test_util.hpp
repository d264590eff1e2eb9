// dsl_test_util.hpp - helpers shared by the MCP-DSL tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "toon/dsl/mcp_dsl.hpp"
#include "toon/json.hpp"

namespace dsl_test {

/// Parses expected JSON written by hand in a test.
inline toon::value J(std::string_view json) {
  auto r = toon::from_json(json);
  EXPECT_TRUE(r.has_value()) << "bad expected JSON: " << json;
  return r ? *r : toon::value{};
}

/// Compiles one DSL item, reporting the formatted error on failure.
inline toon::value C(std::string_view dsl) {
  auto r = toon::mcp_dsl::compile_one(dsl);
  EXPECT_TRUE(r.has_value()) << toon::format_error(r.error(), dsl);
  return r ? *r : toon::value{};
}

/// Decompiles one value, reporting the error on failure.
inline std::string D(const toon::value& v) {
  auto r = toon::mcp_dsl::decompile(v);
  EXPECT_TRUE(r.has_value()) << r.error().message;
  return r ? *r : std::string{};
}

}  // namespace dsl_test
