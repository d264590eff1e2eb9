"""The official MCP Python SDK client (`mcp` 2.x from PyPI, `mcp.Client` given a URL: its
Streamable HTTP transport) against toon::mcp::http_server (examples/mcp_conformance_server.cpp;
docs/mcp.md, "Streamable HTTP"), in both eras: `legacy` (initialize, a session, 2025-11-25) and
`auto` (server/discover, stateless 2026-07-28 requests without a session). Tools listed and
called, progress received in order, a resource and a prompt read; in the legacy era also a log
message at the level set; in both, sampling and elicitation answered by the client's callbacks
(requests sent during the call in 2025-11-25, multi round-trip requests in 2026-07-28).

    python tests/mcp/py_http_client_test.py SERVER_BINARY

Run by the ctest mcp.py_sdk_http_client through tests/mcp/run_py_client_test.sh. Prints one line
per check and "N passed, N failed"; exit 0 when every check passed.
"""

import subprocess

from mcp import Client, types

from py_checks import check, text_of, run_eras


async def run(server_binary, mode, expected_version):
    server = subprocess.Popen([server_binary, "--port", "0"], stdout=subprocess.PIPE, text=True)
    try:
        url = server.stdout.readline().strip()
        check(f"[{mode}] the server prints its URL", url.startswith("http://127.0.0.1:"), url)
        logs, asked = [], []

        async def on_log(p):
            logs.append(p)

        async def on_sample(context, p):
            asked.append("sampling/createMessage")
            return types.CreateMessageResult(role="assistant", model="py-model",
                                             content=types.TextContent(type="text", text="py says hi"))

        async def on_elicit(context, p):
            asked.append("elicitation/create")
            return types.ElicitResult(action="accept", content={"username": "grace", "email": "g@example.com"})

        extra = {"log_level": "info"} if mode == "auto" else {}
        async with Client(url, mode=mode, cache=None, logging_callback=on_log, sampling_callback=on_sample,
                          elicitation_callback=on_elicit, **extra) as client:
            tag = f"[{mode}]"
            check(f"{tag} negotiated {expected_version}", client.protocol_version == expected_version,
                  client.protocol_version)
            check(f"{tag} serverInfo", client.server_info is not None and
                  client.server_info.name == "toon-mcp-conformance-server", client.server_info)
            tools = await client.list_tools()
            names = [t.name for t in tools.tools]
            check(f"{tag} tools/list", "test_simple_text" in names and len(names) == 14, names)
            r = await client.call_tool("test_simple_text", {})
            check(f"{tag} tools/call", text_of(r) == "This is a simple text response for testing.", r)

            events = []

            async def on_progress(progress, total, message):
                events.append(progress)

            r = await client.call_tool("test_tool_with_progress", {}, progress_callback=on_progress)
            check(f"{tag} progress in order, then the result", events == [0, 50, 100] and not r.is_error, (events, r))

            res = await client.read_resource("test://static-text")
            check(f"{tag} resources/read", res.contents[0].text == "This is the content of the static text resource.", res)
            p = await client.get_prompt("test_simple_prompt")
            check(f"{tag} prompts/get", p.messages[0].content.text == "This is a simple prompt for testing.", p)

            if mode == "legacy":
                await client.set_logging_level("info")
                await client.call_tool("test_tool_with_logging", {})
                check(f"{tag} three log messages during the call", len(logs) == 3, logs)
            # 2025-11-25: requests sent during the call; 2026-07-28: multi round-trip requests
            # (input_required, fulfilled by the SDK's driver with the same callbacks, then retried).
            r = await client.call_tool("test_sampling", {"prompt": "hello"})
            check(f"{tag} sampling answered by the client's callback",
                  text_of(r) == "LLM response: py says hi", r)
            r = await client.call_tool("test_elicitation", {"message": "who?"})
            check(f"{tag} elicitation answered by the client's callback",
                  '"username":"grace"' in text_of(r), r)
            check(f"{tag} the client was asked twice", asked == ["sampling/createMessage", "elicitation/create"],
                  asked)
    finally:
        server.terminate()
        server.wait(timeout=30)


run_eras(run, "py_http_client_test.py")
