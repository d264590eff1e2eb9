// `toon mcp proxy --listen` (docs/cli.md, docs/mcp.md "Proxy"): the proxy serves its clients over
// MCP Streamable HTTP, driven by the official TypeScript SDK's Client with its
// StreamableHTTPClientTransport (tools/mcp-peers), in front of a real upstream on stdio:
// @modelcontextprotocol/server-everything (tools/mcp-servers).
//
// 1. The proxy prints its endpoint's URL (http://127.0.0.1:PORT/mcp, a free port) on stdout.
// 2. Two SDK clients connect over HTTP, each with a session of its own; the tools, resources
//    and prompts they list equal those of a direct stdio connection to server-everything
//    (one upstream: names unprefixed), and a call of `echo` gives the direct call's content.
// 3. DNS-rebinding checks as toon::mcp::http_server does: a request with a foreign Origin or
//    Host gets 403, one with a loopback Origin is served.
// 4. The clients end their sessions (DELETE); SIGTERM ends the proxy with status 0.
//
//   node tests/mcp/ts_proxy_listen_test.mjs TOON_BINARY
//
// Run by the ctest mcp.proxy_listen through run_proxy_test.sh.
import { spawn } from "node:child_process";
import path from "node:path";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { isDeepStrictEqual } from "node:util";
import { check, finish } from "./checks.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, "../..");
const peers = createRequire(path.join(root, "tools/mcp-peers/package.json"));
const { Client } = await import(peers.resolve("@modelcontextprotocol/sdk/client/index.js"));
const { StdioClientTransport } = await import(peers.resolve("@modelcontextprotocol/sdk/client/stdio.js"));
const { StreamableHTTPClientTransport } = await import(peers.resolve("@modelcontextprotocol/sdk/client/streamableHttp.js"));

const [toonBinary] = process.argv.slice(2);
if (!toonBinary) {
  console.error("usage: node ts_proxy_listen_test.mjs TOON_BINARY");
  process.exit(2);
}
const everythingEntry = path.join(root, "tools/mcp-servers/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
const env = { ...process.env };
const byName = (items) => [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
const textOf = (result) => (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");

// Direct: server-everything over stdio.
const direct = new Client({ name: "toon-cpp-proxy-listen-test", version: "1.0.0" });
await direct.connect(new StdioClientTransport({ command: "node", args: [everythingEntry, "stdio"], env, stderr: "ignore" }));
const directTools = byName((await direct.listTools()).tools);
const directResources = (await direct.listResources()).resources;
const directPrompts = (await direct.listPrompts()).prompts;
const directEcho = await direct.callTool({ name: "echo", arguments: { message: "hello over http" } });
await direct.close();
check("direct: server-everything has an echo tool", directTools.some((t) => t.name === "echo"));

// The proxy, listening on a free loopback port.
const proxy = spawn(toonBinary, ["mcp", "proxy", "--listen", "127.0.0.1:0", "--", "node", everythingEntry, "stdio"],
  { env, stdio: ["ignore", "pipe", "inherit"] });
const exited = new Promise((resolve) => proxy.on("exit", (code, signal) => resolve({ code, signal })));
const url = await new Promise((resolve, reject) => {
  let out = "";
  const timer = setTimeout(() => reject(new Error("the proxy printed no URL within 60 s")), 60000);
  proxy.stdout.on("data", (chunk) => {
    out += chunk;
    const nl = out.indexOf("\n");
    if (nl >= 0) {
      clearTimeout(timer);
      resolve(out.slice(0, nl));
    }
  });
  proxy.on("exit", () => reject(new Error("the proxy ended before listening")));
});
check("the proxy prints its endpoint's URL", /^http:\/\/127\.0\.0\.1:[0-9]+\/mcp$/.test(url), url);

try {
  const clients = [];
  for (let i = 0; i < 2; i++) {
    const transport = new StreamableHTTPClientTransport(new URL(url));
    const client = new Client({ name: `toon-cpp-proxy-listen-test-${i}`, version: "1.0.0" });
    await client.connect(transport);
    clients.push({ client, transport });
  }
  check("each HTTP client has a session of its own",
    clients[0].transport.sessionId && clients[1].transport.sessionId &&
    clients[0].transport.sessionId !== clients[1].transport.sessionId,
    `${clients[0].transport.sessionId} ${clients[1].transport.sessionId}`);
  for (const [i, { client }] of clients.entries()) {
    const tools = byName((await client.listTools()).tools);
    check(`client ${i}: the tools are server-everything's, with their input schemas`,
      isDeepStrictEqual(tools.map((t) => [t.name, t.inputSchema]), directTools.map((t) => [t.name, t.inputSchema])),
      JSON.stringify(tools.map((t) => t.name)));
    const echo = await client.callTool({ name: "echo", arguments: { message: "hello over http" } });
    check(`client ${i}: echo gives the direct call's content`,
      !echo.isError && textOf(echo) === textOf(directEcho) && textOf(echo).includes("hello over http"), JSON.stringify(echo));
  }
  const resources = (await clients[0].client.listResources()).resources;
  check("resources/list equals the direct one", isDeepStrictEqual(resources, directResources),
    `${resources.length} vs ${directResources.length}`);
  const prompts = (await clients[0].client.listPrompts()).prompts;
  check("prompts/list equals the direct one", isDeepStrictEqual(byName(prompts), byName(directPrompts)),
    `${prompts.length} vs ${directPrompts.length}`);

  // DNS rebinding: foreign Origin and Host refused, a loopback Origin served.
  const initialize = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize",
    params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "raw", version: "1" } } });
  const post = (headers) => fetch(url, { method: "POST", body: initialize,
    headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers } });
  const foreign = await post({ origin: "http://evil.example.com" });
  check("a foreign Origin gets 403", foreign.status === 403, String(foreign.status));
  const local = await post({ origin: "http://localhost:5173" });
  check("a loopback Origin is served", local.status === 200, String(local.status));
  const sessionOfLocal = local.headers.get("mcp-session-id");
  if (sessionOfLocal) await fetch(url, { method: "DELETE", headers: { "mcp-session-id": sessionOfLocal } });
  const badHost = await new Promise((resolve) => {
    // fetch() sets Host itself: a raw request names another one.
    import("node:http").then(({ request }) => {
      const u = new URL(url);
      const req = request({ host: u.hostname, port: u.port, path: u.pathname, method: "POST",
        headers: { host: "evil.example.com", "content-type": "application/json", accept: "application/json, text/event-stream" } },
        (res) => { res.resume(); resolve(res.statusCode); });
      req.on("error", (e) => resolve(String(e)));
      req.end(initialize);
    });
  });
  check("a foreign Host gets 403", badHost === 403, String(badHost));

  for (const [i, { transport, client }] of clients.entries()) {
    const id = transport.sessionId;
    await transport.terminateSession();
    await client.close();
    const after = await fetch(url, { method: "POST", body: JSON.stringify({ jsonrpc: "2.0", id: 2, method: "ping" }),
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", "mcp-session-id": id } });
    check(`client ${i}: its session is gone once the SDK ended it (DELETE)`, after.status === 404, String(after.status));
  }
} catch (e) {
  check("no exception", false, e?.stack ?? String(e));
}

proxy.kill("SIGTERM");
const end = await Promise.race([exited, new Promise((resolve) => setTimeout(() => resolve({ timeout: true }), 20000))]);
check("SIGTERM ends the proxy with status 0", end.code === 0, JSON.stringify(end));
if (end.timeout) proxy.kill("SIGKILL");
finish();
