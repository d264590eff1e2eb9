"""The official MCP Python SDK client (`mcp` 2.x from PyPI, `mcp.Client` over
`StdioServerParameters`) drives the example server examples/mcp_fs_git_server.cpp over stdio:
version negotiation (`auto`: server/discover, 2026-07-28; `legacy`: initialize, 2025-11-25),
every tools/list page, valid / invalid / unknown-tool calls, a throwing and a hanging handler,
cancellation, and structuredContent validated against outputSchema with jsonschema's Draft
2020-12 validator.

    python tests/mcp/py_client_test.py SERVER_BINARY

Run by the ctest mcp.py_sdk_client through tests/mcp/run_py_client_test.sh, which installs the
SDK into tools/mcp-peers/venv. Prints one line per check and "N passed, N failed"; exit 0 when
every check passed.
"""

import anyio
import jsonschema
from mcp import Client, StdioServerParameters
from mcp.shared.exceptions import MCPError

from py_checks import check, text_of, run_eras


EXPECTED_TOOLS = ["read_file", "write_file", "search_files", "delete_file", "list_directory", "git_status",
                  "git_diff", "git_commit", "git_log", "fail", "sleep"]


async def run(server_binary, mode, expected_version):
    params = StdioServerParameters(command=server_binary,
                                   args=["--test-tools", "--timeout-ms", "1000", "--page-size", "3", "--max-calls", "1"])
    async with Client(params, mode=mode, cache=None) as client:
        tag = f"[{mode}]"
        check(f"{tag} negotiated {expected_version}", client.protocol_version == expected_version, client.protocol_version)
        check(f"{tag} serverInfo", client.server_info is not None and client.server_info.name == "toon-fs-git",
              client.server_info)

        # Every page, walked by hand.
        tools, pages, cursor = [], 0, None
        while True:
            page = await client.list_tools(cursor=cursor)
            pages += 1
            check(f"{tag} tools/list page {pages}: 1 to 3 tools", 1 <= len(page.tools) <= 3, len(page.tools))
            tools += page.tools
            cursor = page.next_cursor
            if cursor is None or pages > 20:
                break
        names = [t.name for t in tools]
        check(f"{tag} tools/list: 11 tools on 4 pages, registration order", names == EXPECTED_TOOLS and pages == 4,
              f"{names} on {pages} pages")
        by_name = {t.name: t for t in tools}

        async def typed_call(name, args, expected_text=None):
            result = await client.call_tool(name, args)
            check(f"{tag} {name}: isError false", result.is_error is False, result)
            schema = by_name[name].output_schema
            try:
                jsonschema.Draft202012Validator(schema).validate(result.structured_content)
                valid = True
                problem = ""
            except jsonschema.ValidationError as e:
                valid = False
                problem = e.message
            check(f"{tag} {name}: structuredContent validates against outputSchema", valid,
                  f"{problem} {result.structured_content}")
            if expected_text is not None:
                check(f"{tag} {name}: TOON text content", text_of(result) == expected_text, repr(text_of(result)))
            return result

        await typed_call("write_file", {"path": "p.txt", "content": "one\ntwo\n"}, "path: p.txt\nbytes: 8\nmode: write")
        await typed_call("list_directory", {}, "[1]{name,type,size}:\n  p.txt,file,8")
        found = await typed_call("search_files", {"pattern": "two"})
        check(f"{tag} search_files: the match", found.structured_content == {"result": [{"file": "p.txt", "line": 2, "text": "two"}]},
              found.structured_content)
        # null for optional arguments (a std::optional and defaulted members) counts as absent,
        # and the published inputSchema allows it.
        null_args = {"pattern": "two", "directory": None, "mode": None, "extensions": None, "options": None}
        try:
            jsonschema.Draft202012Validator(by_name["search_files"].input_schema).validate(null_args)
            null_valid = True
        except jsonschema.ValidationError as e:
            null_valid = e.message
        check(f"{tag} search_files: inputSchema allows null for optional arguments", null_valid is True, null_valid)
        nulls = await typed_call("search_files", null_args)
        check(f"{tag} search_files: null arguments count as absent", nulls.structured_content == found.structured_content,
              nulls.structured_content)

        invalid = await client.call_tool("write_file", {"path": "p.txt", "content": 3, "extra": True})
        check(f"{tag} invalid arguments: isError result", invalid.is_error is True and
              "args.content: expected string, found number" in text_of(invalid) and
              "args.extra: unknown field" in text_of(invalid), text_of(invalid))
        try:
            await client.call_tool("no_such_tool", {})
            check(f"{tag} unknown tool: JSON-RPC error -32602", False, "no error")
        except MCPError as e:
            check(f"{tag} unknown tool: JSON-RPC error -32602", e.error.code == -32602, e.error)
        thrown = await client.call_tool("fail", {"message": "python says no"})
        check(f"{tag} throwing handler: isError result", thrown.is_error is True and
              text_of(thrown) == "tool fail failed: python says no", thrown)
        hung = await client.call_tool("sleep", {"ms": 600000}, read_timeout_seconds=120)
        check(f"{tag} hanging handler: isError after the server's timeout", hung.is_error is True and
              "timed out after 1000 ms" in text_of(hung), hung)

        # Cancellation: the call's task is cancelled; the SDK sends notifications/cancelled.
        with anyio.move_on_after(0.1) as scope:
            await client.call_tool("sleep", {"ms": 700})
        check(f"{tag} cancellation: the call was cancelled", scope.cancelled_caught)
        after = await typed_call("sleep", {"ms": 1})  # one call at a time: runs after the cancelled one
        check(f"{tag} cancellation: the server goes on", after.structured_content == {"ms": 1}, after.structured_content)


if __name__ == "__main__":
    run_eras(run, "py_client_test.py")
