#!/usr/bin/env bash
# CI stage: sanitizers and short fuzz runs (docs/fuzzing.md). Non-interactive; exits non-zero
# on any failure.
#   1. One clang build (clang++-14, TOON_SANITIZE=ON, TOON_BUILD_FUZZERS=ON) of the whole test
#      suite and every libFuzzer target, all with AddressSanitizer and UBSan, then ctest: unit,
#      typed, property, CLI and conformance tests, and the fuzz replay tests, which run the
#      libFuzzer binaries over their committed regressions and seeds (-runs=0). clang because it
#      builds the same objects with every sanitizer check in about half GCC's time (GCC 12 spends
#      most of it in UBSan's instrumentation; GCC builds and runs the plain suite,
#      scripts/test.sh), and because one build then serves both stages. The package consumer
#      and compile-diagnostic tests (consumer.*, compile_fail.*) are left to the plain suite:
#      they build outside projects and check compiler messages, and run no library code under
#      the sanitizers (TOON_INSTALL=OFF: the consumer tests are not even defined). The
#      libraries are built at -O1 with coverage instrumentation, the test programs' own code at
#      -O0 (TOON_TEST_OPTIMIZATION, top-level CMakeLists.txt), and as unity builds
#      (TOON_UNITY_BUILD: a third less CPU time for them from nothing).
#   2. Every fuzz target for FUZZ_SECONDS from the committed regressions and the seed corpus
#      generated from the fixtures, with its dictionary: the binaries of stage 1, or, with
#      SKIP_ASAN_SUITE=1 (or ASAN_CXX not a clang), a fuzzer-only clang build at -O2 in
#      FUZZ_BUILD_DIR.
# Environment:
#   ASAN_BUILD_DIR   sanitizer build folder (default build-asan)
#   ASAN_CXX         compiler of stage 1 (default: CLANGXX); with GCC the fuzzers get their own build
#   FUZZ_BUILD_DIR   fuzzer-only build folder, when stage 1 does not build them (default build-fuzzers)
#   FUZZ_SECONDS     seconds per fuzz target (default 50: 13 targets in about 6 minutes on CI's
#                    two cores); 0 skips the fuzz runs
#   FUZZ_TARGETS     space-separated targets to run (default: all)
#   SKIP_ASAN_SUITE  1 skips stage 1
#   JOBS             parallel build and test jobs (default: nproc)
#   FUZZ_JOBS        fuzz targets run at once (default: JOBS); each still runs FUZZ_SECONDS
#   CLANGXX          clang++ for the fuzzers (default clang++-14, else clang++)
#   TOON_SPEC_DIR    the fixture folder (default ../shared/toon-spec)
# A fuzz finding is kept in the fuzzers' build folder under artifacts/; see docs/fuzzing.md to
# turn it into a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
export CI="${CI:-true}"

