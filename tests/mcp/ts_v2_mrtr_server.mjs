// A server of the official MCP TypeScript SDK v2 (@modelcontextprotocol/server 2.x, installed in
// tools/mcp-peers) on stdio, whose tools ask the client through multi round-trip requests
// (2026-07-28: `input_required` results, answered by the client's retry with `inputResponses`):
//   confirm   one elicitation; answers "confirmed NAME" or "declined"
//   two_step  a sampling request, then (its answer carried in requestState) the client's
//             roots; answers "MODEL / ROOT-NAME"
// Run by tests/mcp/client_servers_test.cpp (OfficialServer.TypeScriptV2MultiRoundTrip) through
// toon::mcp::client.
//
//   node tests/mcp/ts_v2_mrtr_server.mjs
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const peers = path.resolve(here, "../../tools/mcp-peers");
const require = createRequire(path.join(peers, "package.json"));
const load = async (name) => import(require.resolve(name));

const { McpServer, inputRequired } = await load("@modelcontextprotocol/server");
const { serveStdio } = await load("@modelcontextprotocol/server/stdio");

const text = (t) => ({ content: [{ type: "text", text: t }] });

// serveStdio picks the era from the opening message (server/discover: 2026-07-28) and asks the
// factory for one server instance.
function makeServer() {
const server = new McpServer({ name: "ts-v2-mrtr", version: "1.0.0" });
server.registerTool("confirm", { description: "Asks the user for a name (elicitation)" }, async (ctx) => {
  const answer = ctx.mcpReq.inputResponses?.name;
  if (answer === undefined)
    return inputRequired({
      inputRequests: {
        name: inputRequired.elicit({
          message: "Your name?",
          requestedSchema: { type: "object", properties: { name: { type: "string" } }, required: ["name"] },
        }),
      },
    });
  return text(answer.action === "accept" ? "confirmed " + answer.content?.name : "declined");
});

server.registerTool("two_step", { description: "Samples, then lists the roots (two rounds)" }, async (ctx) => {
  const responses = ctx.mcpReq.inputResponses ?? {};
  const state = ctx.mcpReq.requestState();
  if (responses.sample === undefined && state === undefined)
    return inputRequired({
      inputRequests: {
        sample: inputRequired.createMessage({
          messages: [{ role: "user", content: { type: "text", text: "Say hi" } }],
          maxTokens: 5,
        }),
      },
    });
  if (responses.roots === undefined)
    return inputRequired({
      inputRequests: { roots: inputRequired.listRoots() },
      requestState: JSON.stringify({ model: responses.sample?.model }),
    });
  const model = JSON.parse(state).model;
  return text(model + " / " + responses.roots.roots[0].name);
});

return server;
}

serveStdio(makeServer);
