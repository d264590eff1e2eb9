// benchmarks/json/simdjson_read.hpp - JSON -> structs with simdjson On-Demand: fields are
// looked up in declaration order (find_field), values converted as they are reached.
// Errors throw simdjson::simdjson_error.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <boost/pfr/core.hpp>
#include <simdjson.h>

#include "toon/reflect/field_names.hpp"

namespace bench::sj {

using simdjson::ondemand::value;

inline void read(value v, bool& b) { b = v.get_bool(); }
inline void read(value v, std::int64_t& i) { i = v.get_int64(); }
inline void read(value v, double& d) { d = v.get_double(); }
inline void read(value v, std::string& s) {
  std::string_view sv = v.get_string();
  s.assign(sv);
}
template <class T> void read(value v, std::optional<T>& o);
template <class T> void read(value v, std::vector<T>& out);
template <class T> requires std::is_aggregate_v<T> void read(value v, T& x);

/// Reads the members of `x` from `o`, in declaration order.
template <class T>
void read_fields(simdjson::ondemand::object& o, T& x) {
  boost::pfr::for_each_field(x, [&o](auto& field, auto index) {
    constexpr std::string_view key = toon::reflect::field_names_v<T>[index];
    read(o.find_field(key).value(), field);
  });
}

template <class T>
  requires std::is_aggregate_v<T>
void read(value v, T& x) {
  simdjson::ondemand::object o = v.get_object();
  read_fields(o, x);
}

template <class T>
void read(value v, std::optional<T>& o) {
  if (v.is_null()) {
    o.reset();
  } else {
    read(v, o.emplace());
  }
}

template <class T>
void read(value v, std::vector<T>& out) {
  out.clear();
  for (auto e : v.get_array()) read(e.value(), out.emplace_back());
}

/// Parses the JSON document `json` into `x` (its parser is reused between calls).
template <class T>
void from_json(simdjson::ondemand::parser& parser, const simdjson::padded_string& json, T& x) {
  simdjson::ondemand::document doc = parser.iterate(json);
  simdjson::ondemand::object o = doc.get_object();
  read_fields(o, x);
}

}  // namespace bench::sj
