# ensure-installed.sh - sourced by scripts/compare-reference.sh and
# scripts/differential-reference.sh: installs the pinned reference implementation
# (@toon-format/toon, version in tools/reference/package.json) into tools/reference/node_modules
# with `npm ci` from the committed lockfile when it is missing or not the pinned version.
# Needs: $refdir, $node, $npm, and a die() function of the sourcing script.

# The pinned version, read from package.json.
reference_wanted="$("$node" -e 'process.stdout.write(require(process.argv[1]).dependencies["@toon-format/toon"])' "$refdir/package.json")"
reference_installed() {
  "$node" -e 'try { process.stdout.write(require(process.argv[1]).version) } catch { }' \
    "$refdir/node_modules/@toon-format/toon/package.json"
}
if [ "$(reference_installed)" != "$reference_wanted" ]; then
  echo "$(basename "$0"): installing the reference implementation $reference_wanted into tools/reference/node_modules" >&2
  if [ -f "$refdir/package-lock.json" ]; then
    (cd "$refdir" && "$npm" ci --no-audit --no-fund --loglevel=error) >&2
  else
    (cd "$refdir" && "$npm" install --no-audit --no-fund --loglevel=error) >&2
  fi
  [ "$(reference_installed)" = "$reference_wanted" ] || die "the reference implementation $reference_wanted could not be installed"
fi
