// toon/mcp/oauth.hpp - OAuth 2.1 for the Streamable HTTP client (docs/mcp.md, "OAuth").
//
//   toon::mcp::http_client_options http;
//   toon::mcp::oauth_options& auth = http.oauth.emplace();
//   auth.redirect_uri = "http://127.0.0.1:8976/callback";
//   auth.authorize = [](const toon::mcp::oauth_authorization_request& r) -> toon::result<std::string> {
//     return open_browser_and_wait_for_redirect(r.url);  // the URL the browser was sent back to
//   };
//   auto c = toon::mcp::connect_http("http://127.0.0.1:8080/mcp", http);
//
// When the server answers 401 (or 403 with error="insufficient_scope"), the client discovers
// the protected resource's metadata (RFC 9728), its authorization server's metadata (RFC 8414,
// OpenID discovery), registers or names the client (pre-registered id, client ID metadata
// document, or dynamic registration RFC 7591), runs the authorization-code flow with PKCE S256
// and the `resource` parameter (RFC 8707), keeps the tokens in an oauth_token_store and retries
// the request with them. The oauth:: functions are the flow's pure building blocks.
#pragma once

#include "toon/version.hpp"  // first: stops below C++20 with a clear message

#include <chrono>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "toon/error.hpp"
#include "toon/value.hpp"

namespace toon::mcp {

/// Tokens issued by an authorization server's token endpoint.
struct oauth_tokens {
  /// The bearer token sent as `Authorization: Bearer ...`.
  std::string access_token{};
  /// The token type the server named ("Bearer").
  std::string token_type = "Bearer";
  /// The refresh token, when the server issued one (used before a new authorization).
  std::string refresh_token{};
  /// The granted scopes, space-separated (the server's `scope`, else the requested one).
  std::string scope{};
  /// When the access token expires (the epoch: not told).
  std::chrono::system_clock::time_point expires_at{};
};

/// Where the client keeps its tokens, keyed by the resource (the MCP server's URL as sent in
/// the `resource` parameter). Called from the client's transport threads.
class oauth_token_store {
 public:
  virtual ~oauth_token_store() = default;
  /// The tokens kept for `resource`, if any.
  virtual std::optional<oauth_tokens> load(const std::string& resource) = 0;
  /// Keeps `tokens` for `resource`, replacing earlier ones.
  virtual void save(const std::string& resource, const oauth_tokens& tokens) = 0;
  /// Forgets the tokens of `resource`.
  virtual void erase(const std::string& resource) = 0;
};

/// The default store: tokens in memory, lost with the process; thread-safe.
class memory_token_store final : public oauth_token_store {
 public:
  /// oauth_token_store::load.
  std::optional<oauth_tokens> load(const std::string& resource) override {
    std::lock_guard lock(mu_);
    auto it = tokens_.find(resource);
    if (it == tokens_.end()) return std::nullopt;
    return it->second;
  }
  /// oauth_token_store::save.
  void save(const std::string& resource, const oauth_tokens& tokens) override {
    std::lock_guard lock(mu_);
    tokens_.insert_or_assign(resource, tokens);
  }
  /// oauth_token_store::erase.
  void erase(const std::string& resource) override {
    std::lock_guard lock(mu_);
    tokens_.erase(resource);
  }

