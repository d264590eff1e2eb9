// Internal JSON-RPC 2.0 framing for toon::mcp over newline-delimited streams (stdio): a line
// splitter with a size limit, response builders and a whole-buffer writer.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "toon/value.hpp"

namespace toon::mcp::jsonrpc {

/// Cuts a byte stream into lines ("\n"-terminated; a trailing "\r" is kept, JSON ignores it).
/// A line longer than `max_line` bytes is not kept: its bytes are counted and dropped up to its
/// newline, so memory stays bounded by max_line whatever arrives.
class line_splitter {
 public:
  explicit line_splitter(std::size_t max_line) : max_line_(max_line) {}

  /// Feeds `n` bytes; calls on_line(std::string_view) for each complete line and
  /// on_oversized(std::size_t bytes) for each line over the limit.
  template <class OnLine, class OnOversized>
  void feed(const char* data, std::size_t n, OnLine&& on_line, OnOversized&& on_oversized) {
    std::string_view rest(data, n);
    while (!rest.empty()) {
      std::size_t nl = rest.find('\n');
      std::string_view piece = rest.substr(0, nl);
      if (oversized_ > 0) {
        oversized_ += piece.size();
      } else if (buffer_.size() + piece.size() > max_line_) {
        oversized_ = buffer_.size() + piece.size();
        buffer_.clear();
        buffer_.shrink_to_fit();
      } else {
        buffer_.append(piece);
      }
      if (nl == std::string_view::npos) return;
      if (oversized_ > 0) on_oversized(oversized_);
      else on_line(std::string_view(buffer_));
      oversized_ = 0;
      buffer_.clear();
      rest.remove_prefix(nl + 1);
    }
  }

  /// At end of input: the last line when it had no newline (calls one of the callbacks).
  template <class OnLine, class OnOversized>
  void finish(OnLine&& on_line, OnOversized&& on_oversized) {
    if (oversized_ > 0) on_oversized(oversized_);
    else if (!buffer_.empty()) on_line(std::string_view(buffer_));
    oversized_ = 0;
    buffer_.clear();
  }

 private:
  std::size_t max_line_;
  std::string buffer_;
  std::size_t oversized_ = 0;
};

/// {"jsonrpc":"2.0","id":id,"result":result}.
[[nodiscard]] value result_response(const value& id, value result);
/// {"jsonrpc":"2.0","id":id,"error":{"code":code,"message":message[,"data":data]}} (id null
/// when it could not be read).
[[nodiscard]] value error_response(const value& id, int code, std::string message, const value* data = nullptr);

/// True for a valid MCP request id: a string or an integer (not null, not fractional).
[[nodiscard]] bool valid_id(const value& id) noexcept;

/// Writes all of `bytes` to `fd` (retrying after EINTR and short writes); false on error.
bool write_all(int fd, std::string_view bytes);

}  // namespace toon::mcp::jsonrpc
