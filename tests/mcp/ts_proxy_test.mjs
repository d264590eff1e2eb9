// `toon mcp proxy` (docs/mcp.md, "Proxy") in front of two official MCP servers no one here
// wrote - @modelcontextprotocol/server-filesystem (npm) and mcp-server-git (PyPI), from
// tools/mcp-servers - driven by the official TypeScript SDK client (@modelcontextprotocol/sdk
// 1.x). The same sequence of calls (every tool of both servers) runs once against the servers
// directly and once through the proxy, each time on a freshly built identical workspace and git
// repository at the same paths; the results must be equal, except commit hashes and file times,
// and that a JSON text block may come back as TOON (decoded with the reference implementation,
// @toon-format/toon, and compared as data) where the proxy's --reencode mode allows: by
// default only a text that serialises the result's structuredContent (server-filesystem's
// structuredContent is {content: text}, so none: a JSON file read through the proxy comes back
// byte for byte); with --lazy the proxy runs with --reencode json, which re-encodes any JSON text. The tool list must be the upstream lists with their
// names prefixed and their inputSchemas unchanged.
//
// With --lazy the proxy runs with lazy categories and a TOON config: the first list is
// load_tools alone, loading `fs` and `git` sends notifications/tools/list_changed, which the
// SDK's listChanged handling answers with a new tools/list.
//
//   node tests/mcp/ts_proxy_test.mjs TOON_BINARY [--lazy]
//
// Run by the ctests mcp.proxy_ts_sdk and mcp.proxy_ts_sdk_lazy through run_proxy_test.sh.
import { execFileSync } from "node:child_process";
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
const reference = createRequire(path.join(root, "tools/reference/package.json"));
const { Client } = await import(peers.resolve("@modelcontextprotocol/sdk/client/index.js"));
const { StdioClientTransport } = await import(peers.resolve("@modelcontextprotocol/sdk/client/stdio.js"));
const { decode: decodeToon } = await import(reference.resolve("@toon-format/toon"));

const toonBinary = process.argv[2];
const lazy = process.argv.includes("--lazy");
if (!toonBinary) {
  console.error("usage: node ts_proxy_test.mjs TOON_BINARY [--lazy]");
  process.exit(2);
}


// ---- the workspace and the repository, rebuilt identically before each run --------------------
const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "toon-proxy-test-")));
const ws = path.join(base, "ws");
const repo = path.join(base, "repo");
const home = path.join(base, "home");
const png = Buffer.from(
  "89504E470D0A1A0A0000000D4948445200000001000000010806000000" +
  "1F15C4890000000A49444154789C63000100000500010D0A2DB40000000049454E44AE426082", "hex");
const gitEnv = {
  ...process.env, HOME: home, GIT_CONFIG_NOSYSTEM: "1",
  GIT_AUTHOR_DATE: "2026-01-01T00:00:00Z", GIT_COMMITTER_DATE: "2026-01-01T00:00:00Z",
};
function setUp() {
  for (const d of [ws, repo]) fs.rmSync(d, { recursive: true, force: true });
  fs.mkdirSync(ws, { recursive: true });
  fs.mkdirSync(home, { recursive: true });
  fs.writeFileSync(path.join(ws, "b.txt"), "second file\n");
  fs.writeFileSync(path.join(ws, "pixel.png"), png);
  const git = (...args) => execFileSync("git", args, { cwd: repo, env: gitEnv, stdio: "pipe" });
  fs.mkdirSync(repo);
  git("init", "-q", "-b", "main");
  git("config", "user.email", "t@example.com");
  git("config", "user.name", "Toon");
  fs.writeFileSync(path.join(repo, "a.txt"), "one\n");
  git("add", "a.txt");
  git("commit", "-q", "-m", "first commit");
  fs.writeFileSync(path.join(repo, "a.txt"), "one\ntwo\n");
}

const fsEntry = path.join(root, "tools/mcp-servers/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js");
const gitExe = path.join(root, "tools/mcp-servers/venv/bin/mcp-server-git");
const upstreamEnv = { HOME: home, PATH: process.env.PATH ?? "/usr/bin:/bin" };
const servers = {
  fs: { command: "node", args: [fsEntry, ws] },
  git: { command: gitExe, args: ["--repository", repo] },
};

