#!/usr/bin/env bash
# ctest mcp.inspector_cli: the official MCP Inspector's command-line client
# (@modelcontextprotocol/inspector-cli, pinned in tools/mcp-peers) against toon::mcp::server:
# over stdio, examples/mcp_fs_git_server.cpp --features (tools/list with titles and annotations,
# tools/call, resources/list, resources/read, resources/templates/list, prompts/list,
# prompts/get, logging/setLevel), and over Streamable HTTP, examples/mcp_conformance_server.cpp
# (tools/list, tools/call). Each check runs one Inspector process and inspects its JSON output.
# Usage: run_inspector_cli_test.sh FS_GIT_SERVER CONFORMANCE_SERVER. Exit 77 (ctest: skipped)
# only when node is missing.
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
stdio_server=$1
http_server=$2
if ! command -v node >/dev/null 2>&1; then
  echo "mcp.inspector_cli: SKIPPED, node not found (scripts/setup.sh installs Node.js)"
  exit 77
fi
bash "$here/../../tools/mcp-peers/ensure-installed.sh" node || exit $?
# The Inspector reads its own package.json relative to the working folder: run it from there.
cli_dir="$here/../../tools/mcp-peers/node_modules/@modelcontextprotocol/inspector-cli/build"
work=$(mktemp -d)
pid=
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null; wait "$pid" 2>/dev/null; fi
  rm -rf "$work"
}
trap cleanup EXIT
printf 'hello from the workspace\n' >"$work/hello.txt"

passed=0
failed=0
# check NAME PYTHON_CONDITION INSPECTOR_ARGS...: runs the Inspector; the condition sees its
# parsed JSON output as `d`.
check() {
  local name=$1 condition=$2
  shift 2
  local out
  out=$(cd "$cli_dir" && timeout 60 node index.js "$@" 2>"$work/stderr")
  if python3 -c 'import json, sys; d = json.loads(sys.argv[1]); sys.exit(0 if eval(sys.argv[2]) else 1)' "$out" "$condition" 2>/dev/null; then
    echo "ok   $name"
    passed=$((passed + 1))
  else
    echo "FAIL $name"
    echo "  output: ${out:0:2000}"
    echo "  stderr: $(tail -c 2000 "$work/stderr")"
    failed=$((failed + 1))
  fi
}

stdio=("$stdio_server" --features --workspace "$work")
check "stdio tools/list: titles and annotations" \
  'any(t["name"] == "read_file" and t.get("title") == "Read a file" and t.get("annotations", {}).get("readOnlyHint") is True for t in d["tools"])' \
  "${stdio[@]}" --method tools/list
check "stdio tools/call: read_file" \
  'd.get("isError") is False and "hello from the workspace" in d["content"][0]["text"]' \
  "${stdio[@]}" --method tools/call --tool-name read_file --tool-arg path=hello.txt
check "stdio tools/call: a bad argument is an isError result" \
  'd.get("isError") is True' \
  "${stdio[@]}" --method tools/call --tool-name read_file --tool-arg path=missing.txt
check "stdio resources/list" \
  'sorted(r["uri"] for r in d["resources"]) == ["toon://logo", "toon://readme"]' \
  "${stdio[@]}" --method resources/list
check "stdio resources/read" \
  'd["contents"][0]["uri"] == "toon://readme" and len(d["contents"][0].get("text", "")) > 0' \
  "${stdio[@]}" --method resources/read --uri toon://readme
check "stdio resources/templates/list" \
  '[t["uriTemplate"] for t in d["resourceTemplates"]] == ["toon://greeting/{name}/{times}"]' \
  "${stdio[@]}" --method resources/templates/list
check "stdio prompts/list" \
  '[p["name"] for p in d["prompts"]] == ["review"]' \
  "${stdio[@]}" --method prompts/list
check "stdio prompts/get" \
  '"cpp" in d["messages"][0]["content"]["text"]' \
  "${stdio[@]}" --method prompts/get --prompt-name review --prompt-args language=cpp
check "stdio logging/setLevel" \
  'd == {}' \
  "${stdio[@]}" --method logging/setLevel --log-level debug

"$http_server" --port 0 >"$work/url" 2>"$work/server.log" &
pid=$!
for _ in $(seq 1 100); do
  [ -s "$work/url" ] && break
  kill -0 "$pid" 2>/dev/null || { echo "the HTTP server exited:"; cat "$work/server.log"; exit 1; }
  sleep 0.1
done
url=$(head -n 1 "$work/url")
check "http tools/list" \
  'any(t["name"] == "test_simple_text" for t in d["tools"])' \
  "$url" --transport http --method tools/list
check "http tools/call" \
  'd["content"][0]["text"] == "This is a simple text response for testing."' \
  "$url" --transport http --method tools/call --tool-name test_simple_text

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -eq 11 ]
