// The official MCP TypeScript SDK v2 client (@modelcontextprotocol/client 2.x, the 2026-07-28
// line) drives the example server examples/mcp_fs_git_server.cpp over stdio in the stateless
// revision: version negotiation by server/discover (pinned and automatic), per-request _meta,
// tools/list (the SDK walks every page), valid / invalid / unknown-tool calls, a throwing and a
// hanging handler, cancellation, and structuredContent validated against outputSchema with
// ajv (JSON Schema 2020-12). A client in the SDK's legacy mode still gets the 2025-11-25
// handshake from the same server (dual era).
//
//   node tests/mcp/ts_v2_client_test.mjs SERVER_BINARY
//
// Run by the ctest mcp.ts_sdk_v2_client through tests/mcp/run_ts_client_test.sh. Prints one
// line per check and "N passed, N failed"; exit 0 when every check passed.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { check, finish, sleep } from "./checks.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const peers = path.resolve(here, "../../tools/mcp-peers");
const require = createRequire(path.join(peers, "package.json"));
const load = async (name) => import(require.resolve(name));

const { Client, ProtocolError } = await load("@modelcontextprotocol/client");
const { StdioClientTransport } = await load("@modelcontextprotocol/client/stdio");
const Ajv2020 = (await load("ajv/dist/2020.js")).default;

const serverBinary = process.argv[2];
if (!serverBinary) {
  console.error("usage: node ts_v2_client_test.mjs SERVER_BINARY");
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
const serverArgs = ["--test-tools", "--timeout-ms", "1000", "--page-size", "3", "--max-calls", "1"];

async function connect(mode) {
  const transport = new StdioClientTransport({ command: serverBinary, args: serverArgs, stderr: "pipe" });
  transport.stderr?.on("data", (chunk) => process.stderr.write(chunk));
  const client = new Client({ name: "toon-cpp-ts-sdk-v2-test", version: "1.0.0" }, { versionNegotiation: { mode } });
  const errors = [];
  client.onerror = (e) => errors.push(String(e?.message ?? e));
  await client.connect(transport);
  return { client, errors };
}

// ---- dual era: automatic negotiation picks 2026-07-28, legacy mode gets 2025-11-25 ------------
for (const [mode, expected] of [["auto", "2026-07-28"], ["legacy", "2025-11-25"]]) {
  let c;
  try {
    c = await connect(mode);
    check(`${mode} mode: negotiated ${expected}`, c.client.getNegotiatedProtocolVersion() === expected,
      String(c.client.getNegotiatedProtocolVersion()));
    const { tools } = await c.client.listTools();
    check(`${mode} mode: tools/list`, tools.length === 11, String(tools.length));
  } catch (e) {
    check(`${mode} mode: connects`, false, e?.stack ?? String(e));
  } finally {
    await c?.client.close().catch(() => {});
  }
}

// ---- pinned 2026-07-28 ----------------------------------------------------------------------------
const { client, errors: clientErrors } = await connect({ pin: "2026-07-28" });
try {
  check("pinned: negotiated 2026-07-28", client.getNegotiatedProtocolVersion() === "2026-07-28");
  const discover = client.getDiscoverResult();
  check("server/discover: supportedVersions", JSON.stringify(discover?.supportedVersions) ===
    JSON.stringify(["2026-07-28", "2025-11-25", "2025-06-18"]), JSON.stringify(discover));
  check("server/discover: tools capability", discover?.capabilities?.tools !== undefined);
  check("server/discover: serverInfo", client.getServerVersion()?.name === "toon-fs-git", JSON.stringify(client.getServerVersion()));

  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name);
  check("tools/list: every page, in registration order", JSON.stringify(names) ===
    JSON.stringify(["read_file", "write_file", "search_files", "delete_file", "list_directory", "git_status",
      "git_diff", "git_commit", "git_log", "fail", "sleep"]), names.join(","));
  const again = await client.listTools(undefined, { cacheMode: "bypass" });
  check("tools/list: deterministic order", JSON.stringify(again.tools.map((t) => t.name)) === JSON.stringify(names));
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));

  const ajv = new Ajv2020({ strict: false, allErrors: true });
  async function typedCall(name, args, expectedText) {
    const result = await client.callTool({ name, arguments: args });
    check(`${name}: isError false`, result.isError === false, JSON.stringify(result));
    const validate = ajv.compile(byName[name].outputSchema);
    check(`${name}: structuredContent validates against outputSchema`, validate(result.structuredContent),
      JSON.stringify(validate.errors) + " " + JSON.stringify(result.structuredContent));
    if (expectedText !== undefined) check(`${name}: TOON text content`, textOf(result) === expectedText, JSON.stringify(textOf(result)));
    return result;
  }
  await typedCall("write_file", { path: "a.txt", content: "alpha\nbeta\n" }, "path: a.txt\nbytes: 11\nmode: write");
  await typedCall("list_directory", {}, "[1]{name,type,size}:\n  a.txt,file,11");
  const found = await typedCall("search_files", { pattern: "beta" });
  check("search_files: the match", found.structuredContent?.result?.[0]?.line === 2, JSON.stringify(found.structuredContent));

  const invalid = await client.callTool({ name: "read_file", arguments: { path: ["a.txt"] } });
  check("invalid arguments: isError result", invalid.isError === true &&
    textOf(invalid).includes("args.path: expected string, found array"), JSON.stringify(invalid));
  const unknown = await rejects(client.callTool({ name: "nope", arguments: {} }));
  check("unknown tool: JSON-RPC error -32602", unknown instanceof ProtocolError && unknown.code === -32602, String(unknown));
  const thrown = await client.callTool({ name: "fail", arguments: {} });
  check("throwing handler: isError result", thrown.isError === true && textOf(thrown) === "tool fail failed: deliberate failure",
    JSON.stringify(thrown));
  const hung = await client.callTool({ name: "sleep", arguments: { ms: 600000 } }, { timeout: 120000 });
  check("hanging handler: isError after the server's timeout", hung.isError === true && textOf(hung).includes("timed out"),
    JSON.stringify(hung));

  const controller = new AbortController();
  const cancelled = client.callTool({ name: "sleep", arguments: { ms: 700 } }, { signal: controller.signal });
  await sleep(100);
  controller.abort("test cancels the call");
  check("cancellation: the SDK call is aborted", (await rejects(cancelled)) !== null);
  const after = await typedCall("sleep", { ms: 1 });  // one call at a time: runs after the cancelled one
  check("cancellation: the server goes on", after.structuredContent?.ms === 1);
} catch (e) {
  check("no unexpected exception", false, e?.stack ?? String(e));
} finally {
  await client.close().catch(() => {});
}
check("no client-side protocol errors", clientErrors.length === 0, clientErrors.join(" | "));
finish();
