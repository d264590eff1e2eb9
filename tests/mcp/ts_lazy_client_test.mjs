// Lazy categories (server_options::lazy_categories, docs/mcp.md "Lazy loading") seen by the
// official MCP TypeScript SDK client (@modelcontextprotocol/sdk 1.x, protocol 2025-11-25): the
// example server examples/mcp_fs_git_server.cpp with --lazy lists only `load_tools` (the
// category summary as TOON in its description); each load_tools call makes the server send
// notifications/tools/list_changed, which the SDK's own listChanged handling answers by
// listing the tools again, and the grown list's tools answer calls.
//
//   node tests/mcp/ts_lazy_client_test.mjs SERVER_BINARY
//
// Run by the ctest mcp.ts_sdk_lazy_client through tests/mcp/run_ts_client_test.sh. Prints one
// line per check and "N passed, N failed"; exit 0 when every check passed.
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

const serverBinary = process.argv[2];
if (!serverBinary) {
  console.error("usage: node ts_lazy_client_test.mjs SERVER_BINARY");
  process.exit(2);
}

const textOf = (result) => (result.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");

const transport = new StdioClientTransport({ command: serverBinary, args: ["--lazy"], stderr: "pipe" });
transport.stderr?.on("data", (chunk) => process.stderr.write(chunk));

// The SDK refreshes the tool list itself on each notifications/tools/list_changed (after its
// debounce) and hands the new list to onChanged.
const refreshes = [];
let onRefresh = () => {};
const client = new Client(
  { name: "toon-cpp-ts-sdk-lazy-test", version: "1.0.0" },
  {
    listChanged: {
      tools: {
        onChanged: (error, tools) => {
          refreshes.push(error ? { error: String(error) } : { names: (tools ?? []).map((t) => t.name) });
          onRefresh();
        },
      },
    },
  },
);
const clientErrors = [];
client.onerror = (e) => clientErrors.push(String(e?.message ?? e));

// Waits until the SDK has refreshed `count` times in all (or 30 s).
async function refreshed(count) {
  if (refreshes.length >= count) return true;
  const done = new Promise((resolve) => { onRefresh = () => { if (refreshes.length >= count) resolve(true); }; });
  return Promise.race([done, sleep(30000).then(() => false)]);
}
const names = async () => (await client.listTools()).tools.map((t) => t.name);

const fsTools = ["read_file", "write_file", "search_files", "delete_file", "list_directory"];
const gitTools = ["git_status", "git_diff", "git_commit", "git_log"];

try {
  await client.connect(transport);
  check("initialize: tools.listChanged", client.getServerCapabilities()?.tools?.listChanged === true,
    JSON.stringify(client.getServerCapabilities()));

  // ---- the first list: the category summary tool only -------------------------------------------
  const first = (await client.listTools()).tools;
  check("first list: load_tools only", JSON.stringify(first.map((t) => t.name)) === JSON.stringify(["load_tools"]),
    first.map((t) => t.name).join(","));
  const description = first[0]?.description ?? "";
  check("load_tools: the category summary as TOON",
    description.includes("\ncategories[2]{name,description,tools}:\n" +
      '  fs,"Read, write and search files in the workspace",read_file write_file search_files delete_file list_directory\n' +
      "  git,Inspect and commit to git repositories,git_status git_diff git_commit git_log"), description);
  check("load_tools: category enum", JSON.stringify(first[0]?.inputSchema?.properties?.category?.enum) === '["fs","git"]',
    JSON.stringify(first[0]?.inputSchema));

  // ---- load fs: list_changed, the SDK relists, the tools answer -----------------------------------
  const loadedFs = await client.callTool({ name: "load_tools", arguments: { category: "fs" } });
  const fsText = textOf(loadedFs);
  check("load fs: result", loadedFs.isError === false &&
    fsText.startsWith("Loaded category fs: 5 tools in the tool list.\ntools[5]{name,description,params}:\n  read_file,"), fsText);
  check("load fs: the table has a row per tool", fsText.split("\n").length === 7, fsText);
  check("load fs: list_changed seen, the SDK relisted", await refreshed(1), JSON.stringify(refreshes));
  check("load fs: the refreshed list", JSON.stringify(refreshes[0]?.names) === JSON.stringify(["load_tools", ...fsTools]),
    JSON.stringify(refreshes[0]));
  check("load fs: tools/list agrees", JSON.stringify(await names()) === JSON.stringify(["load_tools", ...fsTools]));
  const wrote = await client.callTool({ name: "write_file", arguments: { path: "lazy.txt", content: "loaded lazily\n" } });
  check("fs tool: write_file", wrote.isError === false, JSON.stringify(wrote));
  const read = await client.callTool({ name: "read_file", arguments: { path: "lazy.txt" } });
  check("fs tool: read_file", read.isError === false && textOf(read).includes("loaded lazily"), JSON.stringify(read));

  // ---- load git: a second change -------------------------------------------------------------
  const loadedGit = await client.callTool({ name: "load_tools", arguments: { category: "git" } });
  check("load git: result", loadedGit.isError === false &&
    textOf(loadedGit).startsWith("Loaded category git: 4 tools in the tool list.\ntools[4]{name,description,params}:\n"),
    textOf(loadedGit));
  check("load git: list_changed seen, the SDK relisted", await refreshed(2), JSON.stringify(refreshes));
  check("load git: the refreshed list", JSON.stringify(refreshes[1]?.names) ===
    JSON.stringify(["load_tools", ...fsTools, ...gitTools]), JSON.stringify(refreshes[1]));

  // ---- no change, no notification; a bad category is a tool error -----------------------------
  const again = await client.callTool({ name: "load_tools", arguments: { category: "fs" } });
  check("load fs again: already loaded", again.isError === false &&
    textOf(again).startsWith("Category fs was already loaded: 5 tools"), textOf(again));
  const unknown = await client.callTool({ name: "load_tools", arguments: { category: "net" } });
  check("unknown category: isError naming the categories", unknown.isError === true &&
    textOf(unknown) === 'invalid arguments for load_tools: unknown category "net"; categories: fs, git', textOf(unknown));
  const single = await client.callTool({ name: "load_tools", arguments: { tools: ["git_log", "read_file"] } });
  check("single tools already listed: their table, no change", single.isError === false &&
    textOf(single).startsWith("Already in the tool list: 2 tools.\ntools[2]{name,description,params}:\n  read_file,"),
    textOf(single));
  const unknownTool = await client.callTool({ name: "load_tools", arguments: { tools: ["nope"] } });
  check("unknown tool: isError", unknownTool.isError === true &&
    textOf(unknownTool).startsWith('invalid arguments for load_tools: unknown tool "nope"'), textOf(unknownTool));
  await sleep(1500);  // longer than the SDK's debounce: a notification would have been relisted
  check("no notification without a change", refreshes.length === 2, JSON.stringify(refreshes));
  check("no refresh failed", refreshes.every((r) => r.error === undefined), JSON.stringify(refreshes));
} catch (e) {
  check("no unexpected exception", false, e?.stack ?? String(e));
} finally {
  await client.close().catch(() => {});
}

check("no client-side protocol errors", clientErrors.length === 0, clientErrors.join(" | "));
finish();
