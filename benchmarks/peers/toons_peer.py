#!/usr/bin/env python3
"""benchmarks/peers/toons_peer.py - times the `toons` package (a native TOON extension for
Python) on the benchmark datasets, like reference.mjs; prints one JSON object.

    python toons_peer.py DATADIR [MIN_MS]

Encode = toons.dumps(object parsed from NAME.json); decode = toons.loads(NAME.toon). Both
include the conversion from/to Python objects, which is how the package is used.
"""
import json
import sys
import time
from importlib.metadata import version

import toons


def timed(fn, min_s):
    """Seconds per call of fn, repeated for at least min_s after a warm-up."""
    end = time.perf_counter() + min_s / 4
    while time.perf_counter() < end:
        fn()
    n, start = 0, time.perf_counter()
    while True:
        fn()
        n += 1
        now = time.perf_counter()
        if now - start >= min_s and n >= 3:
            return (now - start) / n


def main():
    if len(sys.argv) < 2:
        print("usage: toons_peer.py DATADIR [MIN_MS]", file=sys.stderr)
        sys.exit(2)
    data_dir, min_s = sys.argv[1], float(sys.argv[2] if len(sys.argv) > 2 else 1000) / 1000
    with open(f"{data_dir}/manifest.json", encoding="utf-8") as f:
        manifest = json.load(f)
    results, notes = [], []
    for entry in manifest:
        name, records = entry["name"], entry["records"]
        with open(f"{data_dir}/{name}.json", encoding="utf-8") as f:
            data = json.load(f)
        with open(f"{data_dir}/{name}.toon", encoding="utf-8") as f:
            text = f.read()
        if toons.dumps(data) != text:
            notes.append(f"{name}: encode output differs from toon-cpp's")
        if toons.loads(text) != data:
            notes.append(f"{name}: decode result differs from the JSON")
        enc = timed(lambda: toons.dumps(data), min_s)
        dec = timed(lambda: toons.loads(text), min_s)
        size = len(text.encode("utf-8"))
        for op, s in (("value_encode", enc), ("value_decode", dec)):
            results.append({"dataset": name, "op": op, "seconds": s, "bytes": size, "records": records,
                            "bytes_per_second": size / s, "records_per_second": records / s})
    print(json.dumps({"implementation": f"toons {version('toons')} (Python extension)",
                      "runtime": f"python {sys.version.split()[0]}", "notes": notes, "results": results}, indent=2))


if __name__ == "__main__":
    main()
