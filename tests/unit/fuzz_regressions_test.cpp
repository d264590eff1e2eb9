// Regression tests for defects found by the property tests and fuzz targets (docs/fuzzing.md).
// Each test names what found it; the input that found it is kept under fuzz/regressions/.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "toon/decode.hpp"

namespace {

using toon::error_code;

toon::decode_options strict_indent(int indent) {
  toon::decode_options o;
  o.indent_size = indent;
  return o;
}

void fails_at(std::string_view text, error_code code, std::uint32_t line, std::uint32_t column,
              toon::decode_options o = {}) {
  auto r = toon::decode(text, o);
  ASSERT_FALSE(r.has_value()) << "decoded without error: " << text;
  EXPECT_EQ(r.error().code, code) << r.error().to_string();
  EXPECT_EQ(r.error().line, line) << r.error().to_string();
  EXPECT_EQ(r.error().column, column) << r.error().to_string();
}

// Found by StrictMutation (tests/property/strict_mutation_property_test.cpp): deleting the
// header line `"'"[1]:` of `"'"[1]:\n -` (indent 1) left ` -`, which strict decoding read as
// the root string "-". Strict mode took any lone indented line for a root primitive and any
// indented keyless header for a root array, whose items could then stand at the header's own
// depth. An indented first line is now an error in strict mode, as for objects (and as in
// the reference decoder). Regression input: fuzz/regressions/decode_strict/indented_root_*.
TEST(FuzzRegressions, StrictRejectsIndentedRootPrimitive) {
  fails_at(" -", error_code::unexpected_indentation, 1, 2, strict_indent(1));
  fails_at("  hello", error_code::unexpected_indentation, 1, 3);
  fails_at("\n\n    42", error_code::unexpected_indentation, 3, 5);
}

TEST(FuzzRegressions, StrictRejectsIndentedRootArrayHeader) {
  fails_at("  [2]: a,b", error_code::unexpected_indentation, 1, 3);
  fails_at("  [2]:\n  - a\n  - b", error_code::unexpected_indentation, 1, 3);
  fails_at("  [2]{x}:\n  1\n  2", error_code::unexpected_indentation, 1, 3);
  fails_at("  []", error_code::unexpected_indentation, 1, 3);
}

// Spec 4.4 made an indented first line an error in non-strict mode too (it used to take the
// root's depth from its first line).
TEST(FuzzRegressions, NonStrictAlsoRejectsAnIndentedRoot) {
  toon::decode_options o;
  o.strict = false;
  for (const char* text : {"  hello", "  [2]: a,b", "  a: 1\n  b: 2"}) {
    auto r = toon::decode(text, o);
    ASSERT_FALSE(r.has_value()) << text;
    EXPECT_EQ(r.error().code, error_code::unexpected_indentation) << text;
    EXPECT_EQ(r.error().line, 1u) << text;
  }
  // One space with indent 2 is depth 0 in non-strict mode (floor), so this is not indented.
  EXPECT_EQ(*toon::decode(" a: 1", o), (toon::value(toon::object{{"a", 1}})));
}

}  // namespace
