// sse_parser.hpp - the Streamable HTTP client's SSE (text/event-stream) parser
// (http_client.cpp), in a file of its own so that the fuzz target fuzz/sse_parser.cpp drives it
// too. Internal: not installed.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace toon::mcp {

/// An SSE (text/event-stream) parser: bytes in, events out, each bounded in size.
class sse_parser {
 public:
  struct event {
    std::string type, data;
  };
  explicit sse_parser(std::size_t limit) : limit_(limit) {}

  /// Feeds bytes; each complete event goes to `on_event`. False once an event or line was too
  /// big (the stream must then be dropped).
  template <class F>
  bool feed(std::string_view bytes, F&& on_event) {
    for (char c : bytes) {
      if (bom_left_ > 0) {  // a UTF-8 byte order mark starting the stream is dropped
        static constexpr char bom[] = "\xEF\xBB\xBF";
        const std::size_t at = 3 - bom_left_;
        if (c == bom[at]) {
          --bom_left_;
          continue;
        }
        line_.append(bom, at);  // not a mark: the bytes held back are text
        bom_left_ = 0;
      }
      if (skip_lf_) {
        skip_lf_ = false;
        if (c == '\n') continue;
      }
      if (c == '\r' || c == '\n') {
        skip_lf_ = c == '\r';
        if (!line(on_event)) return false;
        line_.clear();
        continue;
      }
      if (line_.size() + data_.size() >= limit_) return false;
      line_ += c;
    }
    return true;
  }
  const std::string& last_event_id() const { return last_id_; }
  std::optional<std::int64_t> retry() const { return retry_; }

 private:
  template <class F>
  bool line(F& on_event) {
    if (line_.empty()) {  // dispatch
      last_id_ = id_;  // an id counts once its event is whole (a cut stream resumes before it)
      if (has_data_) {
        if (!data_.empty() && data_.back() == '\n') data_.pop_back();
        on_event(event{type_.empty() ? std::string("message") : type_, std::move(data_)});
      }
      data_.clear();
      type_.clear();
      has_data_ = false;
      return true;
    }
    if (line_.front() == ':') return true;  // a comment
    std::size_t colon = line_.find(':');
    std::string_view field = std::string_view(line_).substr(0, colon);
    std::string_view val;
    if (colon != std::string::npos) {
      val = std::string_view(line_).substr(colon + 1);
      if (!val.empty() && val.front() == ' ') val.remove_prefix(1);
    }
    if (field == "data") {
      data_.append(val);
      data_ += '\n';
      has_data_ = true;
      if (data_.size() > limit_) return false;
    } else if (field == "event") {
      type_ = std::string(val);
    } else if (field == "id") {
      if (val.find('\0') == std::string_view::npos) id_ = std::string(val);
    } else if (field == "retry") {
      std::int64_t ms = 0;  // ASCII digits only; a value beyond 64 bits is ignored
      auto [p, ec] = std::from_chars(val.data(), val.data() + val.size(), ms);
      if (!val.empty() && val.front() != '-' && ec == std::errc() && p == val.data() + val.size()) retry_ = ms;
    }
    return true;
  }

  std::size_t limit_;
  std::string line_, data_, type_, id_, last_id_;
  bool has_data_ = false, skip_lf_ = false;
  std::size_t bom_left_ = 3;  // bytes of a leading byte order mark still possible
  std::optional<std::int64_t> retry_;
};

}  // namespace toon::mcp
