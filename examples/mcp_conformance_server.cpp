// The server the official MCP conformance suite (@modelcontextprotocol/conformance, server
// scenarios) tests: toon::mcp::http_server serving the tools, resources, prompts and
// completions the scenarios name (test_simple_text, test://static-text, test_simple_prompt, ...),
// over Streamable HTTP (docs/mcp.md, "Streamable HTTP"; run by tests/mcp/run_conformance_test.sh).
//
//   mcp_conformance_server [--port N] [--address A]
//
// Prints the endpoint's URL on stdout once it listens, then serves until SIGINT or SIGTERM.
#include <pthread.h>
#include <signal.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <string_view>
#include <thread>

#include "toon/json.hpp"
#include "toon/mcp/features.hpp"
#include "toon/mcp/http.hpp"
#include "toon/mcp/server.hpp"

namespace {

// A 1x1 PNG and a silent WAV (44-byte header, no samples), base64-encoded.
constexpr std::string_view png_base64 =
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";
constexpr std::string_view wav_base64 = "UklGRiQAAABXQVZFZm10IBAAAAABAAEAQB8AAIA+AAACABAAZGF0YQAAAAA=";

std::string base64_decode(std::string_view in) {
  auto digit = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  std::string out;
  unsigned bits = 0;
  int count = 0;
  for (char c : in) {
    const int d = digit(c);
    if (d < 0) continue;
    bits = (bits << 6) | static_cast<unsigned>(d);
    count += 6;
    if (count >= 8) {
      count -= 8;
      out += static_cast<char>((bits >> count) & 0xFF);
    }
  }
  return out;
}

toon::value json(std::string_view text) { return toon::from_json(text).value(); }

toon::value text_block(std::string text) {
  return toon::value(toon::object{{"type", "text"}, {"text", std::move(text)}});
}

toon::value media_block(std::string_view type, std::string_view data, std::string_view mime) {
  return toon::value(toon::object{{"type", std::string(type)}, {"data", std::string(data)}, {"mimeType", std::string(mime)}});
}

toon::value resource_block(std::string uri, std::string mime, std::string text) {
  return toon::value(toon::object{
      {"type", "resource"},
      {"resource", toon::value(toon::object{{"uri", std::move(uri)}, {"mimeType", std::move(mime)}, {"text", std::move(text)}})}});
}

toon::call_result content(toon::array blocks) {
  toon::call_result r;
  r.content = toon::value(std::move(blocks));
  return r;
}

toon::call_result failure(std::string text) {
  toon::call_result r;
  r.status = toon::call_status::tool_failed;
  r.text = std::move(text);
  return r;
}

const toon::value& arg(const toon::value& args, std::string_view name) {
  static const toon::value none;
  const toon::value* v = args.is_object() ? args.find(name) : nullptr;
  return v != nullptr ? *v : none;
}

// A tool whose inputSchema is `schema` (JSON) and whose handler takes the call context.
void add(toon::tool_catalog& cat, std::string name, std::string description, std::string_view schema,
         std::function<toon::call_result(const toon::value&, toon::mcp::call_context&)> f) {
  toon::tool t;
  t.name = std::move(name);
  t.description = std::move(description);
  t.input_schema = json(schema);
  t.context_handler = f;
  t.handler = [f](const toon::value& a) { return f(a, toon::mcp::detached_call_context()); };
  cat.add_tool(std::move(t));
}

constexpr std::string_view no_args = R"({"type":"object","properties":{}})";

void sleep_ms(int ms) { std::this_thread::sleep_for(std::chrono::milliseconds(ms)); }

std::shared_ptr<toon::tool_catalog> make_tools() {
  auto cat = std::make_shared<toon::tool_catalog>();
  add(*cat, "test_simple_text", "Returns simple text", no_args, [](const toon::value&, toon::mcp::call_context&) {
    return content({text_block("This is a simple text response for testing.")});
  });
  add(*cat, "test_image_content", "Returns an image", no_args, [](const toon::value&, toon::mcp::call_context&) {
    return content({media_block("image", png_base64, "image/png")});
  });
  add(*cat, "test_audio_content", "Returns audio", no_args, [](const toon::value&, toon::mcp::call_context&) {
    return content({media_block("audio", wav_base64, "audio/wav")});
  });
  add(*cat, "test_embedded_resource", "Returns an embedded resource", no_args,
      [](const toon::value&, toon::mcp::call_context&) {
        return content({resource_block("test://embedded-resource", "text/plain", "This is an embedded resource content.")});
      });
  add(*cat, "test_multiple_content_types", "Returns text, an image and a resource", no_args,
      [](const toon::value&, toon::mcp::call_context&) {
        return content({text_block("Multiple content types test:"), media_block("image", png_base64, "image/png"),
                        resource_block("test://mixed-content-resource", "application/json", R"({"test":"data","value":123})")});
      });
  add(*cat, "test_tool_with_logging", "Logs three messages while it runs", no_args,
      [](const toon::value&, toon::mcp::call_context& ctx) {
        ctx.log(toon::mcp::log_level::info, toon::value("Tool execution started"));
        sleep_ms(50);
        ctx.log(toon::mcp::log_level::info, toon::value("Tool processing data"));
        sleep_ms(50);
        ctx.log(toon::mcp::log_level::info, toon::value("Tool execution completed"));
        return content({text_block("Tool with logging executed successfully")});
      });
  add(*cat, "test_tool_with_progress", "Reports progress 0, 50 and 100 of 100", no_args,
      [](const toon::value&, toon::mcp::call_context& ctx) {
        ctx.progress(0, 100);
        sleep_ms(50);
        ctx.progress(50, 100);
        sleep_ms(50);
        ctx.progress(100, 100);
        return content({text_block("Tool with progress executed successfully")});
      });
  add(*cat, "test_error_handling", "Always fails", no_args, [](const toon::value&, toon::mcp::call_context&) {
    return failure("This tool intentionally returns an error for testing");
  });
  add(*cat, "test_sampling", "Asks the client's model", R"({"type":"object","properties":{"prompt":{"type":"string"}},"required":["prompt"]})",
      [](const toon::value& a, toon::mcp::call_context& ctx) {
        toon::value params = toon::object{
            {"messages", toon::array{toon::value(toon::object{{"role", "user"}, {"content", text_block(arg(a, "prompt").is_string() ? arg(a, "prompt").as_string() : "")}})}},
            {"maxTokens", 100}};
        toon::result<toon::value> r = ctx.sample(params);
        if (!r) return failure("sampling failed: " + r.error().message);
        const toon::value& c = arg(*r, "content");
        const toon::value& text = arg(c, "text");
        return content({text_block("LLM response: " + (text.is_string() ? text.as_string() : toon::to_json(c)))});
      });
  add(*cat, "test_elicitation", "Asks the user", R"({"type":"object","properties":{"message":{"type":"string"}},"required":["message"]})",
      [](const toon::value& a, toon::mcp::call_context& ctx) {
        toon::value params = toon::object{
            {"message", arg(a, "message")},
            {"requestedSchema", json(R"({"type":"object","properties":{"username":{"type":"string","description":"User's response"},)"
                                     R"("email":{"type":"string","description":"User's email address"}},"required":["username","email"]})")}};
        toon::result<toon::value> r = ctx.elicit(params);
        if (!r) return failure("elicitation failed: " + r.error().message);
        return content({text_block("User response: " + toon::to_json(*r))});
      });
  auto elicit_with = [](std::string_view schema) {
    return [schema](const toon::value&, toon::mcp::call_context& ctx) {
      toon::value params = toon::object{{"message", "Please review and update the form fields"}, {"requestedSchema", json(schema)}};
      toon::result<toon::value> r = ctx.elicit(params);
      if (!r) return failure("elicitation failed: " + r.error().message);
      return content({text_block("Elicitation completed: action=" + toon::to_json(arg(*r, "action")) +
                                 ", content=" + toon::to_json(arg(*r, "content")))});
    };
  };
  add(*cat, "test_elicitation_sep1034_defaults", "Elicits fields with defaults", no_args,
      elicit_with(R"({"type":"object","properties":{)"
                  R"("name":{"type":"string","description":"User name","default":"John Doe"},)"
                  R"("age":{"type":"integer","description":"User age","default":30},)"
                  R"("score":{"type":"number","description":"User score","default":95.5},)"
                  R"("status":{"type":"string","description":"User status","enum":["active","inactive","pending"],"default":"active"},)"
                  R"("verified":{"type":"boolean","description":"Verification status","default":true}},"required":[]})"));
  add(*cat, "test_elicitation_sep1330_enums", "Elicits the five enum forms", no_args,
      elicit_with(R"({"type":"object","properties":{)"
                  R"("untitledSingle":{"type":"string","enum":["option1","option2","option3"]},)"
                  R"("titledSingle":{"type":"string","oneOf":[{"const":"value1","title":"First Option"},{"const":"value2","title":"Second Option"},{"const":"value3","title":"Third Option"}]},)"
                  R"("legacyEnum":{"type":"string","enum":["opt1","opt2","opt3"],"enumNames":["Option One","Option Two","Option Three"]},)"
                  R"("untitledMulti":{"type":"array","items":{"type":"string","enum":["option1","option2","option3"]}},)"
                  R"("titledMulti":{"type":"array","items":{"anyOf":[{"const":"value1","title":"First Choice"},{"const":"value2","title":"Second Choice"},{"const":"value3","title":"Third Choice"}]}}},"required":[]})"));
  add(*cat, "json_schema_2020_12_tool", "Tool with JSON Schema 2020-12 features",
      R"({"$schema":"https://json-schema.org/draft/2020-12/schema","type":"object",)"
      R"("$defs":{"address":{"type":"object","properties":{"street":{"type":"string"},"city":{"type":"string"}}}},)"
      R"("properties":{"name":{"type":"string"},"address":{"$ref":"#/$defs/address"}},"additionalProperties":false})",
      [](const toon::value& a, toon::mcp::call_context&) { return content({text_block("Received: " + toon::to_json(a))}); });
  add(*cat, "test_reconnection", "Answers after a short delay (SSE polling)", no_args,
      [](const toon::value&, toon::mcp::call_context&) {
        sleep_ms(100);
        return content({text_block("Reconnection test completed successfully")});
      });
  return cat;
}

struct template_vars {
  std::string id;
};

// Resources through server_features; prompts and completion/complete as raw methods (their
// messages carry images and embedded resources, beyond server_features' text messages).
void add_features(toon::mcp::server_options& opts) {
  toon::mcp::server_features f;
  f.add_resource({.uri = "test://static-text", .name = "static-text", .description = "A static text resource", .mime_type = "text/plain"},
                 [] { return toon::mcp::resource_contents{.text = "This is the content of the static text resource."}; });
  f.add_resource({.uri = "test://static-binary", .name = "static-binary", .description = "A static PNG image", .mime_type = "image/png"},
                 [] { return toon::mcp::resource_contents{.blob = base64_decode(png_base64)}; });
  f.add_resource({.uri = "test://watched-resource", .name = "watched-resource", .description = "A resource to subscribe to", .mime_type = "text/plain"},
                 [] { return toon::mcp::resource_contents{.text = "Watched resource content"}; });
  f.add_resource_template<template_vars>(
      {.uri = "test://template/{id}/data", .name = "template", .description = "Data by id", .mime_type = "application/json"},
      [](const template_vars& v) {
        return toon::mcp::resource_contents{.text = R"({"id":")" + v.id + R"(","templateTest":true,"data":"Data for ID: )" + v.id + R"("})"};
      });
  f.install(opts);
  opts.resources_subscribe = true;

  opts.methods["prompts/list"] = [](const toon::value&) {
    return json(R"({"prompts":[)"
                R"({"name":"test_simple_prompt","description":"A simple prompt without arguments"},)"
                R"({"name":"test_prompt_with_arguments","description":"A prompt with arguments","arguments":[{"name":"arg1","description":"First test argument","required":true},{"name":"arg2","description":"Second test argument","required":true}]},)"
                R"({"name":"test_prompt_with_embedded_resource","description":"A prompt with an embedded resource","arguments":[{"name":"resourceUri","description":"URI of the resource to embed","required":true}]},)"
                R"({"name":"test_prompt_with_image","description":"A prompt with an image"}]})");
  };
  opts.methods["prompts/get"] = [](const toon::value& params) -> toon::value {
    const toon::value& name = arg(params, "name");
    const toon::value& args = arg(params, "arguments");
    auto text_arg = [&](std::string_view n) -> std::string {
      const toon::value& v = arg(args, n);
      if (!v.is_string()) throw toon::mcp::rpc_error(toon::mcp::invalid_params, "missing argument " + std::string(n));
      return v.as_string();
    };
    auto message = [](toon::value c) { return toon::value(toon::object{{"role", "user"}, {"content", std::move(c)}}); };
    toon::array messages;
    if (name == toon::value("test_simple_prompt")) {
      messages.push_back(message(text_block("This is a simple prompt for testing.")));
    } else if (name == toon::value("test_prompt_with_arguments")) {
      messages.push_back(message(text_block("Prompt with arguments: arg1='" + text_arg("arg1") + "', arg2='" + text_arg("arg2") + "'")));
    } else if (name == toon::value("test_prompt_with_embedded_resource")) {
      messages.push_back(message(resource_block(text_arg("resourceUri"), "text/plain", "Embedded resource content for testing.")));
      messages.push_back(message(text_block("Please process the embedded resource above.")));
    } else if (name == toon::value("test_prompt_with_image")) {
      messages.push_back(message(media_block("image", png_base64, "image/png")));
      messages.push_back(message(text_block("Please analyze the image above.")));
    } else {
      throw toon::mcp::rpc_error(toon::mcp::invalid_params, "unknown prompt");
    }
    return toon::object{{"messages", std::move(messages)}};
  };
  opts.methods["completion/complete"] = [](const toon::value& params) -> toon::value {
    const toon::value& typed = arg(arg(params, "argument"), "value");
    const std::string prefix = typed.is_string() ? typed.as_string() : "";
    toon::array values;
    for (std::string_view v : {"paris", "park", "party"})
      if (v.substr(0, prefix.size()) == prefix) values.emplace_back(std::string(v));
    const auto total = static_cast<std::int64_t>(values.size());
    return toon::object{{"completion", toon::object{{"values", std::move(values)}, {"total", total}, {"hasMore", false}}}};
  };
  opts.extra_capabilities.as_object().emplace_back("prompts", toon::object{});
  opts.extra_capabilities.as_object().emplace_back("completions", toon::object{});
}

}  // namespace

int main(int argc, char** argv) {
  toon::mcp::http_options http;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--port" && i + 1 < argc) http.port = static_cast<std::uint16_t>(std::atoi(argv[++i]));
    else if (a == "--address" && i + 1 < argc) http.address = argv[++i];
    else {
      std::fprintf(stderr, "usage: mcp_conformance_server [--port N] [--address A]\n");
      return 2;
    }
  }
  http.log = toon::mcp::log_to_stderr;
  // SIGINT and SIGTERM are waited for below: blocked in every thread (the server's inherit it).
  sigset_t signals;
  sigemptyset(&signals);
  sigaddset(&signals, SIGINT);
  sigaddset(&signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &signals, nullptr);

  toon::mcp::server_options opts;
  opts.info.name = "toon-mcp-conformance-server";
  add_features(opts);
  toon::mcp::http_server srv(make_tools(), opts, http);
  if (auto started = srv.start(); !started) {
    std::fprintf(stderr, "mcp_conformance_server: %s\n", started.error().message.c_str());
    return 1;
  }
  std::printf("%s\n", srv.url().c_str());
  std::fflush(stdout);
  int sig = 0;
  sigwait(&signals, &sig);
  srv.stop();
  return 0;
}
