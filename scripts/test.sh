#!/usr/bin/env bash
# Configures, builds and runs the whole test suite (unit, typed, property, CLI, conformance,
# fuzz-corpus replay, example and package-consumer tests).
# Usage: bash scripts/test.sh            (build dir: build/, override with BUILD_DIR)
#        TOON_SPEC_DIR=/path/to/toon-spec bash scripts/test.sh
# Ninja when installed (scripts/setup.sh installs it), unless the build folder was configured
# with another generator; ccache when installed (CMakeLists.txt, TOON_USE_CCACHE).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
spec_args=()
[ -n "${TOON_SPEC_DIR:-}" ] && spec_args=(-DTOON_SPEC_DIR="$TOON_SPEC_DIR")
generator=()
if command -v ninja >/dev/null 2>&1 && { [ ! -f "$build_dir/CMakeCache.txt" ] ||
     grep -q '^CMAKE_GENERATOR:INTERNAL=Ninja$' "$build_dir/CMakeCache.txt"; }; then
  generator=(-G Ninja)
fi
cmake -S . -B "$build_dir" "${generator[@]}" -DCMAKE_BUILD_TYPE="${BUILD_TYPE:-Release}" "${spec_args[@]}"
cmake --build "$build_dir" -j "$(nproc)"
ctest --test-dir "$build_dir" --output-on-failure -j "$(nproc)"
