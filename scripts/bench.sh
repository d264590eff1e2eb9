#!/usr/bin/env bash
# Runs every benchmark and writes docs/benchmarks.md, docs/img/bench-*.png and
# benchmarks/results/results.json (see docs/benchmarks.md).
#
#   bash scripts/bench.sh
#
# Environment:
#   BUILD_DIR   Release build directory (default: build-bench)
#   MIN_TIME    --benchmark_min_time of toon_bench, in seconds (default: 0.5)
#   REPETITIONS repetitions of each toon_bench benchmark; the report uses the median (default: 3)
#   PEER_MS     minimum timing per dataset and operation of the peers, in ms (default: 1000)
#   SKIP_PEERS  1: do not run the other TOON implementations
#   AB_RUNS     runs of toon_ab_ctoon, toon-cpp and ctoon timed alternately in one process; the
#               report gives the median ratio and its spread (default: 3)
#   AB_MS       CPU time of each toon_ab_ctoon batch, in ms (default: 150; a run times A B B A)
#   MCP_ONLY    1: run only the MCP benchmarks (benchmarks/mcp: over stdio, and over Streamable
#               HTTP) and rewrite only their sections of docs/benchmarks.md and their entries
#               of results.json
#   MCP_HTTP_ONLY 1: likewise, only the MCP over Streamable HTTP benchmark
#   MCP_HTTP_SECONDS, MCP_HTTP_REPETITIONS: its measured seconds per run (default: 3) and runs
#               per server and client count, interleaved (default: 3)
#   JOBS        build parallelism (default: nproc)
#
# Needs the Debian packages of scripts/setup.sh (gnuplot-nox for the charts). The peers are
# optional and skipped with a note when their tool is missing: node (the reference
# implementation, installed by npm ci from tools/reference), cargo (the Rust crate
# toon-format, built in the build directory; cargo also fetches the source package of the crate
# ctoon, whose C core the C compiler, cc or $CC, builds in the build directory) and python3 with
# venv (the Python package toons, installed into a venv in the build directory). The MCP
# benchmark's TypeScript SDK server needs node and tools/mcp-peers
# (tools/mcp-peers/ensure-installed.sh); without them it is skipped with a note.
set -euo pipefail

root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
build="${BUILD_DIR:-build-bench}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac
min_time="${MIN_TIME:-0.5}"
repetitions="${REPETITIONS:-3}"
peer_ms="${PEER_MS:-1000}"
ab_runs="${AB_RUNS:-3}"
ab_ms="${AB_MS:-150}"
out="$build/bench-out"
data="$out/data"
log() { echo "bench.sh: $*" >&2; }

jobs="${JOBS:-$(nproc)}"
log "building Release into $build"
configure=(-DCMAKE_BUILD_TYPE=Release -DTOON_BUILD_BENCHMARKS=ON)
# A new build directory gets Ninja, the benchmarks and the CLI; an existing one keeps its generator
# and its other options.
[ -f "$build/CMakeCache.txt" ] ||
  configure+=(-G Ninja -DTOON_BUILD_TESTS=OFF -DTOON_BUILD_EXAMPLES=OFF)  # the CLI: `toon mcp proxy` in the MCP benchmark
cmake -S "$root" -B "$build" "${configure[@]}" >/dev/null

