// The client the official MCP conformance suite tests (@modelcontextprotocol/conformance, ctest
// mcp.conformance_client, docs/mcp.md "Streamable HTTP"): the suite starts a scenario's server
// and runs `mcp_conformance_client URL` with MCP_CONFORMANCE_SCENARIO naming the scenario.
// The client connects over Streamable HTTP (toon::mcp::connect_http), lists the tools, and
// calls what the scenario expects; elicitation requests are accepted with the requested
// schema's defaults (SEP-1034). The auth/* scenarios' servers answer 401: the client runs the
// OAuth flow of toon/mcp/oauth.hpp with a headless authorization callback (it GETs the
// authorization URL and returns the redirect's Location, as a browser would be sent back),
// pre-registered credentials from MCP_CONFORMANCE_CONTEXT when the suite gives them, and a
// client ID metadata document URL; then it calls the scenario's "test-tool". Exit status 0
// when every step succeeded, 1 otherwise.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "toon/json.hpp"
#include "toon/mcp/client.hpp"
#include "toon/mcp/http.hpp"
#include "toon/mcp/oauth.hpp"

namespace {

// An elicitation/create answered "accept" with each property's default value.
toon::result<toon::value> accept_with_defaults(std::string_view method, const toon::value& params) {
  if (method != "elicitation/create") {
    toon::error e;
    e.code = toon::error_code::protocol_error;
    e.message = "not supported: " + std::string(method);
    return e;
  }
  toon::object content;
  const toon::value* schema = params.find("requestedSchema");
  const toon::value* props = schema != nullptr ? schema->find("properties") : nullptr;
  if (props != nullptr && props->is_object())
    for (const auto& [name, prop] : props->as_object())
      if (const toon::value* d = prop.find("default"); d != nullptr) content.insert_or_assign(name, *d);
  return toon::value(toon::object{{"action", "accept"}, {"content", std::move(content)}});
}

// The OAuth settings of an auth/* scenario (the client-credentials ones use that grant);
// `context` is MCP_CONFORMANCE_CONTEXT (JSON).
toon::mcp::oauth_options oauth_for(const std::string& scenario, const char* context) {
  toon::mcp::oauth_options o;
  o.redirect_uri = "http://localhost:3000/callback";  // never served: the callback reads the redirect
  o.client_name = "toon-cpp-conformance-client";
  o.client_metadata_url = "https://conformance-test.local/client-metadata.json";
  o.authorize = [](const toon::mcp::oauth_authorization_request& r) { return toon::mcp::oauth::fetch_redirect(r.url); };
  if (scenario.rfind("auth/client-credentials-", 0) == 0) o.grant = toon::mcp::oauth_grant::client_credentials;
  if (context != nullptr) {
    if (auto ctx = toon::from_json(context); ctx && ctx->is_object()) {
      if (const toon::value* id = ctx->find("client_id"); id != nullptr && id->is_string()) o.client_id = id->as_string();
      if (const toon::value* s = ctx->find("client_secret"); s != nullptr && s->is_string()) o.client_secret = s->as_string();
      if (const toon::value* k = ctx->find("private_key_pem"); k != nullptr && k->is_string()) o.client_assertion_key_pem = k->as_string();
      if (const toon::value* a = ctx->find("signing_algorithm"); a != nullptr && a->is_string()) o.client_assertion_algorithm = a->as_string();
    }
  }
  return o;
}

int fail(const std::string& what) {
  std::fprintf(stderr, "mcp_conformance_client: %s\n", what.c_str());
  return 1;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) return fail("usage: mcp_conformance_client URL (MCP_CONFORMANCE_SCENARIO names the scenario)");
  const char* env = std::getenv("MCP_CONFORMANCE_SCENARIO");
  std::string scenario = env != nullptr ? env : "";
  toon::mcp::client_options options;
  options.probe_discover = false;  // the suite's servers speak 2025-11-25 and earlier
  options.client_name = "toon-cpp-conformance-client";
  options.on_request = accept_with_defaults;
  options.capabilities = toon::object{{"elicitation", toon::object{}}};
  toon::mcp::http_client_options http;
  const bool auth = scenario.rfind("auth/", 0) == 0;
  if (auth) http.oauth = oauth_for(scenario, std::getenv("MCP_CONFORMANCE_CONTEXT"));
  auto c = toon::mcp::connect_http(argv[argc - 1], http, options);
  if (!c) return fail(c.error().message);
  auto tools = c->list_tools();
  if (!tools) return fail(tools.error().message);
  std::string tool;
  toon::value args = toon::object{};
  if (scenario == "tools_call") {
    tool = "add_numbers";
    args = toon::object{{"a", 5}, {"b", 3}};
  } else if (scenario == "elicitation-sep1034-client-defaults") {
    tool = "test_client_elicitation_defaults";
  } else if (scenario == "sse-retry") {
    tool = "test_reconnection";
  } else if (auth) {
    tool = "test-tool";
  }
  if (!tool.empty()) {
    auto r = c->call_tool(tool, args);
    if (!r) return fail(tool + ": " + r.error().message);
    std::printf("%s: %s\n", tool.c_str(), r->text().c_str());
    if (r->is_error) return fail(tool + " reported an error");
  }
  c->shutdown();
  return 0;
}
