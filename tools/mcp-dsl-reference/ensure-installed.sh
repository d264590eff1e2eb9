#!/usr/bin/env bash
# ensure-installed.sh - prepares the differential test against the TypeScript MCP-DSL compiler
# (scripts/differential-mcp-dsl.py, docs/mcp-dsl.md):
#   - installs the TypeScript runner tsx (pinned in package.json, `npm ci` from the committed
#     lockfile) into tools/mcp-dsl-reference/node_modules when missing or not that version;
#   - extracts the reference sources (src/ of the MCP-DSL repository at the pinned commit
#     below) from a local git clone or mirror named by $MCP_DSL_GIT_DIR into
#     tools/mcp-dsl-reference/upstream (not committed: the sources are not copied into this
#     repository). The package is not published on the npm registry; the differential test
#     clones ../shared/mcp-dsl/MCP-DSL.bundle and names that clone here.
# Usage: ensure-installed.sh          (run by scripts/setup.sh; never fails the setup)
# Exit status: 0 when both are ready; 77 when node, npm or the git clone is missing; 1 when
# an install fails.
set -uo pipefail
dir="$(cd "$(dirname "$0")" && pwd)"
node=${NODE:-node}
npm=${NPM:-npm}
commit=81e18bd1917b2d746bf7c9b711b2555c7bc0b408
git_dir=${MCP_DSL_GIT_DIR:-}

command -v "$node" >/dev/null 2>&1 || { echo "mcp-dsl-reference: node not found" >&2; exit 77; }
wanted="$("$node" -e 'process.stdout.write(require(process.argv[1]).dependencies.tsx)' "$dir/package.json")"
have="$("$node" -e 'try { process.stdout.write(require(process.argv[1]).version) } catch {}' "$dir/node_modules/tsx/package.json")"
if [ "$have" != "$wanted" ]; then
  command -v "$npm" >/dev/null 2>&1 || { echo "mcp-dsl-reference: npm not found" >&2; exit 77; }
  echo "mcp-dsl-reference: installing tsx $wanted into tools/mcp-dsl-reference/node_modules" >&2
  (cd "$dir" && "$npm" ci --no-audit --no-fund --loglevel=error) >&2 || exit 1
fi

if [ ! -f "$dir/upstream/.commit" ] || [ "$(cat "$dir/upstream/.commit")" != "$commit" ]; then
  if [ -z "$git_dir" ] || ! git --git-dir="$git_dir" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "mcp-dsl-reference: no clone of the MCP-DSL repository with commit $commit (set MCP_DSL_GIT_DIR)" >&2
    exit 77
  fi
  rm -rf "$dir/upstream" && mkdir -p "$dir/upstream"
  git --git-dir="$git_dir" archive "$commit" src | tar -x -C "$dir/upstream" || exit 1
  echo "$commit" > "$dir/upstream/.commit"
fi
exit 0
