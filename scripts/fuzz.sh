#!/usr/bin/env bash
# Long local fuzzing sessions (docs/fuzzing.md).
#
#   scripts/fuzz.sh [-t SECONDS] [-j WORKERS] [--merge] [TARGET...]
#
#   -t SECONDS   run time per target (default 600); 0 runs until interrupted
#   -j WORKERS   libFuzzer worker processes per target (default 1)
#   --merge      only minimize each target's corpus (libFuzzer -merge=1), no fuzzing
#   TARGET       decode_strict decode_lenient roundtrip json_bridge typed_decode (default: all,
#                one after the other)
#
# Builds the libFuzzer targets with clang in $FUZZ_BUILD_DIR (default build-fuzzers), then runs
# each target on a corpus that persists between sessions ($FUZZ_CORPUS_DIR/<target>, default
# build-fuzzers/corpus-local/<target>), starting from the committed regressions and the seeds
# generated from the fixtures, with the target's dictionary. Findings (crash-*, leak-*,
# timeout-*, oom-*) go to $FUZZ_BUILD_DIR/artifacts/. Each target's final libFuzzer stats
# (executions, exec/s, coverage, features, corpus size) are printed at the end.
# Inputs up to 1 MiB (-max_len=1048576: deep TOON needs tens of KB of indentation, docs/fuzzing.md).
# Extra libFuzzer flags: FUZZ_FLAGS="-use_value_profile=1 -max_len=65536".
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

seconds=600
workers=1
merge=0
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    -t) seconds=$2; shift 2 ;;
    -j) workers=$2; shift 2 ;;
    --merge) merge=1; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    -*) echo "fuzz.sh: unknown option $1" >&2; exit 2 ;;
    *) targets+=("$1"); shift ;;
  esac
done
# The list of fuzz/CMakeLists.txt's set(TOON_FUZZ_TARGETS ...), which may span lines.
all_targets=$(awk '/^set\(TOON_FUZZ_TARGETS/ {on = 1} on {print} on && /\)/ {exit}' fuzz/CMakeLists.txt |
  sed 's/set(TOON_FUZZ_TARGETS//; s/)//' | tr -s ' \n' ' ' | sed 's/^ //; s/ $//')
[ -n "$all_targets" ] || { echo "fuzz.sh: no fuzz targets found in fuzz/CMakeLists.txt" >&2; exit 2; }
[ ${#targets[@]} -eq 0 ] && read -r -a targets <<<"$all_targets"
for t in "${targets[@]}"; do
  case " $all_targets " in *" $t "*) ;; *) echo "fuzz.sh: unknown target $t (targets: $all_targets)" >&2; exit 2 ;; esac
done

build=${FUZZ_BUILD_DIR:-build-fuzzers}
case "$build" in /*) ;; *) build="$root/$build" ;; esac
corpus_root=${FUZZ_CORPUS_DIR:-$build/corpus-local}
clangxx=${CLANGXX:-}
if [ -z "$clangxx" ]; then
  if command -v clang++-14 >/dev/null 2>&1; then clangxx=clang++-14; else clangxx=clang++; fi
fi
spec_args=()
[ -n "${TOON_SPEC_DIR:-}" ] && spec_args=(-DTOON_SPEC_DIR="$TOON_SPEC_DIR")
generator=()
if command -v ninja >/dev/null 2>&1 && [ ! -f "$build/CMakeCache.txt" ]; then generator=(-G Ninja); fi
cmake -S . -B "$build" "${generator[@]}" -DCMAKE_CXX_COMPILER="$clangxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DTOON_BUILD_FUZZERS=ON -DTOON_BUILD_TESTS=OFF -DTOON_BUILD_CLI=OFF "${spec_args[@]}" >/dev/null
cmake --build "$build" -j "${JOBS:-$(nproc)}"

export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
artifacts="$build/artifacts"
mkdir -p "$artifacts"
summary=()
status=0
for t in "${targets[@]}"; do
  dict='' regressions='' seeds=''
  # shellcheck disable=SC1090
  . "$build/fuzz/$t.env"
  corpus="$corpus_root/$t"
  mkdir -p "$corpus"
  bin="$build/bin/toon_fuzz_$t"
  log="$build/fuzz-$t-$(date +%Y%m%d-%H%M%S).log"
  if [ "$merge" = 1 ]; then
    echo "== minimizing the $t corpus ($corpus)"
    tmp="$corpus.merge"
    rm -rf "$tmp" && mkdir -p "$tmp"
    "$bin" -merge=1 "$tmp" "$corpus" >"$log" 2>&1
    rm -rf "$corpus" && mv "$tmp" "$corpus"
    summary+=("$t: $(find "$corpus" -type f | wc -l) inputs after merge")
    continue
  fi
  echo "== fuzzing $t for ${seconds}s, corpus $corpus, log $log"
  args=(-max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=1048576 -dict="$dict"
        -print_final_stats=1 -artifact_prefix="$artifacts/$t-")
  [ "$workers" -gt 1 ] && args+=(-fork="$workers" -ignore_crashes=0)
  set +e
  # shellcheck disable=SC2086
  "$bin" "${args[@]}" ${FUZZ_FLAGS:-} "$corpus" "$regressions" $seeds 2>&1 | tee "$log" |
    grep --line-buffered -E 'pulse|DONE|ERROR|SUMMARY'
  rc=${PIPESTATUS[0]}
  set -e
  if [ "$rc" -ne 0 ]; then
    status=1
    summary+=("$t: FAILED, see $log and $artifacts/")
    continue
  fi
  last=$(grep -E '^#[0-9]+' "$log" | tail -n 1)
  eps=$(sed -n 's/^stat::average_exec_per_sec:[[:space:]]*//p' "$log")
  summary+=("$t: ${seconds}s, $eps exec/s, last status: $last")
done
echo
printf '%s\n' "${summary[@]}"
exit $status