# MCP over stdio: toon::mcp::server and client on a no-op tool, and the official TypeScript SDK
# server doing the same (benchmarks/mcp). Writes $out/mcp.json and $out/mcp-notes.txt.
run_mcp() {
  cmake --build "$build" --target toon_mcp_bench toon_mcp_bench_noop_server toon_cli -j "$jobs" >&2
  # toon-proxy: the same server behind `toon mcp proxy` (its overhead is the difference).
  local servers=(--server toon-cpp "$build/bin/toon_mcp_bench_noop_server"
                 --server toon-proxy "$build/bin/toon" mcp proxy -- "$build/bin/toon_mcp_bench_noop_server")
  : >"$out/mcp-notes.txt"
  # tooner (a Go MCP proxy that turns JSON tool results into TOON) in front of the same server,
  # pinned in tools/mcp-bench-peers (a Linux x86-64 binary from npm), for the proxy overhead.
  local tooner=tools/mcp-bench-peers/node_modules/@chaindead/tooner_linux_amd64/tooner
  if [ ! -x "$tooner" ] && command -v npm >/dev/null 2>&1; then
    (cd tools/mcp-bench-peers && npm ci --no-audit --no-fund --loglevel=error) >&2 || true
  fi
  if [ -x "$tooner" ]; then
    servers+=(--server tooner "$root/$tooner" "$build/bin/toon_mcp_bench_noop_server")
  else
    echo "tooner was skipped: tools/mcp-bench-peers could not be installed (npm ci)." >>"$out/mcp-notes.txt"
  fi
  if [ -x tools/mcp-peers/venv/bin/python ]; then
    servers+=(--server py-sdk tools/mcp-peers/venv/bin/python benchmarks/mcp/py_noop_server.py)
  else
    echo "the Python SDK server was skipped: tools/mcp-peers/venv is not installed (tools/mcp-peers/ensure-installed.sh)." \
      >>"$out/mcp-notes.txt"
  fi
  if ! command -v node >/dev/null 2>&1; then
    echo "the TypeScript SDK server was skipped: node not found." >>"$out/mcp-notes.txt"
  elif [ ! -f tools/mcp-peers/node_modules/@modelcontextprotocol/sdk/package.json ]; then
    echo "the TypeScript SDK server was skipped: tools/mcp-peers is not installed (tools/mcp-peers/ensure-installed.sh)." \
      >>"$out/mcp-notes.txt"
  else
    servers+=(--server ts-sdk node benchmarks/mcp/ts_noop_server.mjs)
  fi
  log "MCP over stdio (toon_mcp_bench)"
  "$build/bin/toon_mcp_bench" "${servers[@]}" >"$out/mcp.json" || { log "toon_mcp_bench failed"; rm -f "$out/mcp.json"; }
}

# MCP over Streamable HTTP: toon::mcp::http_server and the official TypeScript and Python SDK
# servers on a no-op tool, under toon_mcp_http_bench's 1, 16 and 64 keep-alive clients
# (benchmarks/mcp). Writes $out/mcp-http.json and $out/mcp-http-notes.txt.
run_mcp_http() {
  cmake --build "$build" --target toon_mcp_http_bench toon_mcp_bench_http_noop_server -j "$jobs" >&2
  local servers=(--server toon-cpp "$build/bin/toon_mcp_bench_http_noop_server" "{port}")
  : >"$out/mcp-http-notes.txt"
  if ! command -v node >/dev/null 2>&1; then
    echo "the TypeScript SDK server was skipped: node not found." >>"$out/mcp-http-notes.txt"
  elif [ ! -f tools/mcp-peers/node_modules/@modelcontextprotocol/sdk/package.json ]; then
    echo "the TypeScript SDK server was skipped: tools/mcp-peers is not installed (tools/mcp-peers/ensure-installed.sh)." \
      >>"$out/mcp-http-notes.txt"
  else
    servers+=(--server ts-sdk node benchmarks/mcp/ts_http_noop_server.mjs "{port}")
  fi
  if [ -x tools/mcp-peers/venv/bin/python ]; then
    servers+=(--server py-sdk tools/mcp-peers/venv/bin/python benchmarks/mcp/py_http_noop_server.py "{port}")
  else
    echo "the Python SDK server was skipped: tools/mcp-peers/venv is not installed (tools/mcp-peers/ensure-installed.sh)." \
      >>"$out/mcp-http-notes.txt"
  fi
  log "MCP over Streamable HTTP (toon_mcp_http_bench)"
  "$build/bin/toon_mcp_http_bench" --clients 1,16,64 --seconds "${MCP_HTTP_SECONDS:-3}" \
    --repetitions "${MCP_HTTP_REPETITIONS:-3}" "${servers[@]}" >"$out/mcp-http.json" ||
    { log "toon_mcp_http_bench failed"; rm -f "$out/mcp-http.json"; }
}

if [ "${MCP_ONLY:-0}" = 1 ] || [ "${MCP_HTTP_ONLY:-0}" = 1 ]; then
  out="$build/bench-out-mcp"
  rm -rf "$out" && mkdir -p "$out"
  [ "${MCP_HTTP_ONLY:-0}" = 1 ] || run_mcp
  run_mcp_http
  python3 benchmarks/report.py --mcp-only --out "$out" --build "$build" --root "$root"
  log "wrote the MCP sections of docs/benchmarks.md and benchmarks/results/results.json"
  exit 0
fi
cmake --build "$build" --target toon_bench toon_bench_alloc toon_bench_data toon_mcp_bench toon_mcp_bench_noop_server \
  toon_mcp_http_bench toon_mcp_bench_http_noop_server toon_cli -j "$jobs"

