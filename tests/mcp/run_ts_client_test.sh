#!/usr/bin/env bash
# ctests mcp.ts_sdk_client and mcp.ts_sdk_v2_client: installs the official MCP TypeScript SDK
# clients (tools/mcp-peers, pinned, `npm ci`) when needed, then runs a node test script of
# tests/mcp against the example MCP server.
# Usage: run_ts_client_test.sh TEST_SCRIPT.mjs SERVER_BINARY. Exit 77 (ctest: skipped, not
# passed) only when node is missing.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v node >/dev/null 2>&1; then
  echo "$(basename "$1"): SKIPPED, node not found (scripts/setup.sh installs Node.js)"
  exit 77
fi
bash "$here/../../tools/mcp-peers/ensure-installed.sh" node || exit $?
exec node "$1" "$2"
