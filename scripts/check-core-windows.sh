#!/usr/bin/env bash
# Portability check of the core component toon::toon (docs/packaging.md, "Components"): compiles
# every core source (src/{common,json,value,schema,tools,typed,document,parse,encode,extract})
# for Windows with the MinGW-w64 cross compiler (GCC 12, Debian's g++-mingw-w64-x86-64-posix),
# -fsyntax-only with -Wall -Wextra -Wpedantic -Werror, against the system's Boost, fmt and
# simdjson headers. Also compiles the dsl and mcp sources and reports (without failing) which of
# them do not build there: toon::mcp is POSIX-only by design.
# Usage: bash scripts/check-core-windows.sh      (MINGW_CXX to name another compiler)
set -euo pipefail
cd "$(dirname "$0")/.."
cxx=${MINGW_CXX:-x86_64-w64-mingw32-g++-posix}
if ! command -v "$cxx" >/dev/null 2>&1; then
  echo "check-core-windows: $cxx not found (apt-get install g++-mingw-w64-x86-64-posix)" >&2
  exit 1
fi
# The dependencies' headers alone, without the rest of /usr/include (glibc's headers must not
# replace MinGW's).
deps=$(mktemp -d)
trap 'rm -rf "$deps"' EXIT
ln -s /usr/include/boost "$deps/boost"
ln -s /usr/include/fmt "$deps/fmt"
ln -s /usr/include/simdjson.h "$deps/simdjson.h"
flags=(-std=c++20 -fsyntax-only -Wall -Wextra -Wpedantic -Werror -Iinclude -isystem "$deps")
core_modules=(common json value schema tools typed document parse encode extract)
failed=0
count=0
for module in "${core_modules[@]}"; do
  for source in src/"$module"/*.cpp; do
    count=$((count + 1))
    if ! "$cxx" "${flags[@]}" "$source"; then
      echo "check-core-windows: FAILED $source" >&2
      failed=$((failed + 1))
    fi
  done
done
echo "core: $((count - failed)) of $count sources compile for Windows ($("$cxx" --version | head -n 1))"
other=()
for source in src/dsl/*.cpp src/mcp/*.cpp; do
  "$cxx" "${flags[@]}" "$source" 2>/dev/null || other+=("$source")
done
echo "dsl, mcp: sources that do not compile for Windows (not required): ${other[*]:-none}"
[ "$failed" -eq 0 ]