// Every tool of both servers, in an order that makes each call meaningful.
const a = path.join(ws, "a.txt");
const b = path.join(ws, "b.txt");
const plan = [
  ["fs", "write_file", { path: a, content: "hello\nworld\n" }],
  ["fs", "read_file", { path: a }],
  ["fs", "read_text_file", { path: a, head: 1 }],
  ["fs", "read_multiple_files", { paths: [a, b] }],
  ["fs", "read_media_file", { path: path.join(ws, "pixel.png") }],
  ["fs", "edit_file", { path: a, edits: [{ oldText: "world", newText: "there" }] }],
  ["fs", "create_directory", { path: path.join(ws, "sub", "deep") }],
  ["fs", "list_directory", { path: ws }],
  ["fs", "list_directory_with_sizes", { path: ws }],
  ["fs", "directory_tree", { path: ws }],
  ["fs", "move_file", { source: b, destination: path.join(ws, "sub", "b2.txt") }],
  ["fs", "search_files", { path: ws, pattern: "**/*.txt" }],
  ["fs", "get_file_info", { path: a }],
  ["fs", "list_allowed_directories", {}],
  ["fs", "read_text_file", { path: path.join(home, "outside.txt") }],  // denied: a tool error
  ["git", "git_status", { repo_path: repo }],
  ["git", "git_diff_unstaged", { repo_path: repo }],
  ["git", "git_add", { repo_path: repo, files: ["a.txt"] }],
  ["git", "git_diff_staged", { repo_path: repo }],
  ["git", "git_reset", { repo_path: repo }],
  ["git", "git_add", { repo_path: repo, files: ["a.txt"] }],
  ["git", "git_commit", { repo_path: repo, message: "second commit" }],
  ["git", "git_log", { repo_path: repo, max_count: 5 }],
  ["git", "git_create_branch", { repo_path: repo, branch_name: "feature" }],
  ["git", "git_checkout", { repo_path: repo, branch_name: "feature" }],
  ["git", "git_branch", { repo_path: repo, branch_type: "local" }],
  ["git", "git_diff", { repo_path: repo, target: "main" }],
  ["git", "git_show", { repo_path: repo, revision: "HEAD~1" }],
  // A file whose contents are JSON: data to the model, but text to edit exactly.
  ["fs", "write_file", { path: path.join(ws, "data.json"), content: JSON.stringify({ rows: [1, 2, 3].map((id) => ({ id, name: `row ${id}` })) }, null, 2) }],
  ["fs", "read_text_file", { path: path.join(ws, "data.json") }],
];
const reencodeMode = lazy ? "json" : "structured";

// What may differ between two runs on identically built trees: commit hashes of the commit the
// server makes, and file times.
const normalise = (text) => text
  .replace(/\b[0-9a-f]{7,40}\b/g, "<hash>")
  .replace(/^(created|modified|accessed|birthtime|mtime|atime|ctime): .*$/gim, "$1: <time>")
  .replace(/^Date: .*$/gm, "Date: <date>");

// normalise() on every string of a value.
const normaliseAll = (v) => typeof v === "string" ? normalise(v)
  : Array.isArray(v) ? v.map(normaliseAll)
  : v && typeof v === "object" ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, normaliseAll(x)])) : v;

// A content block through the proxy compared with the direct one: equal, or a TOON text that
// decodes (reference implementation) to the direct JSON text's data and says so in its _meta.
function sameBlock(direct, proxied, directResult) {
  if (direct.type !== "text" || proxied.type !== "text") return isDeepStrictEqual(direct, proxied) ? "" : "blocks differ";
  if (direct.text === proxied.text) return isDeepStrictEqual(direct, proxied) ? "" : "block fields differ";
  if (normalise(direct.text) === normalise(proxied.text)) return "";
  const note = proxied._meta?.["toon/encoding"];
  if (typeof note !== "string" || !note.startsWith("toon, re-encoded from JSON")) return "texts differ";
  let data;
  try {
    data = JSON.parse(direct.text);
  } catch {
    return "re-encoded a text that was not JSON";
  }
  if (reencodeMode === "structured" && !isDeepStrictEqual(data, directResult.structuredContent))
    return "re-encoded a JSON text that is not the structuredContent (--reencode structured)";
  if (!(proxied.text.length < direct.text.length)) return "re-encoded text is not shorter";
  return isDeepStrictEqual(decodeToon(proxied.text), data) ? "reencoded" : "TOON decodes to other data";
}

