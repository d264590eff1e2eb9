// `toon mcp proxy` (docs/mcp.md, "Proxy"): what tests/mcp/ts_proxy_test.mjs does not cover,
// driven by the official TypeScript SDK clients (tools/mcp-peers) in front of two upstreams:
// `everything`, @modelcontextprotocol/server-everything (tools/mcp-servers; it has resources,
// resource templates and prompts), and `demo`, the example server examples/mcp_fs_git_server.cpp
// with --test-tools --list-changed (a `grow` tool that adds a tool echo_N to its list and
// announces it, and a `sleep` tool), spoken to by the proxy in protocol 2026-07-28.
//
// 1. Upstream list changes: `demo__grow` makes the upstream announce a new tool (on the
//    subscriptions/listen stream the proxy opened); the proxy lists it again and sends
//    notifications/tools/list_changed, which the SDK answers with a tools/list that has
//    demo__echo_1; calling it works.
// 2. Resources and prompts: resources/list, resources/templates/list, prompts/list through the
//    proxy equal the direct lists of server-everything with names prefixed `everything__`;
//    resources/read of a listed and of a templated URI and prompts/get equal the direct results.
// 3. Time limit: `demo__sleep` beyond the upstream's timeout_ms is an isError result naming the
//    time limit, and the proxy answers the next call.
// 4. The 2026-07-28 lazy path end to end: the SDK v2 client (@modelcontextprotocol/client)
//    negotiates 2026-07-28 with `toon mcp proxy --lazy`, lists load_tools alone, loads a
//    category, gets list_changed on its subscriptions/listen stream (the SDK opens it for
//    listChanged) and calls a loaded tool.
// 5. Progress and cancellation: the upstream's notifications/progress reach the client (which
//    asked with a progressToken), and a client's cancellation cancels the upstream call (the
//    demo's `wait` handler stops early, as its `probe` tool tells).
//
//   node tests/mcp/ts_proxy_features_test.mjs TOON_BINARY DEMO_SERVER_BINARY
//
// Run by the ctest mcp.proxy_features through run_proxy_test.sh.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { check, finish, sleep } from "./checks.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const peers = createRequire(path.join(root, "tools/mcp-peers/package.json"));
const { Client } = await import(peers.resolve("@modelcontextprotocol/sdk/client/index.js"));
const { StdioClientTransport } = await import(peers.resolve("@modelcontextprotocol/sdk/client/stdio.js"));
const v2 = await import(peers.resolve("@modelcontextprotocol/client"));
const v2stdio = await import(peers.resolve("@modelcontextprotocol/client/stdio"));

const [toonBinary, demoBinary] = process.argv.slice(2);
if (!toonBinary || !demoBinary) {
  console.error("usage: node ts_proxy_features_test.mjs TOON_BINARY DEMO_SERVER_BINARY");
  process.exit(2);
}

