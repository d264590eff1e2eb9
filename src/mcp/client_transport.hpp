// toon::mcp::client::transport: how a client exchanges JSON-RPC messages with a server other
// than over a child process's stdin/stdout (internal; the Streamable HTTP transport of
// src/mcp/http_client.cpp implements it).
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "toon/mcp/client.hpp"

namespace toon::mcp {

struct client::transport {
  /// Each message from the server (one JSON text) goes to `deliver`; `closed` is called once when
  /// the server can no longer be reached (the reason). Both may be called from any thread.
  struct sinks {
    std::function<void(std::string_view message)> deliver;
    std::function<void(std::string_view why)> closed;
  };
  virtual ~transport() = default;
  /// Starts the transport; false when it cannot (the reason in `why`).
  virtual bool start(sinks s, std::string& why) = 0;
  /// Sends one JSON-RPC message (a JSON text without a line break); false when closed.
  virtual bool send(std::string message) = 0;
  /// The protocol revision agreed in the handshake (for its headers and streams).
  virtual void established(std::string_view protocol_version) = 0;
  /// Ends every exchange and the session; idempotent.
  virtual void close() = 0;
};

}  // namespace toon::mcp