rm -rf "$out" && mkdir -p "$data" "$out/peers"
# The 50-tool MCP catalog of benchmarks/catalog (when present) replaces the generated one.
if [ -f benchmarks/catalog/CMakeLists.txt ] && cmake --build "$build" --target toon_catalog_50 >&2; then
  mkdir -p "$out/catalog"
  "$build/bin/toon_catalog_50" "$out/catalog" >&2
  export TOON_BENCH_CATALOG="$out/catalog/tools_list.json"
fi
uptime >"$out/load-before.txt"
"$build/bin/toon_bench_data" "$data"

log "toon_bench (min_time ${min_time}s per benchmark, median of $repetitions repetitions)"
"$build/bin/toon_bench" --benchmark_min_time="$min_time" --benchmark_repetitions="$repetitions" \
  --benchmark_report_aggregates_only=true --benchmark_format=json \
  --benchmark_out="$out/toon_bench.json" --benchmark_out_format=json >/dev/null
log "toon_bench_alloc"
"$build/bin/toon_bench_alloc" --benchmark_min_time=0.05 --benchmark_format=json \
  --benchmark_out="$out/toon_bench_alloc.json" --benchmark_out_format=json >/dev/null

notes="$out/peers/notes.txt"
: >"$notes"
if [ "${SKIP_PEERS:-0}" = 1 ]; then
  echo "peers skipped (SKIP_PEERS=1)" >>"$notes"
else
  # The reference implementation, pinned by tools/reference/package-lock.json.
  if command -v node >/dev/null 2>&1; then
    if [ ! -f tools/reference/node_modules/@toon-format/toon/package.json ] && command -v npm >/dev/null 2>&1; then
      (cd tools/reference && npm ci --no-audit --no-fund --loglevel=error) >&2 || true
    fi
    if [ -f tools/reference/node_modules/@toon-format/toon/package.json ]; then
      log "peer: reference (node)"
      node benchmarks/peers/reference.mjs "$data" tools/reference "$peer_ms" >"$out/peers/reference.json" ||
        { rm -f "$out/peers/reference.json"; echo "reference (node): failed" >>"$notes"; }
    else
      echo "reference (node): @toon-format/toon not installed (npm ci in tools/reference failed)" >>"$notes"
    fi
  else
    echo "reference (node): node not found" >>"$notes"
  fi
  # The Rust crate, built from a copy so that its lock file stays in the build directory.
  if command -v cargo >/dev/null 2>&1; then
    log "peer: toon-format (Rust crate)"
    mkdir -p "$build/peers/rust"
    cp benchmarks/peers/rust/Cargo.toml "$build/peers/rust/"
    cp -r benchmarks/peers/rust/src "$build/peers/rust/"
    if (cd "$build/peers/rust" && cargo build --release -q) >&2; then
      "$build/peers/rust/target/release/toon-peer-rust" "$data" "$peer_ms" >"$out/peers/rust.json" ||
        { rm -f "$out/peers/rust.json"; echo "toon-format (Rust): run failed" >>"$notes"; }
    else
      echo "toon-format (Rust): cargo build failed (registry unreachable?)" >>"$notes"
    fi
  else
    echo "toon-format (Rust): cargo not found" >>"$notes"
  fi
  # ctoon's C core (src/ctoon.c, include/ctoon.h), version 0.9.0, from the source package of the
  # crate ctoon: cargo downloads it for benchmarks/peers/ctoon (copied into the build directory),
  # `cargo metadata` names the folder it was unpacked into, and the C compiler builds it with
  # the harness benchmarks/peers/ctoon/ctoon_peer.c.
  if command -v cargo >/dev/null 2>&1; then
    log "peer: ctoon (C)"
    mkdir -p "$build/peers/ctoon"
    cp benchmarks/peers/ctoon/Cargo.toml "$build/peers/ctoon/"
    cp -r benchmarks/peers/ctoon/src "$build/peers/ctoon/"
    ctoon_src=""
    if ctoon_meta="$(cd "$build/peers/ctoon" && cargo metadata --format-version 1 -q)"; then
      ctoon_src="$(python3 -c '
import json, os, sys
for p in json.load(sys.stdin)["packages"]:
    if p["name"] == "ctoon" and p["version"] == "0.9.0":
        print(os.path.dirname(p["manifest_path"]))
