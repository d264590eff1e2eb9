// A second translation unit of the consumer: includes other toon headers than main.cpp, so that
// header-only mode (toon::toon_header_only) is checked for definitions that must be inline
// ("multiple definition" at link time otherwise) and for headers that work when included alone.
#include <toon/decode.hpp>
#include <toon/encode.hpp>
#include <toon/mcp/server.hpp>
#include <toon/mcp/http.hpp>  // after another MCP header: header-only mode adds mcp_http.inl then

#include <string>

std::string consumer_second_tu() {
  toon::result<toon::value> v = toon::decode("tags[2]: a,b\nn: 3");
  if (!v) return "decode failed: " + v.error().to_string();
  return toon::encode(*v);
}

// Never called: links toon::mcp::http_server (in header-only mode, its definitions come from
// src/header_only/mcp_http.inl).
std::string consumer_http_url() {
  toon::mcp::http_server srv(nullptr);
  return srv.url();
}
