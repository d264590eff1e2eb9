// OAuth 2.1 for the Streamable HTTP client (docs/mcp.md, "OAuth"): the pure building blocks of
// toon/mcp/oauth.hpp and the flow of oauth_agent (src/mcp/oauth_agent.hpp). HTTP exchanges are
// synchronous Boost.Beast on plain TCP, bounded in size and time; SHA-256 and the CSPRNG are
// OpenSSL 3's libcrypto (a hand-written SHA-256 or a std::random_device would be weaker).
#include "toon/detail/linkage.hpp"
#include "toon/mcp/oauth.hpp"
#include "oauth_agent.hpp"

#include <sys/socket.h>
#include <sys/time.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <memory>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core/flat_buffer.hpp>
#include <boost/beast/http/parser.hpp>
#include <boost/beast/http/read.hpp>
#include <boost/beast/http/string_body.hpp>
#include <boost/beast/http/write.hpp>
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ecdsa.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/sha.h>

#include "toon/json.hpp"

namespace toon::mcp {
namespace {

namespace oa_http = boost::beast::http;
using oa_tcp = boost::asio::ip::tcp;

constexpr std::size_t oa_max_header = 8192;     // a WWW-Authenticate value
constexpr std::size_t oa_max_challenges = 16;
constexpr std::size_t oa_max_params = 64;

toon::error oa_error(error_code code, std::string message, std::uint32_t column = 0) {
  toon::error e;
  e.code = code;
  e.message = std::move(message);
  e.column = column;
  if (column != 0) e.line = 1;
  return e;
}

std::string oa_lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

bool oa_iequals(std::string_view a, std::string_view b) { return a.size() == b.size() && oa_lower(a) == oa_lower(b); }

// RFC 9110 tchar.
bool oa_tchar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}
bool oa_token68_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || std::string_view("-._~+/").find(c) != std::string_view::npos;
}

// A parsed http(s) URL: scheme://authority/path?query (the fragment dropped).
struct oa_url {
  std::string scheme, host, port, path, query;
  bool default_port = true;
  [[nodiscard]] std::string origin() const {
    std::string h = host.find(':') != std::string::npos ? "[" + host + "]" : host;
    return scheme + "://" + h + (default_port ? std::string() : ":" + port);
  }
  [[nodiscard]] std::string target() const { return (path.empty() ? "/" : path) + (query.empty() ? std::string() : "?" + query); }
};

result<oa_url> oa_parse_url(std::string_view url) {
  oa_url u;
  std::size_t sep = url.find("://");
  if (sep == std::string_view::npos) return oa_error(error_code::io_error, "OAuth: not an absolute URL: " + std::string(url.substr(0, 200)));
  u.scheme = oa_lower(url.substr(0, sep));
  if (u.scheme != "http" && u.scheme != "https")
    return oa_error(error_code::io_error, "OAuth: not an http(s) URL: " + std::string(url.substr(0, 200)));
  std::string_view rest = url.substr(sep + 3);
  if (std::size_t hash = rest.find('#'); hash != std::string_view::npos) rest = rest.substr(0, hash);
  std::size_t end = rest.find_first_of("/?");
  std::string_view authority = rest.substr(0, end);
  rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
  std::size_t q = rest.find('?');
  u.path = std::string(rest.substr(0, q));
  if (q != std::string_view::npos) u.query = std::string(rest.substr(q + 1));
  if (authority.empty() || authority.find('@') != std::string_view::npos)
    return oa_error(error_code::io_error, "OAuth: bad host in URL: " + std::string(url.substr(0, 200)));
  std::size_t colon = authority.rfind(':');
  if (authority.front() == '[') {
    std::size_t close = authority.find(']');
    if (close == std::string_view::npos) return oa_error(error_code::io_error, "OAuth: bad host in URL: " + std::string(url.substr(0, 200)));
    u.host = std::string(authority.substr(1, close - 1));
    colon = authority.size() > close + 1 && authority[close + 1] == ':' ? close + 1 : std::string_view::npos;
  } else {
    u.host = std::string(authority.substr(0, colon));
  }
  u.port = u.scheme == "https" ? "443" : "80";
  if (colon != std::string_view::npos) {
    std::string p(authority.substr(colon + 1));
    unsigned n = 0;
    auto [ptr, ec] = std::from_chars(p.data(), p.data() + p.size(), n);
    if (ec != std::errc() || ptr != p.data() + p.size() || n == 0 || n > 65535)
      return oa_error(error_code::io_error, "OAuth: bad port in URL: " + std::string(url.substr(0, 200)));
    u.default_port = p == u.port;
    u.port = p;
  }
  if (u.host.empty()) return oa_error(error_code::io_error, "OAuth: bad host in URL: " + std::string(url.substr(0, 200)));
  u.host = oa_lower(u.host);
  return u;
}

// application/x-www-form-urlencoded and query encoding of one component.
std::string oa_form_encode(std::string_view s) {
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) != 0 || c == '-' || c == '.' || c == '_' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += hex[c >> 4];
      out += hex[c & 15];
    }
  }
  return out;
}

