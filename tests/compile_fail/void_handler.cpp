// A tool handler that returns nothing (here: a lambda whose `return` was forgotten) does not
// compile, instead of answering "ok" for a result that was computed and lost.
// expect-GNU: error: static assertion failed: toon::tool_catalog: this tool handler returns nothing (a forgotten `return`?)
// expect-Clang: static_assert failed due to requirement '!std::is_void_v<void>' "toon::tool_catalog: this tool handler returns nothing (a forgotten `return`?)
#include <string>

#include "toon/toon.hpp"

struct add_args {
  int a = 0;
  int b = 0;
};

int main() {
  toon::tool_catalog catalog;
  catalog.add<add_args>("add", "Adds two numbers", "", [](const add_args& x) { std::to_string(x.a + x.b); });
  return static_cast<int>(catalog.tools().size());
}
