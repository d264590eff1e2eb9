"""A scripted MCP server on stdio for the error-path tests of toon::mcp::client
(tests/mcp/client_process_test.cpp). Usage: fake_mcp_server.py SCENARIO

Scenarios:
  legacy          -32601 for server/discover, then the initialize handshake (2025-11-25);
                  tools/list in two pages; tools echo, slow (never answers), bye (exits),
                  limits (reports rlimits, cwd, env), noisy (malformed, oversized and unknown-id
                  lines before the answer), ask (a server->client request, then the answer),
                  lone (unlisted: an answer with lone-surrogate escapes), deaf (unlisted: closes
                  its stdin, answers, and waits to be killed);
                  every cancellation is reported on stderr
  modern          answers server/discover (2026-07-28) and requires _meta on every request
  silent          never answers server/discover (the client falls back after its probe limit)
  modern_only     -32022 with only a modern version the client lacks (no fallback)
  exit_early      writes to stderr and exits 3 before reading anything
  stubborn        like legacy, but ignores stdin EOF and SIGTERM (only SIGKILL ends it)
  proxy           like legacy, plus tools report (a JSON text that serialises its
                  structuredContent) and read_file (a file's contents that are JSON, with a
                  structuredContent that is not that JSON), for `toon mcp proxy`'s re-encoding
"""
import json
import os
import resource
import signal
import sys

scenario = sys.argv[1]
modern = scenario == "modern"


def send(obj):
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


def log(text):
    sys.stderr.write(text + "\n")
    sys.stderr.flush()


if scenario == "exit_early":
    log("fake server: cannot start (scenario exit_early)")
    sys.exit(3)
if scenario == "stubborn":
    signal.signal(signal.SIGTERM, signal.SIG_IGN)

TOOLS = [
    {"name": "echo", "description": "Echoes its arguments", "inputSchema": {"type": "object"}},
    {"name": "slow", "description": "Never answers", "inputSchema": {"type": "object"}},
    {"name": "bye", "description": "Exits the server", "inputSchema": {"type": "object"}},
    {"name": "limits", "description": "Reports rlimits, cwd and FAKE_ENV", "inputSchema": {"type": "object"}},
    {"name": "noisy", "description": "Malformed lines, then the answer", "inputSchema": {"type": "object"}},
    {"name": "ask", "description": "Asks the client something first", "inputSchema": {"type": "object"}},
]

if scenario == "proxy":
    TOOLS += [
        {"name": "report", "description": "Rows as structured data", "inputSchema": {"type": "object"}},
        {"name": "read_file", "description": "A file's contents", "inputSchema": {"type": "object"}},
    ]
ROWS = {"rows": [{"id": i, "name": "row %d" % i, "ok": i % 2 == 0} for i in range(6)]}
FILE_TEXT = json.dumps(ROWS, indent=2) + "\n"

pending_ask = {}


def result(msg_id, res):
    if modern:
        res = dict(res)
        res.setdefault("resultType", "complete")
    send({"jsonrpc": "2.0", "id": msg_id, "result": res})


def error(msg_id, code, message, data=None):
    err = {"code": code, "message": message}
    if data is not None:
        err["data"] = data
    send({"jsonrpc": "2.0", "id": msg_id, "error": err})


def text_result(msg_id, text, structured=None, is_error=False):
    res = {"content": [{"type": "text", "text": text}], "isError": is_error}
    if structured is not None:
        res["structuredContent"] = structured
    result(msg_id, res)


def limit(which):
    soft, _ = resource.getrlimit(which)
    return -1 if soft == resource.RLIM_INFINITY else soft


