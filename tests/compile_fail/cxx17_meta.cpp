// Below C++20, toon/meta.hpp (included alone for meta<T> specializations) stops the same way.
// compile-std: c++17
// expect-GNU: error: #error "toon-cpp needs C++20 or later: compile with -std=c++20 (CMake: target_compile_features(... cxx_std_20), which linking toon::toon does)"
// expect-Clang: error: "toon-cpp needs C++20 or later: compile with -std=c++20 (CMake: target_compile_features(... cxx_std_20), which linking toon::toon does)"
#include "toon/meta.hpp"

int main() { return 0; }
