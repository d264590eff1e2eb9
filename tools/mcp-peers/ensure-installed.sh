#!/usr/bin/env bash
# ensure-installed.sh - installs the third-party MCP clients that tests/mcp drive
# toon::mcp::server with, at the versions pinned here, when they are missing or not those:
#   node    the TypeScript SDK clients @modelcontextprotocol/sdk 1.x and
#           @modelcontextprotocol/client 2.x, the SDK 2.x server @modelcontextprotocol/server,
#           the Inspector CLI @modelcontextprotocol/inspector-cli, and ajv (package.json), with `npm ci` from the
#           committed package-lock.json into tools/mcp-peers/node_modules;
#   python  the Python SDK `mcp` 2.x (requirements.txt; every package pinned in
#           requirements.lock) into the virtual environment tools/mcp-peers/venv.
# Usage: ensure-installed.sh [node|python]   (no argument: both; run by scripts/setup.sh)
# Run with one argument by tests/mcp/run_ts_client_test.sh and run_py_client_test.sh.
# Exit status: 0 when installed; 77 when node (or python3) is missing; 1 otherwise (npm, venv
# or pip failing).
set -euo pipefail
dir="$(cd "$(dirname "$0")" && pwd)"
. "$dir/../pinned.sh"
what=${1:-all}
node=${NODE:-node}
npm=${NPM:-npm}
python=${PYTHON:-python3}

ensure_node() {
  command -v "$node" >/dev/null 2>&1 || { echo "mcp-peers/ensure-installed.sh: node not found" >&2; return 77; }
  # Every dependency of package.json installed at its pinned version?
  installed() { npm_pins_installed "$node" "$dir"; }
  if ! installed; then
    command -v "$npm" >/dev/null 2>&1 || { echo "mcp-peers/ensure-installed.sh: npm not found" >&2; return 1; }
    echo "mcp-peers/ensure-installed.sh: installing the TypeScript SDK clients into tools/mcp-peers/node_modules" >&2
    (cd "$dir" && "$npm" ci --no-audit --no-fund --loglevel=error) >&2
    installed || { echo "mcp-peers/ensure-installed.sh: the pinned npm packages could not be installed" >&2; return 1; }
  fi
}

ensure_python() {
  command -v "$python" >/dev/null 2>&1 || { echo "mcp-peers/ensure-installed.sh: python3 not found" >&2; return 77; }
  local venv="$dir/venv"
  # Every pinned line of requirements.lock installed at its version in the venv?
  installed() { venv_pins_installed "$venv" "$dir/requirements.lock"; }
  if ! installed; then
    echo "mcp-peers/ensure-installed.sh: installing the Python SDK into tools/mcp-peers/venv" >&2
    rm -rf "$venv"
    "$python" -m venv "$venv" >&2
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$dir/requirements.lock" >&2
    installed || { echo "mcp-peers/ensure-installed.sh: the pinned Python packages could not be installed" >&2; return 1; }
  fi
}

case "$what" in
  node) ensure_node ;;
  python) ensure_python ;;
  all)
    status=0
    ensure_node || status=$?
    if [ "$status" -eq 0 ]; then ensure_python || status=$?; else ensure_python || true; fi
    exit "$status"
    ;;
  *) echo "usage: ensure-installed.sh [node|python]" >&2; exit 2 ;;
esac
