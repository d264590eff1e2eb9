#!/usr/bin/env python3
"""benchmarks/report.py - turns the outputs of scripts/bench.sh into docs/benchmarks.md,
docs/img/bench-*.png (gnuplot) and benchmarks/results/results.json. Standard library only.

    python3 benchmarks/report.py --out BENCH_OUT --build BUILD_DIR --root REPO [--catalog-md FILE]
    python3 benchmarks/report.py --mcp-only --out BENCH_OUT --build BUILD_DIR --root REPO

--mcp-only rewrites only the "MCP over stdio" section of docs/benchmarks.md and the mcp_stdio
entry of results.json, from BENCH_OUT/mcp.json (MCP_ONLY=1 bash scripts/bench.sh).
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import subprocess

GROUPS = [
    ("typed_encode", "Typed encode: C++ structs → text", ["rapidjson", "nlohmann"]),
    ("value_encode", "Value encode: document model → text", ["rapidjson", "nlohmann"]),
    ("typed_decode", "Typed decode: text → C++ structs", ["simdjson", "rapidjson"]),
    ("value_decode", "Value decode: text → document model", ["simdjson", "rapidjson", "nlohmann"]),
    ("document_decode", "Document decode: text → read-only arena document", ["simdjson", "rapidjson", "nlohmann"]),
    ("json_to_toon", "JSON text → TOON text", ["value_path"]),
]
BASELINE_LABEL = {
    "rapidjson": "rapidjson",
    "nlohmann": "nlohmann",
    "simdjson": "simdjson",
    "value_path": "from_json + encode",
}
GROUP_NOTES = {
    "typed_encode": "toon: `toon::encode_to(buf, structs)`; rapidjson: `Writer<StringBuffer>` driven from the same "
    "structs; nlohmann: structs → `nlohmann::json` → `dump()`.",
    "value_encode": "toon: `toon::encode_to(buf, toon::value)`; rapidjson: `Document::Accept(Writer)`; nlohmann: "
    "`json::dump()`. Each DOM is built once, outside the timing.",
    "typed_decode": "toon: `toon::decode<T>(text)`; simdjson: On-Demand `find_field` in declaration order into the "
    "same structs; rapidjson: `Document::Parse` (full precision, so doubles round-trip) then `FindMember` per field. "
    "Every iteration fills a fresh object.",
    "value_decode": "toon: `toon::decode(text)` → `toon::value`; simdjson: DOM `parser::parse` (parser reused); "
    "rapidjson: `Document::Parse` (default flags); nlohmann: `json::parse`.",
    "document_decode": "toon: `toon::decode_document(text)` → `toon::document` (read-only; nodes, keys and "
    "strings in one arena; the rows of a table share their keys). The other columns are those of the value decode "
    "table above (the same run): simdjson's DOM, rapidjson's `Document` and ctoon's document are arena documents "
    "too.",
    "json_to_toon": "toon: `toon::json_to_toon(json)` (compact tape, no `toon::value`, a fresh string each time); "
    "from_json + encode: `toon::from_json(json)` then `toon::encode_to(buf, value)` into a reused buffer, the path it "
    "replaced. Rates are of the JSON read.",
}
PEER_FILES = [("reference", "reference.json"), ("rust", "rust.json"), ("toons", "toons.json"), ("ctoon", "ctoon.json")]
# What a peer's value_encode / value_decode times, for the notes under those tables.
PEER_OPS = {
    ("ctoon", "value_encode"): "ctoon: `ctoon_write` of the document `ctoon_read` made from the TOON text, into "
                               "a fresh `malloc`ed buffer each call (then `free`d).",
    ("ctoon", "value_decode"): "ctoon: `ctoon_read` (TOON text → its arena document; default flags: strict, "
                               "the input not modified in place), then `ctoon_doc_free`.",
}
# The text → text conversions (toon_bench groups toon_to_json / json_to_toon) and ctoon's
# functions for the same work.
CONVERSIONS = [
    ("toon_to_json", "TOON → JSON", "`toon::toon_to_json(text)`, the strict decoder's events straight into the "
     "JSON writer (`toon decode` runs the same decoder, fed in blocks)", "`ctoon_toon_to_json`"),
    ("json_to_toon", "JSON → TOON", "`toon::json_to_toon(text)` (a compact tape, no `toon::value`), as `toon encode` "
     "does", "`ctoon_json_to_toon`"),
]
FORMATS = [("pretty.json", "JSON (pretty, 2 spaces)"), ("json", "JSON (compact)"), ("toon", "TOON (comma)"),
           ("tab.toon", "TOON (tab)"), ("csv", "CSV")]


def load(path):
    if path and os.path.exists(path):
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    return None


def fmt_rate(x):
    """Records or bytes per second with an SI suffix."""
    for div, suf in ((1e9, "G"), (1e6, "M"), (1e3, "k")):
        if x >= div:
            return f"{x / div:.3g}{suf}" if x / div < 100 else f"{x / div:.0f}{suf}"
    return f"{x:.3g}"


MCP_BEGIN, MCP_END = "<!-- mcp-stdio:begin -->", "<!-- mcp-stdio:end -->"


def node_package_version(root, package, folder="tools/mcp-peers"):
    """The version of npm `package` installed under FOLDER/node_modules ("?" when absent)."""
    pkg = load(os.path.join(root, *folder.split("/"), "node_modules", *package.split("/"), "package.json"))
    return pkg.get("version", "?") if pkg else "?"


def python_package_version(root, package):
    """The version of `package` in tools/mcp-peers/venv, read from its dist-info folder ("?" when absent)."""
    import glob
    for info in glob.glob(os.path.join(root, "tools", "mcp-peers", "venv", "lib", "python3*", "site-packages",
                                       f"{package}-*.dist-info")):
        return os.path.basename(info)[len(package) + 1:-len(".dist-info")]
    return "?"


def load_with_notes(out, name):
    """BENCH_OUT/NAME.json (with its notes added as "notes") and the lines of
    BENCH_OUT/NAME-notes.txt; (None, []) when the benchmark did not run."""
    data = load(os.path.join(out, name + ".json"))
    notes_path = os.path.join(out, name + "-notes.txt")
    notes = [n for n in open(notes_path, encoding="utf-8").read().split("\n") if n] if os.path.exists(notes_path) else []
    if data:
        data["notes"] = notes
    return data, notes


def node_version():
    """`node --version`, or "" without node."""
    if not shutil.which("node"):
        return ""
    return subprocess.run(["node", "--version"], capture_output=True, text=True).stdout.strip()


def mcp_section(out, root):
    """The body of the "MCP over stdio" section (between the markers) from BENCH_OUT/mcp.json and
    BENCH_OUT/mcp-notes.txt, and the raw figures; (None, None) when the benchmark did not run."""
    data, notes = load_with_notes(out, "mcp")
    if not data:
        return None, None
    node = node_version()
    names = {
        "toon-cpp": f"`toon::mcp::server` (toon-cpp {data.get('toon_version', '')}, C++; default options)",
        "ts-sdk": f"`McpServer` of `@modelcontextprotocol/sdk` {node_package_version(root, '@modelcontextprotocol/sdk')} "
                  f"(TypeScript, node {node})",
        "toon-proxy": "the toon-cpp server behind `toon mcp proxy` (one more process and pipe hop)",
        "py-sdk": f"`MCPServer` (formerly FastMCP) of the Python `mcp` package {python_package_version(root, 'mcp')}",
        "tooner": "the toon-cpp server behind tooner "
                  f"{node_package_version(root, '@chaindead/tooner_linux_amd64', 'tools/mcp-bench-peers')} "
                  "(a Go MCP proxy that re-encodes JSON results as TOON)",
    }
    lines = [
        "A server with one no-op tool (`noop`, answers `ok`), started as a child process and driven "
        "over its stdin/stdout pipes by `toon_mcp_bench` ([`benchmarks/mcp/`](../benchmarks/mcp/)): "
        "toon-cpp's [`noop_server.cpp`](../benchmarks/mcp/noop_server.cpp) next to the official TypeScript "
        "SDK's [`ts_noop_server.mjs`](../benchmarks/mcp/ts_noop_server.mjs) and Python SDK's "
        "[`py_noop_server.py`](../benchmarks/mcp/py_noop_server.py), and toon-cpp's server behind "
        "`toon mcp proxy` and behind tooner, all after the 2025-11-25 `initialize` handshake (the revision all speak).",
        "",
        f"- **requests/s**: {data['calls']} `tools/call` requests written to the server as fast as its stdin "
        f"takes them, at most {data['window']} unanswered at a time, and every response read; requests answered "
        f"per second (each is one request line in and one response line out), median of {data['repetitions']} "
        "runs, each in a fresh process after a warm-up window.",
        f"- **round trip**: `toon::mcp::client::call_tool(\"noop\", {{}})`, one call at a time, "
        f"{data['latency_calls']} calls after 200 warm-up calls: the client's latency through both pipes.",
        "",
        "| server | requests/s | round trip median | p99 | mean |",
        "|---|---:|---:|---:|---:|",
    ]
    for r in data["servers"]:
        lat = r.get("latency") or {}
        rate = r.get("requests_per_s")
        cells = [fmt_rate(rate) if rate else "failed"]
        cells += [f"{lat[k]:.0f} µs" if k in lat else "failed" for k in ("median_us", "p99_us", "mean_us")]
        lines.append(f"| {names.get(r['label'], r['label'])} | " + " | ".join(cells) + " |")
    by_label = {r["label"]: (r.get("latency") or {}) for r in data["servers"]}
    direct = by_label.get("toon-cpp", {})
    for label, proxy in (("toon-proxy", "`toon mcp proxy`"), ("tooner", "tooner")):
        proxied = by_label.get(label, {})
        if "median_us" in direct and "median_us" in proxied:
            lines += ["", f"Proxy overhead per call (round trip through {proxy} minus direct, same run): "
                          f"median {proxied['median_us'] - direct['median_us']:+.0f} µs, "
                          f"p99 {proxied['p99_us'] - direct['p99_us']:+.0f} µs."]
    lines += [
        "",
        f"Load average before and after (`/proc/loadavg`): `{data.get('load_before', '')}`, "
        f"`{data.get('load_after', '')}`; the client and the server share the machine's cores. toon-cpp runs "
        "calls on a pool of at most `max_concurrent_calls` (4) worker threads; the SDK runs "
        "handlers on node's event loop. `toon mcp proxy` sends each call upstream on the thread "
        "that read it and answers it on the thread that reads the upstream's answer (its "
        "forwarding tools are `nonblocking` and defer their answer: docs/mcp.md, Proxy).",
    ]
    for n in notes:
        lines.append("")
        lines.append(f"Note: {n}")
    lines += ["", "Refresh only this section: `MCP_ONLY=1 bash scripts/bench.sh`."]
    return "\n".join(lines), data


def splice_mcp(md_path, body, begin=MCP_BEGIN, end=MCP_END, title="MCP over stdio"):
    """Replaces an MCP section of an existing docs/benchmarks.md, or adds it before "## Reproducing"."""
    old = open(md_path, encoding="utf-8").read() if os.path.exists(md_path) else "# Benchmarks\n"
    block = f"{begin}\n{body}\n{end}"
    pattern = re.compile(re.escape(begin) + r".*?" + re.escape(end), re.S)
    if pattern.search(old):
        new = pattern.sub(lambda _: block, old)
    else:
        section = f"## {title}\n\n{block}\n\n"
        at = old.find("## Reproducing")
        new = old[:at] + section + old[at:] if at >= 0 else old.rstrip("\n") + "\n\n" + section
    with open(md_path, "w", encoding="utf-8") as f:
        f.write(new)


def kept_section(md_path, begin, end):
    """The text between the markers `begin` and `end` of the existing page, or None."""
    if not os.path.exists(md_path):
        return None
    m = re.search(re.escape(begin) + r"\n?(.*?)\n?" + re.escape(end), open(md_path, encoding="utf-8").read(), re.S)
    return m.group(1).strip("\n") if m else None


def fmt_ratio(x):
    return f"{x:.2f}×" if x < 10 else f"{x:.1f}×"


def bench_table(results):
    """{group: {dataset: {impl: {records_per_second, bytes_per_second, bytes}}}} from toon_bench."""
    table = {}
    aggregated = any(b.get("run_type") == "aggregate" for b in results["benchmarks"])
    for b in results["benchmarks"]:
        if aggregated:  # repetitions: the median of each benchmark
            if b.get("run_type") != "aggregate" or b.get("aggregate_name") != "median":
                continue
        elif b.get("run_type", "iteration") != "iteration":
            continue
        group, dataset, impl = b.get("run_name", b["name"]).split("/")[:3]
        table.setdefault(group, {}).setdefault(dataset, {})[impl] = {
            "records_per_second": b["items_per_second"],
            "bytes_per_second": b["bytes_per_second"],
            "bytes": b.get("bytes", 0),
            "records": b.get("records", 0),
        }
    return table


def cpu_model():
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def cmake_cache(build, key):
    try:
        with open(os.path.join(build, "CMakeCache.txt"), encoding="utf-8") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return line.split("=", 1)[1].strip()
    except OSError:
        pass
    return ""


def compiler_version(cxx):
    try:
        return subprocess.run([cxx or "c++", "--version"], capture_output=True, text=True,
                              check=False).stdout.splitlines()[0]
    except (OSError, IndexError):
        return cxx


def gnuplot_bars(png, title, ylabel, columns, rows, logscale=True):
    """A clustered bar chart: rows = [(label, [value per column])]."""
    if not shutil.which("gnuplot"):
        return False
    keep = [i for i in range(len(columns)) if any(v[i] is not None for _, v in rows)]  # gnuplot fails on all-NaN
    columns, rows = [columns[i] for i in keep], [(label, [v[i] for i in keep]) for label, v in rows]
    if not columns:
        return False
    dat = png[:-4] + ".dat"
    with open(dat, "w", encoding="utf-8") as f:
        f.write("label " + " ".join(f'"{c}"' for c in columns) + "\n")
        for label, values in rows:
            f.write(f'"{label}" ' + " ".join("NaN" if v is None else f"{v:.6g}" for v in values) + "\n")
    plots = ", ".join(f"'{dat}' using {i + 2}:xtic(1) title columnheader({i + 2})" for i in range(len(columns)))
    script = f"""