' <<<"$ctoon_meta")" || ctoon_src=""
    fi
    cc="${CC:-cc}"
    if [ -z "$ctoon_src" ] || [ ! -f "$ctoon_src/src/ctoon.c" ] || [ ! -f "$ctoon_src/include/ctoon.h" ]; then
      echo "ctoon (C): cargo could not fetch the source package of ctoon 0.9.0 (registry unreachable?)" >>"$notes"
    elif ! command -v "$cc" >/dev/null 2>&1; then
      echo "ctoon (C): no C compiler ($cc)" >>"$notes"
    elif "$cc" -O3 -DNDEBUG -w -I "$ctoon_src/include" -c "$ctoon_src/src/ctoon.c" -o "$build/peers/ctoon/ctoon.o" >&2 &&
      "$cc" -O3 -DNDEBUG -Wall -Wextra -I "$ctoon_src/include" \
        -DCTOON_PEER_CC="\"$("$cc" --version | head -n 1), -O3\"" \
        benchmarks/peers/ctoon/ctoon_peer.c "$build/peers/ctoon/ctoon.o" -o "$build/peers/ctoon/ctoon_peer" -lm >&2; then
      "$build/peers/ctoon/ctoon_peer" "$data" "$peer_ms" >"$out/peers/ctoon.json" ||
        { rm -f "$out/peers/ctoon.json"; echo "ctoon (C): run failed" >>"$notes"; }
      # The same C core linked with toon-cpp into one program that times the two alternately
      # (benchmarks/peers/ctoon/ab_main.cpp): AB_RUNS runs, the ratio's median and spread.
      log "peer: ctoon (C), A/B interleaved with toon-cpp in one process ($ab_runs runs, ${ab_ms} ms batches)"
      if cmake -S "$root" -B "$build" -DTOON_BENCH_CTOON_SOURCE="$ctoon_src" >/dev/null &&
        cmake --build "$build" --target toon_ab_ctoon -j "$jobs" >&2; then
        uptime >"$out/peers/ab-load-before.txt"
        "$build/bin/toon_ab_ctoon" "$data" "$ab_runs" "$ab_ms" >"$out/peers/ab-ctoon.json" ||
          { rm -f "$out/peers/ab-ctoon.json"; echo "ctoon (C): the A/B run (toon_ab_ctoon) failed" >>"$notes"; }
        uptime >"$out/peers/ab-load-after.txt"
      else
        echo "ctoon (C): building toon_ab_ctoon failed" >>"$notes"
      fi
    else
      echo "ctoon (C): compiling its C core with $cc failed" >>"$notes"
    fi
  else
    echo "ctoon (C): cargo not found (it fetches the source package)" >>"$notes"
  fi
  # The Python package toons (a compiled extension), in a venv of the build directory.
  venv="$build/peers/venv"
  if [ ! -x "$venv/bin/python" ]; then
    python3 -m venv "$venv" >&2 2>/dev/null || true
  fi
  if [ -x "$venv/bin/python" ] && "$venv/bin/python" -m pip install -q 'toons==0.9.0' >&2; then
    log "peer: toons (Python)"
    "$venv/bin/python" benchmarks/peers/toons_peer.py "$data" "$peer_ms" >"$out/peers/toons.json" ||
      { rm -f "$out/peers/toons.json"; echo "toons (Python): run failed" >>"$notes"; }
  else
    echo "toons (Python): python3 venv or pip install failed" >>"$notes"
  fi
fi
run_mcp
run_mcp_http
uptime >"$out/load-after.txt"

log "tokens (o200k_base)"
if command -v node >/dev/null 2>&1; then
  [ -d tools/tokens/node_modules/gpt-tokenizer ] || npm ci --prefix tools/tokens --no-audit --no-fund --loglevel=error >&2
  (cd "$data" && node "$root/tools/tokens/count.mjs" $(ls *.json *.toon *.csv | grep -v manifest)) >"$out/tokens.json"
else
  echo "tokens: node not found" >>"$notes"
fi

catalog_md=""
if [ -f benchmarks/catalog/tokens.sh ]; then
  catalog_md="$out/catalog-tokens.md"
  bash benchmarks/catalog/tokens.sh --markdown >"$catalog_md" || { log "benchmarks/catalog/tokens.sh failed"; catalog_md=""; }
fi

log "report"
python3 benchmarks/report.py --out "$out" --build "$build" --root "$root" --peer-ms "$peer_ms" \
  ${catalog_md:+--catalog-md "$catalog_md"}
log "wrote docs/benchmarks.md, docs/img/bench-*.png, benchmarks/results/results.json"
