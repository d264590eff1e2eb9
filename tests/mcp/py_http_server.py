"""A server of the official MCP Python SDK (`mcp` 2.x, MCPServer, formerly FastMCP) over
Streamable HTTP on 127.0.0.1 with uvicorn, for toon::mcp::connect_http
(tests/mcp/client_servers_test.cpp, OfficialServer.PythonSdkServerOverStreamableHttp). Tools:
  echo(text)          answers "echo: TEXT"
  count(steps)        reports `steps` progress notifications, then answers "counted STEPS"
  ask_name()          asks the client for a name (elicitation), answers "hello NAME" or "declined"

    tools/mcp-peers/venv/bin/python tests/mcp/py_http_server.py PORT
"""
import sys

from pydantic import BaseModel

from mcp.server import MCPServer
from mcp.server.mcpserver import Context

server = MCPServer("py-http-test", log_level="WARNING")


class Name(BaseModel):
    name: str


@server.tool(description="Echoes its text")
def echo(text: str) -> str:
    return "echo: " + text


@server.tool(description="Reports progress")
async def count(steps: int, ctx: Context) -> str:
    for i in range(1, steps + 1):
        await ctx.report_progress(i, steps, f"step {i}")
    return f"counted {steps}"


@server.tool(description="Asks the client for a name")
async def ask_name(ctx: Context) -> str:
    r = await ctx.elicit("Your name?", Name)
    return "hello " + r.data.name if r.action == "accept" and r.data is not None else "declined"


if __name__ == "__main__":
    server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[1]))