const textOf = (result) => (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");
// Waits until `done()` is true (at most 30 s).
async function eventually(done) {
  for (let i = 0; i < 300 && !done(); i++) await sleep(100);
  return done();
}

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "toon-proxy-features-")));
const everythingEntry = path.join(root, "tools/mcp-servers/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const config = path.join(base, "proxy.json");
fs.writeFileSync(config, JSON.stringify({
  servers: [
    { name: "everything", command: "node", args: [everythingEntry, "stdio"] },
    { name: "demo", command: demoBinary, args: ["--test-tools", "--context-tools", "--list-changed", "--workspace", path.join(base, "ws")],
      timeout_ms: 1500 },
  ],
}));
const env = { HOME: base, PATH: process.env.PATH ?? "/usr/bin:/bin" };

async function connect(command, args, options = {}) {
  const transport = new StdioClientTransport({ command, args, env, stderr: "pipe" });
  transport.stderr?.on("data", (chunk) => process.stderr.write(chunk));
  const client = new Client({ name: "toon-cpp-proxy-features-test", version: "1.0.0" }, options);
  await client.connect(transport);
  return client;
}

// A name prefixed by the upstream's, in a copy of each item.
const prefixed = (items) => items.map((x) => ({ ...x, name: `everything__${x.name}` }));

const clients = [];
try {
  // ---- direct: server-everything's resources and prompts ---------------------------------------
  const direct = await connect("node", [everythingEntry, "stdio"]);
  clients.push(direct);
  const directResources = (await direct.listResources()).resources;
  const directTemplates = (await direct.listResourceTemplates()).resourceTemplates;
  const directPrompts = (await direct.listPrompts()).prompts;
  const firstUri = directResources[0]?.uri;
  const templatedUri = "demo://resource/dynamic/text/7";
  const directRead = await direct.readResource({ uri: firstUri });
  const directTemplated = await direct.readResource({ uri: templatedUri });
  const directPrompt = await direct.getPrompt({ name: "simple-prompt" });
  const directArgsPrompt = await direct.getPrompt({ name: "args-prompt", arguments: { city: "Paris", state: "Texas" } });
  await direct.close();
  check("direct: server-everything has resources, templates and prompts",
    directResources.length > 0 && directTemplates.length > 0 && directPrompts.length > 0,
    `${directResources.length} ${directTemplates.length} ${directPrompts.length}`);

  // ---- through the proxy (SDK v1, 2025-11-25) ---------------------------------------------------
  const refreshes = [];
  const proxy = await connect(toonBinary, ["mcp", "proxy", "--config", config], {
    listChanged: { tools: { onChanged: (error, tools) => refreshes.push(error ? { error: String(error) } : (tools ?? []).map((t) => t.name)) } },
  });
  clients.push(proxy);
  const caps = proxy.getServerCapabilities() ?? {};
  check("capabilities: tools.listChanged, resources, prompts",
    caps.tools?.listChanged === true && typeof caps.resources === "object" && typeof caps.prompts === "object", JSON.stringify(caps));

  // 2. resources and prompts
  const resources = (await proxy.listResources()).resources;
  check("resources/list: the upstream's, names prefixed, URIs unchanged", isDeepStrictEqual(resources, prefixed(directResources)),
    JSON.stringify(resources).slice(0, 400));
  const templates = (await proxy.listResourceTemplates()).resourceTemplates;
  check("resources/templates/list: the upstream's, names prefixed", isDeepStrictEqual(templates, prefixed(directTemplates)),
    JSON.stringify(templates).slice(0, 400));
  check("resources/read of a listed URI: the direct result",
    isDeepStrictEqual(await proxy.readResource({ uri: firstUri }), directRead), firstUri);
  // The text says when it was made ("created at TIME").
  const untimed = (r) => JSON.parse(JSON.stringify(r).replace(/created at [^"]*/g, "created at <time>"));
  check("resources/read of a templated URI: the direct result",
    isDeepStrictEqual(untimed(await proxy.readResource({ uri: templatedUri })), untimed(directTemplated)));
  let unknownResource = null;
  try {
    await proxy.readResource({ uri: "nowhere://x" });
  } catch (e) {
    unknownResource = e;
  }
  check("resources/read of an unknown URI: the upstream's JSON-RPC error, named",
    unknownResource !== null && typeof unknownResource.code === "number" && /upstream everything: /.test(unknownResource.message),
    String(unknownResource));
  const prompts = (await proxy.listPrompts()).prompts;
  check("prompts/list: the upstream's, names prefixed", isDeepStrictEqual(prompts, prefixed(directPrompts)),
    JSON.stringify(prompts).slice(0, 400));
  check("prompts/get: the direct result",
    isDeepStrictEqual(await proxy.getPrompt({ name: "everything__simple-prompt" }), directPrompt));
  check("prompts/get with arguments: the direct result",
    isDeepStrictEqual(await proxy.getPrompt({ name: "everything__args-prompt", arguments: { city: "Paris", state: "Texas" } }),
      directArgsPrompt));
  let unknownPrompt = null;
  try {
    await proxy.getPrompt({ name: "simple-prompt" });
  } catch (e) {
    unknownPrompt = e;
  }
  check("prompts/get without the prefix: -32602", unknownPrompt?.code === -32602, String(unknownPrompt));

  // 1. an upstream's tool list changes
  const before = (await proxy.listTools()).tools.map((t) => t.name);
  check("demo tools listed, no echo_1 yet", before.includes("demo__grow") && !before.includes("demo__echo_1"), before.join(","));
  const grown = await proxy.callTool({ name: "demo__grow", arguments: {} });
  check("demo__grow answered", textOf(grown) === "added echo_1", JSON.stringify(grown));
  check("list_changed forwarded: the SDK listed again and sees demo__echo_1",
    await eventually(() => refreshes.some((r) => Array.isArray(r) && r.includes("demo__echo_1"))), JSON.stringify(refreshes).slice(0, 400));
  const echoed = await proxy.callTool({ name: "demo__echo_1", arguments: { text: "hello" } });
  check("the new upstream tool is callable", echoed.isError !== true && textOf(echoed) === "hello", JSON.stringify(echoed));

  // 3. the upstream's time limit
  const started = Date.now();
  const slow = await proxy.callTool({ name: "demo__sleep", arguments: { ms: 6000 } });
  const took = Date.now() - started;
  check("a call past timeout_ms: an isError result naming the time limit",
    slow.isError === true && /upstream demo: MCP tools\/call: no answer within 1500 ms/.test(textOf(slow)), JSON.stringify(slow));
  check("... given up after about timeout_ms (1.5 s), not the sleep (6 s)", took >= 1400 && took < 5000, `${took} ms`);
  const after = await proxy.callTool({ name: "everything__echo", arguments: { message: "still here" } });
  check("the proxy answers the next call", textOf(after) === "Echo: still here", JSON.stringify(after));
  const demoAfter = await proxy.callTool({ name: "demo__echo_1", arguments: { text: "again" } });
  check("... also on the upstream that timed out", textOf(demoAfter) === "again", JSON.stringify(demoAfter));

  // 5. progress and cancellation go through to the upstream
  const events = [];
  const progressed = await proxy.callTool({ name: "demo__progress", arguments: { steps: 3, delay_ms: 50, linger_ms: 200 } },
    undefined, { onprogress: (p) => events.push(p) });
  check("progress: the upstream's three reports reach the client through the proxy",
    events.length === 3 && events.every((p, i) => p.progress === i + 1 && p.total === 3 && p.message === `step ${i + 1} of 3`),
    JSON.stringify(events));
  check("... and the call's result", progressed.isError !== true && progressed.structuredContent?.steps_done === 3,
    JSON.stringify(progressed));
  const abort = new AbortController();
  const waitStarted = Date.now();
  setTimeout(() => abort.abort(), 300);
  let aborted = null;
  try {
    await proxy.callTool({ name: "demo__wait", arguments: { ms: 1200 } }, undefined, { signal: abort.signal });
  } catch (e) {
    aborted = e;
  }
  check("cancel: the client's call ends when it aborts", aborted !== null && Date.now() - waitStarted < 1000, String(aborted));
  await sleep(150);
  const probe = (await proxy.callTool({ name: "demo__probe", arguments: {} })).structuredContent;
  const sinceStart = Date.now() - waitStarted;
  // Without the cancellation going through, the upstream's `wait` would still be waiting (until
  // 1200 ms after the start): no `wait` handler would have returned yet (-1).
  check("cancel: the proxy cancelled the upstream call, whose handler stopped early",
    typeof probe?.since_wait_returned_ms === "number" && probe.since_wait_returned_ms >= 0 &&
      sinceStart - probe.since_wait_returned_ms < 1000,
    JSON.stringify(probe) + ` ${sinceStart} ms after the start`);
  await proxy.close();

  // ---- 4. 2026-07-28, lazy, SDK v2 --------------------------------------------------------------
  const transport = new v2stdio.StdioClientTransport({ command: toonBinary, args: ["mcp", "proxy", "--lazy", "--config", config], env, stderr: "pipe" });
  transport.stderr?.on("data", (chunk) => process.stderr.write(chunk));
  const changes = [];
  const modern = new v2.Client({ name: "toon-cpp-proxy-features-test-v2", version: "1.0.0" }, {
    versionNegotiation: { mode: { pin: "2026-07-28" } },
    listChanged: { tools: { onChanged: (error, tools) => changes.push(error ? { error: String(error) } : (tools ?? []).map((t) => t.name)) } },
  });
  await modern.connect(transport);
  clients.push(modern);
  check("v2: negotiated 2026-07-28", modern.getNegotiatedProtocolVersion() === "2026-07-28", String(modern.getNegotiatedProtocolVersion()));
  const first = (await modern.listTools()).tools;
  check("v2 lazy: the first list is load_tools", isDeepStrictEqual(first.map((t) => t.name), ["load_tools"]), first.map((t) => t.name).join(","));
  check("v2 lazy: its description has the category summary",
    (first[0]?.description ?? "").includes("categories[2]{name,description,tools}:"), first[0]?.description);
  const loaded = await modern.callTool({ name: "load_tools", arguments: { category: "everything" } });
  check("v2 lazy: load_tools(everything) answers a TOON tools table",
    loaded.isError === false && /^Loaded category everything: \d+ tools in the tool list\.\ntools\[\d+\]\{name,description,params\}:\n/.test(textOf(loaded)),
    textOf(loaded).slice(0, 300));
  check("v2 lazy: list_changed on the subscriptions/listen stream, the SDK listed again",
    await eventually(() => changes.some((c) => Array.isArray(c) && c.includes("everything__echo"))), JSON.stringify(changes).slice(0, 400));
  const relisted = (await modern.listTools()).tools.map((t) => t.name);
  check("v2 lazy: everything's tools listed, demo's not", relisted.includes("everything__echo") && !relisted.some((n) => n.startsWith("demo__")),
    relisted.join(","));
  const modernEcho = await modern.callTool({ name: "everything__echo", arguments: { message: "modern" } });
  check("v2 lazy: a loaded tool answers", textOf(modernEcho) === "Echo: modern", JSON.stringify(modernEcho));
  const modernPrompts = (await modern.listPrompts()).prompts;
  check("v2: resources/read on 2026-07-28 too", isDeepStrictEqual((await modern.readResource({ uri: firstUri })).contents, directRead.contents));
  check("v2: prompts/list on 2026-07-28 too", isDeepStrictEqual(modernPrompts.map((p) => p.name), directPrompts.map((p) => `everything__${p.name}`)),
    JSON.stringify(modernPrompts).slice(0, 300));
} catch (e) {
  check("no unexpected exception", false, e?.stack ?? String(e));
} finally {
  for (const c of clients) await c.close().catch(() => {});
  fs.rmSync(base, { recursive: true, force: true });
}

finish();
