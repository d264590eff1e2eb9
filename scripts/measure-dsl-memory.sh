#!/usr/bin/env bash
# Peak memory of `toon dsl compile` on large and hostile generated inputs (docs/mcp-dsl.md,
# "Limits"): for each input its size, the outcome, the time, the peak RSS, and the RSS above
# that of an empty input divided by the input's size.
# Usage: bash scripts/measure-dsl-memory.sh [path/to/toon]   (default build/bin/toon)
# Needs GNU time (/usr/bin/time, Debian package `time`).
set -euo pipefail
cd "$(dirname "$0")/.."
toon=${1:-build/bin/toon}
[ -x "$toon" ] || { echo "no toon CLI at $toon (cmake --build build --target toon_cli)" >&2; exit 1; }
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
python3 - "$dir" <<'PY'
import sys
d = sys.argv[1]
def w(name, text):
    open(f"{d}/{name}.dsl", "w").write(text)
n = 1_000_000
w("array-1M-elements", "> m#1 {a: [" + ",".join(["1"] * n) + "]}\n")
w("array-600k-objects", "> m#1 {a: [" + ",".join(["{}"] * 600_000) + "]}\n")
w("object-100k-keys", "> m#1 {" + " ".join(f"k{i}: 1" for i in range(100_000)) + "}\n")
w("caps-100k-nested", "< #1 {caps: {" + " ".join(f"a.k{i}" for i in range(100_000)) + "}}\n")
w("type-100k-fields", "T t {in: {" + " ".join(f"k{i}: str" for i in range(100_000)) + "}}\n")
w("string-4MB", '> m#1 {a: "' + "x" * 4_000_000 + '"}\n')
alias = "type A = {" + ", ".join(f"f{i}: str" for i in range(8)) + "}\n"
w("alias-150k-uses", alias + "T t {in: {" + " ".join(f"x{i}: A" for i in range(150_000)) + "}}\n")
lines, k = ["type A0 = str"], 1
while sum(len(l) + 1 for l in lines) < 1_300_000:
    lines.append(f"type A{k} = [A{k-1}]"); k += 1
w("alias-chain-1.3MB", "\n".join(lines) + f"\nT t {{in: {{x: A{k-1}}}}}\n")
wide = ["type B0 = {a: str, b: str, c: str, d: str}"]
wide += [f"type B{i} = {{a: B{i-1}, b: B{i-1}, c: B{i-1}, d: B{i-1}}}" for i in range(1, 200)]
w("alias-fanout-4x200", "\n".join(wide) + "\nT t {in: {x: B199}}\n")
w("annotations-20k-deep", "> m#1 {a: " + "@a: " * 20_000 + "1}\n")
w("caps-path-110k", "< #1 {caps: {" + ".".join(["a"] * 110_000) + "}}\n")
PY
printf '%-22s %10s %-12s %7s %9s %7s\n' input bytes outcome seconds rss_kib extra/in
: > "$dir/empty"
/usr/bin/time -f '%e %M' -o "$dir/t" "$toon" dsl compile "$dir/empty" >/dev/null 2>&1 || true
read -r _ base < "$dir/t"
printf '%-22s %10s %-12s %7s %9s %7s\n' "(empty input)" 0 ok - "$base" -
for f in "$dir"/*.dsl; do
  size=$(stat -c %s "$f")
  outcome=ok
  /usr/bin/time -f '%e %M' -o "$dir/t" "$toon" dsl compile "$f" >/dev/null 2>"$dir/err" || outcome=error
  if [ "$outcome" = error ]; then
    outcome=$(grep -oE 'depth|alias|UTF-8|duplicate' "$dir/err" | head -1 || true)
    outcome="refused:${outcome:-?}"
  fi
  read -r secs rss < <(tail -n 1 "$dir/t")  # after "Command exited with non-zero status"
  printf '%-22s %10d %-12s %7s %9d %7.1f\n' "$(basename "$f" .dsl)" "$size" "$outcome" "$secs" "$rss" \
    "$(python3 -c "print(($rss - $base) * 1024 / $size)")"
done
