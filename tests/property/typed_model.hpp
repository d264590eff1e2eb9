// typed_model.hpp - the struct decoded by the typed fuzz target (fuzz/typed_decode.cpp) and
// checked by tests/property/typed_nested_property_test.cpp: nested vectors, maps and optionals
// in every TOON form (tables with a nested field group and optional columns, keyed tables,
// lists of objects, arrays of arrays, maps of maps, optional containers).
// tests/typed/typed_property_test.cpp covers five other types (employees, orders, config,
// events, numbers); this one adds deeper container nesting.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace toon_model {

enum class level { low, mid, high };

struct coords {
  double lat;
  double lon;
  bool operator==(const coords&) const = default;
};

// A table row: a nested field group (at) and an optional column (rank).
struct row {
  std::int64_t id;
  std::string label;
  std::optional<std::int32_t> rank;
  coords at;
  bool operator==(const row&) const = default;
};

struct leaf {
  std::string name;
  std::optional<double> weight;
  level lvl;
  std::vector<std::string> tags;
  bool operator==(const leaf&) const = default;
};

// A table row whose fields all read their cells straight from the row's line
// (text_sink::row_line): integers, strings, an enum, a boolean, optionals.
struct mark {
  std::int64_t id;
  std::string name;
  level lvl;
  bool ok;
  std::optional<double> score;
  std::optional<std::string> tag;
  std::uint8_t small;
  bool operator==(const mark&) const = default;
};

struct group {
  std::string title;
  std::vector<row> rows;
  std::map<std::string, std::vector<std::int32_t>> buckets;
  std::vector<std::vector<std::string>> grid;
  std::optional<std::vector<leaf>> leaves;
  bool operator==(const group&) const = default;
};

struct document {
  std::uint32_t version;
  std::optional<std::string> note;
  std::vector<group> groups;
  std::map<std::string, coords> places;  // keyed table when it has two or more entries
  std::map<std::string, std::map<std::string, std::optional<bool>>> flags;
  std::vector<std::optional<std::int64_t>> sparse;
  std::optional<std::map<std::string, std::vector<leaf>>> index;
  std::vector<std::map<std::string, std::string>> records;
  std::optional<std::vector<mark>> marks;
  bool operator==(const document&) const = default;
};

/// A small filled-in document (seed inputs and examples).
inline document sample_document() {
  document d{};
  d.version = 3;
  d.note = "first: draft";
  group g{};
  g.title = "north";
  g.rows = {row{1, "Ada", 5, {52.5, 13.4}}, row{2, "Bob, Jr.", std::nullopt, {-33.9, 151.2}}};
  g.buckets = {{"even", {2, 4, 6}}, {"none", {}}};
  g.grid = {{"a", "b"}, {}, {"- x", "#"}};
  g.leaves = std::vector<leaf>{leaf{"l1", 0.5, level::high, {"t"}}, leaf{"l2", std::nullopt, level::low, {}}};
  d.groups = {g, group{"empty", {}, {}, {}, std::nullopt}};
  d.places = {{"home", {1.5, 2.5}}, {"work", {3, -4}}};
  d.flags = {{"f", {{"on", true}, {"off", false}, {"unknown", std::nullopt}}}, {"g", {}}};
  d.sparse = {1, std::nullopt, -9223372036854775807 - 1};
  d.index = std::map<std::string, std::vector<leaf>>{{"k", {leaf{"x", 1e-7, level::mid, {"a|b", "c"}}}}};
  d.records = {{{"a", "1"}, {"b", "2"}}, {{"a", "3"}, {"b", ""}}, {}};
  d.marks = std::vector<mark>{mark{1, "a b", level::low, true, 0.5, "t", 7},
                              mark{-2, "x: y, z", level::high, false, std::nullopt, std::nullopt, 255},
                              mark{30, "", level::mid, true, -1e-7, "null", 0}};
  return d;
}

}  // namespace toon_model
