// The control of the compile_fail tests: supported members compile with the same flags
// (strings as `const char*`, smart pointers, optionals of structs, string-keyed maps).
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "toon/toon.hpp"

struct leaf {
  int id;
};
struct tree {
  const char* label;
  std::unique_ptr<tree> parent;
  std::vector<std::optional<leaf>> leaves;
  std::map<std::string, std::shared_ptr<leaf>> by_name;
};

int main() {
  tree t{"root", nullptr, {}, {}};
  return static_cast<int>(toon::encode(t).size() + toon::typed_params<leaf>().size() +
                          (toon::decode<leaf>("id: 1").has_value() ? 1 : 0));
}
