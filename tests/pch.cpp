// The translation unit that builds the test programs' precompiled header (tests/CMakeLists.txt,
// TOON_TEST_PCH): GoogleTest and <toon/toon.hpp>, parsed once instead of once per test source.
