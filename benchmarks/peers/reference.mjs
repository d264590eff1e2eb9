#!/usr/bin/env node
// benchmarks/peers/reference.mjs - times the reference TOON implementation (@toon-format/toon,
// pinned in tools/reference/package.json) on the benchmark datasets.
//
//   node reference.mjs DATADIR REFDIR [MIN_MS]
//
// DATADIR holds manifest.json and NAME.json / NAME.toon (written by toon_bench_data); REFDIR is
// the folder whose node_modules holds the reference (tools/reference). For each dataset:
// encode = encode(object parsed from NAME.json) -> TOON text (the value-encode peer), decode =
// decode(NAME.toon) -> object (the value-decode peer). Each is checked once (encode output
// byte-identical to NAME.toon, decode equal to the JSON) and then repeated for at least MIN_MS
// (default 1000) after a warm-up. Prints one JSON object on stdout.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

const [dataDir, refDir, minArg] = process.argv.slice(2)
if (!dataDir || !refDir) {
  console.error('usage: node reference.mjs DATADIR REFDIR [MIN_MS]')
  process.exit(2)
}
const minMs = Number(minArg ?? 1000)
const pkgDir = join(refDir, 'node_modules', '@toon-format', 'toon')
const pkg = JSON.parse(readFileSync(join(pkgDir, 'package.json'), 'utf8'))
const { encode, decode } = await import(pathToFileURL(join(pkgDir, pkg.exports['.'].default)).href)

/** Runs fn repeatedly for at least minMs (after a warm-up of a quarter of that); seconds/call. */
function time(fn) {
  const warmEnd = performance.now() + minMs / 4
  while (performance.now() < warmEnd) fn()
  let n = 0
  const start = performance.now()
  let now = start
  while (now - start < minMs || n < 3) {
    fn()
    n++
    now = performance.now()
  }
  return (now - start) / 1000 / n
}

const manifest = JSON.parse(readFileSync(join(dataDir, 'manifest.json'), 'utf8'))
const results = []
for (const { name, records } of manifest) {
  const json = readFileSync(join(dataDir, `${name}.json`), 'utf8')
  const toon = readFileSync(join(dataDir, `${name}.toon`), 'utf8')
  const data = JSON.parse(json)
  if (encode(data) !== toon) throw new Error(`${name}: reference encode differs from toon-cpp's output`)
  if (JSON.stringify(decode(toon)) !== JSON.stringify(data)) throw new Error(`${name}: reference decode differs`)
  let sink = 0
  const enc = time(() => { sink += encode(data).length })
  const dec = time(() => { sink += decode(toon) ? 1 : 0 })
  const bytes = Buffer.byteLength(toon, 'utf8')
  for (const [op, s] of [['value_encode', enc], ['value_decode', dec]])
    results.push({ dataset: name, op, seconds: s, bytes, records, bytes_per_second: bytes / s, records_per_second: records / s })
  if (sink < 0) console.error(sink)
}
console.log(JSON.stringify({ implementation: `@toon-format/toon ${pkg.version}`, runtime: `node ${process.version}`, results }, null, 2))
