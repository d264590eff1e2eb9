#!/usr/bin/env bash
# compare-reference.sh - compares the toon CLI with the pinned TOON reference implementation
# (@toon-format/toon, version pinned in tools/reference/package.json).
#
#   scripts/compare-reference.sh [--filter TEXT] [--keep] [--corpus DIR]...
#
# Environment:
#   TOON_CLI       the toon binary to test (default: build/bin/toon in this checkout)
#   TOON_SPEC_DIR  the TOON spec test data, for examples/ (default: ../shared/toon-spec)
#   NODE, NPM      node and npm commands (default: node, npm)
#
# Installs the reference into tools/reference/node_modules (npm ci, from the committed lockfile)
# when it is missing or not the pinned version, then runs tools/reference/compare.py: every JSON
# document of tests/corpus/ and tools/reference/corpus/ (plus the spec's conversion examples) is
# encoded by both with each delimiter x indent and must give byte-identical TOON; the reference's
# TOON is decoded by both and must give equal values; the spec's .toon examples are decoded by both.
# Ends with `N passed, M failed`; exit status 0 only when nothing failed.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
refdir="$root/tools/reference"
node="${NODE:-node}"
npm="${NPM:-npm}"

cli="${TOON_CLI:-$root/build/bin/toon}"
case "$cli" in
  /*) ;;
  */*) cli="$PWD/$cli" ;;
  *) cli="$(command -v "$cli" || echo "$cli")" ;;
esac
spec_dir="${TOON_SPEC_DIR:-$root/../shared/toon-spec}"

die() {
  echo "compare-reference: $*" >&2
  exit 2
}

command -v "$node" >/dev/null 2>&1 || die "node not found (install nodejs, see scripts/setup.sh)"
command -v "$npm" >/dev/null 2>&1 || die "npm not found (install npm, see scripts/setup.sh)"
command -v python3 >/dev/null 2>&1 || die "python3 not found"
[ -x "$cli" ] || die "no toon binary at $cli: build the CLI (cmake --build build) or set TOON_CLI"
[ -d "$spec_dir" ] || echo "compare-reference: no spec data at $spec_dir (set TOON_SPEC_DIR); comparing the corpus only" >&2

# shellcheck source=../tools/reference/ensure-installed.sh
. "$refdir/ensure-installed.sh"

exec python3 "$refdir/compare.py" --cli "$cli" --root "$root" --spec-dir "$spec_dir" --node "$node" "$@"
