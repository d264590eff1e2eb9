// compile.mts - runs the TypeScript MCP-DSL compiler (tools/mcp-dsl-reference/upstream, see
// ensure-installed.sh) on DSL documents: reads a JSON array of documents on standard input and
// writes one JSON line per document: {"ok": [items...]} (messages, then tools, resources,
// prompts and templates, as compileDsl returns them) or {"error": "message"}.
import { readFileSync } from 'node:fs';
import { compileDsl } from './upstream/src/index.ts';

const docs: string[] = JSON.parse(readFileSync(0, 'utf8'));
const out: string[] = [];
for (const doc of docs) {
  try {
    const r = compileDsl(doc);
    const d = r.definitions;
    const items = [...r.messages, ...(d.tools ?? []), ...(d.resources ?? []), ...(d.prompts ?? []),
                   ...(d.resourceTemplates ?? [])];
    // Through JSON.stringify, as on the wire: members set to undefined disappear.
    out.push(JSON.stringify({ ok: JSON.parse(JSON.stringify(items)) }));
  } catch (e: any) {
    out.push(JSON.stringify({ error: String(e?.message ?? e) }));
  }
}
process.stdout.write(out.join('\n') + '\n');
