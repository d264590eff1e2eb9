#!/usr/bin/env bash
# Tokens of real MCP servers' tool lists: the JSON they send vs `toon mcp tools`' TOON tools
# table of typed params (o200k_base, counted by tools/tokens/count.mjs with gpt-tokenizer, as the
# other token figures of docs/benchmarks.md; the totals also in cl100k_base and Llama 3's).
#
#   bash scripts/mcp-tools-tokens.sh                 the section, with build and install output
#   bash scripts/mcp-tools-tokens.sh --markdown      only the markdown section, on stdout
#   bash scripts/mcp-tools-tokens.sh --update-docs   also writes it into docs/benchmarks.md,
#                                                    between <!-- mcp-tools-tokens:begin/end -->
#
# Servers: the six official ones of tools/mcp-servers (started here; installed by its
# ensure-installed.sh when missing), and the six large third-party ones of tools/mcp-third-party,
# read from the tools/list cache its ensure-installed.sh writes (and started by the lazy proxy
# below). BUILD_DIR (default build) gets the toon CLI built; TOON names an already built toon
# CLI instead (nothing is built). MCP_SERVERS_VENV: another venv holding the PyPI servers.
#
# Besides the JSON and TOON forms, every tool is decompiled to the canonical MCP-DSL (a `T`
# definition, `toon dsl decompile --kind tool`, docs/mcp-dsl.md), the tools of the tools/list
# result and those of the baseline; a tool the DSL cannot express (dsl_inexpressible) stays its
# compact JSON line and is counted as such. Each DSL line is compiled back and must give the
# tool's JSON again, else the script fails.
set -euo pipefail

mode=full
case "${1:-}" in
  "") ;;
  --markdown) mode=markdown ;;
  --update-docs) mode=update ;;
  *) echo "usage: $0 [--markdown | --update-docs]" >&2; exit 2 ;;
esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
abs() { case "$1" in /*) printf '%s' "$1" ;; *) printf '%s/%s' "$root" "$1" ;; esac; }
build="$(abs "${BUILD_DIR:-build}")"
third="$root/tools/mcp-third-party"
servers="$root/tools/mcp-servers"
venv="$(abs "${MCP_SERVERS_VENV:-tools/mcp-servers/venv}")"

{
  if [[ -z "${TOON:-}" ]]; then
    if [[ ! -f "$build/CMakeCache.txt" ]]; then
      cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
    fi
    cmake --build "$build" --target toon_cli
  fi
  if [[ ! -d "$root/tools/tokens/node_modules/gpt-tokenizer" || ! -d "$root/tools/tokens/node_modules/llama3-tokenizer-js" ]]; then
    npm ci --prefix "$root/tools/tokens" --no-audit --no-fund
  fi
  if [[ ! -x "$venv/bin/mcp-server-fetch" || ! -f "$servers/node_modules/@modelcontextprotocol/server-everything/package.json" ]]; then
    bash "$servers/ensure-installed.sh"
  fi
  bash "$third/ensure-installed.sh"
} >&2

toon="${TOON:-$build/bin/toon}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
home="$out/home"
repo="$out/repo"
fsroot="$out/fsroot"
mkdir -p "$home" "$fsroot"
git init -q "$repo"

modules="$servers/node_modules/@modelcontextprotocol"
# name|package and version shown|command
list=(
  "everything|@modelcontextprotocol/server-everything|node $modules/server-everything/dist/index.js stdio"
  "filesystem|@modelcontextprotocol/server-filesystem|node $modules/server-filesystem/dist/index.js $fsroot"
  "memory|@modelcontextprotocol/server-memory|node $modules/server-memory/dist/index.js"
  "git|mcp-server-git|$venv/bin/mcp-server-git --repository $repo"
  "time|mcp-server-time|$venv/bin/mcp-server-time --local-timezone UTC"
  "fetch|mcp-server-fetch|$venv/bin/mcp-server-fetch"
  "mongodb|mongodb-mcp-server|--from $third/cache/mongodb.json"
  "azure-devops|@azure-devops/mcp|--from $third/cache/azure-devops.json"
  "chrome-devtools|chrome-devtools-mcp|--from $third/cache/chrome-devtools.json"
  "playwright|@playwright/mcp|--from $third/cache/playwright.json"
  "notion|@notionhq/notion-mcp-server|--from $third/cache/notion.json"
  "desktop-commander|@wonderwhy-er/desktop-commander|--from $third/cache/desktop-commander.json"
)
files=()
names=()
for entry in "${list[@]}"; do
  IFS='|' read -r name package command <<<"$entry"
  case "$command" in
    --from*) "$toon" mcp tools --no-figures --save "$out/$name" $command >/dev/null ;;
    # shellcheck disable=SC2086  # the command is split into its words on purpose
    *) (cd "$home" && HOME="$home" "$toon" mcp tools --no-figures --save "$out/$name" -- $command >/dev/null) ;;
  esac
  printf '%s\n' "$package" > "$out/$name/package.txt"
  case "$command" in
    --from*) node -p 'require(process.argv[1]).version' "${command#--from }" ;;
    *) case "$package" in
         @*) node -p 'require(process.argv[1]).version' "$servers/node_modules/$package/package.json" ;;
         *) "$venv/bin/python" -c 'import sys, importlib.metadata as m; print(m.version(sys.argv[1]))' "$package" ;;
       esac ;;
  esac > "$out/$name/version.txt"
  # The description texts each form carries, one per line, as the forms write them: the tool
  # descriptions (the TOON tools table) and also the parameter descriptions (the described form:
  # the JSON strings in description position of its params cells, and its table of shared texts).
  "$toon" decode --json-indent 0 "$out/$name/tools_descriptions.toon" | node -e '
    const d = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const tools = (d.tools ?? []).map((t) => t.description).filter((x) => typeof x === "string" && x !== "");
    // In typed params a text between single quotes is a description; a quoted string after
    // "(", ",", "=", " ", "{", "|", "^", "/" or at the start is a constraint, default, name or
    // enum value, after "[" or ":" one inside a JSON default; anywhere else it is a description.
    const described = (params) => {
      const found = [];
      let prev = "";
      for (let i = 0; i < params.length;) {
        if (params[i] === "\u0027") {
          const j = params.indexOf("\u0027", i + 1);
          if (j > i + 1) found.push(params.slice(i + 1, j));  // not the empty text '' (none)
          prev = "\u0027";
          i = j + 1;
          continue;
        }
        if (params[i] !== "\"") { prev = params[i++]; continue; }
        let j = i + 1;
        while (params[j] !== "\"") j += params[j] === "\\" ? 2 : 1;
        if (!["", "(", ",", "=", " ", "{", "|", "^", "/", "[", ":"].includes(prev) && params[j + 1] !== ":") found.push(JSON.parse(params.slice(i, j + 1)));
        prev = "\"";
        i = j + 1;
      }
      return found;
    };
    const params = [...(d.tools ?? []).flatMap((t) => described(t.params)), ...Object.values(d.param_descriptions ?? {}),
                    ...(d.descriptions ?? [])];
    require("fs").writeFileSync(process.argv[1] + "/texts_tools.txt", tools.join("\n") + "\n");
    require("fs").writeFileSync(process.argv[1] + "/texts_all.txt", [...tools, ...params].join("\n") + "\n");
  ' "$out/$name"
  # The words the tools table cannot do without, for the structure floor (docs/benchmarks.md):
  # tool names, parameter names, enum values, the numbers and words of constraints, defaults,
  # each kind space-separated (the cheapest any form could write them).
  "$toon" decode --json-indent 0 "$out/$name/tools.toon" | node -e '
    const d = JSON.parse(require("fs").readFileSync(0, "utf8"));
    const q = String.raw`"(?:[^"\\]|\\.)*"`, w = "[A-Za-z0-9_.-]+";
    const kinds = { tools: [], params: [], enums: [], constraints: [], defaults: [] };
    for (const t of d.tools ?? []) {
      kinds.tools.push(t.name);
      const p = t.params;
      for (const m of p.matchAll(new RegExp(`(?:^|[ {])(${q}|[A-Za-z_][A-Za-z0-9_.-]*):`, "g"))) kinds.params.push(m[1]);
      for (const m of p.matchAll(new RegExp(`(?:^|[:|(^])((?:${q}|${w})(?:/(?:${q}|${w}))+)`, "g"))) kinds.enums.push(...m[1].split("/"));
      for (const m of p.matchAll(new RegExp(`enum\\(((?:${q}|[^)])*)\\)`, "g"))) kinds.enums.push(m[1]);
      for (const m of p.matchAll(/(?:string|int|number|\]|object|\})\(([^)]*)\)/g)) kinds.constraints.push(m[1].replace(/[,.<>%]+/g, " ").trim());
      for (const m of p.matchAll(new RegExp(`=((?:${q}|[^ }])+)`, "g"))) kinds.defaults.push(m[1]);
    }
    for (const [k, v] of Object.entries(kinds)) require("fs").writeFileSync(`${process.argv[1]}/words_${k}.txt`, v.join(" ") + "\n");
    require("fs").writeFileSync(`${process.argv[1]}/words.json`, JSON.stringify({ rows: kinds.tools.length, params: kinds.params.length }));
  ' "$out/$name"
  names+=("$name")
  # The MCP-DSL forms: one `T` definition per line, for the tools of tools_list.json and of
  # baseline.json; dsl.json gets the counts of tools left as JSON and of input schemas written
  # in the type syntax.
  node --input-type=module -e '
import { readFileSync, writeFileSync } from "node:fs";
import { spawnSync } from "node:child_process";
const [toon, dir] = process.argv.slice(1);
const run = (args, input) => spawnSync(toon, args, { input, encoding: "utf8", maxBuffer: 1 << 28 });
// The schema keywords outside the type table (docs/mcp-dsl.md), anywhere in a schema.
const typeTable = new Set(["type", "properties", "required", "items", "enum", "oneOf", "$ref", "format", "contentEncoding", "default"]);
const untyped = (schema, found) => {
  if (schema === null || typeof schema !== "object" || Array.isArray(schema)) return found;
  for (const [k, v] of Object.entries(schema)) {
    if (!typeTable.has(k)) found.add(k);
    if ((k === "properties" || k === "$defs" || k === "definitions" || k === "patternProperties") && v && typeof v === "object")
      Object.values(v).forEach((s) => untyped(s, found));
    else if (k === "oneOf" || k === "anyOf" || k === "allOf" || (k === "items" && Array.isArray(v)))
      (Array.isArray(v) ? v : []).forEach((s) => untyped(s, found));
    else if (k === "items" || k === "additionalProperties" || k === "not")
      untyped(v, found);
  }
  return found;
};
const stats = {};
for (const form of ["tools_list", "baseline"]) {
  const tools = JSON.parse(readFileSync(`${dir}/${form}.json`, "utf8")).tools;
  const lines = [];
  let json = 0, typed = 0;
  const reasons = {}, keywords = {};
  let outsideTable = 0;
  for (const tool of tools) {
    const json_line = JSON.stringify(tool);
    const outside = untyped(tool.inputSchema, new Set());
    for (const k of outside) keywords[k] = (keywords[k] ?? 0) + 1;
    if (outside.size > 0) ++outsideTable;
    const r = run(["dsl", "decompile", "--kind", "tool"], json_line);
    if (r.status === 1 && r.stderr.includes("cannot express")) {
      const reason = r.stderr.replace(/^.*cannot express/s, "cannot express").trim();
      reasons[reason] = (reasons[reason] ?? 0) + 1;
      lines.push(json_line);
      ++json;
      continue;
    }
    if (r.status !== 0) throw new Error(`toon dsl decompile failed on ${tool.name}: ${r.stderr}`);
    const dsl = r.stdout.replace(/\n$/, "");
    if (dsl.includes("\n")) throw new Error(`more than one line for ${tool.name}`);
    const back = run(["dsl", "compile"], dsl);
    if (back.status !== 0 || JSON.stringify(JSON.parse(back.stdout)) !== json_line)
      throw new Error(`the DSL of ${tool.name} does not compile back to its JSON:\n${dsl}\n${back.stdout}${back.stderr}`);
    // The canonical form writes a schema outside the type syntax as a JSON value under the
    // quoted key "inputSchema", one in the type syntax under `in`.
    if (!/(^|[^\\])"inputSchema": /.test(dsl) && tool.inputSchema !== undefined) ++typed;
    lines.push(dsl);
  }
  writeFileSync(`${dir}/${form}.dsl`, lines.join("\n") + "\n");
  stats[form] = { tools: tools.length, json, typed, reasons, keywords, outside_table: outsideTable };
}
writeFileSync(`${dir}/dsl.json`, JSON.stringify(stats));
' "$toon" "$out/$name"
  for f in tools_list.pretty.json tools_list.json tools_list.toon baseline.json tools.toon tools_descriptions.toon tools_list.dsl baseline.dsl texts_tools.txt texts_all.txt \
           words_tools.txt words_params.txt words_enums.txt words_constraints.txt words_defaults.txt; do
    files+=("$out/$name/$f")
  done
done

# The lazy first message, as `toon mcp proxy --lazy` sends it in front of all the servers (one
# category per server): the result of the first tools/list (load_tools alone, the category
# summary in its description) and the results of load_tools for every single tool (the summary
# names them), then for every category in turn (each load is what it adds; the first message
# counts the largest single-tool load).
config="$out/proxy.json"
# The third-party servers are started as tools/mcp-third-party/fetch-tools.mjs starts them.
NAMES="${names[*]}" COMMANDS="$(for entry in "${list[@]}"; do IFS='|' read -r _ _ c <<<"$entry"; printf '%s\n' "$c"; done)" \
  THIRD="$(node "$third/fetch-tools.mjs" --proxy-config)" node -e '
    const names = process.env.NAMES.split(" ");
    const commands = process.env.COMMANDS.trim().split("\n").map((c) => c.split(" "));
    const third = Object.fromEntries(JSON.parse(process.env.THIRD).servers.map((s) => [s.name, s]));
    const servers = names.map((name, i) => commands[i][0] === "--from" ? third[name]
      : { name, command: commands[i][0], args: commands[i].slice(1) });
    require("fs").writeFileSync(process.argv[1], JSON.stringify({ servers }));
  ' "$config"
mkdir -p "$out/lazy"
(cd "$home" && HOME="$home" OUT="$out/lazy" NAMES="${names[*]}" node --input-type=module -e '
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
const [toon, config] = process.argv.slice(1);
const proxy = spawn(toon, ["mcp", "proxy", "--lazy", "--config", config], { stdio: ["pipe", "pipe", "inherit"] });
const waiting = new Map();
createInterface({ input: proxy.stdout }).on("line", (line) => {
  const m = JSON.parse(line);
  if (m.id !== undefined && waiting.has(m.id)) {
    waiting.get(m.id)(m);
    waiting.delete(m.id);
  }
});
let next = 1;
const request = (method, params) => new Promise((resolve, reject) => {
  const id = next++;
  waiting.set(id, (m) => (m.error ? reject(new Error(method + ": " + JSON.stringify(m.error))) : resolve(m.result)));
  proxy.stdin.write(JSON.stringify({ jsonrpc: "2.0", id, method, params }) + "\n");
});
const timer = setTimeout(() => { console.error("lazy proxy: no answer in 300 s"); process.exit(1); }, 300000);
await request("initialize", { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "mcp-tools-tokens", version: "1" } });
proxy.stdin.write(JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }) + "\n");
const list = await request("tools/list", {});
if (list.tools.length !== 1 || list.tools[0].name !== "load_tools") throw new Error("lazy tools/list: " + JSON.stringify(list).slice(0, 300));
writeFileSync(`${process.env.OUT}/tools_list.json`, JSON.stringify(list));
// Every tool alone first (the summary names them), then every category.
const summary = list.tools[0].description.slice(list.tools[0].description.indexOf("\ncategories[") + 1);
writeFileSync(`${process.env.OUT}/summary.toon`, summary);
let singles = 0;
for (const name of process.env.NAMES.split(" ")) {
  const row = summary.split("\n").find((l) => l.startsWith(`  ${name},`));
  const tools = row.slice(row.lastIndexOf(",") + 1).split(" ");
  for (const tool of tools) {
    const loaded = await request("tools/call", { name: "load_tools", arguments: { tools: [tool] } });
    if (loaded.isError || !loaded.content[0].text.startsWith("Loaded 1 tool into the tool list.\n"))
      throw new Error("load_tools " + tool + ": " + JSON.stringify(loaded));
    writeFileSync(`${process.env.OUT}/tool_${singles}.json`, JSON.stringify(loaded));
    writeFileSync(`${process.env.OUT}/tool_${singles}.txt`, loaded.content[0].text);
    writeFileSync(`${process.env.OUT}/tool_${singles}.name`, tool);
    ++singles;
  }
}
writeFileSync(`${process.env.OUT}/singles`, String(singles));
for (const name of process.env.NAMES.split(" ")) {
  const loaded = await request("tools/call", { name: "load_tools", arguments: { category: name } });
  if (loaded.isError) throw new Error("load_tools " + name + ": " + JSON.stringify(loaded));
  writeFileSync(`${process.env.OUT}/load_${name}.json`, JSON.stringify(loaded));
  writeFileSync(`${process.env.OUT}/load_${name}.txt`, loaded.content[0].text);
}
clearTimeout(timer);
proxy.stdin.end();
' "$toon" "$config") >&2
files+=("$out/lazy/tools_list.json" "$out/lazy/summary.toon")
for name in "${names[@]}"; do files+=("$out/lazy/load_$name.json" "$out/lazy/load_$name.txt"); done
for ((i = 0; i < $(cat "$out/lazy/singles"); ++i)); do files+=("$out/lazy/tool_$i.json" "$out/lazy/tool_$i.txt"); done

counts="$(node "$root/tools/tokens/count.mjs" "${files[@]}")"

section="$(OUT="$out" NAMES="${names[*]}" node --input-type=module -e '
import { readFileSync } from "node:fs";
const counts = JSON.parse(process.argv[1]);
const out = process.env.OUT;
const names = process.env.NAMES.split(" ");
const official = names.slice(0, 6), third = names.slice(6);
const forms = ["tools_list.pretty.json", "tools_list.json", "tools_list.toon", "baseline.json", "tools.toon", "tools_descriptions.toon"];
const info = (n) => JSON.parse(readFileSync(`${out}/${n}/server.json`, "utf8"));
const pkg = (n) => readFileSync(`${out}/${n}/package.txt`, "utf8").trim();
const kinds = [...new Set(names.flatMap((n) => Object.keys(info(n).loss_kinds)))].sort();
const dslStats = (n) => JSON.parse(readFileSync(`${out}/${n}/dsl.json`, "utf8"));
const version = (n) => readFileSync(`${out}/${n}/version.txt`, "utf8").trim();
const tok = (n, f) => counts[`${out}/${n}/${f}`].tokens;
const sum = (ns, f) => ns.reduce((s, n) => s + tok(n, f), 0);
const bytes = (ns, f) => ns.reduce((s, n) => s + counts[`${out}/${n}/${f}`].bytes, 0);
const tools = (ns) => ns.reduce((s, n) => s + info(n).tool_count, 0);
const fmt = (x) => x.toLocaleString("en-US");
const pct = (x, base) => `${(100 * x / base).toFixed(1)} %`;
const verdict = (ok) => (ok ? "met" : "missed");
const allBase = sum(names, "baseline.json");
const lazyList = counts[`${out}/lazy/tools_list.json`].tokens;
const lazyLoad = (n) => counts[`${out}/lazy/load_${n}.json`].tokens;
const lazyLoadText = (n) => counts[`${out}/lazy/load_${n}.txt`].tokens;
const worst = names.reduce((a, n) => (lazyLoadText(n) > lazyLoadText(a) ? n : a));
const summaryTokens = counts[`${out}/lazy/summary.toon`].tokens;
const singles = Number(readFileSync(`${out}/lazy/singles`, "utf8"));
let bigTool = "", bigToolText = -1, bigToolJson = 0, singleJsonSum = 0, singleTextSum = 0;
for (let i = 0; i < singles; ++i) {
  const text = counts[`${out}/lazy/tool_${i}.txt`].tokens, json = counts[`${out}/lazy/tool_${i}.json`].tokens;
  singleJsonSum += json;
  singleTextSum += text;
  if (text > bigToolText) {
    bigToolText = text;
    bigToolJson = json;
    bigTool = readFileSync(`${out}/lazy/tool_${i}.name`, "utf8");
  }
}
const row = (label, ns) => {
  const base = sum(ns, "baseline.json");
  const cells = forms.map((f) => f === "baseline.json" ? `**${fmt(base)}**` : `${fmt(sum(ns, f))} (${pct(sum(ns, f), base)})`);
  return `| ${label} | ${tools(ns)} | ${cells.join(" | ")} |`;
};
const lines = [
  "### Real MCP servers: tools/list JSON vs the TOON tools table",
  "",
  "The tools of real MCP servers, listed with `toon::mcp::client` and converted by `toon mcp tools`",
  "(each `inputSchema` to typed params: [mcp.md](mcp.md#json-schema-to-typed-params)), in o200k_base",
  "tokens (counted with gpt-tokenizer by `tools/tokens/count.mjs`). **Baseline**: compact JSON of",
  "each tool'\''s `name`, `description` and `inputSchema` only, what function-calling APIs take; the",
  "percentages are of it. Regenerate with `bash scripts/mcp-tools-tokens.sh --update-docs`.",
  "",
  "| server | tools | `tools/list` pretty JSON | `tools/list` compact JSON | `tools/list` generic TOON | baseline | TOON tools table | table + parameter descriptions |",
  "|---|---:|---:|---:|---:|---:|---:|---:|",
  ...names.map((n) => row(`\`${pkg(n)}\` ${version(n)}`, [n])),
  row("**the six official servers together**", official),
  row(`**all ${names.length} together**`, names),
  "",
  "The servers: the six official ones (started by the script) and six large third-party ones",
  "(`tools/mcp-third-party`, pinned; their `tools/list` as fetched once, without network or",
  "credentials, by its `ensure-installed.sh`, which `scripts/setup.sh` runs). The same corpus is",
  "checked by `ctest -R mcp.schema_import` (below).",
  "",
  "Goals of the issue, over all servers together: the table at most 27 % of the baseline, the table",
  `with every parameter description at most 50 %: ${pct(sum(names, "tools.toon"), allBase)} (goal ${verdict(sum(names, "tools.toon") <= 0.27 * allBase)})`,
  `and ${pct(sum(names, "tools_descriptions.toon"), allBase)} (goal ${verdict(sum(names, "tools_descriptions.toon") <= 0.5 * allBase)});`,
  `over the six official servers: ${pct(sum(official, "tools.toon"), sum(official, "baseline.json"))} and ${pct(sum(official, "tools_descriptions.toon"), sum(official, "baseline.json"))}.`,
  "",
  "**Structure**: a form'\''s tokens minus those of the description texts it carries verbatim (tool",
  "descriptions in the table; also the parameter descriptions in table + descriptions; the texts",
  "counted one per line), against the baseline'\''s tokens minus the same texts. Goal: at most 10 %.",
  "",
  "| server | description texts: tools / all | baseline structure | table structure | table + descriptions structure |",
  "|---|---:|---:|---:|---:|",
  ...[...names.map((n) => [`\`${pkg(n)}\``, [n]]), [`**all ${names.length} together**`, names]].map(([label, ns]) => {
    const base = sum(ns, "baseline.json"), tt = sum(ns, "texts_tools.txt"), ta = sum(ns, "texts_all.txt");
    const st = sum(ns, "tools.toon") - tt, sd = sum(ns, "tools_descriptions.toon") - ta;
    return `| ${label} | ${fmt(tt)} / ${fmt(ta)} | ${fmt(base - tt)} / ${fmt(base - ta)} | ${fmt(st)} (${pct(st, base - tt)}) | ${fmt(sd)} (${pct(sd, base - ta)}) |`;
  }),
  "",
  (() => {
    const tt = sum(names, "texts_tools.txt"), ta = sum(names, "texts_all.txt");
    const st = sum(names, "tools.toon") - tt, sd = sum(names, "tools_descriptions.toon") - ta;
    return `Over all servers: table ${pct(st, allBase - tt)} (goal ${verdict(st <= 0.1 * (allBase - tt))}), table + descriptions ${pct(sd, allBase - ta)} (goal ${verdict(sd <= 0.1 * (allBase - ta))}).`;
  })(),
  "",
  ...(() => {
    // Where the structure goes, and the least it can be: the words no form can leave out, each
    // kind written space-separated, plus a type for each parameter and a line for each tool.
    const tt = sum(names, "texts_tools.txt"), ta = sum(names, "texts_all.txt");
    const st = sum(names, "tools.toon") - tt, sd = sum(names, "tools_descriptions.toon") - ta;
    const baseT = allBase - tt, baseA = allBase - ta;
    const words = [["tool names", "words_tools.txt"], ["parameter names", "words_params.txt"], ["enum values", "words_enums.txt"],
      ["numbers and words of constraints (bounds, formats, patterns)", "words_constraints.txt"], ["defaults", "words_defaults.txt"]];
    const w = (f) => sum(names, f);
    const wordSum = words.reduce((s, [, f]) => s + w(f), 0);
    const counts = names.map((n) => JSON.parse(readFileSync(`${out}/${n}/words.json`, "utf8")));
    const params = counts.reduce((s, c) => s + c.params, 0), rows = counts.reduce((s, c) => s + c.rows, 0);
    const floor = wordSum + params + rows;
    return [
      "Where the structure goes, over all servers (the words each kind needs, written space-separated,",
      "the least any form could spend on them; the rest is types, `!`, separators and TOON framing):",
      "",
      "| part | tokens | of the baseline structure without tool descriptions / without all descriptions |",
      "|---|---:|---:|",
      ...words.map(([label, f]) => `| ${label} | ${fmt(w(f))} | ${pct(w(f), baseT)} / ${pct(w(f), baseA)} |`),
      `| **these words together** | **${fmt(wordSum)}** | ${pct(wordSum, baseT)} / ${pct(wordSum, baseA)} |`,
      `| types, \`!\`, separators, parentheses, open objects, TOON rows | ${fmt(st - wordSum)} | ${pct(st - wordSum, baseT)} |`,
      `| **table structure** | **${fmt(st)}** | **${pct(st, baseT)}** |`,
      `| descriptions: their quotes, \`*N\` references, the lists of shared texts; less the \`:string\` left out | ${fmt(sd - st)} | — / ${pct(sd - st, baseA)} |`,
      `| **table + descriptions structure** | **${fmt(sd)}** | — / **${pct(sd, baseA)}** |`,
      "",
      `The words alone are ${pct(wordSum, baseT)} of the table'\''s baseline structure; with one token for each of the`,
      `${fmt(params)} parameters'\'' types and one for each of the ${fmt(rows)} rows (${fmt(floor)} tokens, ${pct(floor, baseT)}) no`,
      `grammar that writes a type for each parameter reaches 10 %. With descriptions the baseline structure is`,
      `smaller (${fmt(baseA)} tokens) and the same floor is ${pct(floor, baseA)} of it.`,
      "",
    ];
  })(),
  "The totals of all servers in three tokenizers (o200k_base and cl100k_base with gpt-tokenizer,",
  "Llama 3'\''s with llama3-tokenizer-js; `tools/tokens/count.mjs`):",
  "",
  "| tokenizer | baseline | TOON tools table | table + parameter descriptions |",
  "|---|---:|---:|---:|",
  ...[["o200k_base", "tokens"], ["cl100k_base", "cl100k_base"], ["Llama 3", "llama3"]].map(([label, key]) => {
    const t = (f) => names.reduce((s, n) => s + counts[`${out}/${n}/${f}`][key], 0);
    const base = t("baseline.json");
    return `| ${label} | ${fmt(base)} | ${fmt(t("tools.toon"))} (${pct(t("tools.toon"), base)}) | ${fmt(t("tools_descriptions.toon"))} (${pct(t("tools_descriptions.toon"), base)}) |`;
  }),
  "",
  "Both TOON forms keep every tool description whole (white space runs made one space); on",
  "`@wonderwhy-er/desktop-commander` those are almost all of the table. `@notionhq/notion-mcp-server`",
  "repeats the same `$defs` block in every `inputSchema`, used or not; typed params write out the",
  "definitions a tool uses where it uses them and nothing else, which loses nothing. Parameter",
  "descriptions sit next to their parameters; a text that several share is written once.",
  "",
  "What each form drops:",
  "",
  "- **`tools/list` JSON and generic TOON**: nothing; the whole result as the server sent it",
  "  (titles, annotations, output schemas, `execution`, `_meta`). Generic TOON is `toon::encode` of",
  "  it, the reference encoder'\''s output; deep schemas make it larger than compact JSON.",
  "- **baseline**: titles, annotations, output schemas and other tool members; keeps the whole",
  "  input schema.",
  "- **TOON tools table**: in addition, every `description` inside the schemas, titles, examples,",
  "  and what typed params cannot say (`allOf`, `not`, `patternProperties`, `propertyNames`, tuple",
  "  positions, non-string enum values: [the list](mcp.md#what-is-lost)); bounds, formats, patterns,",
  "  `oneOf`, map values, open objects and defaults are kept. White space runs in descriptions are",
  "  one space.",
  "- **table + parameter descriptions**: the parameter descriptions are back, each right after",
  "  its parameter in the params cell (`path!\u0027File path\u0027`; in this form a plain string",
  "  parameter is its name alone, without `:string`); the text that parameters of one name",
  "  usually have once in `param_descriptions:` (`name: text`, not repeated at them), any other",
  "  text that several parameters share once in `descriptions[M]:` and written `*N`",
  "  ([typed-params.md](typed-params.md#descriptions)); the losses of the typed form stay.",
  "",
  "Losses reported by the conversion, by kind ([what each means](mcp.md#what-is-lost)); all make",
  "the typed form more permissive except `open_object` (a top level that is not an object):",
  "",
  `| server | losses | ${kinds.map((k) => "`" + k + "`").join(" | ")} |`,
  `|---|---:|${kinds.map(() => "---:").join("|")}|`,
  ...names.map((n) => `| \`${pkg(n)}\` | ${info(n).losses} | ${kinds.map((k) => info(n).loss_kinds[k] ?? 0).join(" | ")} |`),
  "",
  "### Real MCP servers: tools/list JSON vs MCP-DSL",
  "",
  "The same tools in the canonical [MCP-DSL](mcp-dsl.md) of `toon dsl decompile --kind tool`: each",
  "tool a `T` definition on its own line, the tools of the `tools/list` result (everything the server",
  "sent: titles, annotations, output schemas, …) and those of the baseline (`name`, `description`,",
  "`inputSchema`). Both are lossless: the script compiles every line back with `toon dsl compile`",
  "and checks that it gives the tool'\''s JSON again, key order included. A tool the DSL cannot express",
  "(`dsl_inexpressible`) stays its compact JSON line and is counted as such (column *as JSON*: of the",
  "`tools/list` tools / of the baseline tools; the reasons below the table). An",
  "`inputSchema` becomes a type expression (`in: {path: str!}`) only when the type syntax says",
  "exactly the same; any other schema is written as a JSON value in DSL syntax (bare words and keys,",
  "`desc` for `description`, `{}` members as capability paths) under the quoted key `\"inputSchema\"`",
  "(column *typed*: input schemas in the type syntax, of the baseline tools). Percentages: of the",
  "compact JSON for the `tools/list` DSL, of the baseline for the others. The JSON columns count",
  "the whole object (`{\"tools\":[…]}`), the DSL ones the tools'\'' lines.",
  "",
  "| server | tools | `tools/list` compact JSON | `tools/list` as DSL | baseline | baseline as DSL | TOON tools table | as JSON | typed |",
  "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
  ...[...names.map((n) => [`\`${pkg(n)}\``, [n]]), ["**the six official servers together**", official], [`**all ${names.length} together**`, names]].map(([label, ns]) => {
    const st = (form, key) => ns.reduce((s, n) => s + dslStats(n)[form][key], 0);
    const list = sum(ns, "tools_list.json"), base = sum(ns, "baseline.json");
    return `| ${label} | ${tools(ns)} | ${fmt(list)} | ${fmt(sum(ns, "tools_list.dsl"))} (${pct(sum(ns, "tools_list.dsl"), list)}) | **${fmt(base)}** | ` +
      `${fmt(sum(ns, "baseline.dsl"))} (${pct(sum(ns, "baseline.dsl"), base)}) | ${fmt(sum(ns, "tools.toon"))} (${pct(sum(ns, "tools.toon"), base)}) | ` +
      `${st("tools_list", "json")} / ${st("baseline", "json")} | ${st("baseline", "typed")} |`;
  }),
  "",
  ...(() => {
    const fallbacks = names.flatMap((n) => ["tools_list", "baseline"].flatMap((form) =>
      Object.entries(dslStats(n)[form].reasons).map(([reason, k]) =>
        `- \`${pkg(n)}\`, ${k} of the ${form === "tools_list" ? "`tools/list`" : "baseline"} tools: ${reason}`)));
    return fallbacks.length === 0 ? ["Every tool of every server has a DSL form."]
      : ["Tools left as JSON, with the decompiler'\''s reason:", "", ...fallbacks, "",
         "A tool whose `name` is not its first member has no DSL form that compiles back to the same",
         "JSON (`T name {...}` puts `name` first); the Python servers sort the members of their tools."];
  })(),
  "",
  `Over all ${names.length} servers the DSL of the baseline is ${pct(sum(names, "baseline.dsl"), sum(names, "baseline.json"))} of the baseline in tokens`,
  `(${pct(bytes(names, "baseline.dsl"), bytes(names, "baseline.json"))} in bytes), the TOON tools table ${pct(sum(names, "tools.toon"), sum(names, "baseline.json"))}; the DSL of the tools of the`,
  `\`tools/list\` results is ${pct(sum(names, "tools_list.dsl"), sum(names, "tools_list.json"))} of their compact JSON (${pct(bytes(names, "tools_list.dsl"), bytes(names, "tools_list.json"))} in bytes). The DSL saves bytes`,
  "(quotes, `desc` for `description`) but not tokens: o200k_base has single tokens for JSON'\''s `\":\"`, `\",\"` and",
  "`{\"`, while the DSL separates members with `: ` and `, ` and its bare words do not merge with the",
  `punctuation around them. ${names.reduce((s, n) => s + dslStats(n).baseline.typed, 0)} of ${tools(names)} input schemas are in the type syntax, which is what makes`,
  `tool definitions short in the DSL'\''s own examples. ${(() => {
    const outside = names.reduce((s, n) => s + dslStats(n).baseline.outside_table, 0);
    return outside === tools(names) ? "Every one of them holds members outside its type table"
      : `${outside} of them hold members outside its type table (the others use forms the type syntax does not write, such as \`"properties": {}\`)`;
  })()};`,
  "those members, by the number of input schemas holding them anywhere:",
  (() => {
    const kw = {};
    for (const n of names) for (const [k, c] of Object.entries(dslStats(n).baseline.keywords)) kw[k] = (kw[k] ?? 0) + c;
    return Object.entries(kw).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([k, c]) => `\`${k}\` ${c}`).join(", ") + ".";
  })(),
  "The TOON tools table is smaller because it drops what the DSL keeps (see above).",
  "",
  "### The lazy first message",
  "",
  "`toon mcp proxy --lazy` in front of all " + names.length + " servers (one category per server, [lazy loading](mcp.md#lazy-loading)):",
  "what a client gets before it calls anything but `load_tools` is the result of the first",
  "`tools/list` (the tool `load_tools` alone, its description the category summary as TOON, naming",
  "every tool) and then a `load_tools` result: `{\"tools\": [NAME]}` loads one tool,",
  "`{\"category\": NAME}` a whole category, each answered with TOON tools table rows. Counted as",
  "the proxy sends them (the JSON-RPC `result`, compact JSON, where the TOON text is a JSON string",
  "with `\\n` and `\\\"` escapes) and as the text a client hands the model (the TOON text itself).",
  "Percentages of the baseline of all servers.",
  "",
  "| message | tokens (JSON-RPC result) | tokens (text) | % of the baseline (text) |",
  "|---|---:|---:|---:|",
  `| first \`tools/list\` result (\`load_tools\`, ${names.length} categories, ${tools(names)} tool names) | ${fmt(lazyList)} | | ${pct(lazyList, allBase)} |`,
  `| … of which the category summary (TOON) | | ${fmt(summaryTokens)} | ${pct(summaryTokens, allBase)} |`,
  ...names.map((n) => `| \`load_tools({category: ${n}})\` (${info(n).tool_count} tool${info(n).tool_count === 1 ? "" : "s"}) | ${fmt(lazyLoad(n))} | ${fmt(lazyLoadText(n))} | ${pct(lazyLoadText(n), allBase)} |`),
  `| \`load_tools({tools: [${bigTool}]})\`, the largest single tool | ${fmt(bigToolJson)} | ${fmt(bigToolText)} | ${pct(bigToolText, allBase)} |`,
  `| **first message: \`tools/list\` + the largest single-tool load** | ${fmt(lazyList + bigToolJson)} | **${fmt(lazyList + bigToolText)}** | **${pct(lazyList + bigToolText, allBase)}** |`,
  `| first message: \`tools/list\` + the largest category load (\`${worst}\`) | ${fmt(lazyList + lazyLoad(worst))} | ${fmt(lazyList + lazyLoadText(worst))} | ${pct(lazyList + lazyLoadText(worst), allBase)} |`,
  "",
  `Goal of the issue: the first message plus the largest single load at most 5 % of the baseline: ${pct(lazyList + bigToolText, allBase)} with the`,
  `load as text (goal ${verdict(lazyList + bigToolText <= 0.05 * allBase)}), ${pct(lazyList + bigToolJson, allBase)} counting its JSON-RPC result (goal ${verdict(lazyList + bigToolJson <= 0.05 * allBase)}).`,
  `Over the ${tools(names)} single-tool loads the escaping of the JSON-RPC result costs ${fmt(singleJsonSum - singleTextSum)} tokens (${fmt(singleJsonSum)} vs ${fmt(singleTextSum)}).`,
  "What it drops: the first `tools/list` result holds no tool of any server, only the category",
  "names, descriptions and tool names; a `load_tools` result is TOON tools table rows, so it drops",
  "what the table drops (above: parameter descriptions, titles, annotations, output schemas,",
  "`allOf`, `patternProperties`, …). Not counted: after a load, the proxy sends",
  "`notifications/tools/list_changed`, and a client that lists the tools again gets the loaded",
  "tools with their whole JSON `inputSchema`s (as in `tools/list` compact JSON above), for clients",
  "that validate arguments; what a client puts in front of a model is up to it.",
];
console.log(lines.join("\n"));
' "$counts")"

case "$mode" in
  markdown) printf '%s\n' "$section" ;;
  full)
    printf '%s\n\n' "$section"
    printf 'per-file counts:\n%s\n' "$counts" | sed "s#$out/##g"
    ;;
  update)
    doc="$root/docs/benchmarks.md"
    printf '%s\n' "$section" | node "$root/scripts/replace-doc-section.mjs" "$doc" mcp-tools-tokens --append
    printf '%s\n' "$section"
    ;;
esac
