#!/usr/bin/env bash
# typed-golden.sh - regenerates the reference encodings of tests/data/typed/*.json with the pinned
# reference implementation (tools/reference, installed by scripts/compare-reference.sh or
# `npm ci` in tools/reference). For each NAME.json it writes NAME.toon (comma, indent 2),
# NAME.tab4.toon (tab, indent 4) and NAME.pipe1.toon (pipe, indent 1), read by
# tests/typed/reference_golden_test.cpp.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
data="$here/../../tests/data/typed"
node="${NODE:-node}"
for json in "$data"/*.json; do
  base="${json%.json}"
  "$node" "$here/reference.mjs" encode "$json" comma 2 >"$base.toon"
  "$node" "$here/reference.mjs" encode "$json" tab 4 >"$base.tab4.toon"
  "$node" "$here/reference.mjs" encode "$json" pipe 1 >"$base.pipe1.toon"
  echo "typed-golden: $(basename "$base")"
done
