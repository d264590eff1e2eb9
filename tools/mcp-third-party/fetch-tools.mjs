#!/usr/bin/env node
// Fetches the tools/list of the pinned third-party MCP servers (package.json) once, into
// tools/mcp-third-party/cache/NAME.json: {"package", "version", "tools"} with the tools as the
// server sent them (every page of a paginated list). The servers are started with an empty HOME
// in a temporary folder, dummy credentials where a server lists more tools with them, telemetry
// off; none needs the network or an account to list its tools (they connect lazily, on a call).
//
// Usage: node fetch-tools.mjs [--force] [NAME...]   (default: every server without a cache file
// of its pinned version). Exit status: 0 when every cache file is there, 1 otherwise.
//        node fetch-tools.mjs --proxy-config         the servers as a `toon mcp proxy` config
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const bin = (name) => join(dir, 'node_modules', '.bin', name);

// name -> package, argv, extra environment.
export const servers = {
  'mongodb': {
    package: 'mongodb-mcp-server',
    argv: [bin('mongodb-mcp-server')],
    // Dummy Atlas API credentials: the Atlas tools are listed only with them (used on a call).
    env: { MDB_MCP_TELEMETRY: 'disabled', MDB_MCP_API_CLIENT_ID: 'dummy-client-id', MDB_MCP_API_CLIENT_SECRET: 'dummy-client-secret' },
  },
  'azure-devops': {
    package: '@azure-devops/mcp',
    argv: ['--require', join(dir, 'no-keytar.cjs'), bin('mcp-server-azuredevops'), 'dummy-organization'],
    env: {},
  },
  'chrome-devtools': {
    package: 'chrome-devtools-mcp',
    argv: [bin('chrome-devtools-mcp'), '--no-usage-statistics'],
    env: { CHROME_DEVTOOLS_MCP_NO_USAGE_STATISTICS: '1' },
  },
  'playwright': {
    package: '@playwright/mcp',
    argv: [bin('playwright-mcp'), '--caps=vision,pdf,testing'],
    env: {},
  },
  'notion': {
    package: '@notionhq/notion-mcp-server',
    argv: [bin('notion-mcp-server')],
    env: { NOTION_TOKEN: 'dummy-token' },
  },
  'desktop-commander': {
    package: '@wonderwhy-er/desktop-commander',
    argv: [bin('desktop-commander')],
    env: {},
  },
};

const version = (pkg) => JSON.parse(readFileSync(join(dir, 'node_modules', pkg, 'package.json'), 'utf8')).version;
const cacheFile = (name) => join(dir, 'cache', `${name}.json`);

function cached(name) {
  if (!existsSync(cacheFile(name))) return false;
  try {
    const c = JSON.parse(readFileSync(cacheFile(name), 'utf8'));
    return c.package === servers[name].package && c.version === version(c.package) && Array.isArray(c.tools);
  } catch {
    return false;
  }
}

// Starts one server, lists its tools, stops it.
function listTools(name) {
  const s = servers[name];
  const home = mkdtempSync(join(tmpdir(), `toon-mcp-${name}-`));
  const env = {
    PATH: process.env.PATH, HOME: home, LANG: 'C.UTF-8', DO_NOT_TRACK: '1', CI: process.env.CI ?? '',
    ...s.env,
  };
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, s.argv, { cwd: home, env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr = (stderr + d).slice(-4000); });
    const waiting = new Map();
    let next = 1;
    const done = (err, value) => {
      clearTimeout(timer);
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 2000).unref();
      rmSync(home, { recursive: true, force: true });
      err ? reject(err) : resolve(value);
    };
    const timer = setTimeout(() => done(new Error(`${name}: no tools/list in 120 s; stderr: ${stderr}`)), 120000);
    child.on('exit', (code) => done(new Error(`${name}: exited with ${code}; stderr: ${stderr}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      let m;
      try { m = JSON.parse(line); } catch { return; }  // a log line on stdout
      if (m.id !== undefined && waiting.has(m.id)) {
        waiting.get(m.id)(m);
        waiting.delete(m.id);
      }
    });
    const request = (method, params) => new Promise((res, rej) => {
      const id = next++;
      waiting.set(id, (m) => (m.error ? rej(new Error(`${name}: ${method}: ${JSON.stringify(m.error)}`)) : res(m.result)));
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', id, method, params }) + '\n');
    });
    (async () => {
      await request('initialize', { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'toon-cpp-fetch-tools', version: '1' } });
      child.stdin.write(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }) + '\n');
      const tools = [];
      let cursor;
      do {
        const page = await request('tools/list', cursor === undefined ? {} : { cursor });
        tools.push(...page.tools);
        cursor = page.nextCursor;
      } while (cursor !== undefined && cursor !== null);
      child.removeAllListeners('exit');
      done(null, tools);
    })().catch((e) => { child.removeAllListeners('exit'); done(e); });
  });
}

const args = process.argv.slice(2);
if (args[0] === '--proxy-config') {
  // The servers as `toon mcp proxy --config` entries (docs/mcp.md, "Proxy"), on stdout.
  const entries = Object.entries(servers).map(([name, s]) => ({
    name, command: process.execPath, args: s.argv, env: { DO_NOT_TRACK: '1', ...s.env },
  }));
  console.log(JSON.stringify({ servers: entries }));
  process.exit(0);
}
const force = args.includes('--force');
const names = args.filter((a) => a !== '--force');
for (const n of names) if (!(n in servers)) { console.error(`fetch-tools.mjs: no server ${n}`); process.exit(2); }
mkdirSync(join(dir, 'cache'), { recursive: true });
let failed = false;
for (const name of names.length > 0 ? names : Object.keys(servers)) {
  if (!force && cached(name)) continue;
  const started = Date.now();
  try {
    const tools = await listTools(name);
    const pkg = servers[name].package;
    writeFileSync(cacheFile(name), JSON.stringify({ package: pkg, version: version(pkg), tools }) + '\n');
    console.error(`fetch-tools.mjs: ${name}: ${tools.length} tools in ${Date.now() - started} ms`);
  } catch (e) {
    console.error(`fetch-tools.mjs: ${e.message}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
