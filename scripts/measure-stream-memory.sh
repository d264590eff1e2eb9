#!/usr/bin/env bash
# Peak memory of `toon decode` on a large piped TOON table (docs/streaming.md, "Memory"):
#
#   gen-toon-table SIZE | toon decode > /dev/null
#
# and, when the examples are built, of the typed row reader (examples/stream_rows.cpp):
#
#   gen-toon-table SIZE | toon_example_stream_rows rows
#
# usage: scripts/measure-stream-memory.sh [SIZE] [BUILD_DIR]   (defaults: 2GB, build)
# Prints the input bytes, the seconds, the throughput and each program's peak RSS (GNU time's
# maximum resident set size), and fails when a peak reaches 64 MiB. Not part of the test
# suite: 2 GB take a while.
set -euo pipefail

size="${1:-2GB}"
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${2:-$root/build}"
toon="$build/bin/toon"
limit_kb=$((64 * 1024))

[ -x "$toon" ] || { echo "measure-stream-memory: no $toon (build first)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
gen="$work/gen-toon-table"
"${CXX:-c++}" -O2 -std=c++20 "$root/tools/gen-toon-table/gen-toon-table.cpp" -o "$gen"

bytes="$("$gen" "$size" | wc -c)"
# toon's own peak RSS: GNU time's "Maximum resident set size" (kB) of the toon process only
# (scripts/setup.sh installs the `time` package).
[ -x /usr/bin/time ] || { echo "measure-stream-memory: needs GNU time (/usr/bin/time)" >&2; exit 1; }
# measure NAME CMD...: runs `gen SIZE | CMD`, prints the figures, fails at 64 MiB or more.
status=0
measure() {
  local name="$1"; shift
  local start end peak_kb
  start=$(date +%s.%N)
  "$gen" "$size" | /usr/bin/time -v -o "$work/time.txt" "$@" > "$work/out.txt"
  end=$(date +%s.%N)
  peak_kb="$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")"
  echo "$name"
  awk -v b="$bytes" -v s0="$start" -v s1="$end" -v kb="$peak_kb" 'BEGIN {
    s = s1 - s0
    printf "  input        %d bytes\n  time         %.2f s\n  throughput   %.0f MB/s\n  peak RSS     %.1f MiB (%d kB)\n",
           b, s, b / s / 1e6, kb / 1024, kb }'
  if [ "$peak_kb" -ge "$limit_kb" ]; then
    echo "measure-stream-memory: $name: peak RSS ${peak_kb} kB is not under 64 MiB" >&2
    status=1
  fi
}

measure "toon decode > /dev/null" "$toon" decode
# The typed row reader (toon::row_reader<record>), when the examples are built.
rows="$build/bin/toon_example_stream_rows"
if [ -x "$rows" ]; then
  measure "toon_example_stream_rows rows (typed rows)" "$rows" rows
  echo "  output       $(cat "$work/out.txt")"
fi
exit "$status"
