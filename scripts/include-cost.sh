#!/usr/bin/env bash
# Include cost for users (docs/benchmarks.md, "Build and include cost"): the compile time of one
# translation unit that includes <toon/toon.hpp> and encodes and decodes one struct, next to the
# same with nlohmann/json (and glaze, where <glaze/glaze.hpp> is installed: Debian 12 has no
# package of it), the typed headers alone, header-only mode, and a one-file MCP server. Sources:
# benchmarks/include_cost/. Each is compiled RUNS times (default 5; the header-only rows, which
# compile the library's sources, HEAVY_RUNS times, default 1) with CXX (default g++) at -O0 and
# -O2; the median wall and CPU seconds are printed as a Markdown table, with the load.
# Usage: bash scripts/include-cost.sh
#        TOON_INCLUDE=/other/checkout/include bash scripts/include-cost.sh   (another version)
set -euo pipefail
cd "$(dirname "$0")/.."
cxx=${CXX:-g++}
runs=${RUNS:-5}
heavy_runs=${HEAVY_RUNS:-1}
toon_include=${TOON_INCLUDE:-$PWD/include}
src=benchmarks/include_cost
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# median of the numbers on stdin
median() { sort -n | awk '{a[NR] = $1} END {if (NR % 2) print a[(NR + 1) / 2]; else printf "%.2f\n", (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }

# measure <runs> <opt> <source> [flags...]: prints "wall cpu" medians, or "n/a n/a" when it does
# not compile (a peer that is not installed)
measure() {
  local runs_here=$1 opt=$2 source=$3
  shift 3
  local walls=() cpus=() i
  for ((i = 0; i < runs_here; i++)); do
    if ! /usr/bin/time -f '%e %U %S' -o "$tmp/time" "$cxx" -std=c++20 "$opt" -c -o "$tmp/out.o" \
         -I "$toon_include" -I "$src" "$@" "$src/$source" 2>"$tmp/err"; then
      echo "n/a n/a"
      return
    fi
    read -r wall user sys <"$tmp/time"
    walls+=("$wall")
    cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.2f", u + s}')")
  done
  printf '%s %s\n' "$(printf '%s\n' "${walls[@]}" | median)" "$(printf '%s\n' "${cpus[@]}" | median)"
}

rows=(
  "standard headers only (the struct)|baseline.cpp|"
  "toon: <toon/toon.hpp>, encode + decode (compiled library)|toon_struct.cpp|"
  "toon: <toon/typed/encode.hpp> + <toon/typed/decode.hpp> only|toon_typed_struct.cpp|"
  "toon header-only: <toon/toon.hpp> with TOON_HEADER_ONLY|toon_struct.cpp|-DTOON_HEADER_ONLY|heavy"
  "nlohmann/json 3.11: to_json/from_json, dump + parse|nlohmann_struct.cpp|"
  "glaze: write_json + read_json|glaze_struct.cpp|"
  "one-file MCP server (toon::mcp::server, one tool)|toon_mcp_server.cpp|"
  "one-file MCP server, header-only|toon_mcp_server.cpp|-DTOON_HEADER_ONLY|heavy"
)

echo "include cost: $("$cxx" --version | head -n 1), $runs runs each ($heavy_runs for header-only), toon headers from $toon_include"
echo "load before: $(cut -d' ' -f1-3 /proc/loadavg), $(nproc) cores"
echo
echo "| translation unit | -O0 wall (s) | -O0 CPU (s) | -O2 wall (s) | -O2 CPU (s) |"
echo "| --- | ---: | ---: | ---: | ---: |"
for row in "${rows[@]}"; do
  IFS='|' read -r label source flags heavy <<<"$row"
  n=$runs
  [ -n "$heavy" ] && n=$heavy_runs  # the header-only rows compile the library's sources
  # shellcheck disable=SC2086
  read -r w0 c0 <<<"$(measure "$n" -O0 "$source" $flags)"
  # shellcheck disable=SC2086
  read -r w2 c2 <<<"$(measure "$n" -O2 "$source" $flags)"
  echo "| $label | $w0 | $c0 | $w2 | $c2 |"
done
echo
echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
