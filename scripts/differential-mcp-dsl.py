#!/usr/bin/env python3
"""Differential test of `toon dsl compile` against the TypeScript MCP-DSL compiler.

Runs both compilers on every document of tests/dsl/differential/corpus.json (the examples of
the MCP-DSL grammar, specification and README, and the test inputs of the TypeScript
implementation) and on --count generated documents (JSON-RPC messages with plain values, the
part of the language both implement), and compares the JSON they give, key order included.
A corpus entry whose outcome differs must name its documented deviation ("deviation", see
docs/mcp-dsl.md); an entry that names one but agrees fails too, so the list stays true.
Generated documents must all agree.

The reference sources come from a git clone of the MCP-DSL repository: $MCP_DSL_GIT_DIR when
set, else a bare clone of the git bundle --bundle, made in --clone-dir (replaced on each run);
tools/mcp-dsl-reference/ensure-installed.sh extracts them and installs tsx.

Usage: differential-mcp-dsl.py --cli build/bin/toon [--count N] [--seed S]
                               [--bundle MCP-DSL.bundle --clone-dir DIR]
Exit status: 0 all agree (or differ as documented), 1 otherwise, 77 when the reference cannot
run (node, npm, git or the MCP-DSL repository missing). With CI=true in the environment a
missing prerequisite is a failure (1), never a skip: CI must run the comparison.
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REF = os.path.join(ROOT, "tools", "mcp-dsl-reference")


def ordered(text):
    return json.loads(text, object_pairs_hook=lambda pairs: ("{}", pairs))


def run_reference(docs):
    p = subprocess.run(["node", "--import", "tsx", os.path.join(REF, "compile.mts")], cwd=REF,
                       input=json.dumps(docs), capture_output=True, text=True, timeout=600)
    if p.returncode != 0:
        sys.exit(f"reference runner failed:\n{p.stderr}")
    lines = p.stdout.splitlines()
    assert len(lines) == len(docs), (len(lines), len(docs))
    out = []
    for line in lines:
        r = json.loads(line)
        out.append(("ok", ordered(json.dumps(r["ok"]))) if "ok" in r else ("error", r["error"]))
    return out


def run_ours(cli, doc):
    p = subprocess.run([cli, "dsl", "compile"], input=doc, capture_output=True, text=True, timeout=60)
    # Under the sanitizer stage a report exits 1 too: never take it for a compile error.
    if "Sanitizer" in p.stderr or "runtime error:" in p.stderr:
        sys.exit(f"toon dsl compile: sanitizer report on:\n{doc}\n{p.stderr}")
    if p.returncode == 0:
        return ("ok", [ordered(l) for l in p.stdout.splitlines() if l])
    if p.returncode == 1:
        return ("error", p.stderr.splitlines()[0] if p.stderr else "")
    sys.exit(f"toon dsl compile exited with {p.returncode} on:\n{doc}\n{p.stderr}")


WORDS = ["alpha", "beta", "search", "weather", "query", "name", "value", "items", "count", "data", "x1", "Key_2"]


def gen_string(rnd):
    chars = "abcdefghijklmnopqrstuvwxyz ABCXYZ0123456789.,:/-_{}[]#@|"
    s = "".join(rnd.choice(chars) for _ in range(rnd.randint(0, 12)))
    text = json.dumps(s)[1:-1]  # escapes " and \ only (no control characters generated)
    if rnd.random() < 0.2:
        text += rnd.choice(["\\n", "\\t", "\\\"", "\\\\"])
    return '"' + text + '"'


def gen_value(rnd, depth):
    r = rnd.random()
    if depth > 0 and r < 0.2:
        return gen_object(rnd, depth - 1)
    if depth > 0 and r < 0.35:
        return "[" + ", ".join(gen_value(rnd, depth - 1) for _ in range(rnd.randint(0, 4))) + "]"
    k = rnd.randint(0, 6)
    if k == 0:
        return str(rnd.randint(-10**6, 10**6))
    if k == 1:
        return f"{rnd.randint(-999, 999)}.{rnd.randint(0, 99):02d}".replace(".00", ".5")
    if k == 2:
        return rnd.choice(["true", "false", "null"])
    if k == 3:
        return rnd.choice(WORDS)
    return gen_string(rnd)


def gen_object(rnd, depth):
    keys = rnd.sample(WORDS + ["desc", "args", "mime", "v", "msgs", "caps"], rnd.randint(0, 4))
    return "{" + ", ".join(f"{k}: {gen_value(rnd, depth)}" for k in keys) + "}"


def gen_message(rnd):
    method = rnd.choice(["tools/call", "resources/read", "ping", "notifications/progress", "custom/do_it"])
    kind = rnd.randint(0, 3)
    mid = rnd.randint(0, 10**6)
    if kind == 0:
        return f"> {method}#{mid}" + (" " + gen_object(rnd, 2) if rnd.random() < 0.8 else "")
    if kind == 1:
        return f"! {method}" + (" " + gen_object(rnd, 2) if rnd.random() < 0.8 else "")
    if kind == 2:
        return f"< #{mid} " + gen_object(rnd, 2)
    msg = gen_string(rnd) if rnd.random() < 0.5 else rnd.choice(WORDS)
    return f"x #{mid} {rnd.randint(-32700, -32000)}:{msg}" + (" " + gen_object(rnd, 1) if rnd.random() < 0.5 else "")


def unavailable(why):
    """A prerequisite is missing: skip (77), or fail under CI, which must run the comparison."""
    if os.environ.get("CI", "").lower() in ("true", "1", "yes"):
        print(f"differential-mcp-dsl: FAILED (CI={os.environ['CI']}, so a missing prerequisite is an error, "
              f"not a skip): {why}")
        sys.exit(1)
    print(f"differential-mcp-dsl: SKIPPED, the TypeScript reference cannot run: {why}")
    sys.exit(77)


def clone_bundle(bundle, clone_dir):
    """Clones the MCP-DSL bundle into clone_dir (bare) and returns it."""
    if not bundle or not clone_dir:
        unavailable("no MCP-DSL repository: set MCP_DSL_GIT_DIR to a git clone of it, or pass --bundle "
                    "and --clone-dir (CMake: TOON_MCP_DSL_GIT_DIR, TOON_MCP_DSL_BUNDLE)")
    if not os.path.isfile(bundle):
        unavailable(f"the MCP-DSL bundle {bundle} does not exist (CMake: TOON_MCP_DSL_BUNDLE, default "
                    "../shared/mcp-dsl/MCP-DSL.bundle beside the source tree; or set MCP_DSL_GIT_DIR)")
    if shutil.which("git") is None:
        unavailable("git not found (needed to clone the MCP-DSL bundle)")
    shutil.rmtree(clone_dir, ignore_errors=True)
    p = subprocess.run(["git", "clone", "--bare", "--quiet", bundle, clone_dir], capture_output=True, text=True)
    if p.returncode != 0:
        sys.exit(f"differential-mcp-dsl: git clone --bare {bundle} {clone_dir} failed:\n{p.stderr.strip()}")
    return clone_dir


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cli", required=True)
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bundle", help="git bundle of the MCP-DSL repository (when MCP_DSL_GIT_DIR is not set)")
    ap.add_argument("--clone-dir", help="where to clone --bundle (replaced)")
    args = ap.parse_args()

    env = dict(os.environ)
    if not env.get("MCP_DSL_GIT_DIR"):
        env["MCP_DSL_GIT_DIR"] = clone_bundle(args.bundle, args.clone_dir)
    setup = subprocess.run(["bash", os.path.join(REF, "ensure-installed.sh")], capture_output=True, text=True,
                           env=env)
    if setup.returncode == 77:
        unavailable(setup.stderr.strip())
    if setup.returncode != 0:
        sys.exit(f"differential-mcp-dsl: tools/mcp-dsl-reference/ensure-installed.sh failed:\n{setup.stderr.strip()}")

    with open(os.path.join(ROOT, "tests", "dsl", "differential", "corpus.json"), encoding="utf-8") as f:
        corpus = json.load(f)
    # Every deviation named in the corpus must be in docs/mcp-dsl.md's table of deviations.
    with open(os.path.join(ROOT, "docs", "mcp-dsl.md"), encoding="utf-8") as f:
        doc = f.read()
    documented = set()
    for line in doc.splitlines():
        if line.startswith("| `"):  # a table row: the names in backquotes of its first cell
            documented.update(re.findall(r"`([^`]+)`", line.split("|")[1]))
    undocumented = sorted({c["deviation"] for c in corpus if c.get("deviation")} - documented)
    rnd = random.Random(args.seed)
    generated = []
    for _ in range(args.count):
        generated.append("\n".join(gen_message(rnd) for _ in range(rnd.randint(1, 4))) + "\n")

    docs = [c["dsl"] for c in corpus] + generated
    ref = run_reference(docs)
    failures = 0
    agree = documented = 0
    for i, doc in enumerate(docs):
        ours = run_ours(args.cli, doc)
        theirs = ref[i]
        same = ours[0] == theirs[0] and (ours[0] == "error" or ours[1] == theirs[1])
        entry = corpus[i] if i < len(corpus) else None
        deviation = entry.get("deviation") if entry else None
        label = entry["name"] if entry else f"generated #{i - len(corpus)}"
        if same and not deviation:
            agree += 1
        elif not same and deviation:
            documented += 1
        else:
            failures += 1
            why = "lists a deviation but both agree" if same else "outputs differ"
            print(f"FAIL {label}: {why}\n--- dsl\n{doc}\n--- toon-cpp\n{ours}\n--- typescript\n{theirs}\n")
    for name in undocumented:
        failures += 1
        print(f"FAIL deviation {name!r}: named in the corpus but not in docs/mcp-dsl.md's table of deviations")
    print(f"differential-mcp-dsl: {len(docs)} documents ({len(corpus)} corpus, {len(generated)} generated): "
          f"{agree} agree, {documented} differ as documented, {failures} failures")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
