#!/usr/bin/env bash
# Speed of toon::mcp_dsl next to the TypeScript MCP-DSL implementation (docs/mcp-dsl.md, Speed),
# on the same bytes: a generated session of JSON-RPC messages with plain values that both
# compilers accept and compile to the same JSON (checked), compiled (DSL text -> values) and
# decompiled (values -> DSL text) in-process on each side:
#   C++         toon_bench_dsl with TOON_BENCH_DSL_FILE (Google Benchmark, wall-clock time)
#   TypeScript  tools/mcp-dsl-reference/bench.mts under node + tsx (warm-up, then batches of
#               at least MIN_TIME seconds, wall-clock time)
# ROUNDS times both in turn (TypeScript, then C++), a ratio per round; the medians are
# reported, with the machine's load (uptime) before and after.
#
#   bash scripts/bench-mcp-dsl.sh                 the markdown section, with build output
#   bash scripts/bench-mcp-dsl.sh --update-docs   also writes it into docs/mcp-dsl.md, between
#                                                 <!-- bench-mcp-dsl:begin/end -->
#
# Needs node, tsx and the reference sources (tools/mcp-dsl-reference/ensure-installed.sh, with a
# git clone of the MCP-DSL repository named by MCP_DSL_GIT_DIR, else a clone of the git bundle
# MCP_DSL_BUNDLE, default ../shared/mcp-dsl/MCP-DSL.bundle beside the source tree, made in a
# temporary folder); without them it exits 77.
# BUILD_DIR (default build-bench) gets toon_bench_dsl built (-DTOON_BUILD_BENCHMARKS=ON); TOON
# names a toon CLI (default: BUILD_DIR/bin/toon, built when missing). ROUNDS (default 3),
# MIN_TIME (default 1, seconds per batch or repetition), BATCHES (default 5),
# SESSION_ROUNDS (default 500: call, result, notification, error each).
set -euo pipefail

mode=full
case "${1:-}" in
  "") ;;
  --update-docs) mode=update ;;
  *) echo "usage: $0 [--update-docs]" >&2; exit 2 ;;
