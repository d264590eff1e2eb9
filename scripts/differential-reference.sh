#!/usr/bin/env bash
# differential-reference.sh - seeded differential test of toon-cpp against the pinned TOON
# reference implementation (@toon-format/toon, version pinned in tools/reference/package.json).
#
#   scripts/differential-reference.sh [--seed S] [--count N] [--first I] [--keep DIR]
#                                     [--cli-batch PATH] [--max-report N] [--chunk N]
#
# Environment:
#   NODE, NPM      node and npm commands (default: node, npm)
#
# Installs the reference into tools/reference/node_modules (npm ci, from the committed lockfile)
# when it is missing or not the pinned version, then runs tools/reference/differential.mjs:
# N random JSON documents generated from the seed (default 1; 2000 documents) are encoded by
# both with each delimiter x indent (byte-identical TOON required), the reference's TOON is
# decoded by both (equal values required), and single-line mutations of it are decoded by both
# in strict and non-strict mode (both reject, or both accept with equal values). toon runs in
# one toon_reference_batch process (default build/bin/toon_reference_batch; build it with
# `cmake --build build --target toon_reference_batch`). --keep DIR writes each failing case
# to DIR. The full run: scripts/differential-reference.sh --count 20000 --seed 1.
# Ends with `N passed, M failed`; exit status 0 only when nothing failed, 2 on a setup error.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
refdir="$root/tools/reference"
node="${NODE:-node}"
npm="${NPM:-npm}"

die() {
  echo "differential-reference: $*" >&2
  exit 2
}

# --cli-batch is resolved here (default build/bin/toon_reference_batch); the rest is passed on.
batch="$root/build/bin/toon_reference_batch"
args=()
dump=0
while [ $# -gt 0 ]; do
  case "$1" in
    --cli-batch)
      [ $# -ge 2 ] || die "--cli-batch needs a path"
      batch="$2"
      shift 2
      ;;
    --cli-batch=*)
      batch="${1#--cli-batch=}"
      shift
      ;;
    --dump)
      dump=1
      args+=("$1")
      shift
      ;;
    -h | --help)
      exec "$node" "$refdir/differential.mjs" --help
      ;;
    *)
      args+=("$1")
      shift
      ;;
  esac
done
case "$batch" in
  /*) ;;
  */*) batch="$PWD/$batch" ;;
  *) batch="$(command -v "$batch" || echo "$batch")" ;;
esac

command -v "$node" >/dev/null 2>&1 || die "node not found (install nodejs, see scripts/setup.sh)"
command -v "$npm" >/dev/null 2>&1 || die "npm not found (install npm, see scripts/setup.sh)"
[ "$dump" = 1 ] || [ -x "$batch" ] || die "no batch driver at $batch: build it (cmake --build build --target toon_reference_batch) or pass --cli-batch PATH"

# shellcheck source=../tools/reference/ensure-installed.sh
. "$refdir/ensure-installed.sh"

exec "$node" "$refdir/differential.mjs" --cli-batch "$batch" ${args[@]+"${args[@]}"}
