#!/usr/bin/env bash
# ensure-installed.sh - installs the large third-party MCP servers of package.json (pinned, with
# the committed package-lock.json) into tools/mcp-third-party/node_modules when they are missing
# or not the pinned versions, and fetches each one's tools/list once into
# tools/mcp-third-party/cache/NAME.json (fetch-tools.mjs), the corpus that
# tests/mcp/schema_import_servers_test.cpp and scripts/mcp-tools-tokens.sh read.
# `npm ci --ignore-scripts`: no install script runs (no browser download, no native build; see
# no-keytar.cjs). Listing the tools needs neither network nor an account.
# Run by scripts/setup.sh. Exit status: 0 when installed and cached; 77 when node is missing;
# 1 otherwise.
set -euo pipefail
dir="$(cd "$(dirname "$0")" && pwd)"
. "$dir/../pinned.sh"
node=${NODE:-node}
npm=${NPM:-npm}
command -v "$node" >/dev/null 2>&1 || { echo "mcp-third-party/ensure-installed.sh: node not found" >&2; exit 77; }

npm_installed() { npm_pins_installed "$node" "$dir"; }  # at the versions package.json pins
if ! npm_installed; then
  command -v "$npm" >/dev/null 2>&1 || { echo "mcp-third-party/ensure-installed.sh: npm not found" >&2; exit 1; }
  echo "mcp-third-party/ensure-installed.sh: installing the third-party MCP servers into tools/mcp-third-party/node_modules" >&2
  (cd "$dir" && "$npm" ci --ignore-scripts --no-audit --no-fund --loglevel=error) >&2
  npm_installed || { echo "mcp-third-party/ensure-installed.sh: the pinned servers could not be installed" >&2; exit 1; }
fi
"$node" "$dir/fetch-tools.mjs"
