#!/usr/bin/env bash
# mcp-dsl-tokens.sh - o200k_base tokens of the MCP-DSL README's five interaction patterns
# (benchmarks/dsl/*.json, written from the MCP schema) as pretty JSON-RPC (as in that README),
# compact JSON (one message per line), TOON (the messages as one array) and canonical MCP-DSL
# (`toon dsl decompile`); prints the Markdown table of docs/benchmarks.md.
# Usage: scripts/mcp-dsl-tokens.sh [path/to/toon]   (default build/bin/toon)
# Needs node; installs the pinned tokenizer into tools/tokens/node_modules when missing.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
toon=${1:-$root/build/bin/toon}
[ -x "$toon" ] || { echo "mcp-dsl-tokens.sh: $toon not found (build toon_cli first)" >&2; exit 2; }
command -v node >/dev/null || { echo "mcp-dsl-tokens.sh: node not found" >&2; exit 77; }
if [ ! -d "$root/tools/tokens/node_modules/gpt-tokenizer" ]; then
  (cd "$root/tools/tokens" && npm ci --no-audit --no-fund --loglevel=error) >&2
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
files=()
for f in "$root"/benchmarks/dsl/*.json; do
  name="$(basename "$f" .json)"
  cp "$f" "$tmp/$name.pretty"
  "$toon" dsl decompile "$f" > "$tmp/$name.dsl"
  "$toon" dsl compile "$tmp/$name.dsl" > "$tmp/$name.compact"
  python3 -c 'import json,sys; print(json.dumps([json.loads(l) for l in open(sys.argv[1])]))' "$tmp/$name.compact" \
    > "$tmp/$name.array.json"
  "$toon" encode "$tmp/$name.array.json" > "$tmp/$name.toon"
  files+=("$tmp/$name.pretty" "$tmp/$name.compact" "$tmp/$name.toon" "$tmp/$name.dsl")
done
node "$root/tools/tokens/count.mjs" "${files[@]}" > "$tmp/counts.json"
python3 - "$tmp" "$tmp/counts.json" <<'PY'
import json, os, sys
tmp, counts = sys.argv[1], json.load(open(sys.argv[2]))
rows, tot = [], [0, 0, 0, 0]
names = sorted({os.path.basename(k).split('.')[0] for k in counts})
order = ["initialize_request", "complex_tool_definition", "resource_list_response", "conversation_flow", "prompt_template"]
print("| pattern | JSON-RPC (pretty) | JSON compact | TOON | MCP-DSL | DSL vs pretty | DSL vs compact |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for n in [o for o in order if o in names] + [n for n in names if n not in order]:
    t = [counts[os.path.join(tmp, n + ext)]["tokens"] for ext in (".pretty", ".compact", ".toon", ".dsl")]
    tot = [a + b for a, b in zip(tot, t)]
    print(f"| {n.replace('_', ' ')} | {t[0]} | {t[1]} | {t[2]} | {t[3]} | {100*(t[3]-t[0])/t[0]:+.0f} % | {100*(t[3]-t[1])/t[1]:+.0f} % |")
print(f"| **total** | {tot[0]} | {tot[1]} | {tot[2]} | {tot[3]} | {100*(tot[3]-tot[0])/tot[0]:+.0f} % | {100*(tot[3]-tot[1])/tot[1]:+.0f} % |")
PY
