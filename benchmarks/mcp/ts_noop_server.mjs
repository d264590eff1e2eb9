// The official MCP TypeScript SDK (@modelcontextprotocol/sdk 1.x, installed in tools/mcp-peers)
// serving one no-op tool over stdio, for benchmarks/mcp/mcp_bench.cpp: the peer of
// noop_server.cpp. McpServer + StdioServerTransport, as the SDK's documentation shows.
//
//   node benchmarks/mcp/ts_noop_server.mjs [PEERS_DIR]   (default: tools/mcp-peers)
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const peers = path.resolve(process.argv[2] ?? path.join(here, "../../tools/mcp-peers"));
const require = createRequire(path.join(peers, "package.json"));
const load = async (name) => import(require.resolve(name));

const { McpServer } = await load("@modelcontextprotocol/sdk/server/mcp.js");
const { StdioServerTransport } = await load("@modelcontextprotocol/sdk/server/stdio.js");

const server = new McpServer({ name: "ts-sdk-noop", version: "1.0.0" });
server.registerTool("noop", { description: "Does nothing" }, async () => ({ content: [{ type: "text", text: "ok" }] }));
await server.connect(new StdioServerTransport());