std::string oa_form_decode(std::string_view s) {
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() && hex(s[i + 1]) >= 0 && hex(s[i + 2]) >= 0) {
      out += static_cast<char>(hex(s[i + 1]) * 16 + hex(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::string oa_form(const std::vector<std::pair<std::string, std::string>>& fields) {
  std::string out;
  for (const auto& [k, v] : fields) {
    if (!out.empty()) out += '&';
    out += oa_form_encode(k) + "=" + oa_form_encode(v);
  }
  return out;
}

// The value of `name` in a query string, if present.
std::optional<std::string> oa_query_param(std::string_view query, std::string_view name) {
  while (!query.empty()) {
    std::size_t amp = query.find('&');
    std::string_view part = query.substr(0, amp);
    std::size_t eq = part.find('=');
    if (oa_form_decode(part.substr(0, eq)) == name) return oa_form_decode(eq == std::string_view::npos ? std::string_view() : part.substr(eq + 1));
    if (amp == std::string_view::npos) break;
    query.remove_prefix(amp + 1);
  }
  return std::nullopt;
}

struct oa_response {
  unsigned status = 0;
  std::string location, content_type, body;
};

// One HTTP exchange on a new connection, bounded in time (each socket operation) and size.
result<oa_response> oa_fetch(oa_http::verb verb, std::string_view url, const std::vector<std::pair<std::string, std::string>>& headers,
                             std::string body, std::chrono::milliseconds timeout, std::size_t max_size) {
  result<oa_url> u = oa_parse_url(url);
  if (!u) return u.error();
  if (u->scheme == "https")
    return oa_error(error_code::io_error, "OAuth: https URLs are not supported by this client's HTTP plumbing yet: " + std::string(url));
  boost::asio::io_context ioc;
  boost::system::error_code ec;
  oa_tcp::resolver resolver(ioc);
  auto endpoints = resolver.resolve(u->host, u->port, ec);
  if (ec) return oa_error(error_code::io_error, "OAuth: cannot resolve " + u->host + ": " + ec.message());
  oa_tcp::socket sock(ioc);
  for (auto it = endpoints.begin(); it != endpoints.end(); ++it) {
    if (sock.is_open()) sock.close();
    sock.open(it->endpoint().protocol(), ec);
    if (ec) continue;
    const auto ms = std::max<std::int64_t>(1, timeout.count());
    timeval tv{static_cast<time_t>(ms / 1000), static_cast<suseconds_t>((ms % 1000) * 1000)};
    ::setsockopt(sock.native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    ::setsockopt(sock.native_handle(), SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
    sock.connect(it->endpoint(), ec);
    if (!ec) break;
  }
  if (ec) return oa_error(error_code::io_error, "OAuth: cannot connect to " + u->host + ":" + u->port + ": " + ec.message());
  oa_http::request<oa_http::string_body> req{verb, u->target(), 11};
  req.set(oa_http::field::host, u->default_port ? u->host : u->host + ":" + u->port);
  req.set(oa_http::field::user_agent, "toon-cpp");
  req.set(oa_http::field::accept, "application/json");
  for (const auto& [k, v] : headers) req.set(k, v);
  req.body() = std::move(body);
  if (verb != oa_http::verb::get || !req.body().empty()) req.prepare_payload();
  oa_http::write(sock, req, ec);
  auto io_failure = [&](const char* what) {
    const bool timed_out = ec == boost::asio::error::would_block || ec == boost::asio::error::try_again || ec == boost::asio::error::timed_out;
    return oa_error(timed_out ? error_code::timeout : error_code::io_error,
                    std::string("OAuth: ") + what + " " + std::string(url) + ": " + ec.message());
  };
  if (ec) return io_failure("sending to");
  boost::beast::flat_buffer buf;
  oa_http::response_parser<oa_http::string_body> parser;
  parser.header_limit(static_cast<std::uint32_t>(std::min<std::size_t>(max_size, 65536)));
  parser.body_limit(max_size);
  oa_http::read(sock, buf, parser, ec);
  if (ec == oa_http::error::body_limit)
    return oa_error(error_code::io_error, "OAuth: the answer of " + std::string(url) + " is over " + std::to_string(max_size) + " bytes");
  if (ec) return io_failure("reading the answer of");
  auto& res = parser.get();
  oa_response out;
  out.status = res.result_int();
  if (auto l = res.find(oa_http::field::location); l != res.end()) out.location = std::string(l->value());
  if (auto c = res.find(oa_http::field::content_type); c != res.end()) out.content_type = oa_lower(c->value());
  out.body = std::move(res.body());
  boost::system::error_code ignored;
  sock.shutdown(oa_tcp::socket::shutdown_both, ignored);
  return out;
}

// The answer's JSON object, or an error naming `what`.
result<value> oa_json_object(const oa_response& r, std::string_view what) {
  result<value> v = from_json(r.body);
  if (!v || !v->is_object()) return oa_error(error_code::unauthorized, "OAuth: " + std::string(what) + " is not a JSON object");
  return v;
}

std::string oa_string(const value& obj, std::string_view key) {
  const value* v = obj.is_object() ? obj.find(key) : nullptr;
  return v != nullptr && v->is_string() ? v->as_string() : std::string();
}

bool oa_array_has(const value& obj, std::string_view key, std::string_view item) {
  const value* v = obj.is_object() ? obj.find(key) : nullptr;
  if (v == nullptr || !v->is_array()) return false;
  return std::any_of(v->as_array().begin(), v->as_array().end(), [&](const value& x) { return x.is_string() && x.as_string() == item; });
}

result<std::string> oa_random(std::size_t bytes) {
  std::string raw(bytes, '\0');
  if (RAND_bytes(reinterpret_cast<unsigned char*>(raw.data()), static_cast<int>(raw.size())) != 1)
    return oa_error(error_code::io_error, "OAuth: the CSPRNG (OpenSSL RAND_bytes) failed");
  return oauth::base64url(raw);
}

std::string oa_base64(std::string_view bytes) {
  std::string out = oauth::base64url(bytes);
  std::replace(out.begin(), out.end(), '-', '+');
  std::replace(out.begin(), out.end(), '_', '/');
  while (out.size() % 4 != 0) out += '=';
  return out;
}

// A JWT signed with `key_pem` (JWS compact serialization, RFC 7515) for the claims `claims`.
result<std::string> oa_sign_jwt(const std::string& key_pem, const std::string& alg, const value& claims) {
  if (alg != "ES256" && alg != "RS256") return oa_error(error_code::unauthorized, "OAuth: unsupported client assertion algorithm \"" + alg.substr(0, 20) + "\"");
  std::unique_ptr<BIO, decltype(&BIO_free)> bio(BIO_new_mem_buf(key_pem.data(), static_cast<int>(key_pem.size())), &BIO_free);
  if (!bio) return oa_error(error_code::io_error, "OAuth: out of memory");
  std::unique_ptr<EVP_PKEY, decltype(&EVP_PKEY_free)> key(PEM_read_bio_PrivateKey(bio.get(), nullptr, nullptr, nullptr), &EVP_PKEY_free);
  if (!key) return oa_error(error_code::unauthorized, "OAuth: client_assertion_key_pem is not a PEM private key");
  const bool ec = EVP_PKEY_get_base_id(key.get()) == EVP_PKEY_EC;
  if ((alg == "ES256") != ec || (ec && EVP_PKEY_get_bits(key.get()) != 256) || (!ec && EVP_PKEY_get_base_id(key.get()) != EVP_PKEY_RSA))
    return oa_error(error_code::unauthorized, "OAuth: the client assertion key does not fit " + alg);
  const std::string input = oauth::base64url(to_json(value(object{{"alg", alg}, {"typ", "JWT"}}))) + "." + oauth::base64url(to_json(claims));
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), &EVP_MD_CTX_free);
  std::size_t len = 0;
  if (!ctx || EVP_DigestSignInit(ctx.get(), nullptr, EVP_sha256(), nullptr, key.get()) != 1 ||
      EVP_DigestSign(ctx.get(), nullptr, &len, reinterpret_cast<const unsigned char*>(input.data()), input.size()) != 1)
    return oa_error(error_code::unauthorized, "OAuth: signing the client assertion failed");
  std::string sig(len, '\0');
  if (EVP_DigestSign(ctx.get(), reinterpret_cast<unsigned char*>(sig.data()), &len, reinterpret_cast<const unsigned char*>(input.data()), input.size()) != 1)
    return oa_error(error_code::unauthorized, "OAuth: signing the client assertion failed");
  sig.resize(len);
  if (ec) {  // DER (r, s) to JWS's fixed-width r || s (RFC 7518 §3.4)
    const unsigned char* p = reinterpret_cast<const unsigned char*>(sig.data());
    std::unique_ptr<ECDSA_SIG, decltype(&ECDSA_SIG_free)> es(d2i_ECDSA_SIG(nullptr, &p, static_cast<long>(sig.size())), &ECDSA_SIG_free);
    if (!es) return oa_error(error_code::unauthorized, "OAuth: signing the client assertion failed");
    const BIGNUM* r = nullptr;
    const BIGNUM* sv = nullptr;
    ECDSA_SIG_get0(es.get(), &r, &sv);
    unsigned char raw[64];
    if (BN_bn2binpad(r, raw, 32) != 32 || BN_bn2binpad(sv, raw + 32, 32) != 32)
      return oa_error(error_code::unauthorized, "OAuth: signing the client assertion failed");
    sig.assign(reinterpret_cast<const char*>(raw), sizeof raw);
  }
  return input + "." + oauth::base64url(sig);
}

}  // namespace

// ---- the building blocks -------------------------------------------------------------------

TOON_FUNC const std::string* oauth::challenge::find(std::string_view name) const {
  for (const auto& [k, v] : params)
    if (k == name) return &v;
  return nullptr;
}

TOON_FUNC result<std::vector<oauth::challenge>> oauth::parse_www_authenticate(std::string_view header) {
  if (header.size() > oa_max_header)
    return oa_error(error_code::unauthorized, "WWW-Authenticate: over " + std::to_string(oa_max_header) + " bytes");
  std::vector<challenge> out;
  std::size_t i = 0, params = 0;
  const std::size_t n = header.size();
  auto col = [&](std::size_t at) { return static_cast<std::uint32_t>(at + 1); };
  auto skip_ws = [&] {
    while (i < n && (header[i] == ' ' || header[i] == '\t')) ++i;
  };
  auto bad = [&](const std::string& what) { return oa_error(error_code::unauthorized, "WWW-Authenticate: " + what + " at column " + std::to_string(i + 1), col(i)); };
  for (;;) {
    while (i < n && (header[i] == ' ' || header[i] == '\t' || header[i] == ',')) ++i;  // empty list elements
    if (i >= n) break;
    std::size_t start = i;
    while (i < n && oa_tchar(header[i])) ++i;
    if (i == start) return bad("expected an auth scheme");
    if (out.size() == oa_max_challenges) return bad("more than " + std::to_string(oa_max_challenges) + " challenges");
    challenge c;
    c.scheme = std::string(header.substr(start, i - start));
    if (i < n && header[i] != ' ' && header[i] != '\t' && header[i] != ',') return bad("unexpected character after the scheme");
    skip_ws();
    // auth-params (or one token68) until the next challenge's scheme.
    bool first = true;
    while (i < n && header[i] != ',') {
      std::size_t name_start = i;
      while (i < n && oa_tchar(header[i])) ++i;
      std::size_t name_end = i;
      skip_ws();
      bool token68 = false;
      if (first && i < n && header[i] == '=') {  // "abc==" is a token68 when only '='s follow
        std::size_t j = i;
        while (j < n && header[j] == '=') ++j;
        while (j < n && (header[j] == ' ' || header[j] == '\t')) ++j;
        token68 = j == n || header[j] == ',';
      }
      if (!token68 && i < n && header[i] == '=' && name_end > name_start) {
        ++i;
        skip_ws();
        std::string val;
        if (i < n && header[i] == '"') {
          ++i;
          bool closed = false;
          while (i < n) {
            char ch = header[i++];
            if (ch == '"') {
              closed = true;
              break;
            }
            if (ch == '\\') {
              if (i >= n) break;
              ch = header[i++];
            }
            if ((static_cast<unsigned char>(ch) < 0x20 && ch != '\t') || ch == 0x7f) {
              --i;
              return bad("a control character in a quoted value");
            }
            val += ch;
          }
          if (!closed) return bad("an unterminated quoted value");
        } else {
          std::size_t vs = i;
          while (i < n && oa_tchar(header[i])) ++i;
          if (i == vs) return bad("expected a value");
          val = std::string(header.substr(vs, i - vs));
        }
        if (++params > oa_max_params) return bad("more than " + std::to_string(oa_max_params) + " auth-params");
        c.params.emplace_back(oa_lower(header.substr(name_start, name_end - name_start)), std::move(val));
        first = false;
        skip_ws();
        if (i < n && header[i] == ',') {
          // Another param of this challenge, or the next challenge: look past the comma.
          std::size_t save = i;
          ++i;
          while (i < n && (header[i] == ' ' || header[i] == '\t' || header[i] == ',')) ++i;
          std::size_t ts = i;
          while (i < n && oa_tchar(header[i])) ++i;
          std::size_t te = i;
          skip_ws();
          bool is_param = te > ts && i < n && header[i] == '=';
          i = is_param ? ts : save;
          if (!is_param) break;
        } else if (i < n) {
          return bad("expected a comma");
        }
      } else if (first) {
        // token68: the rest up to a comma or the end.
        i = name_start;
        std::size_t ts = i;
        while (i < n && oa_token68_char(header[i])) ++i;
        while (i < n && header[i] == '=') ++i;
        if (i == ts) return bad("expected an auth-param or a token68");
        c.params.emplace_back("", std::string(header.substr(ts, i - ts)));
        skip_ws();
        if (i < n && header[i] != ',') return bad("expected a comma");
        break;
      } else {
        return bad("expected an auth-param");
      }
    }
    out.push_back(std::move(c));
  }
  return out;
}

TOON_FUNC result<std::vector<std::string>> oauth::protected_resource_metadata_urls(std::string_view server_url) {
  result<oa_url> u = oa_parse_url(server_url);
  if (!u) return u.error();
  std::vector<std::string> out;
  std::string path = u->path;
  while (!path.empty() && path.back() == '/') path.pop_back();
  const std::string root = u->origin() + "/.well-known/oauth-protected-resource";
  if (!path.empty()) out.push_back(root + path);
  out.push_back(root);
  return out;
}

TOON_FUNC result<std::vector<std::string>> oauth::authorization_server_metadata_urls(std::string_view issuer) {
  result<oa_url> u = oa_parse_url(issuer);
  if (!u) return u.error();
  std::string path = u->path;
  while (!path.empty() && path.back() == '/') path.pop_back();
  const std::string origin = u->origin();
  if (path.empty()) return std::vector<std::string>{origin + "/.well-known/oauth-authorization-server", origin + "/.well-known/openid-configuration"};
  return std::vector<std::string>{origin + "/.well-known/oauth-authorization-server" + path, origin + "/.well-known/openid-configuration" + path,
                                  origin + path + "/.well-known/openid-configuration"};
}

TOON_FUNC std::string oauth::base64url(std::string_view bytes) {
  static constexpr char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  out.reserve((bytes.size() * 4 + 2) / 3);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    std::uint32_t v = (std::uint32_t(static_cast<unsigned char>(bytes[i])) << 16) | (std::uint32_t(static_cast<unsigned char>(bytes[i + 1])) << 8) |
                      std::uint32_t(static_cast<unsigned char>(bytes[i + 2]));
    out += alphabet[(v >> 18) & 63];
    out += alphabet[(v >> 12) & 63];
    out += alphabet[(v >> 6) & 63];
    out += alphabet[v & 63];
  }
  if (bytes.size() - i == 1) {
    std::uint32_t v = std::uint32_t(static_cast<unsigned char>(bytes[i])) << 16;
    out += alphabet[(v >> 18) & 63];
    out += alphabet[(v >> 12) & 63];
  } else if (bytes.size() - i == 2) {
    std::uint32_t v = (std::uint32_t(static_cast<unsigned char>(bytes[i])) << 16) | (std::uint32_t(static_cast<unsigned char>(bytes[i + 1])) << 8);
    out += alphabet[(v >> 18) & 63];
    out += alphabet[(v >> 12) & 63];
    out += alphabet[(v >> 6) & 63];
  }
  return out;
}

TOON_FUNC result<oauth::pkce> oauth::pkce_from_verifier(std::string_view verifier) {
  if (verifier.size() < 43 || verifier.size() > 128)
    return oa_error(error_code::unauthorized, "PKCE: a code_verifier has 43 to 128 characters, not " + std::to_string(verifier.size()));
  for (std::size_t i = 0; i < verifier.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(verifier[i]);
    if (std::isalnum(c) == 0 && c != '-' && c != '.' && c != '_' && c != '~')
      return oa_error(error_code::unauthorized, "PKCE: a code_verifier character that is not unreserved", static_cast<std::uint32_t>(i + 1));
  }
  unsigned char digest[SHA256_DIGEST_LENGTH];
  SHA256(reinterpret_cast<const unsigned char*>(verifier.data()), verifier.size(), digest);
  pkce p;
  p.verifier = std::string(verifier);
  p.challenge = base64url(std::string_view(reinterpret_cast<const char*>(digest), sizeof digest));
  return p;
}

TOON_FUNC result<oauth::pkce> oauth::make_pkce() {
  result<std::string> verifier = oa_random(32);
  if (!verifier) return verifier.error();
  return pkce_from_verifier(*verifier);
}

TOON_FUNC std::string oauth::select_scope(std::string_view challenge_scope, const value& resource_metadata) {
  if (!challenge_scope.empty()) return std::string(challenge_scope);
  const value* s = resource_metadata.is_object() ? resource_metadata.find("scopes_supported") : nullptr;
  std::string out;
  if (s != nullptr && s->is_array())
    for (const value& x : s->as_array())
      if (x.is_string() && !x.as_string().empty()) out += (out.empty() ? "" : " ") + x.as_string();
  return out;
}

TOON_FUNC result<std::string> oauth::fetch_redirect(std::string_view url, std::chrono::milliseconds timeout) {
  result<oa_response> r = oa_fetch(oa_http::verb::get, url, {}, {}, timeout, std::size_t(1) << 20);
  if (!r) return r.error();
  if (r->status < 300 || r->status >= 400 || r->location.empty())
    return oa_error(error_code::io_error, "OAuth: " + std::string(url) + " answered HTTP " + std::to_string(r->status) + " without a redirect");
  return r->location;
}

// ---- the flow ------------------------------------------------------------------------------

TOON_FUNC oauth_agent::oauth_agent(std::string server_url, oauth_options options) : server_url_(std::move(server_url)), opts_(std::move(options)) {
  if (!opts_.token_store) opts_.token_store = std::make_shared<memory_token_store>();
  // Until the protected-resource metadata names the resource: the endpoint's URL without a
  // fragment (RFC 8707 §2).
  resource_ = server_url_.substr(0, server_url_.find('#'));
  token_key_ = resource_;
  client_id_ = opts_.client_id;
  client_secret_ = opts_.client_secret;
}

TOON_FUNC std::string oauth_agent::access_token() {
  std::lock_guard lock(mu_);
  std::optional<oauth_tokens> t = opts_.token_store->load(token_key_);
  return t ? t->access_token : std::string();
}

TOON_FUNC result<void> oauth_agent::on_challenge(unsigned status, std::string_view www_authenticate, const std::string& token_used) {
  std::lock_guard lock(mu_);
  std::optional<oauth_tokens> held = opts_.token_store->load(token_key_);
  if (held && !held->access_token.empty() && held->access_token != token_used) return {};  // replaced meanwhile
  if (refused_) return *refused_;
  std::string resource_metadata, scope, err;
  if (!www_authenticate.empty()) {
    result<std::vector<oauth::challenge>> cs = oauth::parse_www_authenticate(www_authenticate);
    if (!cs) {
      toon::error e = cs.error();
      e.message = "OAuth: the server's " + e.message;
      return e;
    }
    for (const oauth::challenge& c : *cs) {
      if (!oa_iequals(c.scheme, "Bearer")) continue;
      if (const std::string* v = c.find("resource_metadata")) resource_metadata = *v;
      if (const std::string* v = c.find("scope")) scope = *v;
      if (const std::string* v = c.find("error")) err = *v;
      break;
    }
  }
  if (status == 403 && err != "insufficient_scope")
    return oa_error(error_code::unauthorized, "OAuth: the server refused the request (HTTP 403" + (err.empty() ? std::string() : ", " + err) + ")");
  if (status == 401 && held && !held->refresh_token.empty() && !token_used.empty()) {
    if (refresh()) return {};
  }
  if (!discovered_ || (!resource_metadata.empty() && resource_metadata != prm_url_)) {
    if (result<void> d = discover(resource_metadata); !d) return d;
  }
  std::string wanted = !opts_.scopes.empty() ? std::string() : oauth::select_scope(scope, prm_);
  if (!opts_.scopes.empty())
    for (const std::string& s : opts_.scopes) wanted += (wanted.empty() ? "" : " ") + s;
  if (opts_.grant == oauth_grant::client_credentials) {
    if (client_id_.empty()) return oa_error(error_code::unauthorized, "OAuth: the client_credentials grant needs oauth_options::client_id");
    std::vector<std::pair<std::string, std::string>> form{{"grant_type", "client_credentials"}, {"resource", resource_}};
    if (!wanted.empty()) form.emplace_back("scope", wanted);
    return token_request(oa_form(form), wanted, false);
  }
  if (result<void> c = ensure_client(); !c) return c;
  return authorize(wanted);
}

TOON_FUNC result<void> oauth_agent::discover(const std::string& resource_metadata_url) {
  // Protected-resource metadata (RFC 9728): the challenge's URL, else the well-known ones.
  std::vector<std::string> candidates;
  if (!resource_metadata_url.empty()) candidates.push_back(resource_metadata_url);
  result<std::vector<std::string>> wk = oauth::protected_resource_metadata_urls(server_url_);
  if (!wk) return wk.error();
  for (std::string& u : *wk)
    if (u != resource_metadata_url) candidates.push_back(std::move(u));
  prm_ = value();
  prm_url_.clear();
  for (const std::string& url : candidates) {
    result<oa_response> r = oa_fetch(oa_http::verb::get, url, {{"MCP-Protocol-Version", "2025-11-25"}}, {}, opts_.timeout, opts_.max_response_size);
    if (!r) {
      if (r.error().code == error_code::timeout) return r.error();
      continue;
    }
    if (r->status != 200) continue;
    result<value> v = oa_json_object(*r, "the protected-resource metadata at " + url);
    if (!v) return v.error();
    prm_ = std::move(*v);
    prm_url_ = url;
    break;
  }
  std::string issuer;
  result<oa_url> server = oa_parse_url(server_url_);
  if (!server) return server.error();
  if (prm_.is_object()) {
    // The metadata's resource must be this endpoint or a prefix of it on the same origin
    // (RFC 9728 §3.3): a token for another resource must not be requested.
    std::string res = oa_string(prm_, "resource");
    if (!res.empty()) {
      result<oa_url> ru = oa_parse_url(res);
      std::string rp = ru ? ru->path : std::string();
      while (!rp.empty() && rp.back() == '/') rp.pop_back();
      const std::string& sp = server->path;
      bool prefix = ru && ru->origin() == server->origin() &&
                    (rp.empty() || (sp.compare(0, rp.size(), rp) == 0 && (sp.size() == rp.size() || sp[rp.size()] == '/')));
      if (!prefix)
        return oa_error(error_code::unauthorized, "OAuth: the protected-resource metadata names the resource \"" + res.substr(0, 200) +
                                                      "\", which is not " + server_url_);
      resource_ = res;
    }
    const value* as = prm_.find("authorization_servers");
    if (as != nullptr && as->is_array() && !as->as_array().empty() && as->as_array().front().is_string()) issuer = as->as_array().front().as_string();
    if (issuer.empty()) return oa_error(error_code::unauthorized, "OAuth: the protected-resource metadata names no authorization server");
  } else {
    issuer = server->origin();  // 2025-03-26: the MCP server's origin is its authorization server
  }
  // Authorization-server metadata (RFC 8414, OpenID Connect Discovery).
  result<std::vector<std::string>> asu = oauth::authorization_server_metadata_urls(issuer);
  if (!asu) return asu.error();
  as_ = value();
  for (const std::string& url : *asu) {
    result<oa_response> r = oa_fetch(oa_http::verb::get, url, {{"MCP-Protocol-Version", "2025-11-25"}}, {}, opts_.timeout, opts_.max_response_size);
    if (!r) {
      if (r.error().code == error_code::timeout) return r.error();
      continue;
    }
    if (r->status != 200) continue;
    result<value> v = oa_json_object(*r, "the authorization-server metadata at " + url);
    if (!v) return v.error();
    if (oa_string(*v, "authorization_endpoint").empty() || oa_string(*v, "token_endpoint").empty())
      return oa_error(error_code::unauthorized, "OAuth: the authorization-server metadata at " + url + " lacks its endpoints");
    as_ = std::move(*v);
    break;
  }
  if (as_.is_null()) {
    // No metadata: the default endpoints at the issuer's origin (2025-03-26 fallback).
    result<oa_url> iu = oa_parse_url(issuer);
    if (!iu) return iu.error();
    const std::string o = iu->origin();
    as_ = value(object{{"issuer", o}, {"authorization_endpoint", o + "/authorize"}, {"token_endpoint", o + "/token"}, {"registration_endpoint", o + "/register"}});
  }
  const value* methods = as_.find("code_challenge_methods_supported");
  if (methods != nullptr && methods->is_array() && !oa_array_has(as_, "code_challenge_methods_supported", "S256"))
    return oa_error(error_code::unauthorized, "OAuth: the authorization server does not support PKCE S256");
  token_key_ = resource_;
  discovered_ = true;
  return {};
}

TOON_FUNC result<void> oauth_agent::ensure_client() {
  if (!client_id_.empty()) return {};
  if (!opts_.client_metadata_url.empty() && as_.find("client_id_metadata_document_supported") != nullptr &&
      as_.find("client_id_metadata_document_supported")->is_bool() && as_.find("client_id_metadata_document_supported")->as_bool()) {
    client_id_ = opts_.client_metadata_url;  // a client ID metadata document: the URL is the id
    auth_method_ = "none";
    return {};
  }
  std::string endpoint = oa_string(as_, "registration_endpoint");
  if (endpoint.empty())
    return oa_error(error_code::unauthorized, "OAuth: the authorization server offers no dynamic registration; set oauth_options::client_id");
  std::string method = opts_.token_endpoint_auth_method.empty() ? std::string("none") : opts_.token_endpoint_auth_method;
  object meta{{"client_name", opts_.client_name},
              {"redirect_uris", array{value(opts_.redirect_uri)}},
              {"grant_types", array{value("authorization_code"), value("refresh_token")}},
              {"response_types", array{value("code")}},
              {"token_endpoint_auth_method", method}};
  result<oa_response> r = oa_fetch(oa_http::verb::post, endpoint, {{"Content-Type", "application/json"}}, to_json(value(std::move(meta))), opts_.timeout,
                                    opts_.max_response_size);
  if (!r) return r.error();
  if (r->status != 200 && r->status != 201)
    return oa_error(error_code::unauthorized, "OAuth: dynamic registration at " + endpoint + " answered HTTP " + std::to_string(r->status) + ": " + r->body.substr(0, 300));
  result<value> v = oa_json_object(*r, "the registration answer");
  if (!v) return v.error();
  client_id_ = oa_string(*v, "client_id");
  if (client_id_.empty()) return oa_error(error_code::unauthorized, "OAuth: the registration answer has no client_id");
  client_secret_ = oa_string(*v, "client_secret");
  auth_method_ = oa_string(*v, "token_endpoint_auth_method");
  return {};
}

TOON_FUNC result<void> oauth_agent::token_request(std::string form_extra, const std::string& requested_scope, bool refreshing) {
  // The client authentication (RFC 6749 §2.3): what was set or registered, else the best the
  // server supports for the credentials held (RFC 8414's default is client_secret_basic).
  std::string method = !opts_.token_endpoint_auth_method.empty() ? opts_.token_endpoint_auth_method : auth_method_;
  if (method.empty()) {
    const value* supported = as_.find("token_endpoint_auth_methods_supported");
    bool listed = supported != nullptr && supported->is_array();
    if (!opts_.client_assertion_key_pem.empty()) {
      method = "private_key_jwt";
    } else if (client_secret_.empty()) {
      method = "none";
    } else if (!listed || oa_array_has(as_, "token_endpoint_auth_methods_supported", "client_secret_basic")) {
      method = "client_secret_basic";
    } else if (oa_array_has(as_, "token_endpoint_auth_methods_supported", "client_secret_post")) {
      method = "client_secret_post";
    } else {
      method = "none";
    }
  }
  std::vector<std::pair<std::string, std::string>> headers{{"Content-Type", "application/x-www-form-urlencoded"}};
  std::string form = std::move(form_extra);
  if (method == "client_secret_basic") {
    headers.emplace_back("Authorization", "Basic " + oa_base64(oa_form_encode(client_id_) + ":" + oa_form_encode(client_secret_)));
  } else if (method == "private_key_jwt") {
    const auto now = std::chrono::duration_cast<std::chrono::seconds>(std::chrono::system_clock::now().time_since_epoch()).count();
    result<std::string> jti = oa_random(16);
    if (!jti) return jti.error();
    std::string aud = oa_string(as_, "issuer");
    if (aud.empty()) aud = oa_string(as_, "token_endpoint");
    value claims(object{{"iss", client_id_}, {"sub", client_id_}, {"aud", aud}, {"iat", now}, {"exp", now + 300}, {"jti", *jti}});
    result<std::string> jwt = oa_sign_jwt(opts_.client_assertion_key_pem, opts_.client_assertion_algorithm, claims);
    if (!jwt) return jwt.error();
    form += "&client_id=" + oa_form_encode(client_id_) + "&client_assertion_type=" + oa_form_encode("urn:ietf:params:oauth:client-assertion-type:jwt-bearer") +
            "&client_assertion=" + oa_form_encode(*jwt);
  } else {
    form += "&client_id=" + oa_form_encode(client_id_);
    if (method == "client_secret_post") form += "&client_secret=" + oa_form_encode(client_secret_);
  }
  const std::string endpoint = oa_string(as_, "token_endpoint");
  result<oa_response> r = oa_fetch(oa_http::verb::post, endpoint, headers, std::move(form), opts_.timeout, opts_.max_response_size);
  if (!r) return r.error();
  result<value> v = oa_json_object(*r, "the token endpoint's answer");
  if (r->status != 200) {
    std::string why = v ? oa_string(*v, "error") : std::string();
    std::string desc = v ? oa_string(*v, "error_description") : std::string();
    return oa_error(error_code::unauthorized, "OAuth: the token endpoint answered HTTP " + std::to_string(r->status) + (why.empty() ? "" : " " + why.substr(0, 100)) +
                                                  (desc.empty() ? "" : ": " + desc.substr(0, 300)));
  }
  if (!v) return v.error();
  oauth_tokens t;
  t.access_token = oa_string(*v, "access_token");
  t.token_type = oa_string(*v, "token_type");
  if (t.access_token.empty()) return oa_error(error_code::unauthorized, "OAuth: the token endpoint's answer has no access_token");
  if (!oa_iequals(t.token_type, "bearer")) return oa_error(error_code::unauthorized, "OAuth: token type \"" + t.token_type.substr(0, 50) + "\" is not Bearer");
  t.refresh_token = oa_string(*v, "refresh_token");
  t.scope = oa_string(*v, "scope");
  if (t.scope.empty()) t.scope = requested_scope;
  if (const value* e = v->find("expires_in"); e != nullptr && e->is_number()) {
    double secs = e->type() == value::kind::integer ? static_cast<double>(e->as_int64()) : e->type() == value::kind::uinteger ? static_cast<double>(e->as_uint64()) : e->type() == value::kind::real ? e->as_double() : 0.0;
    if (secs > 0 && secs < 1e9) t.expires_at = std::chrono::system_clock::now() + std::chrono::seconds(static_cast<std::int64_t>(secs));
  }
  if (t.refresh_token.empty()) {  // a refresh keeps the earlier refresh token unless replaced
    std::optional<oauth_tokens> old = opts_.token_store->load(token_key_);
    if (old && refreshing) t.refresh_token = old->refresh_token;
  }
  opts_.token_store->save(token_key_, t);
  return {};
}

TOON_FUNC result<void> oauth_agent::refresh() {
  std::optional<oauth_tokens> held = opts_.token_store->load(token_key_);
  if (!held || held->refresh_token.empty() || !discovered_) return oa_error(error_code::unauthorized, "OAuth: no refresh token");
  std::string form = "grant_type=refresh_token&refresh_token=" + oa_form_encode(held->refresh_token) + "&resource=" + oa_form_encode(resource_);
  result<void> r = token_request(std::move(form), held->scope, true);
  if (!r) opts_.token_store->erase(token_key_);
  return r;
}

TOON_FUNC result<void> oauth_agent::authorize(const std::string& scope) {
  if (!opts_.authorize) return oa_error(error_code::unauthorized, "OAuth: the server requires authorization and oauth_options::authorize is not set");
  result<oauth::pkce> pk = oauth::make_pkce();
  if (!pk) return pk.error();
  result<std::string> state = oa_random(16);
  if (!state) return state.error();
  std::vector<std::pair<std::string, std::string>> q{{"response_type", "code"},
                                                     {"client_id", client_id_},
                                                     {"redirect_uri", opts_.redirect_uri},
                                                     {"code_challenge", pk->challenge},
                                                     {"code_challenge_method", "S256"},
                                                     {"state", *state},
                                                     {"resource", resource_}};
  if (!scope.empty()) q.emplace_back("scope", scope);
  std::string endpoint = oa_string(as_, "authorization_endpoint");
  result<oa_url> eu = oa_parse_url(endpoint);
  if (!eu) return eu.error();
  oauth_authorization_request req;
  req.url = endpoint + (eu->query.empty() ? "?" : "&") + oa_form(q);
  req.redirect_uri = opts_.redirect_uri;
  req.state = *state;
  req.scope = scope;
  // A refusal (the callback's error, the server's error redirect, a redirect with another
  // state) is final for this client: the user is not asked again.
  result<std::string> back = opts_.authorize(req);
  if (!back) {
    toon::error e = back.error();
    if (e.code == error_code::ok) e.code = error_code::unauthorized;
    e.message = "OAuth: the authorization callback failed: " + e.message;
    refused_ = e;
    return e;
  }
  std::string_view redirected = *back;
  std::size_t qpos = redirected.find('?');
  std::string_view query = qpos == std::string_view::npos ? std::string_view() : redirected.substr(qpos + 1);
  query = query.substr(0, query.find('#'));
  if (std::optional<std::string> error = oa_query_param(query, "error")) {
    std::optional<std::string> desc = oa_query_param(query, "error_description");
    refused_ = oa_error(error_code::unauthorized, "OAuth: authorization refused: " + error->substr(0, 100) + (desc ? ": " + desc->substr(0, 300) : std::string()));
    return *refused_;
  }
  std::optional<std::string> got_state = oa_query_param(query, "state");
  if (!got_state || *got_state != *state) {
    refused_ = oa_error(error_code::unauthorized, "OAuth: the redirect's state does not match the request's");
    return *refused_;
  }
  std::optional<std::string> code = oa_query_param(query, "code");
  if (!code || code->empty()) return oa_error(error_code::unauthorized, "OAuth: the redirect carries no code");
  std::string form = oa_form({{"grant_type", "authorization_code"},
                              {"code", *code},
                              {"redirect_uri", opts_.redirect_uri},
                              {"code_verifier", pk->verifier},
                              {"resource", resource_}});
  return token_request(std::move(form), scope, false);
}

}  // namespace toon::mcp
