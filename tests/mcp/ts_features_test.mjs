// The official MCP TypeScript SDK client (@modelcontextprotocol/sdk 1.x, protocol 2025-11-25)
// against the typed resources, resource template, prompt and completions of toon::mcp::server
// (examples/mcp_fs_git_server.cpp --features; docs/mcp.md, "Resources", "Prompts",
// "Completions"), and the tool titles and annotations in tools/list: every result parsed by the
// SDK's own schemas, an unknown URI rejected with -32002 and a missing required prompt
// argument with -32602.
//
//   node tests/mcp/ts_features_test.mjs SERVER_BINARY
//
// Run by the ctest mcp.ts_sdk_features through tests/mcp/run_ts_client_test.sh. Prints one line
// per check and "N passed, N failed"; exit 0 when every check passed.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { check, finish, sleep } from "./checks.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const peers = path.resolve(here, "../../tools/mcp-peers");
const require = createRequire(path.join(peers, "package.json"));
const load = async (name) => import(require.resolve(name));

const { Client } = await load("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = await load("@modelcontextprotocol/sdk/client/stdio.js");
const { ResourceUpdatedNotificationSchema } = await load("@modelcontextprotocol/sdk/types.js");

const serverBinary = process.argv[2];
if (!serverBinary) {
  console.error("usage: node ts_features_test.mjs SERVER_BINARY");
  process.exit(2);
}

async function rejects(promise) {
  try {
    await promise;
    return null;
  } catch (e) {
    return e;
  }
}

const transport = new StdioClientTransport({ command: serverBinary, args: ["--features"], stderr: "pipe" });
transport.stderr?.on("data", (chunk) => process.stderr.write(chunk));
const client = new Client({ name: "toon-cpp-ts-features-test", version: "1.0.0" }, { capabilities: {} });
const clientErrors = [];
client.onerror = (e) => clientErrors.push(String(e?.message ?? e));
const updated = [];
client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => updated.push(n.params.uri));

