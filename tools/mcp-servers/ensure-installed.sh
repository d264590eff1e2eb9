#!/usr/bin/env bash
# ensure-installed.sh - installs the official MCP servers that tests/mcp/client_servers_test.cpp
# drives with toon::mcp::client, when they are missing or not the pinned versions:
#   - npm: @modelcontextprotocol/server-filesystem, -memory, -everything (package.json) into
#     tools/mcp-servers/node_modules with `npm ci` from the committed package-lock.json;
#   - PyPI: mcp-server-time, mcp-server-git, mcp-server-fetch, and jsonschema, the independent
#     validator of tests/mcp/schema_import_servers_test.cpp (requirements.txt; every package
#     pinned in requirements.lock) into the virtual environment tools/mcp-servers/venv.
# Run by scripts/setup.sh. Exit status: 0 when both are installed; 77 when node or python3 is
# missing; 1 otherwise (npm, venv or pip failing).
set -euo pipefail
dir="$(cd "$(dirname "$0")" && pwd)"
. "$dir/../pinned.sh"
node=${NODE:-node}
npm=${NPM:-npm}
python=${PYTHON:-python3}
command -v "$node" >/dev/null 2>&1 || { echo "mcp-servers/ensure-installed.sh: node not found" >&2; exit 77; }
command -v "$python" >/dev/null 2>&1 || { echo "mcp-servers/ensure-installed.sh: python3 not found" >&2; exit 77; }

# Every dependency of package.json installed at its pinned version?
npm_installed() { npm_pins_installed "$node" "$dir"; }
if ! npm_installed; then
  command -v "$npm" >/dev/null 2>&1 || { echo "mcp-servers/ensure-installed.sh: npm not found" >&2; exit 1; }
  echo "mcp-servers/ensure-installed.sh: installing the npm MCP servers into tools/mcp-servers/node_modules" >&2
  (cd "$dir" && "$npm" ci --no-audit --no-fund --loglevel=error) >&2
  npm_installed || { echo "mcp-servers/ensure-installed.sh: the pinned npm MCP servers could not be installed" >&2; exit 1; }
fi

# Every line of requirements.lock installed at its version in the venv?
venv="$dir/venv"
pip_installed() { venv_pins_installed "$venv" "$dir/requirements.lock"; }
if ! pip_installed; then
  echo "mcp-servers/ensure-installed.sh: installing the PyPI MCP servers into tools/mcp-servers/venv" >&2
  rm -rf "$venv"
  "$python" -m venv "$venv" >&2
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$dir/requirements.lock" >&2
  pip_installed || { echo "mcp-servers/ensure-installed.sh: the pinned PyPI MCP servers could not be installed" >&2; exit 1; }
fi
