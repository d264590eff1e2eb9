// Compiled by the consumer project with -Wall -Wextra -Wpedantic -Wshadow -Wconversion
// -Wsign-conversion -Werror and toon's include folder not treated as a system folder, as a
// consumer's own flags may be: every public header, and the typed layer instantiated over the
// mapping table (encode, decode, schemas, JSON, rows, tables, tools), must compile cleanly.
#include <toon/fmt.hpp>
#include <toon/mcp/client.hpp>
#include <toon/mcp/http.hpp>
#include <toon/mcp/server.hpp>
#include <toon/toon.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <deque>
#include <list>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <variant>
#include <vector>

namespace {

enum class color : std::uint8_t { red, green, blue };
enum class code : std::int64_t { low = -9000000000000LL, high = 9000000000000LL };  // named in meta
enum flags : unsigned { none = 0, one = 1, two = 2 };

struct point {
  std::int8_t x;
  std::uint16_t y;
  float z;
};

struct circle {
  double r;
};
struct rect {
  long w;
  unsigned long long h;
};

struct record {
  std::int32_t id;
  std::uint64_t big;
  short s;
  unsigned char uc;
  char c;
  bool ok;
  long double ld;
  std::string name;
  color col;
  code cd;
  flags fl;
  std::chrono::sys_seconds at;
  std::chrono::system_clock::time_point precise;
  std::optional<point> where;
  std::unique_ptr<record> next;
  std::shared_ptr<point> shared;
  std::vector<point> points;
  std::deque<int> dq;
  std::list<std::string> names;
  std::set<std::int16_t> small;
  std::unordered_set<std::string> tags;
  std::array<std::uint32_t, 3> triple;
  std::map<std::string, std::vector<double>> series;
  std::unordered_map<std::string, color> colors;
  std::pair<int, std::string> pair;
  std::tuple<std::uint8_t, float, std::string> tuple;
  std::variant<circle, rect> shape;
  std::variant<std::monostate, std::int64_t, std::string> any_of;
  toon::value extra;
};

struct args {
  std::string path;
  int depth = 1;
  std::optional<bool> follow;
};

}  // namespace

template <>
struct toon::meta<code> {
  static constexpr toon::enumerator<code> enumerators[] = {{code::low, "low"}, {code::high, "high"}};
};
template <>
struct toon::meta<args> {
  static constexpr bool all_defaulted = true;
  static constexpr std::string_view description = "arguments";
};

int main() {
  record r{};
  r.name = "n";
  r.cd = code::high;
  r.points = {{1, 2, 0.5f}};
  const std::string text = toon::encode(r);
  toon::encode_options eo;
  eo.omit_null = true;
  const std::string omitted = toon::encode(r, eo);
  toon::result<record> back = toon::decode<record>(text);
  toon::decode_options lenient;
  lenient.collect_all_errors = true;
  lenient.ignore_unknown_fields = true;
  lenient.all_defaulted = true;
  toon::result<record> back2 = toon::decode<record>(omitted, lenient);
  toon::value v = toon::to_value(r);
  std::string json = toon::to_json(r) + toon::to_json(v);
  toon::result<record> back3 = toon::from_value<record>(v);
  std::string params = toon::typed_params<args>() + toon::format_typed_params(toon::schema_of<args>(lenient));
  toon::value schema = toon::json_schema<args>();

  std::size_t rows = 0;
  toon::row_reader<point> reader([&](const point&) { ++rows; }, "points");
  const bool read = reader.feed(text).has_value() && reader.finish().has_value();

  std::string table;
  toon::table_writer<point> writer(table, "points", 2);
  const bool written = writer.write(point{1, 2, 3.0f}).has_value() && writer.write(point{4, 5, 6.0f}).has_value() &&
                       writer.finish().has_value();

  toon::tool_catalog catalog;
  catalog.add<args>("list", "Lists a folder", "", [](const args& a) { return a.path; });

  std::string formatted = fmt::format("{}", toon::as_toon(r));
  const std::size_t tokens = toon::estimate_tokens(text);
  const bool ok = back.has_value() && back2.has_value() && back3.has_value() && !params.empty() &&
                  schema.is_object() && rows == 1 && read && written && !json.empty() && !formatted.empty() && tokens > 0;
  return ok ? 0 : 1;
}
