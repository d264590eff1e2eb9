#!/usr/bin/env bash
# Peak memory of `toon encode` (JSON -> TOON) on a large generated JSON file (docs/cli.md,
# "Memory"):
#
#   gen-json-records SIZE SHAPE > records.json
#   toon encode records.json -o records.toon
#
# for the two shapes of tools/gen-json-records: `table` (uniform records with a nested
# object: one tabular array) and `list` (records with a tags array: a list of objects).
#
# usage: scripts/measure-encode-memory.sh [SIZE] [BUILD_DIR]   (defaults: 200MB, build)
# Prints the input bytes, the seconds, the throughput, the peak RSS (GNU time's maximum
# resident set size) and its ratio to the input size, and fails when a peak exceeds 3 times
# the input. Not part of the test suite: it writes two files of SIZE bytes to a temporary
# directory.
set -euo pipefail

size="${1:-200MB}"
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${2:-$root/build}"
toon="$build/bin/toon"

[ -x "$toon" ] || { echo "measure-encode-memory: no $toon (build first)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "measure-encode-memory: needs GNU time (/usr/bin/time)" >&2; exit 1; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
gen="$work/gen-json-records"
"${CXX:-c++}" -O2 -std=c++20 "$root/tools/gen-json-records/gen-json-records.cpp" -o "$gen"

status=0
for shape in table list; do
  "$gen" "$size" "$shape" > "$work/in.json"
  bytes="$(stat -c %s "$work/in.json")"
  start=$(date +%s.%N)
  /usr/bin/time -v -o "$work/time.txt" "$toon" encode "$work/in.json" -o "$work/out.toon"
  end=$(date +%s.%N)
  peak_kb="$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time.txt")"
  out_bytes="$(stat -c %s "$work/out.toon")"
  echo "toon encode ($shape records)"
  awk -v b="$bytes" -v o="$out_bytes" -v s0="$start" -v s1="$end" -v kb="$peak_kb" 'BEGIN {
    s = s1 - s0
    printf "  input        %d bytes\n  output       %d bytes\n  time         %.2f s\n  throughput   %.0f MB/s\n  peak RSS     %.1f MiB (%d kB), %.2f x the input\n",
           b, o, s, b / s / 1e6, kb / 1024, kb, kb * 1024 / b }'
  if [ $((peak_kb * 1024)) -gt $((bytes * 3)) ]; then
    echo "measure-encode-memory: $shape: peak RSS ${peak_kb} kB exceeds 3 x the input" >&2
    status=1
  fi
  rm -f "$work/in.json" "$work/out.toon"
done
exit "$status"
