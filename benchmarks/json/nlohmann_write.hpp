// benchmarks/json/nlohmann_write.hpp - structs -> nlohmann::json -> JSON text, the way
// nlohmann users serialize (build the json value, then dump()).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/pfr/core.hpp>
#include <nlohmann/json.hpp>

#include "toon/reflect/field_names.hpp"

namespace bench::nl {

inline nlohmann::json to_dom(bool b) { return b; }
inline nlohmann::json to_dom(std::int64_t i) { return i; }
inline nlohmann::json to_dom(double d) { return d; }
inline nlohmann::json to_dom(const std::string& s) { return s; }
template <class T> nlohmann::json to_dom(const std::optional<T>& o);
template <class T> nlohmann::json to_dom(const std::vector<T>& v);

/// Aggregates: an object with members in declaration order (ordered_json keeps it).
template <class T>
  requires std::is_aggregate_v<T>
nlohmann::json to_dom(const T& x) {
  nlohmann::json j = nlohmann::json::object();
  boost::pfr::for_each_field(x, [&j](const auto& field, auto index) {
    j[std::string(toon::reflect::field_names_v<T>[index])] = to_dom(field);
  });
  return j;
}

template <class T>
nlohmann::json to_dom(const std::optional<T>& o) {
  return o ? to_dom(*o) : nlohmann::json(nullptr);
}

template <class T>
nlohmann::json to_dom(const std::vector<T>& v) {
  nlohmann::json j = nlohmann::json::array();
  j.get_ref<nlohmann::json::array_t&>().reserve(v.size());
  for (const T& e : v) j.push_back(to_dom(e));
  return j;
}

/// Compact JSON text of `x`.
template <class T>
std::string to_json(const T& x) {
  return to_dom(x).dump();
}

}  // namespace bench::nl
