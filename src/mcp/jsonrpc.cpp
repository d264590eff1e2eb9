// Internal JSON-RPC 2.0 helpers of toon::mcp (src/mcp/jsonrpc.hpp).
#include "jsonrpc.hpp"
#include "toon/detail/linkage.hpp"

#include "../common/fd_io.hpp"

#include <unistd.h>

#include <cerrno>
#include <utility>

namespace toon::mcp::jsonrpc {

TOON_FUNC value result_response(const value& id, value result) {
  object out;
  out.reserve(3);
  out.emplace_back("jsonrpc", "2.0");
  out.emplace_back("id", id);
  out.emplace_back("result", std::move(result));
  return out;
}

TOON_FUNC value error_response(const value& id, int code, std::string message, const value* data) {
  object err;
  err.emplace_back("code", code);
  err.emplace_back("message", std::move(message));
  if (data != nullptr) err.emplace_back("data", *data);
  object out;
  out.reserve(3);
  out.emplace_back("jsonrpc", "2.0");
  out.emplace_back("id", id);
  out.emplace_back("error", std::move(err));
  return out;
}

TOON_FUNC bool valid_id(const value& id) noexcept {
  switch (id.type()) {
    case value::kind::string:
    case value::kind::integer:
    case value::kind::uinteger:
      return true;
    default:
      return false;
  }
}

TOON_FUNC bool write_all(int fd, std::string_view bytes) { return detail::write_all(fd, bytes) == 0; }

}  // namespace toon::mcp::jsonrpc
