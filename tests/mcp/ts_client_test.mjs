// The official MCP TypeScript SDK client (@modelcontextprotocol/sdk 1.x, Client +
// StdioClientTransport) drives the example server examples/mcp_fs_git_server.cpp over stdio:
// handshake, every page of tools/list, valid / invalid / unknown-tool calls, a handler that
// throws, one that hangs past the server's timeout, cancellation, structuredContent
// validated against outputSchema with ajv (JSON Schema 2020-12), and
// notifications/tools/list_changed followed by a new tools/list.
//
//   node tests/mcp/ts_client_test.mjs SERVER_BINARY
//
// Run by the ctest mcp.ts_sdk_client through tests/mcp/run_ts_client_test.sh, which installs
// the SDK (tools/mcp-peers). Prints one line per check and "N passed, N failed"; exit 0 when
// every check passed.
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
const { McpError, ErrorCode, ToolListChangedNotificationSchema } = await load("@modelcontextprotocol/sdk/types.js");
const Ajv2020 = (await load("ajv/dist/2020.js")).default;

const serverBinary = process.argv[2];
if (!serverBinary) {
  console.error("usage: node ts_client_test.mjs SERVER_BINARY");
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

// The server: 3 tools per page, a 1 s call timeout, one call at a time (so that a call
// queued after a cancelled one starts only when the cancelled handler has returned), and
// `grow` (--list-changed), which adds a tool and announces it.
const transport = new StdioClientTransport({
  command: serverBinary,
  args: ["--test-tools", "--list-changed", "--timeout-ms", "1000", "--page-size", "3", "--max-calls", "1"],
  stderr: "pipe",
});
transport.stderr?.on("data", (chunk) => process.stderr.write(chunk));

const client = new Client({ name: "toon-cpp-ts-sdk-test", version: "1.0.0" });
const clientErrors = [];
client.onerror = (e) => clientErrors.push(String(e?.message ?? e));

try {
  // ---- handshake -------------------------------------------------------------------------------
  await client.connect(transport);
  const info = client.getServerVersion();
  check("initialize: serverInfo", info?.name === "toon-fs-git", JSON.stringify(info));
  check("initialize: tools capability", client.getServerCapabilities()?.tools !== undefined);
  check("initialize: instructions", typeof client.getInstructions() === "string" && client.getInstructions().length > 0);
  check("ping", (await rejects(client.ping())) === null);

  // ---- tools/list, every page ------------------------------------------------------------------
  const tools = [];
  let pages = 0;
  let cursor;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    pages++;
    check(`tools/list page ${pages}: at most 3 tools`, page.tools.length <= 3 && page.tools.length > 0, String(page.tools.length));
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined && pages < 20);
  const names = tools.map((t) => t.name);
  check("tools/list: 12 tools on 4 pages", tools.length === 12 && pages === 4, `${tools.length} tools, ${pages} pages`);
  check("tools/list: names unique", new Set(names).size === names.length);
  check(
    "tools/list: registration order",
    JSON.stringify(names) ===
      JSON.stringify(["read_file", "write_file", "search_files", "delete_file", "list_directory", "git_status",
        "git_diff", "git_commit", "git_log", "fail", "sleep", "grow"]),
    names.join(","),
  );
  const again = [];
  cursor = undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    again.push(...page.tools.map((t) => t.name));
    cursor = page.nextCursor;
  } while (cursor !== undefined && again.length < 100);
  check("tools/list: deterministic order", JSON.stringify(again) === JSON.stringify(names));
  const badCursor = await rejects(client.listTools({ cursor: "not-a-cursor" }));
  check("tools/list: invalid cursor is -32602", badCursor instanceof McpError && badCursor.code === ErrorCode.InvalidParams,
    String(badCursor));
  const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
  check("tools/list: inputSchema is an object schema", tools.every((t) => t.inputSchema?.type === "object"));
  check("tools/list: outputSchema on typed tools", ["write_file", "list_directory", "search_files", "git_status", "sleep"]
    .every((n) => byName[n].outputSchema?.type === "object"));
  check("tools/list: no outputSchema on string tools", ["read_file", "delete_file", "fail"].every((n) => !byName[n].outputSchema));

  // ---- structuredContent against outputSchema (ajv, JSON Schema 2020-12) -----------------------
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  async function typedCall(name, args, expectedText) {
    const result = await client.callTool({ name, arguments: args });
    check(`${name}: isError false`, result.isError === false, textOf(result));
    const validate = ajv.compile(byName[name].outputSchema);
    check(`${name}: structuredContent validates against outputSchema`, validate(result.structuredContent),
      JSON.stringify(validate.errors) + " " + JSON.stringify(result.structuredContent));
    if (expectedText !== undefined) check(`${name}: TOON text content`, textOf(result) === expectedText, JSON.stringify(textOf(result)));
    return result;
  }
  const written = await typedCall("write_file", { path: "notes/todo.txt", content: "TODO: ship it\n", create_dirs: true },
    "path: notes/todo.txt\nbytes: 14\nmode: write");
  check("write_file: structuredContent", JSON.stringify(written.structuredContent) ===
    JSON.stringify({ path: "notes/todo.txt", bytes: 14, mode: "write" }), JSON.stringify(written.structuredContent));
  const listed = await typedCall("list_directory", {}, "[1]{name,type,size}:\n  notes,dir,0");
  check("list_directory: wrapped array result", Array.isArray(listed.structuredContent?.result));
  const found = await typedCall("search_files", { pattern: "todo" });
  check("search_files: one match", found.structuredContent?.result?.length === 1, JSON.stringify(found.structuredContent));
  // null for optional arguments counts as absent (tool_catalog::null_as_absent), and the
  // published inputSchema allows it.
  const nullArgs = { pattern: "todo", directory: null, mode: null, extensions: null, options: null };
  const validateIn = ajv.compile(byName.search_files.inputSchema);
  check("search_files: inputSchema allows null for optional arguments", validateIn(nullArgs), JSON.stringify(validateIn.errors));
  const nulls = await typedCall("search_files", nullArgs);
  check("search_files: null arguments count as absent", JSON.stringify(nulls.structuredContent) === JSON.stringify(found.structuredContent),
    JSON.stringify(nulls.structuredContent));
  // A lone surrogate, which JSON.stringify writes as "\ud800", is read as U+FFFD (3 bytes in
  // UTF-8), not answered -32700.
  const lone = await typedCall("write_file", { path: "notes/lone.txt", content: "a\ud800b" });
  check("write_file: a lone surrogate arrives as U+FFFD", lone.structuredContent?.bytes === 5, JSON.stringify(lone.structuredContent));
  await typedCall("git_status", {});
  const read = await client.callTool({ name: "read_file", arguments: { path: "notes/todo.txt" } });
  check("read_file: text result", read.isError === false && textOf(read) === "TODO: ship it\n" && read.structuredContent === undefined,
    JSON.stringify(read));

  // ---- failing calls ---------------------------------------------------------------------------
  const invalid = await client.callTool({ name: "write_file", arguments: { path: 7, mode: "sideways" } });
  check("invalid arguments: isError result", invalid.isError === true, JSON.stringify(invalid));
  check("invalid arguments: every violation reported", textOf(invalid).includes("args.path: expected string, found number") &&
    textOf(invalid).includes("args.mode: expected one of overwrite, append, create_new") &&
    textOf(invalid).includes("args.content: missing required field"), textOf(invalid));
  const unknown = await rejects(client.callTool({ name: "git_push", arguments: {} }));
  check("unknown tool: JSON-RPC error -32602", unknown instanceof McpError && unknown.code === ErrorCode.InvalidParams, String(unknown));
  check("unknown tool: the message names the tools", String(unknown?.message).includes("available tools: read_file"), String(unknown));
  const missing = await client.callTool({ name: "read_file", arguments: { path: "missing.txt" } });
  check("tool error: isError result", missing.isError === true && textOf(missing).includes("cannot open missing.txt"), textOf(missing));
  const thrown = await client.callTool({ name: "fail", arguments: { message: "boom from the handler" } });
  check("throwing handler: isError result with the message", thrown.isError === true &&
    textOf(thrown) === "tool fail failed: boom from the handler", JSON.stringify(thrown));

  // ---- a handler that hangs past the server's timeout (1 s) -------------------------------------
  const hung = await client.callTool({ name: "sleep", arguments: { ms: 600000 } }, undefined, { timeout: 120000 });
  check("hanging handler: isError result after the server's timeout", hung.isError === true &&
    textOf(hung).includes("timed out after 1000 ms"), JSON.stringify(hung));
  const quick = await typedCall("sleep", { ms: 1 });
  check("server goes on after a timeout", quick.structuredContent?.ms === 1);

  // ---- cancellation ----------------------------------------------------------------------------
  const controller = new AbortController();
  const cancelled = client.callTool({ name: "sleep", arguments: { ms: 700 } }, undefined, { signal: controller.signal });
  await sleep(100);
  controller.abort("test cancels the call");
  const cancelError = await rejects(cancelled);
  check("cancellation: the SDK call is aborted", cancelError !== null, String(cancelError));
  // One call at a time: this call runs only after the cancelled handler returned; a response
  // to the cancelled request would reach the client before this one's and show up as an
  // error for an unknown message id.
  const after = await typedCall("sleep", { ms: 1 });
  check("cancellation: the server goes on", after.structuredContent?.ms === 1);
  check("ping after cancellation", (await rejects(client.ping())) === null);
  check("cancellation: no response to the cancelled request",
    !clientErrors.some((e) => e.includes("unknown message ID")), clientErrors.join(" | "));

  // ---- notifications/tools/list_changed ---------------------------------------------------------
  check("initialize: tools.listChanged", client.getServerCapabilities()?.tools?.listChanged === true,
    JSON.stringify(client.getServerCapabilities()));
  let changes = 0;
  let announced;
  const changed = new Promise((resolve) => { announced = resolve; });
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    changes++;
    announced(true);
  });
  const grown = await client.callTool({ name: "grow", arguments: {} });
  check("grow: result", grown.isError === false && textOf(grown) === "added echo_1", JSON.stringify(grown));
  check("list_changed: notification received", await Promise.race([changed, sleep(30000).then(() => false)]));
  const relisted = [];
  cursor = undefined;
  do {
    const page = await client.listTools(cursor === undefined ? {} : { cursor });
    relisted.push(...page.tools.map((t) => t.name));
    cursor = page.nextCursor;
  } while (cursor !== undefined && relisted.length < 100);
  check("list_changed: the new list has the new tool", JSON.stringify(relisted) === JSON.stringify([...names, "echo_1"]),
    relisted.join(","));
  const echoed = await client.callTool({ name: "echo_1", arguments: { text: "new tool" } });
  check("list_changed: the new tool answers", echoed.isError === false && textOf(echoed) === "new tool", JSON.stringify(echoed));
  check("list_changed: one notification", changes === 1, String(changes));
} catch (e) {
  check("no unexpected exception", false, e?.stack ?? String(e));
} finally {
  await client.close().catch(() => {});
}

check("no client-side protocol errors", clientErrors.length === 0, clientErrors.join(" | "));
finish();
