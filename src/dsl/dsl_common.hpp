// dsl_common.hpp - internal: tables shared by the MCP-DSL compiler and decompiler
// (docs/mcp-dsl.md, "Mapping tables").
#pragma once

#include <string_view>

namespace toon::mcp_dsl::detail {

/// Where an object's keys are read: decides the context-dependent abbreviations
/// (`info`, `uri` in resource templates) and which members hold type expressions.
enum class scope {
  generic,             ///< any other object
  initialize_params,   ///< params of `> initialize#id {...}`: info = clientInfo
  result,              ///< the result object of a response: info = serverInfo
  tool_body,           ///< `T name {...}`: in / out hold type expressions
  resource_body,       ///< `R name {...}`
  template_body,       ///< `RT name {...}`: uri = uriTemplate
  prompt_body,         ///< `P name {...}`: args holds prompt arguments
  server_body,         ///< `server name vX.Y.Z {...}`
  call_params,         ///< params of `> tools/call` / `> prompts/get`: `args` holds literal keys
  literal,             ///< inside those arguments: keys are the caller's own, never abbreviations
};

/// The JSON key a bare DSL key stands for in `s` ("ok" gives "isError", negated by the caller).
constexpr std::string_view expand_key(std::string_view k, scope s) noexcept {
  if (k.size() > 4 || s == scope::literal) return k;
  if (k == "v") return "protocolVersion";
  if (k == "caps") return "capabilities";
  if (k == "args") return "arguments";
  if (k == "desc") return "description";
  if (k == "mime") return "mimeType";
  if (k == "in") return "inputSchema";
  if (k == "out") return "outputSchema";
  if (k == "msgs") return "messages";
  if (k == "ok") return "isError";
  if (k == "info") {
    if (s == scope::initialize_params) return "clientInfo";
    if (s == scope::result) return "serverInfo";
    return k;
  }
  if (k == "uri" && s == scope::template_body) return "uriTemplate";
  return k;
}

/// The JSON key of a tool-annotation shorthand (`@readonly` = readOnlyHint), or the name itself.
constexpr std::string_view expand_annotation(std::string_view name) noexcept {
  if (name == "readonly") return "readOnlyHint";
  if (name == "idempotent") return "idempotentHint";
  if (name == "destructive") return "destructiveHint";
  if (name == "openWorld") return "openWorldHint";
  return name;
}

/// The collection key a nested definition keyword adds to ("tools" for T, ...).
constexpr std::string_view collection_key(std::string_view keyword) noexcept {
  if (keyword == "T") return "tools";
  if (keyword == "R") return "resources";
  if (keyword == "P") return "prompts";
  return "resourceTemplates";
}

constexpr bool is_ident_start(char c) noexcept {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
}
constexpr bool is_ident_char(char c) noexcept { return is_ident_start(c) || (c >= '0' && c <= '9'); }

/// Whether `s` is an IDENTIFIER ([A-Za-z_][A-Za-z0-9_]*).
constexpr bool is_identifier(std::string_view s) noexcept {
  if (s.empty() || !is_ident_start(s[0])) return false;
  for (char c : s)
    if (!is_ident_char(c)) return false;
  return true;
}

/// Whether `s` is a format name usable after `::` ([A-Za-z_][A-Za-z0-9_-]*).
constexpr bool is_cast_name(std::string_view s) noexcept {
  if (s.empty() || !is_ident_start(s[0])) return false;
  for (char c : s)
    if (!is_ident_char(c) && c != '-') return false;
  return true;
}

/// Words that never stand for a bare string value.
constexpr bool is_reserved_word(std::string_view s) noexcept {
  return s == "true" || s == "false" || s == "null" || s == "txt" || s == "img" || s == "aud" || s == "res" ||
         s == "emb" || s == "T" || s == "R" || s == "P" || s == "RT" || s == "u" || s == "a" || s == "s" ||
         s == "x" || s == "server" || s == "enum" || s == "str" || s == "int" || s == "num" || s == "bool" ||
         s == "uri" || s == "blob";
}

}  // namespace toon::mcp_dsl::detail