async function connect(command, args, options = {}) {
  const transport = new StdioClientTransport({ command, args, env: upstreamEnv, stderr: "pipe" });
  transport.stderr?.on("data", (chunk) => process.stderr.write(chunk));
  const client = new Client({ name: "toon-cpp-proxy-test", version: "1.0.0" }, options);
  await client.connect(transport);
  return client;
}

async function runPlan(call) {
  const results = [];
  for (const [server, tool, args] of plan) {
    try {
      results.push(await call(server, tool, args));
    } catch (e) {
      results.push({ thrown: String(e?.message ?? e) });
    }
  }
  return results;
}

const clients = [];
try {
  // ---- direct -------------------------------------------------------------------------------------
  setUp();
  const direct = {
    fs: await connect(servers.fs.command, servers.fs.args),
    git: await connect(servers.git.command, servers.git.args),
  };
  clients.push(direct.fs, direct.git);
  const directTools = {
    fs: (await direct.fs.listTools()).tools,
    git: (await direct.git.listTools()).tools,
  };
  const directResults = await runPlan((server, tool, args) => direct[server].callTool({ name: tool, arguments: args }));
  await direct.fs.close();
  await direct.git.close();
  const planned = new Set(plan.map(([s, t]) => `${s}__${t}`));
  const allTools = [...directTools.fs.map((t) => `fs__${t.name}`), ...directTools.git.map((t) => `git__${t.name}`)];
  check("the plan calls every upstream tool", allTools.every((n) => planned.has(n)),
    allTools.filter((n) => !planned.has(n)).join(","));
  check("direct calls answered", directResults.every((r) => r.thrown === undefined), JSON.stringify(directResults.filter((r) => r.thrown)));

  // ---- through the proxy --------------------------------------------------------------------------
  setUp();
  const config = path.join(base, lazy ? "proxy.toon" : "proxy.json");
  if (lazy) {
    // The TOON form of the config (docs/mcp.md, "Proxy").
    fs.writeFileSync(config, [
      "servers[2]:",
      "  - name: fs",
      `    command: node`,
      `    args[2]: ${JSON.stringify(fsEntry)},${JSON.stringify(ws)}`,
      "    description: Files of the test workspace",
      "    timeout_ms: 30000",
      "  - name: git",
      `    command: ${JSON.stringify(gitExe)}`,
      `    args[2]: --repository,${JSON.stringify(repo)}`,
      "    limits:",
      "      cpu_seconds: 120",
      "",
    ].join("\n"));
  } else {
    fs.writeFileSync(config, JSON.stringify({
      servers: [
        { name: "fs", ...servers.fs, description: "Files of the test workspace", timeout_ms: 30000 },
        { name: "git", ...servers.git, limits: { cpu_seconds: 120, open_files: 1024 } },
      ],
    }, null, 2));
  }
  const refreshes = [];
  let onRefresh = () => {};
  const proxy = await connect(toonBinary, ["mcp", "proxy", "--config", config, ...(lazy ? ["--lazy", "--reencode", "json"] : [])], {
    listChanged: {
      tools: {
        onChanged: (error, tools) => {
          refreshes.push(error ? { error: String(error) } : { names: (tools ?? []).map((t) => t.name) });
          onRefresh();
        },
      },
    },
  });
  clients.push(proxy);
  const refreshed = async (count) => {
    if (refreshes.length >= count) return true;
    const done = new Promise((resolve) => { onRefresh = () => { if (refreshes.length >= count) resolve(true); }; });
    return Promise.race([done, sleep(30000).then(() => false)]);
  };

  if (lazy) {
    check("lazy: tools.listChanged advertised", proxy.getServerCapabilities()?.tools?.listChanged === true);
    const first = (await proxy.listTools()).tools;
    check("lazy: first list is load_tools", JSON.stringify(first.map((t) => t.name)) === '["load_tools"]',
      first.map((t) => t.name).join(","));
    const description = first[0]?.description ?? "";
    check("lazy: a category per upstream, as TOON",
      description.includes("categories[2]{name,description,tools}:\n  fs,Files of the test workspace," +
        directTools.fs.map((t) => `fs__${t.name}`).join(" ") + "\n  git,Tools of the MCP server mcp-git ") &&
        description.endsWith("," + directTools.git.map((t) => `git__${t.name}`).join(" ")), description);
    for (const [n, category] of [[1, "fs"], [2, "git"]]) {
      const loaded = await proxy.callTool({ name: "load_tools", arguments: { category } });
      const text = loaded.content?.[0]?.text ?? "";
      const count = directTools[category].length;
      check(`lazy: load ${category} answers its TOON tools table`, loaded.isError === false &&
        text.startsWith(`Loaded category ${category}: ${count} tools in the tool list.\ntools[${count}]{name,description,params}:\n`) &&
        text.split("\n").length === count + 2, text);
      check(`lazy: list_changed after loading ${category}, the SDK relisted`, await refreshed(n), JSON.stringify(refreshes));
    }
    check("lazy: the refreshed lists grow by a category each",
      isDeepStrictEqual(refreshes.map((r) => r.names), [
        ["load_tools", ...directTools.fs.map((t) => `fs__${t.name}`)],
        ["load_tools", ...allTools],
      ]), JSON.stringify(refreshes));
  }

  const proxiedTools = (await proxy.listTools()).tools;
  const expectedNames = lazy ? ["load_tools", ...allTools] : allTools;
  check("proxy: every upstream tool listed, prefixed", isDeepStrictEqual(proxiedTools.map((t) => t.name), expectedNames),
    proxiedTools.map((t) => t.name).join(","));
  const sameSchemas = ["fs", "git"].every((s) => directTools[s].every((t) => {
    const p = proxiedTools.find((x) => x.name === `${s}__${t.name}`);
    return p && p.description === t.description && isDeepStrictEqual(p.inputSchema, t.inputSchema) &&
      isDeepStrictEqual(p.outputSchema, t.outputSchema);
  }));
  check("proxy: descriptions, inputSchemas and outputSchemas unchanged", sameSchemas);

  const proxiedResults = await runPlan((server, tool, args) => proxy.callTool({ name: `${server}__${tool}`, arguments: args }));
  let reencoded = 0;
  plan.forEach(([server, tool], i) => {
    const d = directResults[i];
    const p = proxiedResults[i];
    let why = "";
    if (p.thrown !== undefined || d.thrown !== undefined) why = `thrown: ${p.thrown ?? d.thrown}`;
    else if (Boolean(p.isError) !== Boolean(d.isError)) why = `isError ${p.isError} vs ${d.isError}`;
    else if ((p.content ?? []).length !== (d.content ?? []).length) why = "content length";
    else if (!isDeepStrictEqual(normaliseAll(p.structuredContent), normaliseAll(d.structuredContent)))
      why = "structuredContent";
    else {
      for (let k = 0; k < d.content.length && !why; k++) {
        const r = sameBlock(d.content[k], p.content[k], d);
        if (r === "reencoded") reencoded++;
        else why = r;
      }
    }
    check(`${server}__${tool} #${i}: same result as the direct call`, why === "",
      `${why}\n  direct:  ${JSON.stringify(d).slice(0, 600)}\n  proxied: ${JSON.stringify(p).slice(0, 600)}`);
  });
  if (lazy) check("--reencode json: JSON texts came back as shorter TOON (directory_tree, data.json)", reencoded >= 2, String(reencoded));
  else check("--reencode structured: no text of these servers is re-encoded", reencoded === 0, String(reencoded));
  check("the denied read is a tool error through the proxy too", proxiedResults[14]?.isError === true);

  // A tool no upstream has: the proxy's JSON-RPC error, as the upstream would give one.
  let unknown = null;
  try {
    await proxy.callTool({ name: "fs__no_such_tool", arguments: {} });
  } catch (e) {
    unknown = e;
  }
  check("unknown tool: a JSON-RPC error", unknown !== null && unknown.code === -32602, String(unknown));
  if (!lazy) check("no list_changed without --lazy", refreshes.length === 0, JSON.stringify(refreshes));
} catch (e) {
  check("no unexpected exception", false, e?.stack ?? String(e));
} finally {
  for (const c of clients) await c.close().catch(() => {});
  fs.rmSync(base, { recursive: true, force: true });
}

finish();
