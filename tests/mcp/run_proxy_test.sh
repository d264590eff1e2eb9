#!/usr/bin/env bash
# ctests mcp.proxy_ts_sdk and mcp.proxy_ts_sdk_lazy: installs what tests/mcp/ts_proxy_test.mjs
# needs when missing - the TypeScript SDK client (tools/mcp-peers), the upstream servers
# server-filesystem and mcp-server-git (tools/mcp-servers) and the reference TOON implementation
# (tools/reference, an independent decoder of the re-encoded results) - then runs it.
# Usage: run_proxy_test.sh [--script NAME.mjs] TOON_BINARY ARGS... (default script:
# ts_proxy_test.mjs; the ctests mcp.proxy_features and mcp.proxy_listen run ts_proxy_features_test.mjs
# and ts_proxy_listen_test.mjs). Exit 77
# (ctest: skipped) when node, python3 or git is missing.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
script=ts_proxy_test.mjs
if [[ "${1:-}" == "--script" ]]; then
  script="$2"
  shift 2
fi
for tool in node python3 git; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "ts_proxy_test.mjs: SKIPPED, $tool not found (scripts/setup.sh installs it)"
    exit 77
  fi
done
bash "$here/../../tools/mcp-peers/ensure-installed.sh" node || exit $?
bash "$here/../../tools/mcp-servers/ensure-installed.sh" || exit $?
refdir="$here/../../tools/reference"
node=node
npm=npm
die() { echo "run_proxy_test.sh: $*" >&2; exit 1; }
# shellcheck source=../../tools/reference/ensure-installed.sh
. "$refdir/ensure-installed.sh"
exec node "$here/$script" "$@"
