// Unit tests of the value encoder's one-pass flat table (src/encode/encoder.cpp): rows whose keys sit
// at the first row's positions, or elsewhere, or differ, and rows with a non-primitive cell,
// which make it fall back to form detection. Expected texts are the reference
// implementation's (@toon-format/toon 4.4.0) for the JSON given beside each case.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "toon/encode.hpp"
#include "toon/value.hpp"

namespace {

using toon::array;
using toon::object;
using toon::value;

std::string rows_doc(array rows) { return toon::encode(value(object{{"rows", value(std::move(rows))}})); }

TEST(EncodeFlatTable, SameLengthKeysSwapped) {
  // {"rows":[{"ab":1,"cd":2},{"cd":3,"ab":4}]}
  EXPECT_EQ(rows_doc(array{value(object{{"ab", 1}, {"cd", 2}}), value(object{{"cd", 3}, {"ab", 4}})}),
            "rows[2]{ab,cd}:\n  1,2\n  4,3");
}

TEST(EncodeFlatTable, SameLengthKeyDiffers) {
  // {"rows":[{"ab":1,"cd":2},{"ab":3,"ce":4}]}
  EXPECT_EQ(rows_doc(array{value(object{{"ab", 1}, {"cd", 2}}), value(object{{"ab", 3}, {"ce", 4}})}),
            "rows[2]:\n  - ab: 1\n    cd: 2\n  - ab: 3\n    ce: 4");
}

TEST(EncodeFlatTable, ObjectCellInALaterRow) {
  // {"rows":[{"ab":1,"cd":"x"},{"ab":2,"cd":{"k":1}}]}
  EXPECT_EQ(rows_doc(array{value(object{{"ab", 1}, {"cd", "x"}}), value(object{{"ab", 2}, {"cd", object{{"k", 1}}}})}),
            "rows[2]:\n  - ab: 1\n    cd: x\n  - ab: 2\n    cd:\n      k: 1");
}

TEST(EncodeFlatTable, LongKeysComparedWhole) {
  // Keys of 20 bytes differing only in their middle byte: {"rows":[{"k_123456789_123456789":1},
  // {"k_123456789X123456789":2}]} is not tabular.
  EXPECT_EQ(rows_doc(array{value(object{{"k_123456789_123456789", 1}}), value(object{{"k_123456789X123456789", 2}})}),
            "rows[2]:\n  - k_123456789_123456789: 1\n  - k_123456789X123456789: 2");
}

}  // namespace
