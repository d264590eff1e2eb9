// toon::mcp::oauth_agent: the OAuth 2.1 client flow of connect_http (internal; src/mcp/oauth.cpp
// implements it, src/mcp/http_client.cpp calls it when a request is answered 401 or 403).
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "toon/error.hpp"
#include "toon/mcp/oauth.hpp"
#include "toon/value.hpp"

namespace toon::mcp {

class oauth_agent {
 public:
  /// An agent for the MCP endpoint `server_url` (http://...).
  oauth_agent(std::string server_url, oauth_options options);

  /// The access token to send now ("" when none is held).
  std::string access_token();

  /// After a request sent with `token_used` ("" none) was answered `status` (401 or 403) with
  /// the WWW-Authenticate value `www_authenticate`: obtains a token to retry with (refresh,
  /// or discovery, registration and authorization). Returns at once when another thread
  /// already replaced `token_used`. Errors: unauthorized, io_error, timeout.
  result<void> on_challenge(unsigned status, std::string_view www_authenticate, const std::string& token_used);

 private:
  result<void> discover(const std::string& resource_metadata_url);
  result<void> ensure_client();
  result<void> authorize(const std::string& scope);
  result<void> refresh();
  result<void> token_request(std::string form, const std::string& requested_scope, bool refreshing);

  std::mutex mu_;
  std::string server_url_;
  oauth_options opts_;
  std::string resource_;           // the resource parameter (the PRM's resource, else server_url_)
  std::string prm_url_;            // where the PRM was read ("" none found)
  value prm_{};                    // the protected-resource metadata (null: none)
  value as_{};                     // the authorization server's metadata (or the fallback endpoints)
  bool discovered_ = false;
  std::optional<toon::error> refused_;  // the user's refusal or a forged redirect: not asked again
  std::string client_id_, client_secret_, auth_method_;
  std::string token_key_;          // the token store's key
};

}  // namespace toon::mcp
