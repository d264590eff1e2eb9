// tests/same_error.hpp - assertions that two ways of decoding the same text fail alike: the
// same error code, message, field path, line and column (the typed row reader and the whole
// decode, the document and the value tree, TOON -> JSON and the value tree).
#pragma once

#include <gtest/gtest.h>

#include <string_view>

#include "toon/error.hpp"

namespace toon_test {

/// `got` and `want` are the same error; `context` (the input, say) names the case.
inline void expect_same_error(const toon::error& got, const toon::error& want, std::string_view context = {}) {
  EXPECT_EQ(got.code, want.code) << context << ": " << got.message << " / " << want.message;
  EXPECT_EQ(got.message, want.message) << context;
  EXPECT_EQ(got.path, want.path) << context;
  EXPECT_EQ(got.line, want.line) << context;
  EXPECT_EQ(got.column, want.column) << context;
}

/// Both results are errors, and the same one.
template <class A, class B>
void expect_both_fail_alike(const toon::result<A>& a, const toon::result<B>& b, std::string_view context) {
  ASSERT_FALSE(a.has_value()) << context;
  ASSERT_FALSE(b.has_value()) << context;
  expect_same_error(a.error(), b.error(), context);
}

}  // namespace toon_test
