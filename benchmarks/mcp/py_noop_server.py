"""The official MCP Python SDK (the `mcp` package 2.x, installed in tools/mcp-peers/venv) serving one
no-op tool over stdio, for benchmarks/mcp/mcp_bench.cpp: the peer of noop_server.cpp and
ts_noop_server.mjs. MCPServer (FastMCP before 2.x) with its stdio transport, as the SDK's
documentation shows.

    tools/mcp-peers/venv/bin/python benchmarks/mcp/py_noop_server.py
"""
from mcp.server import MCPServer

server = MCPServer("py-sdk-noop")


@server.tool(description="Does nothing")
def noop() -> str:
    return "ok"


if __name__ == "__main__":
    server.run("stdio")
