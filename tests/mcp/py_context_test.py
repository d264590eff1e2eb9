"""The official MCP Python SDK client (`mcp` 2.x, `mcp.Client` over `StdioServerParameters`)
against the call context of toon::mcp::server (examples/mcp_fs_git_server.cpp --context-tools;
docs/mcp.md, "The call context"), in both eras (`auto`: 2026-07-28, `legacy`: 2025-11-25):
progress received in order through `progress_callback`, a cancelled call (task cancellation:
the SDK sends notifications/cancelled) stopping its handler and freeing the slot within 50 ms of
the handler's return, and log messages at the level asked for (`log_level` per request in
2026-07-28, `set_logging_level` in 2025-11-25), and roots, sampling and elicitation answered by the
SDK's callbacks (server requests in 2025-11-25, multi round-trip requests in 2026-07-28).

    python tests/mcp/py_context_test.py SERVER_BINARY

Run by the ctest mcp.py_sdk_context through tests/mcp/run_py_client_test.sh. Prints one line per
check and "N passed, N failed"; exit 0 when every check passed.
"""

import json
import time

import anyio
from mcp import Client, StdioServerParameters, types

from py_checks import check, text_of, run_eras


async def run(server_binary, mode, expected_version):
    params = StdioServerParameters(command=server_binary,
                                   args=["--context-tools", "--max-calls", "1", "--timeout-ms", "20000"])
    logs = []

    async def on_log(p):
        logs.append(p)

    # In 2026-07-28 the level is asked for per request (_meta logLevel); in 2025-11-25 with
    # logging/setLevel (below).
    extra = {"log_level": "warning"} if mode == "auto" else {}
    asked = []

    # The client's side of the server's requests (call_context::list_roots, sample, elicit).
    async def on_roots(context):
        asked.append("roots/list")
        return types.ListRootsResult(roots=[types.Root(uri="file:///tmp/toon-ws", name="workspace")])

    async def on_sample(context, p):
        asked.append("sampling/createMessage")
        return types.CreateMessageResult(role="assistant", model="py-model",
                                         content=types.TextContent(type="text", text="sampled: " + p.messages[0].content.text))

    async def on_elicit(context, p):
        asked.append("elicitation/create")
        return types.ElicitResult(action="accept", content={"name": "Grace"})

    async with Client(params, mode=mode, cache=None, logging_callback=on_log, list_roots_callback=on_roots,
                      sampling_callback=on_sample, elicitation_callback=on_elicit, **extra) as client:
        tag = f"[{mode}]"
        check(f"{tag} negotiated {expected_version}", client.protocol_version == expected_version, client.protocol_version)

        # ---- progress ------------------------------------------------------------------------
        events = []

        async def on_progress(progress, total, message):
            events.append((progress, total, message))

        done = await client.call_tool("progress", {"steps": 5, "delay_ms": 5}, progress_callback=on_progress)
        check(f"{tag} progress: result", done.is_error is False and done.structured_content == {"steps_done": 5, "stopped": False},
              done)
        check(f"{tag} progress: 5 events in order", [e[0] for e in events] == [1, 2, 3, 4, 5], events)
        check(f"{tag} progress: total and message", all(e[1] == 5 and e[2] == f"step {i + 1} of 5" for i, e in enumerate(events)),
              events)

        # ---- cancellation frees the slot ---------------------------------------------------------
        started = time.monotonic()
        with anyio.move_on_after(0.1) as scope:
            await client.call_tool("wait", {"ms": 15000})
        check(f"{tag} cancel: the call was cancelled", scope.cancelled_caught)
        probe = await client.call_tool("probe", {})
        elapsed = time.monotonic() - started
        since = (probe.structured_content or {}).get("since_wait_returned_ms", -1)
        print(f"     (the next call started {since} ms after the cancelled handler returned; {elapsed * 1000:.0f} ms in all)")
        check(f"{tag} cancel: the handler stopped, not after its 15 s", 0 <= since and elapsed < 5, (probe, elapsed))
        check(f"{tag} cancel: the slot was free within 50 ms of the handler returning", 0 <= since <= 50, since)
        check(f"{tag} context: protocol version", (probe.structured_content or {}).get("protocol") == expected_version, probe)

        # ---- logging -----------------------------------------------------------------------------
        if mode == "legacy":
            logs.clear()
            none = await client.call_tool("log", {"message": "before"})
            check(f"{tag} log: nothing before set_logging_level", text_of(none) == "sent 0 log messages" and not logs,
                  (text_of(none), logs))
            await client.set_logging_level("warning")
        logs.clear()
        sent = await client.call_tool("log", {"message": "at warning"})
        await anyio.sleep(0.05)
        check(f"{tag} log: 5 messages at warning and above", text_of(sent) == "sent 5 log messages" and len(logs) == 5,
              (text_of(sent), logs))
        check(f"{tag} log: levels in order", [str(getattr(l.level, "value", l.level)) for l in logs] ==
              ["warning", "error", "critical", "alert", "emergency"], logs)
        check(f"{tag} log: logger and data", all(l.logger == "toon-example" and l.data == "at warning" for l in logs), logs)

        # ---- requests to the client --------------------------------------------------------------
        results = {}
        for what in ("roots", "sample", "elicit"):
            results[what] = await client.call_tool("ask_client", {"what": what})
        # 2025-11-25: requests from the server; 2026-07-28: multi round-trip requests
        # (input_required results fulfilled by the SDK's driver with the same callbacks, then retried).
        check(f"{tag} list_roots: the client's roots", results["roots"].is_error is False and
              json.loads(text_of(results["roots"]))["roots"][0]["uri"] == "file:///tmp/toon-ws", results["roots"])
        sampled = json.loads(text_of(results["sample"])) if results["sample"].is_error is False else {}
        check(f"{tag} sample: the client's message", sampled.get("content", {}).get("text") == "sampled: Say hi" and
              sampled.get("model") == "py-model", results["sample"])
        elicited = json.loads(text_of(results["elicit"])) if results["elicit"].is_error is False else {}
        check(f"{tag} elicit: the user's answer", elicited == {"action": "accept", "content": {"name": "Grace"}},
              results["elicit"])
        check(f"{tag} requests to the client: each callback ran once", asked ==
              ["roots/list", "sampling/createMessage", "elicitation/create"], asked)

if __name__ == "__main__":
    run_eras(run, "py_context_test.py")
