#!/usr/bin/env node
// reference.mjs - drives the pinned TOON reference implementation (@toon-format/toon, see
// package.json) for scripts/compare-reference.sh.
//
//   node reference.mjs encode FILE [DELIM] [INDENT]   JSON file -> TOON on stdout (no trailing LF)
//   node reference.mjs decode FILE [INDENT] [STRICT]  TOON file -> compact JSON on stdout
//   node reference.mjs normalize FILE                 JSON file -> JSON.stringify(JSON.parse(text))
//   node reference.mjs batch JOBS                     many jobs in one process (see below)
//
// FILE may be "-" for stdin. DELIM: comma | tab | pipe (or the character itself); default comma.
// INDENT: spaces per level, default 2. STRICT: true | false (also strict | no-strict), default true.
// Files are read as bytes and decoded as UTF-8 strictly (ill-formed UTF-8 is an error, never
// replaced), and a byte-order mark is passed on as content. Errors go to stderr, exit status 1.
//
// batch: JOBS is a JSON file holding an array of {op, file, delimiter?, indent?, strict?};
// prints a JSON array of {ok: true, output} / {ok: false, error}, one per job, in order.
import { readFileSync } from 'node:fs'
import { decode, encode } from '@toon-format/toon'

const DELIMITERS = { comma: ',', tab: '\t', pipe: '|', ',': ',', '\t': '\t', '|': '|' }

function readText(file) {
  const bytes = readFileSync(file === '-' ? 0 : file)
  return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
}

function parseIndent(text) {
  if (text === undefined) return 2
  const n = Number(text)
  if (!Number.isInteger(n) || n < 1) throw new Error(`bad indent '${text}'`)
  return n
}

function parseDelimiter(text) {
  if (text === undefined) return ','
  const d = DELIMITERS[text]
  if (d === undefined) throw new Error(`bad delimiter '${text}' (comma, tab or pipe)`)
  return d
}

function parseStrict(text) {
  if (text === undefined || text === true || text === 'true' || text === 'strict') return true
  if (text === false || text === 'false' || text === 'no-strict') return false
  throw new Error(`bad strict flag '${text}' (true or false)`)
}

function runJob(job) {
  const text = readText(job.file)
  switch (job.op) {
    case 'encode':
      return encode(JSON.parse(text), {
        delimiter: parseDelimiter(job.delimiter),
        indentSize: parseIndent(job.indent),
      })
    case 'decode':
      return JSON.stringify(decode(text, {
        indentSize: parseIndent(job.indent),
        strict: parseStrict(job.strict),
      }))
    case 'normalize':
      return JSON.stringify(JSON.parse(text))
    default:
      throw new Error(`unknown operation '${job.op}'`)
  }
}

function main(argv) {
  const [op, file, a, b] = argv
  if (op === 'batch' && file !== undefined) {
    const jobs = JSON.parse(readText(file))
    const results = jobs.map((job) => {
      try {
        return { ok: true, output: runJob(job) }
      } catch (e) {
        return { ok: false, error: `${e?.name ?? 'Error'}: ${e?.message ?? String(e)}` }
      }
    })
    process.stdout.write(JSON.stringify(results))
    return 0
  }
  if (file === undefined || !['encode', 'decode', 'normalize'].includes(op)) {
    process.stderr.write(
      'usage: reference.mjs encode FILE [comma|tab|pipe] [INDENT]\n'
      + '       reference.mjs decode FILE [INDENT] [true|false]\n'
      + '       reference.mjs normalize FILE\n'
      + '       reference.mjs batch JOBS.json\n')
    return 2
  }
  const job = op === 'encode'
    ? { op, file, delimiter: a, indent: b }
    : { op, file, indent: a, strict: b }
  try {
    process.stdout.write(runJob(job))
    return 0
  } catch (e) {
    process.stderr.write(`reference ${op}: ${e?.name ?? 'Error'}: ${e?.message ?? String(e)}\n`)
    return 1
  }
}

process.exitCode = main(process.argv.slice(2))