esac

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
abs() { case "$1" in /*) printf '%s' "$1" ;; *) printf '%s/%s' "$root" "$1" ;; esac; }
build="$(abs "${BUILD_DIR:-build-bench}")"
ref="$root/tools/mcp-dsl-reference"
rounds=${ROUNDS:-3}
min_time=${MIN_TIME:-1}
batches=${BATCHES:-5}
session_rounds=${SESSION_ROUNDS:-500}

if ! command -v node >/dev/null 2>&1; then
  echo "bench-mcp-dsl: skipped: node not found" >&2
  exit 77
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
bundle="${MCP_DSL_BUNDLE:-$root/../shared/mcp-dsl/MCP-DSL.bundle}"
if [[ -z "${MCP_DSL_GIT_DIR:-}" && -f "$bundle" ]]; then
  git clone --bare --quiet "$bundle" "$out/mcp-dsl.git"
  export MCP_DSL_GIT_DIR="$out/mcp-dsl.git"
fi
status=0
bash "$ref/ensure-installed.sh" >&2 || status=$?
if [[ $status -eq 77 ]]; then
  echo "bench-mcp-dsl: skipped: the TypeScript MCP-DSL implementation is not available (set MCP_DSL_GIT_DIR to a git clone of the MCP-DSL repository, or MCP_DSL_BUNDLE to its bundle)" >&2
  exit 77
elif [[ $status -ne 0 ]]; then
  echo "bench-mcp-dsl: tools/mcp-dsl-reference/ensure-installed.sh failed" >&2
  exit 1
fi

{
  if [[ ! -f "$build/CMakeCache.txt" ]]; then
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DTOON_BUILD_BENCHMARKS=ON
  fi
  targets=(toon_bench_dsl)
  [[ -n "${TOON:-}" ]] || targets+=(toon_cli)
  cmake --build "$build" --target "${targets[@]}" -j2
} >&2
toon="${TOON:-$build/bin/toon}"
bench="$build/bin/toon_bench_dsl"

# The session: a tools/list result of 40 tools (schemas as plain JSON values: the TypeScript
# compiler has no type syntax), then SESSION_ROUNDS times a tools/call request, its result (a
# text content block written as a plain object), a progress notification and an error.
python3 - "$session_rounds" > "$out/session.mcp" <<'EOF'
import sys
rounds = int(sys.argv[1])
tools = ", ".join(
    f'{{name: tool_{t}, desc: "Tool number {t} reads and filters records", in: {{type: object, properties: '
    f'{{path: {{type: string}}, limit: {{type: integer, default: 100}}, mode: {{type: string, default: fast}}, '
    f'tags: {{type: array, items: {{type: string}}}}}}, required: [path]}}, annotations: {{readOnlyHint: true}}}}'
    for t in range(40))
print(f"< #0 {{tools: [{tools}]}}")
for i in range(1, rounds + 1):
    print(f'> tools/call#{i} {{name: read_file, args: {{path: "src/file_{i}.cpp", limit: {i}}}}}')
    print(f'< #{i} {{content: [{{type: text, text: "line one of file {i}\\nline two"}}], ok: true}}')
    print(f'! notifications/progress {{progressToken: "t{i}", progress: {i}, total: 100}}')
    print(f'x #{i} -32602: "Invalid params" {{field: path}}')
EOF
"$toon" dsl compile "$out/session.mcp" > "$out/session.jsonl"

uptime_before="$(uptime)"
for ((r = 1; r <= rounds; ++r)); do
  echo "bench-mcp-dsl: round $r of $rounds" >&2
  (cd "$ref" && node --import tsx bench.mts "$out/session.mcp" "$out/session.jsonl" "$out/ts-decompiled.mcp" "$min_time" "$batches") > "$out/ts-$r.json"
  TOON_BENCH_DSL_FILE="$out/session.mcp" "$bench" --benchmark_filter=_file --benchmark_min_time="$min_time" --benchmark_repetitions="$batches" \
    --benchmark_report_aggregates_only=true --benchmark_format=json > "$out/cpp-$r.json"
done
uptime_after="$(uptime)"

# The TypeScript decompiler's text must compile back to the same JSON (with toon dsl compile).
"$toon" dsl compile "$out/ts-decompiled.mcp" > "$out/ts-decompiled.jsonl"
cmp -s "$out/ts-decompiled.jsonl" "$out/session.jsonl" || { echo "bench-mcp-dsl: the TypeScript decompiler's text does not compile back to the session" >&2; exit 1; }
# So must ours (the canonical form).
"$toon" dsl decompile "$out/session.jsonl" > "$out/cpp-decompiled.mcp"
"$toon" dsl compile "$out/cpp-decompiled.mcp" | cmp -s - "$out/session.jsonl" || { echo "bench-mcp-dsl: toon dsl decompile does not round-trip the session" >&2; exit 1; }

# The settings of this run that differ from the defaults, for the command in the text.
run_env=""
for v in BUILD_DIR ROUNDS MIN_TIME BATCHES SESSION_ROUNDS; do
  [[ -n "${!v:-}" ]] && run_env+="$v=${!v} "
done
section="$(RUN_ENV="$run_env" OUT="$out" ROUNDS="$rounds" UPTIME_BEFORE="$uptime_before" UPTIME_AFTER="$uptime_after" \
  MIN_TIME="$min_time" BATCHES="$batches" NPROC="$(nproc)" CXX_ID="$("$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$build/CMakeCache.txt")" --version | head -n 1)" \
  node --input-type=module -e '
import { readFileSync, statSync } from "node:fs";
const out = process.env.OUT, rounds = Number(process.env.ROUNDS);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const size = (f) => statSync(`${out}/${f}`).size;
const dslBytes = size("session.mcp"), jsonBytes = size("session.jsonl");
const items = readFileSync(`${out}/session.jsonl`, "utf8").split("\n").filter((l) => l).length;
// MB/s (10^6 bytes) of the median wall-clock (real_time) or CPU (cpu_time) time of the
// repetitions.
const cppRate = (r, name, bytes, field) => {
  const j = JSON.parse(readFileSync(`${out}/cpp-${r}.json`, "utf8"));
  const m = j.benchmarks.find((b) => b.run_name === name && b.aggregate_name === "median") ??
    j.benchmarks.find((b) => b.run_name === name && b.run_type === "iteration");  // BATCHES=1
  if (!m) throw new Error(`no median of ${name}`);
  const scale = { ns: 1e-9, us: 1e-6, ms: 1e-3, s: 1 }[m.time_unit];
  return bytes / (m[field] * scale) / 1e6;
};
const cases = [
  ["compile", "DSL text → values", "BM_dsl_compile_file", dslBytes, "of DSL"],
  ["decompile", "values → DSL text", "BM_dsl_decompile_file", jsonBytes, "of JSON"],
  ["json_parse_lines", "baseline: JSON text → values, line by line (`JSON.parse` / `toon::from_json`)", "BM_json_parse_lines_file", jsonBytes, "of JSON"],
  ["json_stringify_lines", "baseline: values → JSON text (`JSON.stringify` / `toon::to_json`)", "BM_json_write_lines_file", jsonBytes, "of JSON"],
];
const ts = [], cpp = [];
for (let r = 1; r <= rounds; ++r) ts.push(JSON.parse(readFileSync(`${out}/ts-${r}.json`, "utf8")));
const node = ts[0].node;
const fmt = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const rows = [];
for (const [key, label, bm, bytes, unit] of cases) {
  const tsRates = ts.map((t) => median(t[key].mb_per_s));
  const cppRates = Array.from({ length: rounds }, (_, i) => cppRate(i + 1, bm, bytes, "real_time"));
  const ratios = tsRates.map((t, i) => cppRates[i] / t);
  const cpuRatios = ts.map((t, i) => cppRate(i + 1, bm, bytes, "cpu_time") / median(t[key].cpu_mb_per_s));
  const list = (xs) => xs.map((x) => x.toFixed(1)).join(", ");
  rows.push(`| ${label} | ${fmt(median(tsRates))} | ${fmt(median(cppRates))} | **${median(ratios).toFixed(1)}×** (${list(ratios)}) | ${median(cpuRatios).toFixed(1)}× (${list(cpuRatios)}) | MB/s ${unit} |`);
}
const lines = [
  `Against the TypeScript implementation (commit 81e18bd, run by node ${node} with tsx), on the same`,
  `bytes: a generated session both compilers accept and compile to the same JSON (checked item by`,
  `item): a \`tools/list\` result of 40 tools with plain JSON schemas, then ${(items - 1) / 4} rounds of call, result,`,
  `progress notification and error, all plain values (the TypeScript compiler has no content`,
  `blocks or type syntax): ${items} items, ${dslBytes.toLocaleString("en-US")} bytes of DSL, ${jsonBytes.toLocaleString("en-US")} bytes of JSON Lines. In-process,`,
  "wall-clock time: TypeScript `compileDsl` on the text and `decompile` on the parsed values after a",
  `warm-up, ${process.env.BATCHES} batches of at least ${process.env.MIN_TIME} s, their median; C++ \`compile\` and \`decompile_all\` in`,
  `\`toon_bench_dsl\` (\`TOON_BENCH_DSL_FILE\`), the median of ${process.env.BATCHES} repetitions (${process.env.CXX_ID}, Release). Both decompilers`,
  "give text that `toon dsl compile` turns back into the session (checked); the TypeScript one",
  "writes every string quoted and no short forms, so its text is not the canonical form. MB/s are",
  `10^6 bytes per second. ${rounds} round${rounds === 1 ? "" : "s"}, TypeScript then C++ in each, one ratio per round (in`,
  "parentheses), the median in bold; beside it the same ratio by CPU time (C++: of the benchmark",
  "thread; TypeScript: of the node process, `process.cpuUsage()`, with its garbage collector and",
  "compiler threads), which a loaded machine disturbs less:",
  "",
  "| operation | TypeScript MB/s | toon-cpp MB/s | toon-cpp / TypeScript | by CPU time | unit |",
  "| --- | ---: | ---: | ---: | ---: | --- |",
  ...rows,
  "",
  "The JSON rows compare the JSON parsers and writers of both sides on the same JSON Lines, as a",
  "yardstick for what the runtimes themselves give.",
  `Load of the ${process.env.NPROC}-core machine (\`uptime\`) before and after: \`${process.env.UPTIME_BEFORE.trim().replace(/^.*load/, "load")}\`,`,
  `\`${process.env.UPTIME_AFTER.trim().replace(/^.*load/, "load")}\`; the machine was shared with other builds and test runs,`,
  "which slows both sides; the ratios, measured in turn within one run, are steadier than the",
  `absolute figures. Regenerate with \`${process.env.RUN_ENV}bash scripts/bench-mcp-dsl.sh --update-docs\`.`,
];
console.log(lines.join("\n"));
')"

case "$mode" in
  full) printf '%s\n' "$section" ;;
  update)
    doc="$root/docs/mcp-dsl.md"
    printf '%s\n' "$section" | node "$root/scripts/replace-doc-section.mjs" "$doc" bench-mcp-dsl
    printf '%s\n' "$section"
    ;;
esac
