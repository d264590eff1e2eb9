// The official MCP TypeScript SDK client (@modelcontextprotocol/sdk 1.x, protocol 2025-11-25)
// against the call context of toon::mcp::server (examples/mcp_fs_git_server.cpp
// --context-tools; docs/mcp.md, "The call context"): progress notifications received in order
// through the SDK's `onprogress`, cancellation with an AbortSignal stopping the handler and
// freeing its slot (measured: the next call starts within 50 ms of the handler's return), four
// cancelled slow calls not delaying a quick one, and logging at the level set with
// `setLoggingLevel`; requests to the client (roots, sampling, elicitation) answered by the SDK's
// handlers; and, with the SDK v2 client in the 2026-07-28 revision, the same requests as multi
// round-trip requests (`input_required` results fulfilled and retried by the SDK's driver).
//
//   node tests/mcp/ts_context_test.mjs SERVER_BINARY
//
// Run by the ctest mcp.ts_sdk_context through tests/mcp/run_ts_client_test.sh. Prints one line
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
const { LoggingMessageNotificationSchema, ListRootsRequestSchema, CreateMessageRequestSchema, ElicitRequestSchema } =
  await load("@modelcontextprotocol/sdk/types.js");

const serverBinary = process.argv[2];
if (!serverBinary) {
  console.error("usage: node ts_context_test.mjs SERVER_BINARY");
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
const textOf = (result) => (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");

// One call at a time: a call queued behind a cancelled one starts only once the cancelled
// handler has returned and freed the slot.
const transport = new StdioClientTransport({
  command: serverBinary,
  args: ["--context-tools", "--max-calls", "1", "--timeout-ms", "20000"],
  stderr: "pipe",
});
transport.stderr?.on("data", (chunk) => process.stderr.write(chunk));

const client = new Client({ name: "toon-cpp-ts-context-test", version: "1.0.0" },
  { capabilities: { roots: { listChanged: false }, sampling: {}, elicitation: {} } });
// The client's side of the server's requests (call_context::list_roots, sample, elicit).
const asked = [];
client.setRequestHandler(ListRootsRequestSchema, (req) => {
  asked.push(req.method);
  return { roots: [{ uri: "file:///tmp/toon-ws", name: "workspace" }] };
});
client.setRequestHandler(CreateMessageRequestSchema, (req) => {
  asked.push(req.method);
  return { role: "assistant", content: { type: "text", text: "sampled: " + req.params.messages[0].content.text },
    model: "test-model", stopReason: "endTurn" };
});
client.setRequestHandler(ElicitRequestSchema, (req) => {
  asked.push(req.method);
  return { action: "accept", content: { name: "Ada (" + req.params.message + ")" } };
});
const clientErrors = [];
client.onerror = (e) => clientErrors.push(String(e?.message ?? e));
const logs = [];
client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => logs.push(n.params));

try {
  await client.connect(transport);
  check("initialize: logging capability", client.getServerCapabilities()?.logging !== undefined,
    JSON.stringify(client.getServerCapabilities()));

  // ---- progress --------------------------------------------------------------------------------
  // linger_ms: the SDK handles a notification that arrives in the same read as the response
  // after the response, and then reports it as an unknown token (typescript-sdk issue 2580); the
  // server sends them in order, so the tool waits a little after its last report.
  const events = [];
  const done = await client.callTool({ name: "progress", arguments: { steps: 6, delay_ms: 5, linger_ms: 30 } }, undefined,
    { onprogress: (p) => events.push(p) });
  check("progress: result", done.isError === false && done.structuredContent?.steps_done === 6, JSON.stringify(done));
  check("progress: 6 events", events.length === 6, JSON.stringify(events));
  check("progress: in order, increasing", events.every((e, i) => e.progress === i + 1), JSON.stringify(events));
  check("progress: total and message", events.every((e, i) => e.total === 6 && e.message === `step ${i + 1} of 6`),
    JSON.stringify(events));
  // Without onprogress the SDK sends no token: no notifications, the call still answers.
  const quiet = await client.callTool({ name: "progress", arguments: { steps: 2, delay_ms: 1 } });
  check("progress: no token, no events, a result", quiet.structuredContent?.steps_done === 2, JSON.stringify(quiet));

  // ---- cancellation frees the slot -------------------------------------------------------------
  const controller = new AbortController();
  const started = Date.now();
  const slow = client.callTool({ name: "wait", arguments: { ms: 15000 } }, undefined, { signal: controller.signal });
  await sleep(100);
  controller.abort("test cancels the wait");
  const aborted = await rejects(slow);
  check("cancel: the SDK call is aborted", aborted !== null, String(aborted));
  const probe = await client.callTool({ name: "probe", arguments: {} });
  const elapsed = Date.now() - started;
  const since = probe.structuredContent?.since_wait_returned_ms;
  console.log(`     (the next call started ${since} ms after the cancelled handler returned; ${elapsed} ms in all)`);
  check("cancel: the handler returned (stop token), not after its 15 s", since >= 0 && elapsed < 5000,
    `${JSON.stringify(probe.structuredContent)}, ${elapsed} ms`);
  check("cancel: the slot was free within 50 ms of the handler returning", since >= 0 && since <= 50, String(since));
  check("context: client info and protocol", probe.structuredContent?.client === "toon-cpp-ts-context-test" &&
    probe.structuredContent?.protocol === "2025-11-25", JSON.stringify(probe.structuredContent));

  // Four slow calls cancelled, then a quick one: it does not wait for the slow handlers' time.
  const t0 = Date.now();
  for (let i = 0; i < 4; i++) {
    const c = new AbortController();
    const p = client.callTool({ name: "wait", arguments: { ms: 15000 } }, undefined, { signal: c.signal });
    await sleep(20);
    c.abort("cancel " + i);
    await rejects(p);
  }
  const quick = await client.callTool({ name: "probe", arguments: {} });
  const quickMs = Date.now() - t0;
  console.log(`     (4 cancelled slow calls and a quick one: ${quickMs} ms)`);
  check("cancel: 4 cancelled slow calls do not hold the quick one", quick.isError === false && quickMs < 1500, String(quickMs));
  check("cancel: no response to the cancelled requests", !clientErrors.some((e) => e.includes("unknown message ID")),
    clientErrors.join(" | "));

  // ---- logging ---------------------------------------------------------------------------------
  const none = await client.callTool({ name: "log", arguments: { message: "before setLevel" } });
  check("log: nothing before setLoggingLevel", textOf(none) === "sent 0 log messages" && logs.length === 0,
    textOf(none) + " " + JSON.stringify(logs));
  await client.setLoggingLevel("warning");
  const warned = await client.callTool({ name: "log", arguments: { message: "at warning" } });
  await sleep(50);
  check("log: 5 messages at warning and above", textOf(warned) === "sent 5 log messages" && logs.length === 5,
    textOf(warned) + " " + JSON.stringify(logs));
  check("log: their levels in order", JSON.stringify(logs.map((l) => l.level)) ===
    JSON.stringify(["warning", "error", "critical", "alert", "emergency"]), JSON.stringify(logs));
  check("log: logger and data", logs.every((l) => l.logger === "toon-example" && l.data === "at warning"), JSON.stringify(logs));
  await client.setLoggingLevel("debug");
  await client.callTool({ name: "log", arguments: { message: "at debug" } });
  await sleep(50);
  check("log: all 8 levels at debug", logs.length === 13 && logs[5].level === "debug", JSON.stringify(logs.slice(5)));
  const badLevel = await rejects(client.request({ method: "logging/setLevel", params: { level: "loud" } },
    (await load("@modelcontextprotocol/sdk/types.js")).EmptyResultSchema));
  check("log: an unknown level is -32602", badLevel?.code === -32602, String(badLevel));

  // ---- requests to the client (call_context::list_roots, sample, elicit) ----------------------
  const roots = await client.callTool({ name: "ask_client", arguments: { what: "roots" } });
  check("list_roots: the client's roots", roots.isError === false &&
    textOf(roots) === '{"roots":[{"uri":"file:///tmp/toon-ws","name":"workspace"}]}', JSON.stringify(roots));
  const sampled = await client.callTool({ name: "ask_client", arguments: { what: "sample" } });
  const sampledValue = sampled.isError === false ? JSON.parse(textOf(sampled)) : null;
  check("sample: the client's message", sampledValue?.content?.text === "sampled: Say hi" &&
    sampledValue?.model === "test-model", JSON.stringify(sampled));
  const elicited = await client.callTool({ name: "ask_client", arguments: { what: "elicit" } });
  const elicitedValue = elicited.isError === false ? JSON.parse(textOf(elicited)) : null;
  check("elicit: the user's answer", elicitedValue?.action === "accept" && elicitedValue?.content?.name === "Ada (Your name?)",
    JSON.stringify(elicited));
  check("requests to the client: each handler ran once, in order",
    JSON.stringify(asked) === JSON.stringify(["roots/list", "sampling/createMessage", "elicitation/create"]), asked.join(","));
} catch (e) {
  check("no unexpected exception", false, e?.stack ?? String(e));
} finally {
  await client.close().catch(() => {});
}

check("no client-side protocol errors", clientErrors.length === 0, clientErrors.join(" | "));

// ---- 2026-07-28: multi round-trip requests with the SDK v2 client (@modelcontextprotocol/client) ----
// The server sends no requests there: call_context::list_roots/sample/elicit end the attempt with
// `input_required`, the SDK's driver answers them with its handlers and retries the call with
// `inputResponses` and the echoed `requestState`, until the result is complete.
{
  const v2 = await load("@modelcontextprotocol/client");
  const { StdioClientTransport: StdioV2 } = await load("@modelcontextprotocol/client/stdio");
  const t2 = new StdioV2({ command: serverBinary, args: ["--context-tools"], stderr: "pipe" });
  t2.stderr?.on("data", (chunk) => process.stderr.write(chunk));
  const c2 = new v2.Client({ name: "toon-cpp-ts-v2-mrtr-test", version: "1.0.0" },
    { capabilities: { roots: {}, sampling: {}, elicitation: { form: {} } }, versionNegotiation: { mode: "auto" } });
  const asked2 = [];
  c2.setRequestHandler("roots/list", () => {
    asked2.push("roots/list");
    return { roots: [{ uri: "file:///tmp/toon-ws", name: "workspace" }] };
  });
  c2.setRequestHandler("sampling/createMessage", (req) => {
    asked2.push("sampling/createMessage");
    return { role: "assistant", content: { type: "text", text: "sampled: " + req.params.messages[0].content.text },
      model: "test-model", stopReason: "endTurn" };
  });
  c2.setRequestHandler("elicitation/create", (req) => {
    asked2.push("elicitation/create");
    return { action: "accept", content: { name: "Ada (" + req.params.message + ")" } };
  });
  const errors2 = [];
  c2.onerror = (e) => errors2.push(String(e?.message ?? e));
  try {
    await c2.connect(t2);
    check("v2: negotiated 2026-07-28", c2.getNegotiatedProtocolVersion() === "2026-07-28",
      String(c2.getNegotiatedProtocolVersion()));
    const one = await c2.callTool({ name: "ask_client", arguments: { what: "elicit" } });
    const oneValue = one.isError === false ? JSON.parse(textOf(one)) : null;
    check("v2 MRTR: elicit answered through input_required and a retry",
      oneValue?.action === "accept" && oneValue?.content?.name === "Ada (Your name?)", JSON.stringify(one));
    asked2.length = 0;
    const all = await c2.callTool({ name: "ask_client", arguments: { what: "all" } });
    const allValue = all.isError === false ? JSON.parse(textOf(all)) : null;
    check("v2 MRTR: roots, sample and elicit in three rounds, earlier answers carried in requestState",
      Array.isArray(allValue) && allValue.length === 3 && allValue[0]?.roots?.[0]?.name === "workspace" &&
      allValue[1]?.model === "test-model" && allValue[2]?.content?.name === "Ada (Your name?)", JSON.stringify(all));
    check("v2 MRTR: each client handler ran once, in order",
      JSON.stringify(asked2) === JSON.stringify(["roots/list", "sampling/createMessage", "elicitation/create"]),
      asked2.join(","));
  } catch (e) {
    check("v2: no unexpected exception", false, e?.stack ?? String(e));
  } finally {
    await c2.close().catch(() => {});
  }
  check("v2: no client-side protocol errors", errors2.length === 0, errors2.join(" | "));
}
finish();