def handle(msg):
    method = msg.get("method")
    msg_id = msg.get("id")
    params = msg.get("params") or {}
    if method is None:  # a response: the client's answer to our request
        if msg_id in pending_ask:
            call_id = pending_ask.pop(msg_id)
            text_result(call_id, json.dumps(msg.get("error", msg.get("result"))))
        return
    if msg_id is None:  # a notification
        if method == "notifications/cancelled":
            log("cancelled %s: %s" % (params.get("requestId"), params.get("reason")))
        elif method == "notifications/initialized":
            log("initialized")
        return
    if modern:
        meta = params.get("_meta") or {}
        if meta.get("io.modelcontextprotocol/protocolVersion") != "2026-07-28" or \
                "io.modelcontextprotocol/clientCapabilities" not in meta:
            error(msg_id, -32602, "missing _meta protocol version or client capabilities")
            return
    if method == "server/discover":
        if scenario == "silent":
            return
        if modern:
            result(msg_id, {"supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}},
                            "instructions": "fake modern server",
                            "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "fake", "version": "9"}}})
        elif scenario == "modern_only":
            error(msg_id, -32022, "Unsupported protocol version",
                  {"supported": ["2099-01-01"], "requested": "2026-07-28"})
        else:
            error(msg_id, -32601, "Method not found")
        return
    if method == "initialize":
        if scenario == "modern_only":
            error(msg_id, -32601, "initialize is not spoken here")
            return
        result(msg_id, {"protocolVersion": "2025-11-25", "capabilities": {"tools": {"listChanged": True}},
                        "serverInfo": {"name": "fake", "version": "1.2.3"}, "instructions": "fake legacy server"})
        send({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})
        return
    if method == "ping":
        result(msg_id, {})
        return
    if method == "tools/list":
        cursor = params.get("cursor")
        if cursor is None:
            result(msg_id, {"tools": TOOLS[:3], "nextCursor": "page-2"})
        elif cursor == "page-2":
            result(msg_id, {"tools": TOOLS[3:]})
        else:
            error(msg_id, -32602, "bad cursor")
        return
    if method == "tools/call":
        name = params.get("name")
        args = params.get("arguments") or {}
        if name == "echo":
            text_result(msg_id, json.dumps(args, sort_keys=True), structured={"echo": args})
        elif name == "report":
            text_result(msg_id, json.dumps(ROWS), structured=ROWS)
        elif name == "read_file":
            text_result(msg_id, FILE_TEXT, structured={"content": FILE_TEXT})
        elif name == "slow":
            log("slow call %s started" % msg_id)
        elif name == "bye":
            log("bye: exiting")
            sys.exit(0)
        elif name == "deaf":  # unlisted: closes its stdin, answers, and lives on until killed
            os.close(0)
            text_result(msg_id, "deaf now")
            signal.pause()
        elif name == "limits":
            text_result(msg_id, "limits", structured={
                "cpu": limit(resource.RLIMIT_CPU), "as": limit(resource.RLIMIT_AS),
                "nofile": limit(resource.RLIMIT_NOFILE), "cwd": os.getcwd(),
                "env": os.environ.get("FAKE_ENV"), "parent": os.environ.get("TOON_MCP_PARENT_ONLY"),
                "fds": sorted(int(f) for f in os.listdir("/proc/self/fd"))})
        elif name == "noisy":
            sys.stdout.write("this is not json\n")
            sys.stdout.write("[1, 2, 3]\n")
            sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": 99999, "result": {}}) + "\n")
            size = int(args.get("oversized", 0))
            if size:
                sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": msg_id, "result": {"pad": "x" * size}}) + "\n")
            sys.stdout.write("\n")
            text_result(msg_id, "after the noise")
        elif name == "lone":  # not listed: json.dumps writes the lone surrogate as \ud800
            text_result(msg_id, "a\ud800b", structured={"s": "\udc00"})
        elif name == "ask":
            pending_ask[7001] = msg_id
            send({"jsonrpc": "2.0", "id": 7001, "method": "sampling/createMessage", "params": {}})
            send({"jsonrpc": "2.0", "id": 7002, "method": "ping"})
        else:
            text_result(msg_id, "unknown tool " + str(name), is_error=True)
        return
    error(msg_id, -32601, "Method not found")


for raw in sys.stdin:
    raw = raw.strip()
    if not raw:
        continue
    handle(json.loads(raw))

log("stdin closed")
if scenario == "stubborn":
    while True:
        signal.pause()
