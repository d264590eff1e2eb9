"""The official MCP Python SDK (the `mcp` package 2.x, installed in tools/mcp-peers/venv) serving one
no-op tool over Streamable HTTP on 127.0.0.1 with uvicorn, for benchmarks/mcp/http_bench.cpp: the
peer of http_noop_server.cpp and ts_http_noop_server.mjs. MCPServer (FastMCP before 2.x) with its
streamable-http transport, stateful (sessions), its default responses (an SSE stream per request, as
the other two servers answer a tools/call), logging at WARNING (no line per request).

    tools/mcp-peers/venv/bin/python benchmarks/mcp/py_http_noop_server.py PORT
"""
import sys

from mcp.server import MCPServer

server = MCPServer("py-sdk-noop", log_level="WARNING")


@server.tool(description="Does nothing")
def noop() -> str:
    return "ok"


if __name__ == "__main__":
    server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[1]))
