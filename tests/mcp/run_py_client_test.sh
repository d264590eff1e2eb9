#!/usr/bin/env bash
# ctest mcp.py_sdk_client: installs the official MCP Python SDK (tools/mcp-peers/venv, pinned
# in requirements.lock) when needed, then runs tests/mcp/py_client_test.py against the example
# MCP server.
# Usage: run_py_client_test.sh SERVER_BINARY [TEST_SCRIPT.py] (default: py_client_test.py; also
# py_context_test.py for the ctest mcp.py_sdk_context). Exit 77 (ctest: skipped, not passed) only when
# python3 is missing.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
peers="$here/../../tools/mcp-peers"
if ! command -v "${PYTHON:-python3}" >/dev/null 2>&1; then
  echo "py_client_test.py: SKIPPED, python3 not found (scripts/setup.sh installs it)"
  exit 77
fi
bash "$peers/ensure-installed.sh" python || exit $?
exec "$peers/venv/bin/python" "${2:-$here/py_client_test.py}" "$1"