set terminal pngcairo size 1000,520 font ",10" noenhanced
set output '{png}'
set title "{title}"
set ylabel "{ylabel}"
set style data histograms
set style histogram clustered gap 1
set style fill solid 0.85 border -1
set boxwidth 0.9
set key below horizontal
set grid ytics
set yrange [{'*' if logscale else '0'}:*]
{'set logscale y' if logscale else ''}
set xtics nomirror
plot {plots}
"""
    try:
        subprocess.run(["gnuplot"], input=script, text=True, check=True, capture_output=True)
    except (subprocess.CalledProcessError, OSError) as e:
        print(f"report.py: gnuplot failed for {png}: {e}")
        return False
    finally:
        os.remove(dat)
    return True


MCP_HTTP_BEGIN, MCP_HTTP_END = "<!-- mcp-http:begin -->", "<!-- mcp-http:end -->"


def mcp_http_section(out, root):
    """The body of the "MCP over Streamable HTTP" section from BENCH_OUT/mcp-http.json and
    BENCH_OUT/mcp-http-notes.txt, and the raw figures; (None, None) when the benchmark did not run."""
    data, notes = load_with_notes(out, "mcp-http")
    if not data:
        return None, None
    node = node_version()
    names = {
        "toon-cpp": f"`toon::mcp::http_server` (toon-cpp {data.get('toon_version', '')}, C++, Boost.Beast; default options)",
        "ts-sdk": f"`McpServer` + `StreamableHTTPServerTransport` of `@modelcontextprotocol/sdk` "
                  f"{node_package_version(root, '@modelcontextprotocol/sdk')} (TypeScript, node {node}, `node:http`)",
        "py-sdk": f"`MCPServer` (formerly FastMCP) of the Python `mcp` package {python_package_version(root, 'mcp')}, "
                  f"streamable-http on uvicorn {python_package_version(root, 'uvicorn')}",
    }
    lines = [
        "A server with one no-op tool (`noop`, answers `ok`) listening on 127.0.0.1, started afresh for each run "
        "and driven by `toon_mcp_http_bench` ([`benchmarks/mcp/http_bench.cpp`](../benchmarks/mcp/http_bench.cpp), "
        "Boost.Beast, one thread): toon-cpp's [`http_noop_server.cpp`](../benchmarks/mcp/http_noop_server.cpp) next "
        "to the official TypeScript SDK's [`ts_http_noop_server.mjs`](../benchmarks/mcp/ts_http_noop_server.mjs) and "
        "Python SDK's [`py_http_noop_server.py`](../benchmarks/mcp/py_http_noop_server.py). All three are stateful "
        "(a session per client) with their default responses: each answers a `tools/call` POST with a "
        "`text/event-stream` that carries the response and ends (toon-cpp starts it with a priming event, as its "
        "tool calls run on worker threads).",
        "",
        "Each of N clients keeps one connection alive and has a session of its own: `initialize` (2025-11-25), "
        "`notifications/initialized`, then `tools/call` requests POSTed one after the other, each once the "
        f"previous response is read. After {data['warmup']:g} s of warm-up, the calls answered in the next "
        f"{data['seconds']:g} s are counted; **requests/s** is their number per second, the percentiles are "
        "of their round trips (POST written to response read), **CPU** is the server process's user + system "
        f"time over the same window per 1,000 calls. Median of {data['repetitions']} runs, the servers "
        "interleaved run by run.",
        "",
    ]
    lines += [f"- **{r['label']}**: {names.get(r['label'], r['label'])}" for r in data["servers"]]
    lines += [
        "",
        "| server | clients | requests/s | median | p90 | p99 | CPU per 1,000 calls |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    by = {}
    for r in data["servers"]:
        for c in r["by_clients"]:
            by[(r["label"], c["clients"])] = c
            if "requests_per_s" not in c:
                lines.append(f"| {r['label']} | {c['clients']} | failed | | | | |")
                continue
            lines.append(f"| {r['label']} | {c['clients']} | {fmt_rate(c['requests_per_s'])} | "
                         f"{c['p50_us']:.0f} µs | {c['p90_us']:.0f} µs | {c['p99_us']:.0f} µs | "
                         f"{c['cpu_ms_per_1000_calls']:.0f} ms |")
    ratios = []
    for n in sorted({k[1] for k in by}):
        ours = by.get(("toon-cpp", n), {})
        for peer in ("ts-sdk", "py-sdk"):
            other = by.get((peer, n), {})
            if "requests_per_s" in ours and "requests_per_s" in other and other["requests_per_s"] > 0:
                ratios.append(f"{ours['requests_per_s'] / other['requests_per_s']:.1f}× {peer} at {n}")
    if ratios:
        lines += ["", "toon-cpp's requests/s over the SDKs' (same run; clients): " + ", ".join(ratios) + "."]
    lines += [
        "",
        f"Load average before and after (`/proc/loadavg`): `{data.get('load_before', '')}`, "
        f"`{data.get('load_after', '')}`; the driver and the server share the machine's cores (the driver takes "
        "one thread). toon-cpp serves on `http_options::threads` (4) threads; the SDKs on one event loop.",
    ]
    for n in notes:
        lines.append("")
        lines.append(f"Note: {n}")
    lines += ["", "Refresh only this section: `MCP_HTTP_ONLY=1 bash scripts/bench.sh` (with the stdio one: `MCP_ONLY=1`)."]
    return "\n".join(lines), data


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--build", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--catalog-md")
    ap.add_argument("--peer-ms", default="1000")
    ap.add_argument("--mcp-only", action="store_true")
    args = ap.parse_args()
    out, root = args.out, args.root

    if args.mcp_only:
        body, data = mcp_section(out, root)
        http_body, http_data = mcp_http_section(out, root)
        if body is None and http_body is None:
            raise SystemExit(f"report.py: no {os.path.join(out, 'mcp.json')} nor mcp-http.json")
        res_path = os.path.join(root, "benchmarks", "results", "results.json")
        results = load(res_path) or {}
        if body is not None:
            splice_mcp(os.path.join(root, "docs", "benchmarks.md"), body)
            results["mcp_stdio"] = data
        if http_body is not None:
            splice_mcp(os.path.join(root, "docs", "benchmarks.md"), http_body, MCP_HTTP_BEGIN, MCP_HTTP_END,
                       "MCP over Streamable HTTP")
            results["mcp_http"] = http_data
        with open(res_path, "w", encoding="utf-8") as f:
            json.dump(results, f, indent=2)
            f.write("\n")
        return
    peers_ms = args.peer_ms

    bench = load(os.path.join(out, "toon_bench.json"))
    alloc = load(os.path.join(out, "toon_bench_alloc.json"))
    tokens = load(os.path.join(out, "tokens.json")) or {}
    manifest = load(os.path.join(out, "data", "manifest.json"))
    peers = {k: load(os.path.join(out, "peers", f)) for k, f in PEER_FILES}
    peers = {k: v for k, v in peers.items() if v}
    notes_path = os.path.join(out, "peers", "notes.txt")
    peer_notes = open(notes_path, encoding="utf-8").read().split("\n") if os.path.exists(notes_path) else []
    peer_notes = [n for n in peer_notes if n] + [n for p in peers.values() for n in p.get("notes", [])]
    load_before = open(os.path.join(out, "load-before.txt"), encoding="utf-8").read().strip()
    load_after = open(os.path.join(out, "load-after.txt"), encoding="utf-8").read().strip()

    table = bench_table(bench)
    # Document decode is compared with the JSON libraries' and peers' value decode of the same run.
    for d, entry in table.get("document_decode", {}).items():
        for impl, figures in table.get("value_decode", {}).get(d, {}).items():
            if impl != "toon":
                entry.setdefault(impl, figures)
    rep_count = max((b.get("repetitions", 1) for b in bench["benchmarks"]), default=1)
    reps = f"median of {rep_count} repetitions" if rep_count > 1 else "one repetition"
    datasets = [m["name"] for m in manifest]
    records = {m["name"]: m["records"] for m in manifest}
    peer_rate = {}  # (peer, op, dataset) -> records/s
    for name, p in peers.items():
        for r in p["results"]:
            peer_rate[(name, r["op"], r["dataset"])] = r
            if r["op"] == "value_decode":
                peer_rate[(name, "document_decode", r["dataset"])] = r
    peer_label = {name: p["implementation"] for name, p in peers.items()}

    ctx = bench["context"]
    cxx = cmake_cache(args.build, "CMAKE_CXX_COMPILER")
    machine = {
        "cpu": cpu_model(),
        "cores": os.cpu_count(),
        "compiler": compiler_version(cxx),
        "flags": (cmake_cache(args.build, "CMAKE_CXX_FLAGS") + " " +
                  cmake_cache(args.build, "CMAKE_CXX_FLAGS_RELEASE")).strip(),
        "date": ctx.get("date", datetime.datetime.now(datetime.timezone.utc).isoformat()),
        "os": f"{platform.system()} {platform.release()}",
        "load_before": load_before,
        "load_after": load_after,
        "simdjson_dom_kernel": ctx.get("simdjson_dom", ""),
        "simdjson_ondemand_kernel": ctx.get("simdjson_ondemand", ""),
        "benchmark_library": f"Google Benchmark ({ctx.get('library_build_type', '')} build)",
        "peers": {k: f"{p['implementation']} ({p['runtime']})" for k, p in peers.items()},
    }

    md = []
    w = md.append
    w("# Benchmarks")
    w("")
    w("Speed, size and tokens of TOON (toon-cpp) against the JSON libraries C++ users know "
      "(rapidjson, simdjson, nlohmann-json) and against other TOON implementations, measured in one run "
      "on one machine by `bash scripts/bench.sh`. Everything on this page is generated; the raw "
      "figures are in [`benchmarks/results/results.json`](../benchmarks/results/results.json).")
    w("")
    w("## Machine")
    w("")
    w("| | |")
    w("|---|---|")
    for k in ("cpu", "cores", "os", "compiler", "flags", "date", "load_before", "load_after",
              "simdjson_dom_kernel", "simdjson_ondemand_kernel"):
        w(f"| {k.replace('_', ' ')} | `{machine[k]}` |")
    for k, v in machine["peers"].items():
        w(f"| peer: {k} | {v} |")
    w("")
    w("Timings share two cores with whatever else runs; the load averages above show how busy the "
      "machine was. Compare ratios measured in the same run rather than absolute figures across runs. "
      f"toon-cpp and the JSON libraries run in one Google Benchmark process (CPU time per iteration; {reps}); the "
      "peers run right after it, each in its own process, timed over at least "
      f"{peers_ms} ms per dataset and operation after a warm-up, by wall clock"
      + (" (" + ", ".join(p for p in peers if peers[p].get("clock") == "cpu") + ": by the process's CPU time, "
         "like toon-cpp)" if any(p.get("clock") == "cpu" for p in peers.values()) else "")
      + ". simdjson On-Demand is compiled from its "
      "headers; its file is built with `-march=native` so that it uses the machine's SIMD kernel (above), "
      "as simdjson recommends.")
    w("")
    w("## Datasets")
    w("")
    w("Generated deterministically (fixed seeds, `benchmarks/datasets/*.hpp`) as C++ structs; the "
      "document-model benchmarks use the same data as `toon::value` / JSON DOMs. records/s counts the "
      "records of the table below; bytes/s counts the bytes of the text each benchmark writes or reads "
      "(TOON for toon, compact JSON for the JSON libraries).")
    w("")
    w("| dataset | records | shape |")
    w("|---|---:|---|")
    shapes = {
        "employees": "uniform flat records (one table)",
        "orders": "orders with a nested customer object and an item table",
        "timeseries": "hourly metrics, numeric, flat",
        "repos": "GitHub-repository-like records, free text with commas and colons",
        "events": "semi-uniform logs: optional fields as null, 10% with a nested error object (list form)",
        "config": "deeply nested configuration (7 object levels), records = environments",
        "catalog": "MCP tools/list result with 50 tools and their JSON Schemas (document model only)",
        "manifests": "Kubernetes-like manifests: a List of Deployments, Services and ConfigMaps, up to 9 object "
                     "levels with short lists of objects; records = resources (document model only, "
                     "`benchmarks/datasets/deep.hpp`)",
        "openapi": "OpenAPI 3 fragment: paths → methods → parameters, request bodies and responses down to "
                   "their schemas, quoted keys; records = operations (document model only, "
                   "`benchmarks/datasets/deep.hpp`)",
    }
    if ctx.get("catalog", "").startswith("generated"):
        shapes["catalog"] += "; generated by `benchmarks/datasets/catalog.hpp`"
    elif ctx.get("catalog"):
        shapes["catalog"] += "; the catalog of `benchmarks/catalog/catalog_50.hpp` (`toon_catalog_50`'s tools_list.json)"
    for d in datasets:
        w(f"| {d} | {records[d]:,} | {shapes.get(d, '')} |")
    w("")
    w("Before any timing, every path is checked once: each writer's output reads back into structs equal "
      "to the originals, each reader's structs equal the originals, each parser accepts its input, and "
      "each peer's encode output is compared byte for byte with toon-cpp's.")
    w("")

    results = {"machine": machine, "datasets": {d: {"records": records[d]} for d in datasets},
               "throughput": {}, "peers": {}, "allocations": {}, "tokens": {}, "targets": []}

    chart_rows = {}
    for group, title, baselines in GROUPS:
        g = table.get(group, {})
        w(f"## {title}")
        w("")
        w(GROUP_NOTES[group])
        w("")
        peer_cols = [p for p in peers if group in ("value_encode", "value_decode", "document_decode")]
        for p in peer_cols:
            if (p, group) in PEER_OPS and group != "document_decode":
                w(PEER_OPS[(p, group)])
                w("")
        head = ["dataset", "toon records/s", "toon MB/s"]
        for b in baselines:
            head += [f"{b} records/s", f"toon ÷ {b}"]
        for p in peer_cols:
            head += [f"{p} records/s", f"toon ÷ {p}"]
        w("| " + " | ".join(head) + " |")
        w("|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|")
        rows = []
        for d in datasets:
            if d not in g or "toon" not in g[d]:
                continue
            t = g[d]["toon"]
            cells = [d, fmt_rate(t["records_per_second"]), f"{t['bytes_per_second'] / 1e6:.0f}"]
            entry = {"toon": t}
            values = [t["records_per_second"] / 1e6]
            for b in baselines:
                if b in g[d]:
                    r = g[d][b]["records_per_second"]
                    cells += [fmt_rate(r), fmt_ratio(t["records_per_second"] / r)]
                    entry[b] = g[d][b]
                    values.append(r / 1e6)
                else:
                    cells += ["–", "–"]
                    values.append(None)
            for p in peer_cols:
                pr = peer_rate.get((p, group, d))
                if pr:
                    cells += [fmt_rate(pr["records_per_second"]), fmt_ratio(t["records_per_second"] / pr["records_per_second"])]
                    entry["peer:" + p] = {"records_per_second": pr["records_per_second"], "bytes_per_second": pr["bytes_per_second"]}
                    values.append(pr["records_per_second"] / 1e6)
                else:
                    cells += ["–", "–"]
                    values.append(None)
            results["throughput"].setdefault(group, {})[d] = entry
            rows.append((d, values))
            w("| " + " | ".join(cells) + " |")
        w("")
        cols = ["toon"] + baselines + [peer_label.get(p, p) for p in peer_cols]
        png = os.path.join(root, "docs", "img", f"bench-{group.replace('_', '-')}.png")
        os.makedirs(os.path.dirname(png), exist_ok=True)
        if gnuplot_bars(png, title + " (records/s, log scale)", "million records/s", cols, rows):
            w(f"![{title}](img/{os.path.basename(png)})")
            w("")
        chart_rows[group] = rows

    # Text -> text: what the CLI does, against ctoon's conversion functions.
    if any(table.get(op) for op, _, _, _ in CONVERSIONS):
        w("## Text conversion: `toon decode` and `toon encode`")
        w("")
        w("Text in, text out, the work of the CLI on a file, against ctoon's conversion functions:")
        w("")
        for _, label, ours, theirs in CONVERSIONS:
            w(f"- **{label}**: toon-cpp {ours}; ctoon {theirs}.")
        w("")
        w("Both sides return a fresh string each call. Before timing, toon-cpp's output is checked equal to the "
          "dataset's other text byte for byte; ctoon's TOON is compared with toon-cpp's byte for byte, and its "
          "JSON with toon-cpp's compact JSON (byte for byte, else as data); any difference is a peer note. "
          "MB/s of the input text (TOON for TOON → JSON, compact JSON for JSON → TOON), the same bytes for both "
          "sides.")
        w("")
        head = ["dataset"]
        for _, label, _, _ in CONVERSIONS:
            head += [f"{label} toon MB/s", "ctoon MB/s", "toon ÷ ctoon"]
        w("| " + " | ".join(head) + " |")
        w("|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|")
        conv_rows = []
        for d in datasets:
            cells, values = [d], []
            for op, _, _, _ in CONVERSIONS:
                t = table.get(op, {}).get(d, {}).get("toon")
                pr = peer_rate.get(("ctoon", op, d))
                cells.append(f"{t['bytes_per_second'] / 1e6:.0f}" if t else "–")
                cells.append(f"{pr['bytes_per_second'] / 1e6:.0f}" if pr else "–")
                cells.append(fmt_ratio(t["records_per_second"] / pr["records_per_second"]) if t and pr else "–")
                values += [t["bytes_per_second"] / 1e6 if t else None, pr["bytes_per_second"] / 1e6 if pr else None]
                entry = results.setdefault("convert", {}).setdefault(d, {}).setdefault(op, {})
                if t:
                    entry["toon"] = t
                if pr:
                    entry["peer:ctoon"] = {"records_per_second": pr["records_per_second"],
                                           "bytes_per_second": pr["bytes_per_second"]}
                    results["peers"].setdefault("ctoon", {}).setdefault(op, {})[d] = pr
            conv_rows.append((d, values))
            w("| " + " | ".join(cells) + " |")
        w("")
        if "ctoon" not in peers:
            why = [n.removeprefix("ctoon (C): ") for n in peer_notes if n.startswith("ctoon")]
            w("ctoon did not run" + (": " + "; ".join(why) if why else "") + ".")
            w("")
        png = os.path.join(root, "docs", "img", "bench-convert.png")
        cols = []
        for _, label, _, _ in CONVERSIONS:
            cols += [f"toon {label}", f"ctoon {label}"]
        if gnuplot_bars(png, "Text conversion (MB/s of input text, log scale)", "MB/s", cols, conv_rows):
            w("![Text conversion](img/bench-convert.png)")
            w("")

    # toon-cpp and ctoon timed alternately in one process (toon_ab_ctoon, scripts/bench.sh).
    ab = None
    ab_path = os.path.join(out, "peers", "ab-ctoon.json")
    if os.path.exists(ab_path):
        ab = json.load(open(ab_path, encoding="utf-8"))
        ab_load = [open(os.path.join(out, "peers", f), encoding="utf-8").read().strip()
                   for f in ("ab-load-before.txt", "ab-load-after.txt")
                   if os.path.exists(os.path.join(out, "peers", f))]
        ab_ops = [("value_decode", "`toon::decode` → `toon::value`", "`ctoon_read`"),
                  ("document_decode", "`toon::decode_document`", "`ctoon_read`"),
                  ("value_tree", "`node::to_value()` (no parsing)", "`ctoon_read`"),
                  ("toon_to_json", "`toon::toon_to_json`", "`ctoon_toon_to_json`"),
                  ("json_to_toon", "`toon::json_to_toon`", "`ctoon_json_to_toon`")]
        ab_table = {(r["dataset"], r["op"]): r for r in ab["results"]}
        w("## toon-cpp ÷ ctoon, interleaved in one process")
        w("")
        w(f"`toon_ab_ctoon` (benchmarks/peers/ctoon/ab_main.cpp) links toon-cpp and ctoon's C core into one "
          f"program and times them alternately on the same input bytes: per dataset and operation, a run "
          f"times a batch of toon-cpp, two of ctoon and one more of toon-cpp (A B B A, about {ab['batch_ms']:.0f} ms "
          f"of CPU time each), so that a change of the machine's load weighs on both sides alike. Each cell "
          f"is toon ÷ ctoon (ctoon's CPU time per call ÷ toon-cpp's): the median of {ab['runs']} runs and, in "
          f"brackets, their spread (lowest–highest). Load averages before and after: "
          + ("; ".join(f"`{x}`" for x in ab_load) if ab_load else "not recorded") + ".")
        w("")
        w("| dataset | " + " | ".join(f"{ours} ÷ {theirs}" for _, ours, theirs in ab_ops) + " |")
        w("|---|" + "|".join(["---:"] * len(ab_ops)) + "|")
        for d in datasets:
            cells = [d]
            for op, _, _ in ab_ops:
                r = ab_table.get((d, op))
                cells.append(f"{r['ratio']:.2f}× [{r['ratio_min']:.2f}–{r['ratio_max']:.2f}]" if r else "–")
            w("| " + " | ".join(cells) + " |")
        w("")
        results["ab_ctoon"] = ab

    # Incremental decoding: the parser's cost by chunk size (stream_decode group).
    sd = table.get("stream_decode", {})
    if sd:
        chunks = [("whole", "whole"), ("chunk_4096", "4 KiB chunks"), ("chunk_16", "16-byte chunks"),
                  ("chunk_1", "1-byte chunks")]
        w("## Incremental decoding by chunk size")
        w("")
        w("The parser alone (events into a handler that does nothing, table rows as one call each): the "
          "whole text through `toon::decode_events`, and the same text fed to `toon::stream_decoder` in "
          "chunks of 4 KiB, 16 bytes and 1 byte (docs/streaming.md). MB/s of TOON text.")
        w("")
        w("| dataset | " + " | ".join(label + " MB/s" for _, label in chunks) + " | 1-byte ÷ whole |")
        w("|---|" + "|".join(["---:"] * (len(chunks) + 1)) + "|")
        for d in datasets:
            if d not in sd or "whole" not in sd[d]:
                continue
            cells = [d]
            for impl, _ in chunks:
                cells.append(f"{sd[d][impl]['bytes_per_second'] / 1e6:.0f}" if impl in sd[d] else "–")
            if "chunk_1" in sd[d]:
                cells.append(fmt_ratio(sd[d]["chunk_1"]["bytes_per_second"] / sd[d]["whole"]["bytes_per_second"]))
            else:
                cells.append("–")
            results.setdefault("stream_decode", {})[d] = sd[d]
            w("| " + " | ".join(cells) + " |")
        w("")

    # Targets of issue 6, each figure from this run.
    w("## Targets")
    w("")
    w("| target | dataset | figure | met |")
    w("|---|---|---|:---:|")

    def target(name, dataset, figure, ok):
        results["targets"].append({"target": name, "dataset": dataset, "figure": figure, "met": ok})
        w(f"| {name} | {dataset} | {figure} | {'yes' if ok else '**no**'} |")

    te, ve, td, vd = (table.get(k, {}) for k in ("typed_encode", "value_encode", "typed_decode", "value_decode"))
    dd = table.get("document_decode", {})
    for d in datasets:
        if d in te and "rapidjson" in te[d]:
            r = te[d]["toon"]["records_per_second"] / te[d]["rapidjson"]["records_per_second"]
            target("typed encode ≥ 2× rapidjson Writer (records/s)", d, fmt_ratio(r), r >= 2)
    if "employees" in te:
        gbs = te["employees"]["toon"]["bytes_per_second"] / 1e9
        target("typed encode ≥ 1 GB/s TOON output", "employees", f"{gbs:.2f} GB/s", gbs >= 1)
    for p, need in (("reference", 30), ("rust", 3), ("toons", 3)):
        if p not in peers:
            continue
        for d in datasets:
            pr = peer_rate.get((p, "value_encode", d))
            if pr and d in ve:
                r = ve[d]["toon"]["records_per_second"] / pr["records_per_second"]
                target(f"value encode ≥ {need}× {peer_label[p]}", d, fmt_ratio(r), r >= need)
    for d in datasets:
        if d in td and "simdjson" in td[d]:
            r = td[d]["toon"]["records_per_second"] / td[d]["simdjson"]["records_per_second"]
            target("typed decode ≥ simdjson On-Demand (records/s)", d, fmt_ratio(r), r >= 1)
    for d in datasets:
        if d in dd and "rapidjson" in dd[d]:
            r = dd[d]["toon"]["records_per_second"] / dd[d]["rapidjson"]["records_per_second"]
            target("document decode ≥ 1.2× rapidjson parse (records/s)", d, fmt_ratio(r), r >= 1.2)
    if "ctoon" in peers:
        for d in datasets:
            pr = peer_rate.get(("ctoon", "value_decode", d))
            if pr and d in dd:
                r = dd[d]["toon"]["records_per_second"] / pr["records_per_second"]
                target("document decode ≥ 1.5× ctoon `ctoon_read`", d, fmt_ratio(r), r >= 1.5)
        for op, label, _, theirs in CONVERSIONS:
            for d in datasets:
                t = table.get(op, {}).get(d, {}).get("toon")
                pr = peer_rate.get(("ctoon", op, d))
                if t and pr:
                    r = t["records_per_second"] / pr["records_per_second"]
                    target(f"{label} text ≥ 2× ctoon {theirs}", d, fmt_ratio(r), r >= 2)
    if ab is not None:
        ab_table = {(r["dataset"], r["op"]): r for r in ab["results"]}
        for op, name, need in (("value_decode", "value decode (`toon::value`) ≥ 1× ctoon `ctoon_read`, A/B", 1.0),
                               ("document_decode", "document decode ≥ 1.5× ctoon `ctoon_read`, A/B", 1.5),
                               ("toon_to_json", "TOON → JSON text ≥ 2× ctoon `ctoon_toon_to_json`, A/B", 2.0)):
            for d in datasets:
                r = ab_table.get((d, op))
                if r:
                    target(name, d, f"{r['ratio']:.2f}× [{r['ratio_min']:.2f}–{r['ratio_max']:.2f}]",
                           r["ratio"] >= need)
    w("")
    # What limits the missed targets: hand-written (profiles, not timings of this run).
    notes = os.path.join(root, "benchmarks", "limits.md")
    if os.path.exists(notes):
        with open(notes, encoding="utf-8") as f:
            w(f.read().rstrip("\n"))
        w("")

    # Other TOON implementations, decode side too (value encode is in the table above).
    if peers:
        w("## Other TOON implementations")
        w("")
        w("Same data, same TOON text (each peer's encode output was compared with toon-cpp's). "
          "The reference and the Rust crate encode from their JSON value type and decode into it; `toons` "
          "converts from and to Python objects, which is how it is used" +
          ("; ctoon (its C core, compiled with `-O3` from the source package of the crate) reads into and "
           "writes from its own arena document (`ctoon_read`, `ctoon_write`; its text → text functions are in "
           "the conversion section above)." if "ctoon" in peers else "."))
        w("")
        head = ["dataset", "operation", "toon-cpp records/s"] + [f"{peer_label[p]} records/s" for p in peers] + \
               [f"÷ {p}" for p in peers]
        w("| " + " | ".join(head) + " |")
        w("|" + "|".join(["---", "---"] + ["---:"] * (len(head) - 2)) + "|")
        for d in datasets:
            for op, g in (("value_encode", ve), ("value_decode", vd), ("document_decode", dd)):
                if d not in g:
                    continue
                mine = g[d]["toon"]["records_per_second"]
                rates = [peer_rate.get((p, op, d)) for p in peers]
                cells = [d, op.replace("_", " "), fmt_rate(mine)] + \
                        [fmt_rate(r["records_per_second"]) if r else "–" for r in rates] + \
                        [fmt_ratio(mine / r["records_per_second"]) if r else "–" for r in rates]
                w("| " + " | ".join(cells) + " |")
                for p, r in zip(peers, rates):
                    if r:
                        results["peers"].setdefault(p, {}).setdefault(op, {})[d] = r
        w("")
    if peer_notes:
        w("Peer notes: " + "; ".join(peer_notes) + ".")
        w("")

    # Allocations.
    if alloc:
        w("## Heap allocations of typed encode")
        w("")
        w("`toon_bench_alloc` replaces the global `operator new` with a counting one and encodes each dataset "
          "repeatedly into the same output buffer, after one untimed call that sizes it.")
        w("")
        w("| dataset | toon allocations / record | rapidjson Writer | nlohmann |")
        w("|---|---:|---:|---:|")
        at = {}
        for b in alloc["benchmarks"]:
            group, d, impl = b["name"].split("/")[:3]
            if group == "alloc_typed_encode":
                at.setdefault(d, {})[impl] = b["allocs_per_record"]
        for d in datasets:
            if d in at:
                a = at[d]
                w(f"| {d} | {a.get('toon', 0):.3g} | {a.get('rapidjson', 0):.3g} | {a.get('nlohmann', 0):.3g} |")
        results["allocations"] = at
        zero = all(a.get("toon", 1) == 0 for a in at.values())
        target_line = "typed encode: 0 heap allocations per record once the buffer is sized"
        results["targets"].append({"target": target_line, "dataset": "all", "figure": "0" if zero else "nonzero", "met": zero})
        w("")
        w(f"Result: toon typed encode performs **{'0' if zero else 'some'}** heap allocations per record "
          "once the output buffer is sized.")
        w("")
        dec = {}
        for b in alloc["benchmarks"]:
            group, d, impl = b["name"].split("/")[:3]
            if group == "alloc_typed_decode":
                dec.setdefault(d, {})[impl] = b
        if dec:
            w("## Heap allocations of typed decode")
            w("")
            w("`toon_bench_alloc` counts the allocations of `toon::decode<T>` into a new document next to the "
              "minimum its target needs: those of a copy of the decoded document (one per non-empty container, "
              "one per string past the small-string buffer). What decoding allocates beyond that is the "
              "decoder's and parser's working buffers, a constant per call.")
            w("")
            w("| dataset | toon allocations / record | minimum / record | beyond the target, per decoding |")
            w("|---|---:|---:|---:|")
            for d in datasets:
                if d in dec and "toon" in dec[d]:
                    t, m = dec[d]["toon"], dec[d].get("minimum")
                    w(f"| {d} | {t['allocs_per_record']:.4g} | {m['allocs_per_record'] if m else float('nan'):.4g} | "
                      f"{t.get('beyond_target', float('nan')):.3g} |")
            results["decode_allocations"] = {d: {k: v.get("allocs_per_record") for k, v in g.items()} for d, g in dec.items()}
            met = all(g["toon"].get("beyond_target", 1e9) <= 64 for g in dec.values() if "toon" in g)
            results["targets"].append({"target": "typed decode: no allocation per record beyond the target's storage",
                                       "dataset": "all", "figure": "constant per call" if met else "grows", "met": met})
            w("")
            w(f"Result: toon typed decode allocates **{'nothing' if met else 'more than its target'}** per record "
              "beyond the target's own storage.")
            w("")

    # Size and tokens.
    if tokens:
        w("## Size and tokens")
        w("")
        w("Bytes and o200k_base tokens (GPT-4o / GPT-5 tokenizer, `gpt-tokenizer`) of the same data in each "
          "format; CSV only where the data is one flat table. TOON (comma) is compared with both JSON forms: "
          "it saves most on uniform tables and can cost more than compact JSON where indentation dominates "
          "(deep nesting, list-form records).")
        w("")
        head = ["dataset"] + [f"{label}" for _, label in FORMATS] + ["TOON tokens vs compact JSON",
                                                                   "vs pretty JSON"]
        w("| " + " | ".join(head) + " |")
        w("|" + "|".join(["---"] + ["---:"] * (len(head) - 1)) + "|")
        tok_rows = []
        for d in datasets:
            cells, vals = [d], []
            entry = {}
            for ext, label in FORMATS:
                t = tokens.get(f"{d}.{ext}")
                if t:
                    cells.append(f"{t['tokens']:,} tok / {t['bytes']:,} B")
                    entry[ext] = t
                    vals.append(t["tokens"] / 1000)
                else:
                    cells.append("–")
                    vals.append(None)
            for base in ("json", "pretty.json"):
                if base in entry and "toon" in entry:
                    saving = 100 * (1 - entry["toon"]["tokens"] / entry[base]["tokens"])
                    cells.append(f"{saving:.1f}% fewer" if saving >= 0 else f"{-saving:.1f}% more")
                else:
                    cells.append("–")
            results["tokens"][d] = entry
            tok_rows.append((d, vals))
            w("| " + " | ".join(cells) + " |")
        w("")
        png = os.path.join(root, "docs", "img", "bench-tokens.png")
        if gnuplot_bars(png, "o200k_base tokens per format (thousands, log scale)", "thousand tokens",
                        [label for _, label in FORMATS], tok_rows):
            w("![tokens](img/bench-tokens.png)")
            w("")

    # The 50-tool catalog section of the other benchmark (benchmarks/catalog), kept or refreshed.
    md_path = os.path.join(root, "docs", "benchmarks.md")
    begin, end = "<!-- catalog-tokens:begin -->", "<!-- catalog-tokens:end -->"
    catalog = ""
    if args.catalog_md and os.path.exists(args.catalog_md):
        catalog = open(args.catalog_md, encoding="utf-8").read().strip("\n")
    else:
        catalog = kept_section(md_path, begin, end) or ""
    w("## MCP tool catalog (tools/list)")
    w("")
    w(begin)
    if catalog:
        w(catalog)
    w(end)
    w("")
    # MCP over stdio (benchmarks/mcp): this run's figures, or the section of the previous page.
    mcp_body, mcp_data = mcp_section(out, root)
    if mcp_data:
        results["mcp_stdio"] = mcp_data
    else:
        mcp_body = kept_section(md_path, MCP_BEGIN, MCP_END)
        old_results = load(os.path.join(root, "benchmarks", "results", "results.json")) or {}
        if mcp_body and "mcp_stdio" in old_results:
            results["mcp_stdio"] = old_results["mcp_stdio"]
    if mcp_body:
        w("## MCP over stdio")
        w("")
        w(MCP_BEGIN)
        w(mcp_body)
        w(MCP_END)
        w("")
    # MCP over Streamable HTTP (benchmarks/mcp/http_bench.cpp): likewise.
    http_body, http_data = mcp_http_section(out, root)
    if http_data:
        results["mcp_http"] = http_data
    else:
        http_body = kept_section(md_path, MCP_HTTP_BEGIN, MCP_HTTP_END)
        old_results = load(os.path.join(root, "benchmarks", "results", "results.json")) or {}
        if http_body and "mcp_http" in old_results:
            results["mcp_http"] = old_results["mcp_http"]
    if http_body:
        w("## MCP over Streamable HTTP")
        w("")
        w(MCP_HTTP_BEGIN)
        w(http_body)
        w(MCP_HTTP_END)
        w("")
    # Build and include cost (docs/benchmarks.md#build-and-include-cost): measured apart from this
    # run (scripts/include-cost.sh and the commands the section names), kept as it is.
    build_begin, build_end = "<!-- build-cost:begin -->", "<!-- build-cost:end -->"
    build_body = kept_section(md_path, build_begin, build_end)
    if build_body is not None:
        w("## Build and include cost")
        w("")
        w(build_begin)
        w(build_body)
        w(build_end)
        w("")
    w("## Reproducing")
    w("")
    w("```sh")
    w("bash scripts/setup.sh      # Debian packages, gnuplot-nox included")
    w("bash scripts/bench.sh      # BUILD_DIR, MIN_TIME, PEER_MS, SKIP_PEERS: see the script")
    w("```")
    w("")
    w("Sources: `benchmarks/datasets/` (generators), `benchmarks/json/` (the JSON baselines), "
      "`benchmarks/bench/` (registrations), `benchmarks/peers/` (other TOON implementations, fetched and "
      "built at run time, never committed: ctoon's C core comes from the source package of the crate "
      "`ctoon`, which cargo downloads for `benchmarks/peers/ctoon`), `benchmarks/report.py` (this page).")
    # The real MCP servers' tools/list tokens (scripts/mcp-tools-tokens.sh --update-docs writes it
    # between its markers): measured apart from this run, kept as it is.
    tools_begin, tools_end = "<!-- mcp-tools-tokens:begin -->", "<!-- mcp-tools-tokens:end -->"
    tools_body = kept_section(md_path, tools_begin, tools_end)
    if tools_body is not None:
        w("")
        w(tools_begin)
        w(tools_body)
        w(tools_end)

    with open(md_path, "w", encoding="utf-8") as f:
        f.write("\n".join(md) + "\n")
    res_path = os.path.join(root, "benchmarks", "results", "results.json")
    os.makedirs(os.path.dirname(res_path), exist_ok=True)
    with open(res_path, "w", encoding="utf-8") as f:
        json.dump(results, f, indent=2)
        f.write("\n")


if __name__ == "__main__":
    main()