 private:
  std::mutex mu_;
  std::map<std::string, oauth_tokens> tokens_;
};

/// What the authorization callback is asked to do: send the user to `url` and return where the
/// authorization server redirected back to.
struct oauth_authorization_request {
  /// The authorization endpoint's URL with the request's query (response_type=code, client_id,
  /// redirect_uri, code_challenge, state, resource, scope).
  std::string url{};
  /// oauth_options::redirect_uri.
  std::string redirect_uri{};
  /// The state sent; the answer must carry it back.
  std::string state{};
  /// The scope requested (space-separated; empty: none sent).
  std::string scope{};
};

/// The OAuth grant the client uses to obtain tokens.
enum class oauth_grant {
  /// A user authorizes in a browser (oauth_options::authorize), with PKCE.
  authorization_code,
  /// The client authenticates as itself with its pre-registered credentials (RFC 6749 §4.4;
  /// no user, no callback): for machine-to-machine clients.
  client_credentials,
};

/// How connect_http authorizes itself with OAuth 2.1 (http_client_options::oauth).
struct oauth_options {
  /// The grant used; client_credentials needs client_id and client_secret.
  oauth_grant grant = oauth_grant::authorization_code;
  /// Sends the user to the request's URL and returns the URL the authorization server
  /// redirected to (redirect_uri?code=...&state=...), or an error. Called on the client's
  /// transport thread that met the 401, blocking that request (its time limit, e.g.
  /// client_options::initialize_timeout, has to leave time for the user). An error it returns,
  /// an error redirect or a redirect with another state is final: later requests fail with it
  /// without asking again. Required for the authorization_code grant.
  std::function<result<std::string>(const oauth_authorization_request&)> authorize{};
  /// The redirect URI registered for the client and sent in the authorization request.
  std::string redirect_uri = "http://127.0.0.1:8976/callback";
  /// A pre-registered client id; empty: a client ID metadata document or dynamic registration.
  std::string client_id{};
  /// The pre-registered client's secret (empty: a public client).
  std::string client_secret{};
  /// A PEM private key (EC P-256 for ES256, RSA for RS256): when set, the client authenticates
  /// at the token endpoint with a JWT it signs (private_key_jwt, RFC 7523 §2.2: iss and sub the
  /// client_id, aud the authorization server's issuer) instead of a secret.
  std::string client_assertion_key_pem{};
  /// The JWS algorithm of the client assertion: "ES256" or "RS256".
  std::string client_assertion_algorithm = "ES256";
  /// The URL of this client's metadata document (its client_id where the authorization server
  /// says client_id_metadata_document_supported); empty: not used.
  std::string client_metadata_url{};
  /// The client_name sent with dynamic registration.
  std::string client_name = "toon-cpp";
  /// "client_secret_basic", "client_secret_post", "private_key_jwt" or "none"; empty: what the
  /// registration answered, else the best the server supports for the credentials held.
  std::string token_endpoint_auth_method{};
  /// Scopes to request; empty: the 401's WWW-Authenticate scope, else the resource's
  /// scopes_supported, else no scope parameter.
  std::vector<std::string> scopes{};
  /// Where tokens are kept; null: a memory_token_store of this client's own.
  std::shared_ptr<oauth_token_store> token_store{};
  /// New authorizations after 403 insufficient_scope for one request before it fails.
  int max_step_ups = 2;
  /// Time limit of each exchange with a metadata, registration or token endpoint.
  std::chrono::milliseconds timeout{30000};
  /// Largest metadata, registration or token answer, in bytes.
  std::size_t max_response_size = std::size_t(1) << 20;
};

/// The pure building blocks of the client's OAuth flow (also usable on their own).
namespace oauth {

/// One challenge of a WWW-Authenticate header: its scheme and auth-params.
struct challenge {
  /// The scheme as sent (compare case-insensitively: "Bearer").
  std::string scheme{};
  /// The auth-params in order, names lower-cased, quoted values unescaped.
  std::vector<std::pair<std::string, std::string>> params{};
  /// The value of param `name` (lower case), or null.
  [[nodiscard]] const std::string* find(std::string_view name) const;
};

/// Parses a WWW-Authenticate header value (RFC 9110 §11.6.1): challenges separated by commas,
/// auth-params `name=token` or `name="quoted"`; a token68 is kept as param "" . Errors:
/// unauthorized with the 1-based column of a malformed part, a header over 8 KiB, more than
/// 16 challenges or 64 params.
[[nodiscard]] result<std::vector<challenge>> parse_www_authenticate(std::string_view header);

/// The URLs at which to look for the protected-resource metadata of the MCP endpoint
/// `server_url` (RFC 9728 §3.1), in order: the well-known path with the endpoint's path
/// inserted (when it has one), then at the root. Errors: io_error (not an http(s) URL).
[[nodiscard]] result<std::vector<std::string>> protected_resource_metadata_urls(std::string_view server_url);

/// The URLs at which to look for the metadata of the authorization server `issuer`, in order:
/// with a path, /.well-known/oauth-authorization-server/PATH,
/// /.well-known/openid-configuration/PATH, PATH/.well-known/openid-configuration; without,
/// /.well-known/oauth-authorization-server, /.well-known/openid-configuration. Errors:
/// io_error (not an http(s) URL).
[[nodiscard]] result<std::vector<std::string>> authorization_server_metadata_urls(std::string_view issuer);

/// A PKCE pair (RFC 7636): the verifier kept by the client, its S256 challenge sent.
struct pkce {
  /// The code_verifier (43 to 128 unreserved characters).
  std::string verifier{};
  /// BASE64URL(SHA-256(verifier)), without padding.
  std::string challenge{};
};

/// A new PKCE pair from 32 bytes of the OpenSSL CSPRNG. Errors: io_error (no randomness).
[[nodiscard]] result<pkce> make_pkce();
/// The pair of a given verifier. Errors: unauthorized (not 43 to 128 unreserved characters).
[[nodiscard]] result<pkce> pkce_from_verifier(std::string_view verifier);
/// Base64url without padding (RFC 4648 §5).
[[nodiscard]] std::string base64url(std::string_view bytes);

/// The scope to request (space-separated; empty: send none): `challenge_scope` (a
/// WWW-Authenticate scope) when not empty, else the `scopes_supported` of the protected-resource
/// metadata `resource_metadata` joined, else empty.
[[nodiscard]] std::string select_scope(std::string_view challenge_scope, const value& resource_metadata);

/// GETs `url` without following redirects and returns its Location header: a headless stand-in
/// for a browser with authorization servers that redirect at once (tests, tools). Errors:
/// io_error (no connection, no redirect, a bad URL; https is not supported), timeout.
[[nodiscard]] result<std::string> fetch_redirect(std::string_view url, std::chrono::milliseconds timeout = std::chrono::seconds(30));

}  // namespace oauth
}  // namespace toon::mcp

#if defined(TOON_HEADER_ONLY)
#define TOON_DETAIL_WANT_MCP       // this component's sources too
#define TOON_DETAIL_WANT_MCP_HTTP  // ... and its HTTP sources (src/header_only/mcp_http.inl)
#include "toon/detail/header_only.hpp"
#endif
