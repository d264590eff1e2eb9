// The official MCP TypeScript SDK client (@modelcontextprotocol/sdk 1.x, protocol 2025-11-25)
// over Streamable HTTP (StreamableHTTPClientTransport) against toon::mcp::http_server
// (examples/mcp_conformance_server.cpp; docs/mcp.md, "Streamable HTTP"): a session, tools
// listed and called, progress through `onprogress` and log messages at the level set, sampling
// and elicitation requests answered by the client during a call, a resource and a prompt, eight
// concurrent calls, and the session ended with DELETE (a later request then fails).
//
//   node tests/mcp/ts_http_client_test.mjs SERVER_BINARY
//
// Run by the ctest mcp.ts_sdk_http_client through tests/mcp/run_ts_client_test.sh. Prints one
// line per check and "N passed, N failed"; exit 0 when every check passed.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { check, finish } from "./checks.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const peers = path.resolve(here, "../../tools/mcp-peers");
const require = createRequire(path.join(peers, "package.json"));
const load = async (name) => import(require.resolve(name));

const { Client } = await load("@modelcontextprotocol/sdk/client/index.js");
const { StreamableHTTPClientTransport } = await load("@modelcontextprotocol/sdk/client/streamableHttp.js");
const { LoggingMessageNotificationSchema, CreateMessageRequestSchema, ElicitRequestSchema } = await load(
  "@modelcontextprotocol/sdk/types.js",
);

const serverBinary = process.argv[2];
if (!serverBinary) {
  console.error("usage: node ts_http_client_test.mjs SERVER_BINARY");
  process.exit(2);
}

// The server prints its URL once it listens.
const server = spawn(serverBinary, ["--port", "0"], { stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", (d) => {
    out += d;
    if (out.includes("\n")) resolve(out.split("\n")[0].trim());
  });
  server.on("exit", (code) => reject(new Error(`the server exited (${code})`)));
  setTimeout(() => reject(new Error("the server printed no URL")), 10000);
});
const textOf = (result) => (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");

try {
  const client = new Client({ name: "toon-http-test", version: "1.0.0" }, { capabilities: { sampling: {}, elicitation: {} } });
  const logs = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => logs.push(n.params));
  let sampled = null;
  client.setRequestHandler(CreateMessageRequestSchema, async (req) => {
    sampled = req.params;
    return { role: "assistant", content: { type: "text", text: "forty-two" }, model: "test-model", stopReason: "endTurn" };
  });
  let elicited = null;
  client.setRequestHandler(ElicitRequestSchema, async (req) => {
    elicited = req.params;
    return { action: "accept", content: { username: "ada", email: "ada@example.com" } };
  });
  const transport = new StreamableHTTPClientTransport(new URL(url));
  await client.connect(transport);
  check("initialize over HTTP opens a session", typeof transport.sessionId === "string" && transport.sessionId.length === 32,
    String(transport.sessionId));
  check("serverInfo", client.getServerVersion()?.name === "toon-mcp-conformance-server", JSON.stringify(client.getServerVersion()));

  const tools = await client.listTools();
  const names = tools.tools.map((t) => t.name);
  check("tools/list", names.includes("test_simple_text") && names.includes("test_sampling") && names.length === 14,
    names.join(","));

  const simple = await client.callTool({ name: "test_simple_text", arguments: {} });
  check("tools/call answered", textOf(simple) === "This is a simple text response for testing.", JSON.stringify(simple));

  const progress = [];
  const withProgress = await client.callTool({ name: "test_tool_with_progress", arguments: {} }, undefined, {
    onprogress: (p) => progress.push(p.progress),
  });
  check("progress notifications on the call's stream, in order", JSON.stringify(progress) === "[0,50,100]",
    JSON.stringify(progress));
  check("... and the call's result after them", !withProgress.isError, JSON.stringify(withProgress));

  await client.setLoggingLevel("info");
  await client.callTool({ name: "test_tool_with_logging", arguments: {} });
  check("three log messages during the call", logs.length === 3 && logs[0].data === "Tool execution started",
    JSON.stringify(logs));

  const sampling = await client.callTool({ name: "test_sampling", arguments: { prompt: "the answer?" } });
  check("sampling/createMessage sent during the call", sampled?.messages?.[0]?.content?.text === "the answer?",
    JSON.stringify(sampled));
  check("... its answer, POSTed back, reaches the tool", textOf(sampling) === "LLM response: forty-two", JSON.stringify(sampling));

  const elicitation = await client.callTool({ name: "test_elicitation", arguments: { message: "who are you?" } });
  check("elicitation/create sent during the call", elicited?.message === "who are you?", JSON.stringify(elicited));
  check("... and its answer used", textOf(elicitation).includes('"username":"ada"'), JSON.stringify(elicitation));

  const resource = await client.readResource({ uri: "test://static-text" });
  check("resources/read", resource.contents?.[0]?.text === "This is the content of the static text resource.",
    JSON.stringify(resource));
  const prompt = await client.getPrompt({ name: "test_prompt_with_arguments", arguments: { arg1: "a", arg2: "b" } });
  check("prompts/get", prompt.messages?.[0]?.content?.text === "Prompt with arguments: arg1='a', arg2='b'", JSON.stringify(prompt));

  const many = await Promise.all(
    Array.from({ length: 8 }, () => client.callTool({ name: "test_tool_with_progress", arguments: {} })),
  );
  check("eight concurrent calls, each on its own stream", many.every((r) => !r.isError && textOf(r).length > 0),
    JSON.stringify(many.map(textOf)));

  const ended = transport.sessionId;
  await transport.terminateSession();
  let failedAfterDelete = false;
  try {
    const again = new StreamableHTTPClientTransport(new URL(url), { sessionId: ended });
    await again.start();
    await again.send({ jsonrpc: "2.0", id: 99, method: "ping" });
  } catch (e) {
    failedAfterDelete = e?.code === 404;
    if (!failedAfterDelete) console.log(String(e));
  }
  check("after DELETE the session is gone (404)", failedAfterDelete);
  await client.close();
} catch (e) {
  check("no exception", false, e?.stack ?? String(e));
} finally {
  server.kill("SIGTERM");
}
finish();
