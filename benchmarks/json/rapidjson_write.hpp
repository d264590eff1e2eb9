// benchmarks/json/rapidjson_write.hpp - structs -> JSON with rapidjson's Writer (SAX calls,
// no DOM). Member names come from the same reflection the TOON encoder uses.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <boost/pfr/core.hpp>
#include <rapidjson/stringbuffer.h>
#include <rapidjson/writer.h>

#include "toon/reflect/field_names.hpp"

namespace bench::rj {

template <class W> void write(W& w, bool b) { w.Bool(b); }
template <class W> void write(W& w, std::int64_t i) { w.Int64(i); }
template <class W> void write(W& w, double d) { w.Double(d); }
template <class W> void write(W& w, const std::string& s) { w.String(s.data(), static_cast<rapidjson::SizeType>(s.size())); }

template <class W, class T> void write(W& w, const std::optional<T>& o);
template <class W, class T> void write(W& w, const std::vector<T>& v);

/// Aggregates: one JSON object, members in declaration order.
template <class W, class T>
  requires std::is_aggregate_v<T>
void write(W& w, const T& x) {
  w.StartObject();
  boost::pfr::for_each_field(x, [&w](const auto& field, auto index) {
    constexpr std::string_view key = toon::reflect::field_names_v<T>[index];
    w.Key(key.data(), static_cast<rapidjson::SizeType>(key.size()));
    write(w, field);
  });
  w.EndObject();
}

template <class W, class T>
void write(W& w, const std::optional<T>& o) {
  if (o) write(w, *o);
  else w.Null();
}

template <class W, class T>
void write(W& w, const std::vector<T>& v) {
  w.StartArray();
  for (const T& e : v) write(w, e);
  w.EndArray();
}

/// Writes `x` as compact JSON into `buf` (cleared first; its capacity is reused).
template <class T>
void to_json(rapidjson::StringBuffer& buf, const T& x) {
  buf.Clear();
  rapidjson::Writer<rapidjson::StringBuffer> w(buf);
  write(w, x);
}

}  // namespace bench::rj