jobs=${JOBS:-$(nproc)}
asan_dir=${ASAN_BUILD_DIR:-build-asan}
case "$asan_dir" in /*) ;; *) asan_dir="$root/$asan_dir" ;; esac
fuzz_dir=${FUZZ_BUILD_DIR:-build-fuzzers}
case "$fuzz_dir" in /*) ;; *) fuzz_dir="$root/$fuzz_dir" ;; esac
clangxx=${CLANGXX:-}
if [ -z "$clangxx" ]; then
  if command -v clang++-14 >/dev/null 2>&1; then clangxx=clang++-14; else clangxx=clang++; fi
fi
asan_cxx=${ASAN_CXX:-$clangxx}
# Stage 1 builds the fuzzers too when its compiler is a clang (libFuzzer).
asan_fuzzers=OFF
"$asan_cxx" --version 2>/dev/null | grep -q clang && asan_fuzzers=ON
fuzz_seconds=${FUZZ_SECONDS:-50}
spec_args=()
[ -n "${TOON_SPEC_DIR:-}" ] && spec_args=(-DTOON_SPEC_DIR="$TOON_SPEC_DIR")
generator=()
command -v ninja >/dev/null 2>&1 && generator=(-G Ninja)

# lld (Debian's lld-14, installed by scripts/setup.sh) links the sanitized programs in about a
# third of the time of the default linker (1.7 against 0.5 CPU seconds for a test program);
# used when the compiler can run it.
fast_linker() {
  local cxx=$1 probe
  probe=$(mktemp -d)
  if echo 'int main() { return 0; }' | "$cxx" -fuse-ld=lld -x c++ - -o "$probe/a.out" >/dev/null 2>&1; then
    linker_args=(-DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld -DCMAKE_SHARED_LINKER_FLAGS=-fuse-ld=lld)
  else
    linker_args=(-DCMAKE_EXE_LINKER_FLAGS= -DCMAKE_SHARED_LINKER_FLAGS=)
  fi
  rm -rf "$probe"
}

# Sanitizer runtime options: stop at the first report, with a stack trace.
export ASAN_OPTIONS="${ASAN_OPTIONS:-abort_on_error=1:detect_leaks=1:check_initialization_order=1:strict_string_checks=1}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"

stage() { printf '\n==== ci-sanitize: %s (%s)\n' "$1" "$(date +%H:%M:%S)"; }
start=$SECONDS

# Reuses a build folder only if it was configured with the same generator and compiler.
configure() {
  local dir=$1 cxx=$2
  shift 2
  if [ -f "$dir/CMakeCache.txt" ] && [ ${#generator[@]} -gt 0 ] && ! grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$dir/CMakeCache.txt"; then
    rm -rf "$dir"
  fi
  if [ -f "$dir/CMakeCache.txt" ]; then
    local cached
    cached=$(sed -n 's/^CMAKE_CXX_COMPILER:[A-Z]*=//p' "$dir/CMakeCache.txt")
    if [ "$(realpath "$(command -v "$cached" || echo "$cached")" 2>/dev/null)" != "$(realpath "$(command -v "$cxx")" 2>/dev/null)" ]; then
      rm -rf "$dir"
    fi
  fi
  cmake -S . -B "$dir" "${generator[@]}" "$@"
}

# ---- 1. the whole test suite under ASan + UBSan ------------------------------------------------
if [ "${SKIP_ASAN_SUITE:-0}" != 1 ]; then
  stage "ASan+UBSan build ($asan_cxx) of the test suite in $asan_dir (libFuzzer targets: $asan_fuzzers)"
  # -O1 with line tables (-g1): what the ASan and libFuzzer documentation suggest, symbolized
  # stack traces with file and line, and about half the compile time of -O2 -g on CI's two cores.
  fast_linker "$asan_cxx"
  configure "$asan_dir" "$asan_cxx" -DCMAKE_CXX_COMPILER="$asan_cxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo "${linker_args[@]}" \
    "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" -DTOON_SANITIZE=ON -DTOON_BUILD_FUZZERS="$asan_fuzzers" \
    -DTOON_WARNINGS_AS_ERRORS=OFF -DTOON_INSTALL=OFF -DTOON_UNITY_BUILD=ON "${spec_args[@]}"
  cmake --build "$asan_dir" -j "$jobs"
  stage "ctest under ASan+UBSan"
  # ASan's stack redzones make the frames about ten times larger. Since issue 39 every reader
  # fits a 1 MiB stack in a normal build at its default limits (the JSON reader's limit went
  # from 1000 levels, ~1 MiB normally and over 8 MiB under ASan, to 256), and
  # hostile_input_test.cpp checks it on 16 MiB threads under ASan. The 64 MiB kept here
  # (in a subshell: only ctest and the tests) is a margin for the other tests' deep values.
  (
    ulimit -s 65536 2>/dev/null || ulimit -s unlimited 2>/dev/null ||
      echo "ci-sanitize: warning: cannot raise the stack limit; deep-JSON tests may overflow" >&2
    ctest --test-dir "$asan_dir" --output-on-failure -j "$jobs" -E '^(consumer|compile_fail)[.]'
  )
fi

# ---- 2. libFuzzer targets, FUZZ_SECONDS each -----------------------------------------------------
if [ "$fuzz_seconds" -gt 0 ]; then
  if [ "${SKIP_ASAN_SUITE:-0}" != 1 ] && [ "$asan_fuzzers" = ON ]; then
    fuzz_dir=$asan_dir  # built in stage 1
  else
    stage "libFuzzer build ($clangxx) in $fuzz_dir"
    # -O2 for speed of execution, line tables only (-gline-tables-only) for the stack traces.
    fast_linker "$clangxx"
    configure "$fuzz_dir" "$clangxx" -DCMAKE_CXX_COMPILER="$clangxx" -DCMAKE_BUILD_TYPE=RelWithDebInfo "${linker_args[@]}" \
      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only -DNDEBUG" \
      -DTOON_BUILD_FUZZERS=ON -DTOON_BUILD_TESTS=OFF -DTOON_BUILD_CLI=OFF -DTOON_BUILD_EXAMPLES=OFF \
      -DTOON_UNITY_BUILD=ON "${spec_args[@]}"
    cmake --build "$fuzz_dir" -j "$jobs"
  fi

  # The list of fuzz/CMakeLists.txt's set(TOON_FUZZ_TARGETS ...), which may span lines.
  targets=${FUZZ_TARGETS:-$(awk '/^set\(TOON_FUZZ_TARGETS/ {on = 1} on {print} on && /\)/ {exit}' fuzz/CMakeLists.txt |
    sed 's/set(TOON_FUZZ_TARGETS//; s/)//' | tr -s ' \n' ' ')}
  if [ -z "${targets// /}" ]; then
    echo "ci-sanitize: no fuzz targets found in fuzz/CMakeLists.txt (set(TOON_FUZZ_TARGETS ...))" >&2
    exit 1
  fi
  echo "ci-sanitize: fuzz targets: $targets"
  artifacts="$fuzz_dir/artifacts"
  mkdir -p "$artifacts"
  # Each target in the background, FUZZ_JOBS at a time; each one's summary printed when it ends.
  fuzz_one() {
    local t=$1 dict='' regressions='' seeds=''
    # shellcheck disable=SC1090
    . "$fuzz_dir/fuzz/$t.env"
    local corpus="$fuzz_dir/corpus/$t"  # a fresh working corpus each run; the inputs are read-only
    rm -rf "$corpus"
    mkdir -p "$corpus"
    # shellcheck disable=SC2086
    "$fuzz_dir/bin/toon_fuzz_$t" -max_total_time="$fuzz_seconds" -timeout=10 -rss_limit_mb=2048 -max_len=1048576 \
      -dict="$dict" -artifact_prefix="$artifacts/$t-" -print_final_stats=1 \
      "$corpus" "$regressions" $seeds >"$fuzz_dir/fuzz-$t.log" 2>&1
  }
  report() {  # target, exit status
    local t=$1 log="$fuzz_dir/fuzz-$1.log"
    stage "fuzzing $t for ${fuzz_seconds}s: exit $2"
    if [ "$2" = 0 ]; then
      grep -E '^(#[0-9]+[[:space:]]+DONE|Done [0-9]+ runs|stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb|new_units_added))' "$log" || tail -n 5 "$log"
    else
      failed+=("$t")
      tail -n 60 "$log"
      echo "ci-sanitize: fuzz target $t FAILED; full log $log, input saved in $artifacts/ (docs/fuzzing.md)" >&2
    fi
  }
  fuzz_jobs=${FUZZ_JOBS:-$jobs}
  [ "$fuzz_jobs" -ge 1 ] 2>/dev/null || fuzz_jobs=1
  failed=()
  pids=() names=()
  for t in $targets; do
    stage "fuzzing $t for ${fuzz_seconds}s (started)"
    fuzz_one "$t" &
    pids+=("$!") names+=("$t")
    if [ ${#pids[@]} -ge "$fuzz_jobs" ]; then
      status=0
      wait "${pids[0]}" || status=$?
      report "${names[0]}" "$status"
      pids=("${pids[@]:1}") names=("${names[@]:1}")
    fi
  done
  for i in "${!pids[@]}"; do
    status=0
    wait "${pids[$i]}" || status=$?
    report "${names[$i]}" "$status"
  done
  if [ ${#failed[@]} -gt 0 ]; then
    echo "ci-sanitize: fuzz targets failed: ${failed[*]}" >&2
    exit 1
  fi
fi

stage "done in $((SECONDS - start)) s"
