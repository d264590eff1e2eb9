// The pure parts of the HTTP client's OAuth flow (toon/mcp/oauth.hpp): WWW-Authenticate parsing
// (well-formed, hostile and malformed headers), metadata URL construction (RFC 9728 §3.1,
// RFC 8414 §3.1 and OpenID discovery as the MCP 2025-11-25 authorization spec orders them),
// PKCE against RFC 7636's appendix B, base64url against RFC 4648 §10, and scope selection. The
// flows themselves are tested against the official conformance suite (mcp.conformance_client).
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "toon/json.hpp"
#include "toon/mcp/oauth.hpp"

namespace oauth = toon::mcp::oauth;

namespace {

std::vector<oauth::challenge> parsed(std::string_view header) {
  auto r = oauth::parse_www_authenticate(header);
  EXPECT_TRUE(r.has_value()) << header << ": " << (r ? "" : r.error().message);
  return r ? *r : std::vector<oauth::challenge>{};
}

toon::error failed(std::string_view header) {
  auto r = oauth::parse_www_authenticate(header);
  EXPECT_FALSE(r.has_value()) << header;
  return r ? toon::error{} : r.error();
}

}  // namespace

TEST(OAuthWwwAuthenticate, BearerWithQuotedAndTokenParams) {
  auto cs = parsed(R"(Bearer error="insufficient_scope", scope="mcp:basic mcp:write", resource_metadata="http://localhost:1234/.well-known/oauth-protected-resource/mcp")");
  ASSERT_EQ(cs.size(), 1u);
  EXPECT_EQ(cs[0].scheme, "Bearer");
  ASSERT_EQ(cs[0].params.size(), 3u);
  ASSERT_NE(cs[0].find("scope"), nullptr);
  EXPECT_EQ(*cs[0].find("scope"), "mcp:basic mcp:write");
  EXPECT_EQ(*cs[0].find("error"), "insufficient_scope");
  EXPECT_EQ(*cs[0].find("resource_metadata"), "http://localhost:1234/.well-known/oauth-protected-resource/mcp");
  EXPECT_EQ(cs[0].find("realm"), nullptr);
}

TEST(OAuthWwwAuthenticate, ParamNamesAreCaseInsensitiveAndEscapesUnquoted) {
  auto cs = parsed("bearer Realm=example,SCOPE=\"a \\\"b\\\" \\\\c\"");
  ASSERT_EQ(cs.size(), 1u);
  EXPECT_EQ(cs[0].scheme, "bearer");
  ASSERT_NE(cs[0].find("realm"), nullptr);
  EXPECT_EQ(*cs[0].find("realm"), "example");
  ASSERT_NE(cs[0].find("scope"), nullptr);
  EXPECT_EQ(*cs[0].find("scope"), "a \"b\" \\c");
}

TEST(OAuthWwwAuthenticate, SeveralChallengesAndToken68) {
  auto cs = parsed(R"(Basic realm="x", Negotiate abc123==, Bearer scope="s1", error=invalid_token)");
  ASSERT_EQ(cs.size(), 3u);
  EXPECT_EQ(cs[0].scheme, "Basic");
  EXPECT_EQ(*cs[0].find("realm"), "x");
  EXPECT_EQ(cs[1].scheme, "Negotiate");
  ASSERT_EQ(cs[1].params.size(), 1u);
  EXPECT_EQ(cs[1].params[0].first, "");
  EXPECT_EQ(cs[1].params[0].second, "abc123==");
  EXPECT_EQ(cs[2].scheme, "Bearer");
  EXPECT_EQ(*cs[2].find("scope"), "s1");
  EXPECT_EQ(*cs[2].find("error"), "invalid_token");
}

TEST(OAuthWwwAuthenticate, SchemeAloneAndEmptyElements) {
  auto cs = parsed(" , Bearer ,, ");
  ASSERT_EQ(cs.size(), 1u);
  EXPECT_EQ(cs[0].scheme, "Bearer");
  EXPECT_TRUE(cs[0].params.empty());
  EXPECT_TRUE(parsed("").empty());
}

TEST(OAuthWwwAuthenticate, MalformedHeadersGetTypedErrorsWithColumns) {
  toon::error e = failed(R"(Bearer scope="never closed)");
  EXPECT_EQ(e.code, toon::error_code::unauthorized);
  EXPECT_NE(e.message.find("unterminated"), std::string::npos) << e.message;
  EXPECT_EQ(e.line, 1u);
  EXPECT_EQ(e.column, 27u);  // after the last character
  e = failed("=oops");
  EXPECT_EQ(e.code, toon::error_code::unauthorized);
  EXPECT_EQ(e.column, 1u);
  e = failed(R"(Bearer scope="a" junk)");
  EXPECT_EQ(e.code, toon::error_code::unauthorized);
  EXPECT_EQ(e.column, 18u);  // "junk"
  e = failed(std::string("Bearer scope=\"a\x01") + "\"");
  EXPECT_NE(e.message.find("control character"), std::string::npos) << e.message;
  e = failed("Bearer a=b, scope=");
  EXPECT_NE(e.message.find("expected a value"), std::string::npos) << e.message;
  e = failed("Bearer \"quoted\"");
  EXPECT_EQ(e.code, toon::error_code::unauthorized);
  e = failed("Bearer@x");
  EXPECT_EQ(e.column, 7u);
}

TEST(OAuthWwwAuthenticate, SizesAreBounded) {
  std::string big = "Bearer scope=\"" + std::string(9000, 'a') + "\"";
  toon::error e = failed(big);
  EXPECT_EQ(e.code, toon::error_code::unauthorized);
  EXPECT_NE(e.message.find("8192"), std::string::npos) << e.message;
  std::string many = "Bearer ";
  for (int i = 0; i < 65; ++i) many += (i ? ", p" : "p") + std::to_string(i) + "=v";
  e = failed(many);
  EXPECT_NE(e.message.find("auth-params"), std::string::npos) << e.message;
  std::string challenges;
  for (int i = 0; i < 17; ++i) challenges += (i ? ", S" : "S") + std::to_string(i);
  e = failed(challenges);
  EXPECT_NE(e.message.find("challenges"), std::string::npos) << e.message;
  challenges = challenges.substr(0, challenges.rfind(','));  // 16: accepted
  EXPECT_EQ(parsed(challenges).size(), 16u);
}

// Any byte string: a value or a typed error, never a crash; params found are well-formed names.
RC_GTEST_PROP(OAuthWwwAuthenticateProperty, AnyInputParsesOrFailsTyped, (const std::string& noise, const std::string& quoted)) {
  const std::string inputs[] = {noise, "Bearer " + noise, "Bearer scope=\"" + quoted + "\", " + noise, noise + ", Bearer a=b"};
  for (const std::string& in : inputs) {
    auto r = oauth::parse_www_authenticate(in);
    if (!r) {
      RC_ASSERT(r.error().code == toon::error_code::unauthorized);
      RC_ASSERT(r.error().column >= 1u);
      RC_ASSERT(r.error().column <= in.size() + 1);
      continue;
    }
    RC_ASSERT(r->size() <= 16u);
    for (const auto& c : *r) {
      RC_ASSERT(!c.scheme.empty());
      for (const auto& [k, v] : c.params)
        for (char ch : k) RC_ASSERT(!(ch >= 'A' && ch <= 'Z'));
    }
  }
}

TEST(OAuthMetadataUrls, ProtectedResourcePathInsertedThenRoot) {
  auto u = oauth::protected_resource_metadata_urls("http://localhost:3000/mcp");
  ASSERT_TRUE(u.has_value());
  EXPECT_EQ(*u, (std::vector<std::string>{"http://localhost:3000/.well-known/oauth-protected-resource/mcp",
                                          "http://localhost:3000/.well-known/oauth-protected-resource"}));
  u = oauth::protected_resource_metadata_urls("https://Example.COM/a/b/?x=1#frag");
  ASSERT_TRUE(u.has_value());
  EXPECT_EQ(*u, (std::vector<std::string>{"https://example.com/.well-known/oauth-protected-resource/a/b",
                                          "https://example.com/.well-known/oauth-protected-resource"}));
  u = oauth::protected_resource_metadata_urls("http://[::1]:8080");
  ASSERT_TRUE(u.has_value());
  EXPECT_EQ(*u, (std::vector<std::string>{"http://[::1]:8080/.well-known/oauth-protected-resource"}));
  u = oauth::protected_resource_metadata_urls("https://example.com:443/mcp");  // the default port is dropped
  ASSERT_TRUE(u.has_value());
  EXPECT_EQ(u->front(), "https://example.com/.well-known/oauth-protected-resource/mcp");
}

TEST(OAuthMetadataUrls, AuthorizationServerWithAndWithoutPath) {
  auto u = oauth::authorization_server_metadata_urls("http://localhost:4000");
  ASSERT_TRUE(u.has_value());
  EXPECT_EQ(*u, (std::vector<std::string>{"http://localhost:4000/.well-known/oauth-authorization-server",
                                          "http://localhost:4000/.well-known/openid-configuration"}));
  u = oauth::authorization_server_metadata_urls("http://localhost:4000/tenant1/");
  ASSERT_TRUE(u.has_value());
  EXPECT_EQ(*u, (std::vector<std::string>{"http://localhost:4000/.well-known/oauth-authorization-server/tenant1",
                                          "http://localhost:4000/.well-known/openid-configuration/tenant1",
                                          "http://localhost:4000/tenant1/.well-known/openid-configuration"}));
}

TEST(OAuthMetadataUrls, BadUrlsAreIoErrors) {
  for (const char* bad : {"", "localhost:3000/mcp", "ftp://x/y", "http:///mcp", "http://user@host/", "http://host:0/", "http://host:70000/",
                          "http://[::1/", "http://host:12ab/"}) {
    auto u = oauth::protected_resource_metadata_urls(bad);
    ASSERT_FALSE(u.has_value()) << bad;
    EXPECT_EQ(u.error().code, toon::error_code::io_error) << bad;
    auto a = oauth::authorization_server_metadata_urls(bad);
    ASSERT_FALSE(a.has_value()) << bad;
    EXPECT_EQ(a.error().code, toon::error_code::io_error) << bad;
  }
}

TEST(OAuthPkce, Rfc7636AppendixB) {
  // The appendix's 32 random octets, its verifier (their base64url) and its S256 challenge.
  const unsigned char octets[] = {116, 24, 223, 180, 151, 153, 224, 37, 79, 250, 96, 125, 216, 173, 187, 186,
                                  22, 212, 37, 77, 105, 214, 191, 240, 91, 88, 5, 88, 83, 132, 141, 121};
  const std::string verifier = oauth::base64url(std::string_view(reinterpret_cast<const char*>(octets), sizeof octets));
  EXPECT_EQ(verifier, "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk");
  auto p = oauth::pkce_from_verifier(verifier);
  ASSERT_TRUE(p.has_value());
  EXPECT_EQ(p->verifier, verifier);
  EXPECT_EQ(p->challenge, "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
}

TEST(OAuthPkce, VerifierRulesAndFreshPairs) {
  EXPECT_FALSE(oauth::pkce_from_verifier(std::string(42, 'a')).has_value());
  EXPECT_FALSE(oauth::pkce_from_verifier(std::string(129, 'a')).has_value());
  EXPECT_TRUE(oauth::pkce_from_verifier(std::string(128, '~')).has_value());
  auto bad = oauth::pkce_from_verifier(std::string(20, 'a') + "+" + std::string(30, 'b'));
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().code, toon::error_code::unauthorized);
  EXPECT_EQ(bad.error().column, 21u);
  std::set<std::string> seen;
  for (int i = 0; i < 50; ++i) {
    auto p = oauth::make_pkce();
    ASSERT_TRUE(p.has_value());
    EXPECT_EQ(p->verifier.size(), 43u);
    auto again = oauth::pkce_from_verifier(p->verifier);
    ASSERT_TRUE(again.has_value());
    EXPECT_EQ(again->challenge, p->challenge);
    EXPECT_TRUE(seen.insert(p->verifier).second) << "a verifier came twice";
  }
}

TEST(OAuthBase64url, Rfc4648Section10Vectors) {
  // RFC 4648 §10's vectors, in the URL-safe alphabet without padding.
  EXPECT_EQ(oauth::base64url(""), "");
  EXPECT_EQ(oauth::base64url("f"), "Zg");
  EXPECT_EQ(oauth::base64url("fo"), "Zm8");
  EXPECT_EQ(oauth::base64url("foo"), "Zm9v");
  EXPECT_EQ(oauth::base64url("foob"), "Zm9vYg");
  EXPECT_EQ(oauth::base64url("fooba"), "Zm9vYmE");
  EXPECT_EQ(oauth::base64url("foobar"), "Zm9vYmFy");
  EXPECT_EQ(oauth::base64url("\xfb\xff"), "-_8");  // the two URL-safe characters
}

TEST(OAuthScope, ChallengeThenScopesSupportedThenNone) {
  auto prm = toon::from_json(R"({"resource":"http://x/mcp","scopes_supported":["mcp:basic","mcp:read",7,""]})");
  ASSERT_TRUE(prm.has_value());
  EXPECT_EQ(oauth::select_scope("mcp:admin", *prm), "mcp:admin");
  EXPECT_EQ(oauth::select_scope("", *prm), "mcp:basic mcp:read");
  auto none = toon::from_json(R"({"resource":"http://x/mcp"})");
  ASSERT_TRUE(none.has_value());
  EXPECT_EQ(oauth::select_scope("", *none), "");
  EXPECT_EQ(oauth::select_scope("", toon::value()), "");
  auto odd = toon::from_json(R"({"scopes_supported":"mcp:basic"})");
  ASSERT_TRUE(odd.has_value());
  EXPECT_EQ(oauth::select_scope("", *odd), "");
}

TEST(OAuthTokenStore, MemoryStoreKeepsPerResource) {
  toon::mcp::memory_token_store store;
  EXPECT_FALSE(store.load("http://a/mcp").has_value());
  toon::mcp::oauth_tokens t;
  t.access_token = "at1";
  t.refresh_token = "rt1";
  store.save("http://a/mcp", t);
  t.access_token = "at2";
  store.save("http://b/mcp", t);
  ASSERT_TRUE(store.load("http://a/mcp").has_value());
  EXPECT_EQ(store.load("http://a/mcp")->access_token, "at1");
  EXPECT_EQ(store.load("http://b/mcp")->access_token, "at2");
  store.erase("http://a/mcp");
  EXPECT_FALSE(store.load("http://a/mcp").has_value());
  EXPECT_TRUE(store.load("http://b/mcp").has_value());
}

TEST(OAuthFetchRedirect, RefusedConnectionAndBadUrlAreIoErrors) {
  auto r = oauth::fetch_redirect("http://127.0.0.1:1/authorize", std::chrono::milliseconds(2000));
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, toon::error_code::io_error);
  r = oauth::fetch_redirect("https://127.0.0.1/authorize");
  ASSERT_FALSE(r.has_value());
  EXPECT_NE(r.error().message.find("https"), std::string::npos) << r.error().message;
  r = oauth::fetch_redirect("not a url");
  ASSERT_FALSE(r.has_value());
  EXPECT_EQ(r.error().code, toon::error_code::io_error);
}
