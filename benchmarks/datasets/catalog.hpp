// benchmarks/datasets/catalog.hpp - a 50-tool MCP catalog (a tools/list result) as a
// toon::value: JSON Schemas of mixed shape, so only the value paths apply to it.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "datasets/random.hpp"
#include "toon/value.hpp"

namespace bench {

/// The catalog dataset: `n` tools with 1-6 parameters each, seed 7.
inline toon::value make_catalog(std::size_t n = 50) {
  static constexpr std::array<std::string_view, 10> verbs = {"get", "list", "create", "update", "delete",
                                                              "search", "archive", "export", "sync", "describe"};
  static constexpr std::array<std::string_view, 10> things = {"issue", "file", "user", "invoice", "calendar_event",
                                                               "message", "repository", "ticket", "dashboard", "dataset"};
  static constexpr std::array<std::string_view, 8> params = {"id", "query", "limit", "cursor", "owner",
                                                              "include_archived", "format", "since"};
  random r(7);
  toon::array tools;
  for (std::size_t i = 0; i < n; ++i) {
    const std::string verb(verbs[i % verbs.size()]), thing(things[i / verbs.size() % things.size()]);
    toon::object props;
    toon::array required;
    const auto count = static_cast<std::size_t>(r.between(1, 6));
    for (std::size_t k = 0; k < count; ++k) {
      const std::string_view p = params[(i + k * 3) % params.size()];
      if (props.find(p) != nullptr) continue;
      toon::object schema;
      if (p == "limit") {
        schema.emplace_back("type", "integer");
        schema.emplace_back("minimum", 1);
        schema.emplace_back("maximum", 100);
        schema.emplace_back("description", "Maximum number of results to return.");
      } else if (p == "include_archived") {
        schema.emplace_back("type", "boolean");
        schema.emplace_back("description", "Also return archived " + thing + "s.");
      } else if (p == "format") {
        schema.emplace_back("type", "string");
        schema.emplace_back("enum", toon::array{"json", "csv", "markdown"});
        schema.emplace_back("description", "Output format.");
      } else {
        schema.emplace_back("type", "string");
        schema.emplace_back("description", "The " + std::string(p) + " of the " + thing + ", as shown in the UI.");
      }
      props.emplace_back(std::string(p), std::move(schema));
      if (k == 0 || r.chance(0.3)) required.emplace_back(std::string(p));
    }
    toon::object input;
    input.emplace_back("type", "object");
    input.emplace_back("properties", std::move(props));
    input.emplace_back("required", std::move(required));
    toon::object tool;
    tool.emplace_back("name", verb + '_' + thing + (i >= verbs.size() * things.size() ? std::to_string(i) : ""));
    tool.emplace_back("description", "Calls the service to " + verb + " a " + thing +
                                         ". Returns the result as structured data; errors name the failing field.");
    tool.emplace_back("inputSchema", std::move(input));
    tools.emplace_back(std::move(tool));
  }
  toon::object root;
  root.emplace_back("tools", std::move(tools));
  return root;
}

}  // namespace bench
