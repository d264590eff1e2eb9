"""The official MCP Python SDK client (`mcp` 2.x, `mcp.Client` over `StdioServerParameters`)
against the typed resources, resource template, prompt and completions of toon::mcp::server
(examples/mcp_fs_git_server.cpp --features; docs/mcp.md, "Resources", "Prompts", "Completions"),
in both eras (`auto`: 2026-07-28, `legacy`: 2025-11-25): capabilities, tool titles and
annotations, resources listed and read (text, blob, a template), -32002 for an unknown URI,
the prompt listed and got, -32602 for a missing required argument, completions of a prompt
argument and of a template variable, and in 2025-11-25 resources/subscribe with
notifications/resources/updated; every result parsed by the SDK's own models.

    python tests/mcp/py_features_test.py SERVER_BINARY

Run by the ctest mcp.py_sdk_features through tests/mcp/run_py_client_test.sh. Prints one line
per check and "N passed, N failed"; exit 0 when every check passed.
"""

import base64
import warnings

import anyio
from mcp import Client, StdioServerParameters, types
from mcp.shared.exceptions import MCPError

from py_checks import check, run_eras


async def error_of(awaitable):
    try:
        await awaitable
    except MCPError as e:
        return e.error
    return None


async def run(server_binary, mode, expected_version):
    params = StdioServerParameters(command=server_binary, args=["--features"])
    updated = []

    async def on_message(message):
        n = getattr(message, "root", message)
        if getattr(n, "method", "") == "notifications/resources/updated":
            updated.append(n.params.uri)

    async with Client(params, mode=mode, cache=None, message_handler=on_message) as client:
        tag = f"[{mode}]"
        check(f"{tag} negotiated {expected_version}", client.protocol_version == expected_version, client.protocol_version)
        caps = client.server_capabilities
        check(f"{tag} resources, prompts and completions advertised",
              caps.resources is not None and caps.prompts is not None and caps.completions is not None, caps)

        tools = {t.name: t for t in (await client.list_tools()).tools}
        read_file, write_file = tools.get("read_file"), tools.get("write_file")
        check(f"{tag} tools/list: read_file's title and readOnlyHint",
              read_file is not None and read_file.title == "Read a file" and read_file.annotations is not None and
              read_file.annotations.read_only_hint is True, read_file)
        a = write_file.annotations if write_file is not None else None
        check(f"{tag} tools/list: write_file's hints",
              a is not None and (a.read_only_hint, a.destructive_hint, a.idempotent_hint, a.open_world_hint) ==
              (False, True, True, False), a)

        resources = (await client.list_resources()).resources
        check(f"{tag} resources/list", [(r.uri, r.name, r.mime_type, r.size) for r in resources] ==
              [("toon://readme", "readme", "text/plain", 27), ("toon://logo", "logo", "application/octet-stream", None)],
              resources)
        readme = (await client.read_resource("toon://readme")).contents
        check(f"{tag} resources/read: text", len(readme) == 1 and isinstance(readme[0], types.TextResourceContents) and
              readme[0].text == "toon-cpp example MCP server", readme)
        logo = (await client.read_resource("toon://logo")).contents
        check(f"{tag} resources/read: blob", len(logo) == 1 and isinstance(logo[0], types.BlobResourceContents) and
              base64.b64decode(logo[0].blob) == b"\x00\x01\xfe\xff", logo)
        templates = (await client.list_resource_templates()).resource_templates
        check(f"{tag} resources/templates/list", [(t.uri_template, t.name) for t in templates] ==
              [("toon://greeting/{name}/{times}", "greeting")], templates)
        greeting = (await client.read_resource("toon://greeting/grace/3")).contents
        check(f"{tag} resources/read: a template", len(greeting) == 1 and
              greeting[0].text == "hello grace hello grace hello grace", greeting)
        missing = await error_of(client.read_resource("toon://nothing"))
        check(f"{tag} resources/read: unknown URI is -32002", missing is not None and missing.code == -32002 and
              (missing.data or {}).get("uri") == "toon://nothing", missing)

        if mode == "legacy":  # resources/subscribe is a 2025-11-25 method (the SDK warns of its removal in 2026-07-28)
            warnings.filterwarnings("ignore", message="resources/(un)?subscribe is removed")
            check(f"{tag} resources.subscribe advertised", caps.resources is not None and caps.resources.subscribe is True,
                  caps.resources)
            await client.subscribe_resource("toon://readme")
            touched = await client.call_tool("touch_resource", {"uri": "toon://readme"})
            other = await client.call_tool("touch_resource", {"uri": "toon://logo"})
            await anyio.sleep(0.05)
            check(f"{tag} notifications/resources/updated for the subscribed URI only",
                  updated == ["toon://readme"] and touched.content[0].text == "notified" and
                  other.content[0].text == "not subscribed", (updated, touched, other))
            await client.unsubscribe_resource("toon://readme")
            after = await client.call_tool("touch_resource", {"uri": "toon://readme"})
            check(f"{tag} resources/unsubscribe", after.content[0].text == "not subscribed" and len(updated) == 1, updated)

        prompts = (await client.list_prompts()).prompts
        check(f"{tag} prompts/list", len(prompts) == 1 and prompts[0].name == "review" and
              [(x.name, x.required) for x in prompts[0].arguments or []] == [("language", True), ("focus", False)], prompts)
        got = await client.get_prompt("review", {"language": "python"})
        check(f"{tag} prompts/get", [(m.role, m.content.text) for m in got.messages] ==
              [("user", "Please review this python code.")] and got.description == "Review of python code", got)
        no_language = await error_of(client.get_prompt("review", {"focus": "naming"}))
        check(f"{tag} prompts/get: missing required argument is -32602",
              no_language is not None and no_language.code == -32602, no_language)

        lang = await client.complete(types.PromptReference(name="review"), {"name": "language", "value": "py"})
        check(f"{tag} completion/complete: a prompt argument", lang.completion.values == ["python"] and
              lang.completion.has_more is False, lang)
        name = await client.complete(types.ResourceTemplateReference(uri="toon://greeting/{name}/{times}"),
                                     {"name": "name", "value": "g"})
        check(f"{tag} completion/complete: a template variable", name.completion.values == ["grace"], name)


if __name__ == "__main__":
    run_eras(run, "py_features_test.py")
