// bench.mts - in-process timing of the TypeScript MCP-DSL compiler and decompiler
// (tools/mcp-dsl-reference/upstream, see ensure-installed.sh), for scripts/bench-mcp-dsl.sh.
//
// Usage: node --import tsx bench.mts SESSION.mcp SESSION.jsonl DECOMPILED.mcp [SECONDS] [BATCHES]
//   SESSION.mcp    DSL text that the compiler accepts
//   SESSION.jsonl  the same items as compact JSON, one per line (what toon dsl compile writes)
//   DECOMPILED.mcp written: the decompiler's text for the values of SESSION.jsonl
// First checks that compileDsl gives exactly the lines of SESSION.jsonl (else exit 1), then
// times, after a warm-up of SECONDS (default 1), BATCHES (default 5) batches of at least
// SECONDS each, in wall-clock time (process.hrtime), with the CPU time of the process
// (process.cpuUsage: all threads, the garbage collector's and compiler's included) beside it:
// compileDsl on the text, decompile on the parsed values, and as baselines JSON.parse and
// JSON.stringify of the lines one by one. Prints one JSON object:
// {"node": version, "<case>": {"bytes": N, "mb_per_s": [per batch], "cpu_mb_per_s": [per batch]}}.
import { readFileSync, writeFileSync } from 'node:fs';
import { compileDsl } from './upstream/src/index.ts';
import { decompile } from './upstream/src/decompiler/decompiler.ts';

const [dslPath, jsonlPath, decompiledPath] = process.argv.slice(2);
const seconds = Number(process.argv[5] ?? 1);
const batches = Number(process.argv[6] ?? 5);
if (!dslPath || !jsonlPath || !decompiledPath || !(seconds > 0) || !(batches > 0)) {
  console.error('usage: bench.mts SESSION.mcp SESSION.jsonl DECOMPILED.mcp [SECONDS] [BATCHES]');
  process.exit(2);
}
const dsl = readFileSync(dslPath, 'utf8');
const jsonl = readFileSync(jsonlPath, 'utf8');
const lines = jsonl.split('\n').filter((l) => l.length > 0);
const values = lines.map((l) => JSON.parse(l));

// The same work on both sides: the TypeScript compiler must give the same messages.
const compiled = compileDsl(dsl);
const defs = compiled.definitions;
const extra = ['tools', 'resources', 'prompts', 'resourceTemplates'].reduce((n, k) => n + ((defs as any)[k]?.length ?? 0), 0);
if (extra !== 0 || compiled.messages.length !== lines.length) {
  console.error(`bench.mts: compileDsl gave ${compiled.messages.length} messages and ${extra} definitions, expected ${lines.length} messages`);
  process.exit(1);
}
compiled.messages.forEach((m, i) => {
  if (JSON.stringify(m) !== lines[i]) {
    console.error(`bench.mts: item ${i + 1} differs:\n  TypeScript: ${JSON.stringify(m)}\n  expected:   ${lines[i]}`);
    process.exit(1);
  }
});
writeFileSync(decompiledPath, decompile(values as any) + '\n');

let sink = 0;  // keeps the results alive
const run = (fn: () => number, limitNs: bigint) => {
  let iterations = 0;
  const cpuStart = process.cpuUsage();
  const start = process.hrtime.bigint();
  let elapsed = 0n;
  do {
    sink += fn();
    ++iterations;
    elapsed = process.hrtime.bigint() - start;
  } while (elapsed < limitNs);
  const cpu = process.cpuUsage(cpuStart);  // microseconds, all of the process's threads
  return { iterations, elapsed, cpuMicros: cpu.user + cpu.system };
};
const measure = (bytes: number, fn: () => number) => {
  const limit = BigInt(Math.round(seconds * 1e9));
  run(fn, limit);  // warm-up: the JIT compiles the hot paths
  const rates: number[] = [];
  const cpuRates: number[] = [];
  for (let b = 0; b < batches; ++b) {
    const { iterations, elapsed, cpuMicros } = run(fn, limit);
    rates.push((bytes * iterations) / (Number(elapsed) / 1e9) / 1e6);
    cpuRates.push((bytes * iterations) / (cpuMicros / 1e6) / 1e6);
  }
  return { bytes, mb_per_s: rates, cpu_mb_per_s: cpuRates };
};

const dslBytes = Buffer.byteLength(dsl, 'utf8');
const jsonBytes = Buffer.byteLength(jsonl, 'utf8');
const result = {
  node: process.version,
  compile: measure(dslBytes, () => compileDsl(dsl).messages.length),
  decompile: measure(jsonBytes, () => decompile(values as any).length),
  json_parse_lines: measure(jsonBytes, () => {
    let n = 0;
    for (const l of lines) n += JSON.parse(l) ? 1 : 0;
    return n;
  }),
  json_stringify_lines: measure(jsonBytes, () => {
    let n = 0;
    for (const v of values) n += JSON.stringify(v).length + 1;
    return n;
  }),
};
if (sink === -1) console.error('');  // never: uses sink
process.stdout.write(JSON.stringify(result) + '\n');
