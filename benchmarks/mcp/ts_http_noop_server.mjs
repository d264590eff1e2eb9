// The official MCP TypeScript SDK (@modelcontextprotocol/sdk 1.x, installed in tools/mcp-peers)
// serving one no-op tool over Streamable HTTP on 127.0.0.1, for benchmarks/mcp/http_bench.cpp:
// the peer of http_noop_server.cpp. A node:http server routes each request to the
// StreamableHTTPServerTransport of its Mcp-Session-Id; an initialize request without one gets a
// new McpServer and transport (stateful mode, as the SDK's documentation shows), with the
// transport's default responses: an SSE stream per request (as the other two servers answer a
// tools/call).
//
//   node benchmarks/mcp/ts_http_noop_server.mjs PORT [PEERS_DIR]   (default: tools/mcp-peers)
import { createRequire } from "node:module";
import { randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const port = Number(process.argv[2]);
const peers = path.resolve(process.argv[3] ?? path.join(here, "../../tools/mcp-peers"));
const require = createRequire(path.join(peers, "package.json"));
const load = async (name) => import(require.resolve(name));

const { McpServer } = await load("@modelcontextprotocol/sdk/server/mcp.js");
const { StreamableHTTPServerTransport } = await load("@modelcontextprotocol/sdk/server/streamableHttp.js");
const { isInitializeRequest } = await load("@modelcontextprotocol/sdk/types.js");

const transports = new Map();

function newSession() {
  const server = new McpServer({ name: "ts-sdk-noop", version: "1.0.0" });
  server.registerTool("noop", { description: "Does nothing" }, async () => ({ content: [{ type: "text", text: "ok" }] }));
  const transport = new StreamableHTTPServerTransport({
    sessionIdGenerator: () => randomUUID(),
    onsessioninitialized: (id) => transports.set(id, transport),
  });
  transport.onclose = () => {
    if (transport.sessionId) transports.delete(transport.sessionId);
  };
  return { server, transport };
}

function reply(res, status, message) {
  res.writeHead(status, { "Content-Type": "application/json" });
  res.end(JSON.stringify({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }));
}

http
  .createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", async () => {
      let body;
      if (req.method === "POST") {
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          return reply(res, 400, "Parse error");
        }
      }
      const id = req.headers["mcp-session-id"];
      let transport = id ? transports.get(id) : undefined;
      if (!transport) {
        if (id) return reply(res, 404, "Session not found");
        if (req.method !== "POST" || !isInitializeRequest(body)) return reply(res, 400, "No session");
        const s = newSession();
        await s.server.connect(s.transport);
        transport = s.transport;
      }
      await transport.handleRequest(req, res, body);
    });
  })
  .listen(port, "127.0.0.1");
