#!/usr/bin/env bash
# CI stage: toon-cpp against the pinned reference implementation @toon-format/toon
# (docs/conformance.md): the corpus comparison (scripts/compare-reference.sh) and the seeded
# differential run of 20,000 documents with line mutations (scripts/differential-reference.sh).
# Uses the Release build of scripts/test.sh (BUILD_DIR, default build/).
set -euo pipefail
cd "$(dirname "$0")/.."
build_dir=${BUILD_DIR:-build}
cmake --build "$build_dir" -j "$(nproc)" --target toon_cli toon_reference_batch
TOON_CLI="$build_dir/bin/toon" bash scripts/compare-reference.sh
bash scripts/differential-reference.sh --count 20000 --seed 1 --cli-batch "$build_dir/bin/toon_reference_batch"
