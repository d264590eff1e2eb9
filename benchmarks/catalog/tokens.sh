#!/usr/bin/env bash
# Tokens of a 50-tool catalog: MCP tools/list JSON vs the TOON tools table vs the TOON category
# summary plus one category (o200k_base, counted by tools/tokens/count.mjs with gpt-tokenizer).
#
#   bash benchmarks/catalog/tokens.sh                 the table, with build output
#   bash benchmarks/catalog/tokens.sh --markdown      only the markdown section, on stdout
#   bash benchmarks/catalog/tokens.sh --update-docs   also writes it into docs/benchmarks.md,
#                                                     between <!-- catalog-tokens:begin/end -->
#
# BUILD_DIR (default build-bench, relative to the repository root) is configured with
# -DTOON_BUILD_BENCHMARKS=ON when needed; only the target toon_catalog_50 is built. Needs node
# and the token counter's packages: npm ci --prefix tools/tokens (done here when missing).
set -euo pipefail

mode=full
case "${1:-}" in
  "") ;;
  --markdown) mode=markdown ;;
  --update-docs) mode=update ;;
  *) echo "usage: $0 [--markdown | --update-docs]" >&2; exit 2 ;;
esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${BUILD_DIR:-build-bench}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac

# Everything but the result goes to stderr, so that --markdown prints only the section.
{
  if [[ ! -f "$build/CMakeCache.txt" ]]; then
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOON_BUILD_BENCHMARKS=ON
  elif ! grep -q '^TOON_BUILD_BENCHMARKS:BOOL=ON' "$build/CMakeCache.txt"; then
    cmake -S "$root" -B "$build" -DTOON_BUILD_BENCHMARKS=ON
  fi
  cmake --build "$build" --target toon_catalog_50
  if [[ ! -d "$root/tools/tokens/node_modules/gpt-tokenizer" ]]; then
    npm ci --prefix "$root/tools/tokens"
  fi
} >&2

out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$build/bin/toon_catalog_50" "$out" >&2

# Categories in catalog order, from the summary (rows: "  name,description,count").
categories=$(tail -n +2 "$out/categories.toon" | sed -E 's/^  ([^,]+),.*/\1/')
files=("$out/tools_list.pretty.json" "$out/tools_list.json" "$out/tools_list.nodesc.json" "$out/tools.toon" "$out/categories.toon")
for c in $categories; do files+=("$out/category_$c.toon"); done

counts="$(node "$root/tools/tokens/count.mjs" "${files[@]}")"

section="$(OUT="$out" CATEGORIES="$categories" node --input-type=module -e '
const counts = JSON.parse(process.argv[1]);
const out = process.env.OUT;
const cats = process.env.CATEGORIES.split(/\s+/).filter(Boolean);
const get = (name) => counts[`${out}/${name}`];
const json = get("tools_list.json");
const pretty = get("tools_list.pretty.json");
const nodesc = get("tools_list.nodesc.json");
const table = get("tools.toon");
const summary = get("categories.toon");
const shown = "fs";
const one = get(`category_${shown}.toon`);
const { readFileSync } = await import("node:fs");
const shownTools = readFileSync(`${out}/category_${shown}.toon`, "utf8").match(/^tools\[(\d+)/)[1];
const avg = (k) => cats.reduce((s, c) => s + get(`category_${c}.toon`)[k], 0) / cats.length;
const avgCat = { bytes: avg("bytes"), tokens: avg("tokens") };
const fmt = (n) => Math.round(n).toLocaleString("en-US");
const saving = (t, base) => {
  const p = 100 * (1 - t / base.tokens);
  return p >= 0 ? `${p.toFixed(1)} %` : `${(-p).toFixed(1)} % more`;
};
const row = (what, c) =>
  `| ${what} | ${fmt(c.bytes)} | ${fmt(c.tokens)} | ${c === json ? "—" : saving(c.tokens, json)} | ${c === nodesc ? "—" : saving(c.tokens, nodesc)} |`;
const sum = (a, b) => ({ bytes: a.bytes + b.bytes, tokens: a.tokens + b.tokens });
const lines = [
  "### Tool catalog: MCP JSON vs TOON",
  "",
  `A realistic catalog of 50 tools in ${cats.length} categories (${cats.map((c) => "`" + c + "`").join(", ")}),`,
  "modelled on common MCP servers, with descriptions on every parameter, enums, optionals, defaults,",
  "arrays and nested objects: [`benchmarks/catalog/catalog_50.hpp`](../benchmarks/catalog/catalog_50.hpp).",
  "What a model is sent before it can call a tool, in o200k_base tokens (GPT-4o / GPT-5, counted",
  "with gpt-tokenizer by `tools/tokens/count.mjs`). \"MCP JSON\" is the compact `tools/list` result,",
  "as sent on the wire. Regenerate with `bash benchmarks/catalog/tokens.sh --markdown`.",
  "",
  "| form | bytes | tokens | saving vs MCP JSON | saving vs MCP JSON without parameter descriptions |",
  "|---|---:|---:|---:|---:|",
  row("MCP `tools/list` JSON, compact (as sent)", json),
  row("MCP `tools/list` JSON, pretty-printed (2-space indent)", pretty),
  row("MCP `tools/list` JSON, compact, without parameter descriptions", nodesc),
  row("TOON tools table, all 50 tools (`tools[50]{name,description,params}:`)", table),
  row(`TOON category summary (\`categories[${cats.length}]{name,description,tool_count}:\`)`, summary),
  row(`TOON category summary + the \`${shown}\` category (${shownTools} tools)`, sum(summary, one)),
  row(`TOON category summary + one category, average over the ${cats.length} categories`, sum(summary, avgCat)),
  "",
  "The TOON table carries the typed-param text of each tool (`path:string! recursive:bool=false`),",
  "which has no per-parameter descriptions: the fairer comparison for the table alone is the JSON",
  "without them, and the full JSON is what the descriptions cost. With lazy loading, a model first",
  "sees the category summary and asks for the tools of one category when it needs them.",
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
    [[ -f "$doc" ]] || printf '# Benchmarks\n\n<!-- catalog-tokens:begin -->\n<!-- catalog-tokens:end -->\n' > "$doc"
    printf '%s\n' "$section" | node "$root/scripts/replace-doc-section.mjs" "$doc" catalog-tokens --append
    printf '%s\n' "$section"
    echo "updated $doc" >&2
    ;;
esac
