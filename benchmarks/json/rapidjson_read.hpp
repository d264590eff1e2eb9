// benchmarks/json/rapidjson_read.hpp - JSON -> structs with rapidjson: parse a Document,
// then copy the members out (FindMember by name). Throws std::runtime_error on a mismatch.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <boost/pfr/core.hpp>
#include <rapidjson/document.h>

#include "toon/reflect/field_names.hpp"

namespace bench::rj {

/// Full-precision parsing, so that doubles round-trip exactly (the default mode may be off
/// by one ulp and fail the round-trip check).
inline constexpr unsigned parse_flags = rapidjson::kParseFullPrecisionFlag;

[[noreturn]] inline void fail(std::string_view what) { throw std::runtime_error("rapidjson read: " + std::string(what)); }

inline void read(const rapidjson::Value& v, bool& b) {
  if (!v.IsBool()) fail("bool");
  b = v.GetBool();
}
inline void read(const rapidjson::Value& v, std::int64_t& i) {
  if (!v.IsInt64()) fail("int64");
  i = v.GetInt64();
}
inline void read(const rapidjson::Value& v, double& d) {
  if (!v.IsNumber()) fail("number");
  d = v.GetDouble();
}
inline void read(const rapidjson::Value& v, std::string& s) {
  if (!v.IsString()) fail("string");
  s.assign(v.GetString(), v.GetStringLength());
}
template <class T> void read(const rapidjson::Value& v, std::optional<T>& o);
template <class T> void read(const rapidjson::Value& v, std::vector<T>& out);

/// Aggregates: every member must be present.
template <class T>
  requires std::is_aggregate_v<T>
void read(const rapidjson::Value& v, T& x) {
  if (!v.IsObject()) fail("object");
  boost::pfr::for_each_field(x, [&v](auto& field, auto index) {
    constexpr std::string_view key = toon::reflect::field_names_v<T>[index];
    auto it = v.FindMember(rapidjson::Value(rapidjson::StringRef(key.data(), key.size())));
    if (it == v.MemberEnd()) fail(key);
    read(it->value, field);
  });
}

template <class T>
void read(const rapidjson::Value& v, std::optional<T>& o) {
  if (v.IsNull()) o.reset();
  else read(v, o.emplace());
}

template <class T>
void read(const rapidjson::Value& v, std::vector<T>& out) {
  if (!v.IsArray()) fail("array");
  out.clear();
  out.reserve(v.Size());
  for (const auto& e : v.GetArray()) read(e, out.emplace_back());
}

/// Parses `json` into `x`.
template <class T>
void from_json(std::string_view json, T& x) {
  rapidjson::Document d;
  d.Parse<parse_flags>(json.data(), json.size());
  if (d.HasParseError()) fail("syntax");
  read(d, x);
}

}  // namespace bench::rj
