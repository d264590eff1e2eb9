"""The checks of the Python SDK test scripts (tests/mcp/py_*_test.py), as tests/mcp/checks.mjs
is for the JavaScript ones: check() prints one line per check; run_eras() runs a script's
`run(server_binary, mode, version)` in both protocol eras, prints "N passed, N failed" and exits
0 only when every check passed (and there was one)."""

import sys
import traceback

import anyio

passed = 0
failed = 0


def check(name, ok, detail=""):
    """Records one check: `ok` passes it; `detail` is printed with a failure."""
    global passed, failed
    if ok:
        passed += 1
        print(f"ok   {name}", flush=True)
    else:
        failed += 1
        print(f"FAIL {name}{': ' + str(detail) if detail else ''}", flush=True)


def text_of(result):
    """The text contents of a tools/call result, joined by newlines."""
    return "\n".join(c.text for c in result.content if getattr(c, "type", "") == "text")


def run_eras(run, script):
    """Runs `run(server_binary, mode, version)` for `auto` (server/discover, 2026-07-28) and
    `legacy` (initialize, 2025-11-25) on the server named on the command line, then exits."""
    if len(sys.argv) != 2:
        print(f"usage: {script} SERVER_BINARY", file=sys.stderr)
        sys.exit(2)

    async def main(server_binary):
        for mode, version in (("auto", "2026-07-28"), ("legacy", "2025-11-25")):
            try:
                await run(server_binary, mode, version)
            except Exception:  # noqa: BLE001 - reported as a failed check
                check(f"[{mode}] no unexpected exception", False, traceback.format_exc())

    anyio.run(main, sys.argv[1])
    print(f"{passed} passed, {failed} failed")
    sys.exit(0 if failed == 0 and passed > 0 else 1)
