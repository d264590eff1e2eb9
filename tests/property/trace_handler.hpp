// An event_handler that writes every event as a line of text, for comparing event streams
// (row events vs per-cell events, chunked vs whole-document decoding).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "toon/toon.hpp"

namespace toon_trace {

// Writes every event as one line of text; `rows` asks for table_row() events, which are
// written as the per-cell events they stand for, so both traces must match line for line.
class trace_handler final : public toon::event_handler {
 public:
  explicit trace_handler(bool rows) {
    if (rows) receive_rows();
  }
  std::string trace;
  int row_events = 0;

  bool start_object(std::size_t hint, std::size_t at) override { return put("{ " + std::to_string(hint), at); }
  bool end_object() override { return put("}", npos); }
  bool start_array(std::size_t n, std::size_t at) override { return put("[ " + std::to_string(n), at); }
  bool end_array() override { return put("]", npos); }
  bool key(std::string_view k, std::size_t at) override { return put("key " + std::string(k), at); }
  bool null_value(std::size_t at) override { return put("null", at); }
  bool bool_value(bool b, std::size_t at) override { return put(b ? "true" : "false", at); }
  bool int_value(std::int64_t i, std::size_t at) override { return put("int " + std::to_string(i), at); }
  bool uint_value(std::uint64_t u, std::size_t at) override { return put("uint " + std::to_string(u), at); }
  bool double_value(double d, std::size_t at) override { return put("double " + toon::encode(toon::value(d)), at); }
  bool big_integer_value(std::string_view s, std::size_t at) override { return put("big " + std::string(s), at); }
  bool string_value(std::string_view s, std::size_t at) override { return put("string " + std::string(s), at); }

  bool begin_table(const std::string_view* names, std::size_t count, std::size_t) override {
    columns_.assign(names, names + count);
    return true;
  }
  bool table_row(const toon::scalar* cells, std::size_t count, std::size_t at) override {
    ++row_events;
    if (count != columns_.size()) return put("row of the wrong width", at);
    // The per-cell path sends the row's start_object and keys at the row's line start.
    bool ok = start_object(count, at);
    for (std::size_t j = 0; ok && j < count; ++j) {
      ok = key(columns_[j], at) && cell(cells[j]);
    }
    return ok && end_object();
  }

 private:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  bool put(const std::string& s, std::size_t at) {
    trace += s;
    if (at != npos) trace += " @" + std::to_string(at);
    trace += '\n';
    return true;
  }
  bool cell(const toon::scalar& c) {
    switch (c.type) {
      case toon::scalar::kind::null: return null_value(c.offset);
      case toon::scalar::kind::boolean: return bool_value(c.b, c.offset);
      case toon::scalar::kind::integer: return int_value(c.i, c.offset);
      case toon::scalar::kind::uinteger: return uint_value(c.u, c.offset);
      case toon::scalar::kind::real: return double_value(c.d, c.offset);
      case toon::scalar::kind::big_integer: return big_integer_value(c.text, c.offset);
      case toon::scalar::kind::string: return string_value(c.text, c.offset);
    }
    return false;
  }
  std::vector<std::string> columns_;
};

}  // namespace toon_trace
