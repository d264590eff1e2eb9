// toon/version.hpp is written by hand; it must say what project(VERSION ...) says.
#include <gtest/gtest.h>

#include <string>

#include "toon/version.hpp"

TEST(Version, MatchesTheCMakeProjectVersion) {
  EXPECT_EQ(toon::version, TOON_TEST_PROJECT_VERSION);
  EXPECT_EQ(std::to_string(TOON_VERSION_MAJOR) + "." + std::to_string(TOON_VERSION_MINOR) + "." +
                std::to_string(TOON_VERSION_PATCH),
            TOON_TEST_PROJECT_VERSION);
  EXPECT_EQ(TOON_VERSION, TOON_VERSION_MAJOR * 10000 + TOON_VERSION_MINOR * 100 + TOON_VERSION_PATCH);
}
