// Conan test_package: encodes a plain struct with the typed API, decodes it back, and goes
// through JSON (simdjson inside the library), checking every result.
#include <toon/toon.hpp>

#include <iostream>
#include <string>
#include <vector>

struct point {
  int x;
  int y;
};

struct shape {
  std::string name;
  std::vector<point> points;
};

int main() {
  const shape triangle{"triangle", {{0, 0}, {4, 0}, {0, 3}}};
  const std::string text = toon::encode(triangle);
  const std::string expected =
      "name: triangle\n"
      "points[3]{x,y}:\n"
      "  0,0\n"
      "  4,0\n"
      "  0,3";
  if (text != expected) {
    std::cerr << "unexpected TOON:\n" << text << '\n';
    return 1;
  }

  auto back = toon::decode<shape>(text);
  if (!back || back->points.size() != 3 || back->points[1].x != 4) {
    std::cerr << "decode<shape> failed\n";
    return 1;
  }

  auto json = toon::from_json(R"({"name":"triangle","points":[{"x":0,"y":0}]})");
  if (!json || toon::encode(*json) != "name: triangle\npoints[1]{x,y}:\n  0,0") {
    std::cerr << "from_json failed\n";
    return 1;
  }

  std::cout << "toon " << toon::version << ": " << text.size() << " bytes of TOON\n" << text << '\n';
  return 0;
}