try {
  await client.connect(transport);
  const caps = client.getServerCapabilities() ?? {};
  check("initialize: resources, prompts and completions advertised",
    caps.resources !== undefined && caps.prompts !== undefined && caps.completions !== undefined, JSON.stringify(caps));

  // ---- tools: title and annotations ------------------------------------------------------------
  const { tools } = await client.listTools();
  const readFile = tools.find((t) => t.name === "read_file");
  const writeFile = tools.find((t) => t.name === "write_file");
  check("tools/list: read_file's title and readOnlyHint",
    readFile?.title === "Read a file" && readFile?.annotations?.readOnlyHint === true, JSON.stringify(readFile?.annotations));
  check("tools/list: write_file's four hints",
    writeFile?.title === "Write a file" && JSON.stringify(writeFile?.annotations) ===
      '{"readOnlyHint":false,"destructiveHint":true,"idempotentHint":true,"openWorldHint":false}',
    JSON.stringify(writeFile?.annotations));

  // ---- resources ----------------------------------------------------------------------------------
  const { resources } = await client.listResources();
  check("resources/list: both resources with their fields",
    resources.length === 2 && resources[0].uri === "toon://readme" && resources[0].title === "Read me" &&
      resources[0].mimeType === "text/plain" && resources[0].size === 27 && resources[1].uri === "toon://logo",
    JSON.stringify(resources));
  const readme = await client.readResource({ uri: "toon://readme" });
  check("resources/read: text", readme.contents.length === 1 && readme.contents[0].text === "toon-cpp example MCP server" &&
    readme.contents[0].uri === "toon://readme" && readme.contents[0].mimeType === "text/plain", JSON.stringify(readme));
  const logo = await client.readResource({ uri: "toon://logo" });
  const bytes = logo.contents[0]?.blob !== undefined ? [...Buffer.from(logo.contents[0].blob, "base64")] : null;
  check("resources/read: blob, base64", JSON.stringify(bytes) === "[0,1,254,255]", JSON.stringify(logo));
  const { resourceTemplates } = await client.listResourceTemplates();
  check("resources/templates/list: the template",
    resourceTemplates.length === 1 && resourceTemplates[0].uriTemplate === "toon://greeting/{name}/{times}" &&
      resourceTemplates[0].name === "greeting", JSON.stringify(resourceTemplates));
  const greeting = await client.readResource({ uri: "toon://greeting/ada%20l/2" });
  check("resources/read: a template's variables bound to the struct", greeting.contents[0]?.text === "hello ada l hello ada l",
    JSON.stringify(greeting));
  const missing = await rejects(client.readResource({ uri: "toon://nothing" }));
  check("resources/read: unknown URI is -32002", missing?.code === -32002 && missing?.data?.uri === "toon://nothing",
    String(missing));
  const badInt = await rejects(client.readResource({ uri: "toon://greeting/ada/many" }));
  check("resources/read: a variable that is not an int is -32602", badInt?.code === -32602, String(badInt));

  // ---- subscriptions ------------------------------------------------------------------------------
  check("initialize: resources.subscribe", caps.resources?.subscribe === true, JSON.stringify(caps.resources));
  const before = await client.callTool({ name: "touch_resource", arguments: { uri: "toon://readme" } });
  await client.subscribeResource({ uri: "toon://readme" });
  const touched = await client.callTool({ name: "touch_resource", arguments: { uri: "toon://readme" } });
  const other = await client.callTool({ name: "touch_resource", arguments: { uri: "toon://logo" } });
  await sleep(50);
  check("resources/subscribe: notifications/resources/updated for the subscribed URI only",
    JSON.stringify(updated) === '["toon://readme"]' && before.content[0].text === "not subscribed" &&
      touched.content[0].text === "notified" && other.content[0].text === "not subscribed", JSON.stringify(updated));
  await client.unsubscribeResource({ uri: "toon://readme" });
  const after = await client.callTool({ name: "touch_resource", arguments: { uri: "toon://readme" } });
  await sleep(50);
  check("resources/unsubscribe: no more notifications", updated.length === 1 && after.content[0].text === "not subscribed",
    JSON.stringify(updated));

  // ---- prompts ----------------------------------------------------------------------------------
  const { prompts } = await client.listPrompts();
  check("prompts/list: review with its arguments",
    prompts.length === 1 && prompts[0].name === "review" && prompts[0].title === "Code review" &&
      JSON.stringify(prompts[0].arguments) === JSON.stringify([
        { name: "language", description: "The code's programming language", required: true },
        { name: "focus", description: "What to look at first", required: false }]),
    JSON.stringify(prompts));
  const got = await client.getPrompt({ name: "review", arguments: { language: "cpp", focus: "naming" } });
  check("prompts/get: the messages", got.messages.length === 1 && got.messages[0].role === "user" &&
    got.messages[0].content.type === "text" && got.messages[0].content.text === "Please review this cpp code, focusing on naming." &&
    got.description === "Review of cpp code", JSON.stringify(got));
  const noLanguage = await rejects(client.getPrompt({ name: "review", arguments: { focus: "naming" } }));
  check("prompts/get: missing required argument is -32602", noLanguage?.code === -32602, String(noLanguage));

  // ---- completions ------------------------------------------------------------------------------
  const lang = await client.complete({ ref: { type: "ref/prompt", name: "review" }, argument: { name: "language", value: "c" } });
  check("completion/complete: a prompt argument", JSON.stringify(lang.completion.values) === '["c","cpp"]' &&
    lang.completion.total === 2 && lang.completion.hasMore === false, JSON.stringify(lang));
  const name = await client.complete({ ref: { type: "ref/resource", uri: "toon://greeting/{name}/{times}" },
    argument: { name: "name", value: "a" } });
  check("completion/complete: a template variable", JSON.stringify(name.completion.values) === '["ada","alan"]',
    JSON.stringify(name));
} catch (e) {
  check("no unexpected exception", false, e?.stack ?? String(e));
} finally {
  await client.close().catch(() => {});
}

check("no client-side protocol errors", clientErrors.length === 0, clientErrors.join(" | "));
finish();
