// The official fixtures in property tests: every test of the three sets under TOON_SPEC_DIR.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "toon/toon.hpp"

namespace toon_fixtures {

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

/// Calls `f(file, test)` for every test object of every `kind` ("encode" or "decode") fixture
/// file of the 4.4.0, v4.0 and 4.1.1 sets. Fails the calling test when the fixtures, or the
/// 4.4.0 set (the target), are missing.
template <class F>
void for_each_test(const char* kind, F&& f) {
  const std::filesystem::path spec = TOON_SPEC_DIR;
  ASSERT_TRUE(std::filesystem::is_directory(spec)) << "no TOON spec fixtures at " << spec << " (set TOON_SPEC_DIR)";
  ASSERT_TRUE(std::filesystem::is_directory(spec / "fixtures-4.4.0" / kind)) << "no 4.4.0 fixtures under " << spec;
  for (const char* set : {"fixtures-4.4.0", "fixtures", "fixtures-4.1.1"}) {
    const std::filesystem::path dir = spec / set / kind;
    if (!std::filesystem::is_directory(dir)) continue;
    for (const auto& entry : std::filesystem::directory_iterator(dir)) {
      toon::result<toon::value> file = toon::from_json(read_file(entry.path()));
      ASSERT_TRUE(file.has_value()) << entry.path();
      for (const toon::value& test : (*file)["tests"].as_array()) f(entry.path(), test);
    }
  }
}

/// The decode options a decode fixture test names (indentSize, strict); defaults otherwise.
inline toon::decode_options decode_options_of(const toon::value& test) {
  toon::decode_options o;
  if (const toon::value* options = test.find("options")) {
    if (const toon::value* i = options->find("indentSize"); i && i->is_number())
      o.indent_size = static_cast<int>(i->as_int64());
    if (const toon::value* s = options->find("strict"); s && s->is_bool()) o.strict = s->as_bool();
  }
  return o;
}

}  // namespace toon_fixtures
