#!/usr/bin/env node
// differential.mjs - seeded differential test of toon-cpp against the pinned reference
// implementation (@toon-format/toon, see package.json). Run through
// scripts/differential-reference.sh, which installs the reference first.
//
//   node differential.mjs --cli-batch PATH [--seed S] [--count N] [--first I] [--keep DIR]
//                         [--max-report N] [--chunk N] [--dump]
//
// Generates N random JSON documents (document I from its own generator seeded by S and I, so
// `--first I --count 1` reproduces one document of a run exactly). Each is written with
// JSON.stringify (one in four with some numbers spelled differently, same value), and that
// text is what both implementations get. Per document:
//
//   encode              the reference's and toon's encodings, for delimiter comma / tab / pipe x
//                       indent 1, 2, 4, must be byte-identical (or both must fail);
//   decode              toon's strict decode of each reference encoding must equal the
//                       reference's (or both must fail);
//   mutation-strict     single-line mutations of three of those encodings (comma / indent 2
//                       and two others, chosen at random), decoded in strict mode by both: both
//                       must reject, or both accept with equal values;
//   mutation-nonstrict  the same with strict: false, on fewer mutations.
//
// Values compare as JSON: toon's JSON output goes through JSON.parse, and JSON.stringify of
// both must be equal (JavaScript key order and double numbers on both sides).
//
// toon runs in one process (toon_reference_batch, tests/reference/batch_main.cpp) fed with
// jobs as JSON lines, chunk after chunk; the next chunk's reference work overlaps toon's.
// Prints `FAIL ...` per failing case (the first --max-report of them), per-category counts and
// `N passed, M failed`. Exit status 0 when nothing failed, 1 on a failure, 2 on a setup error.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { decode, encode } from '@toon-format/toon'

const DELIMITERS = [['comma', ','], ['tab', '\t'], ['pipe', '|']]
const INDENTS = [1, 2, 4]
const VARIANTS = DELIMITERS.flatMap(([name, delimiter]) =>
  INDENTS.map((indent) => ({ name, delimiter, indent })))
const CATEGORIES = ['encode', 'decode', 'mutation-strict', 'mutation-nonstrict']
const STRICT_MUTATIONS_PER_VARIANT = 8
const NONSTRICT_MUTATIONS_PER_VARIANT = 3
const WATCHDOG_MS = 120000

class SetupError extends Error {}

// ------------------------------------------------------------------------------------------
// Random numbers: xorshift32, seeded per document from (run seed, document index).

function mixSeed(seed, index) {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0
  h ^= h >>> 16
  h = Math.imul(h, 0x85ebca6b) >>> 0
  h ^= h >>> 13
  h = Math.imul(h, 0xc2b2ae35) >>> 0
  h ^= h >>> 16
  return h === 0 ? 0x6a09e667 : h
}

class Rng {
  constructor(seed) {
    this.state = seed >>> 0 || 1
    for (let i = 0; i < 8; i++) this.next32()
  }

  next32() {
    let x = this.state
    x ^= x << 13
    x ^= x >>> 17
    x ^= x << 5
    this.state = x >>> 0
    return this.state
  }

  float() { return this.next32() / 4294967296 }
  int(n) { return Math.floor(this.float() * n) }
  range(lo, hi) { return lo + this.int(hi - lo + 1) }
  chance(p) { return this.float() < p }
  pick(items) { return items[this.int(items.length)] }

  weighted(table) {
    let total = 0
    for (const [w] of table) total += w
    let x = this.float() * total
    for (const [w, v] of table) {
      x -= w
      if (x < 0) return v
    }
    return table[table.length - 1][1]
  }

  shuffle(items) {
    const out = items.slice()
    for (let i = out.length - 1; i > 0; i--) {
      const j = this.int(i + 1)
      ;[out[i], out[j]] = [out[j], out[i]]
    }
    return out
  }
}

// ------------------------------------------------------------------------------------------
// Documents

const PLAIN_KEYS = ['id', 'name', 'a', 'b', 'c', 'x', 'y', 'value', 'type', '_k', 'user.name',
  'a1', 'items', 'meta', 'tags', 'data', 'count', 'v2', 'status', 'B_2']

const AWKWARD_KEYS = ['', ' ', ' k', 'k ', 'a b', 'a:b', ':', 'k:', '[x]', '[2]', 'k[1]', '{a}',
  'k{a}', 'a,b', 'a|b', 'a\tb', '-k', '- k', '-', '#k', '# k', '"q"', 'q"', 'back\\slash',
  '\u00a0', 'k\u00a0', '\u00a0k', ':\u0301', '[\u0301', '\ufeffk', '\ufeff', '1', '0', '42',
  '007', '1.5', '-1', '1e3', 'true', 'null', 'false', '\u{1f600}', '\u00e9', '\u65e5\u672c',
  'line\nbreak', 'cr\r', '\u0001', '__proto__', 'constructor', 'a.b.c', '.a', 'A-B', '$x',
  'x y z', '\t', 'a[1]: b', '{', '}', '[', ']']

const STRING_BITS = ['', ' ', 'a', 'hello', 'hello world', ' lead', 'trail ', '  ', '\u00a0',
  'x\u00a0', '\u00a0x', ':\u0301', '[\u0301', ',\u0301', '|\u0301', '-\u0301', '#\u0301',
  '\u0301', '\ufeff', '\ufeffbom', '"', '\\', ':', 'a:b', '[', ']', '{', '}', '[1]', '{a}', '#',
  '# note', '-', '- x', '-x', '--', ',', '\t', '|', 'a,b', 'a|b', 'a\tb', '\n', '\r', '\r\n',
  '\u0001', '\u001f', '\u007f', '\u0085', '\u2028', '123', '1.5', '-0', '0', '1e5', '1E-7', '01',
  '00', '0x1F', '+1', '.5', '1.', '-1.5e3', '1e+21', 'true', 'false', 'null', 'True', 'NULL',
  'NaN', 'Infinity', '-Infinity', '\u{1f600}', '\u{1d11e}', '\u{1f469}\u200d\u{1f4bb}', '\u00e9',
  'e\u0301', '\u65e5\u672c\u8a9e', '\\n', '\\"', 'x: y', '[2]: a,b', 'k[1]{a}:', '  indented',
  'tab\tend', 'null ', ' true', '[]', '{}', '- [1]: x', '"quoted"']

const PLAIN_STRINGS = ['alpha', 'beta', 'Ada Lovelace', 'x1', 'ok', 'hello-world', 'a_b', 'N/A',
  'user@example.com', 'résumé', 'path/to/file.txt', 'v1.2.3', '2024-01-15', 'yes', 'no']

const STRING_CHARS = 'abcxyz019 -:,|\t[]{}#"\\.\u00a0\u0301\u00e9'

const NUMBER_POOL = [0, 1, -1, 2, 42, -7, 100, 3.14, -2.5, 0.5, 1e308, -1e308,
  1.7976931348623157e308, -1e-308, 1e-308, 5e-324, -5e-324, 2 ** 53 - 1, 2 ** 53, 2 ** 53 + 1,
  -(2 ** 53 - 1), -(2 ** 53), 2 ** 63, 2 ** 64, 1e21, -1e21, 1e20, 999999999999999900000, 1e-7,
  1e-6, 0.000001, 1.5e-7, 0.1 + 0.2, -0, 1e100, 1e-100, 123456.789, 1 / 3, 2 / 3, 4.35, 1e15,
  1e16, 1e17, 12345678901234567890, 2.2250738585072014e-308, 4.9e-324, 1.5e300, -3e-300]

// Sets an own property (so that "__proto__" is a key like any other).
function setOwn(target, key, value) {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true })
}

class Generator {
  constructor(rng) {
    this.r = rng
    this.budget = rng.range(15, 90) // values still to generate, bounds the document size
  }

  key() {
    return this.r.chance(0.7) ? this.r.pick(PLAIN_KEYS) : this.r.chance(0.8) ? this.r.pick(AWKWARD_KEYS) : this.string()
  }

  keys(n) {
    const out = []
    for (let tries = 0; out.length < n && tries < n * 5; tries++) {
      const k = this.key()
      if (!out.includes(k)) out.push(k)
    }
    return out
  }

  string() {
    const r = this.r
    const kind = r.float()
    if (kind < 0.3) return r.pick(PLAIN_STRINGS)
    if (kind < 0.6) return r.pick(STRING_BITS)
    if (kind < 0.85) {
      let s = ''
      for (let n = r.range(2, 3); n > 0; n--) s += r.pick(STRING_BITS)
      return s
    }
    let s = ''
    for (let n = r.range(0, 12); n > 0; n--) s += r.pick(STRING_CHARS)
    return s
  }

  number() {
    const r = this.r
    const kind = r.float()
    if (kind < 0.5) return r.pick(NUMBER_POOL)
    if (kind < 0.75) return r.chance(0.7) ? r.range(-1000, 1000) : r.int(2 ** 53) * (r.chance(0.5) ? -1 : 1)
    const exponent = r.chance(0.8) ? r.range(-20, 25) : r.range(-320, 308)
    return (r.float() * 2 - 1) * 10 ** exponent
  }

  primitive() {
    this.budget--
    return this.r.weighted([
      [45, () => this.string()],
      [35, () => this.number()],
      [10, () => this.r.chance(0.5)],
      [8, () => null],
    ])()
  }

  value(depth) {
    if (this.budget <= 0 || depth >= 5) return this.primitive()
    this.budget--
    return this.r.weighted([
      [40, () => this.primitive()],
      [14, () => this.object(depth)],
      [9, () => this.primitiveArray()],
      [8, () => this.table(depth, false)],
      [4, () => this.table(depth, true)],
      [5, () => this.keyed(depth)],
      [3, () => this.listWithTableFirst(depth)],
      [5, () => this.mixedArray(depth)],
      [4, () => this.arrayOfArrays(depth)],
      [3, () => this.objectList(depth)],
      [2, () => ({})],
      [2, () => []],
    ])()
  }

  object(depth, min = 0, max = 6) {
    const obj = {}
    for (const k of this.keys(this.r.range(min, max))) setOwn(obj, k, this.value(depth + 1))
    return obj
  }

  primitiveArray() {
    const out = []
    for (let n = this.r.range(0, 6); n > 0; n--) out.push(this.primitive())
    return out
  }

  // Field shape of uniform rows: [{name, children?}], children only while depth allows.
  shape(depth, nestedChance) {
    const names = this.keys(this.r.range(1, 4))
    return names.map((name) =>
      depth < 3 && this.r.chance(nestedChance) ? { name, children: this.shape(depth + 1, nestedChance / 2) } : { name })
  }

  // An object of the given shape; now and then with its keys in another order (still tabular:
  // the reference takes the first row's order).
  row(shape) {
    const obj = {}
    const fields = this.r.chance(0.05) ? this.r.shuffle(shape) : shape
    for (const f of fields) setOwn(obj, f.name, f.children ? this.row(f.children) : this.primitive())
    return obj
  }

  // A row with one difference that keeps it from being tabular (or a harmless key reorder).
  spoil(row) {
    const r = this.r
    const keys = Object.keys(row)
    const out = {}
    const kind = r.int(6)
    if (kind === 0 && keys.length > 0) { // drop a key
      const drop = r.pick(keys)
      for (const k of keys) if (k !== drop) setOwn(out, k, row[k])
      return out
    }
    if (kind === 1) { // reorder the keys: still tabular
      for (const k of r.shuffle(keys)) setOwn(out, k, row[k])
      return out
    }
    for (const k of keys) setOwn(out, k, row[k])
    const target = keys.length > 0 ? r.pick(keys) : 'extra'
    if (kind === 2) setOwn(out, 'extra' + r.int(3), this.primitive()) // an extra key
    else if (kind === 3) setOwn(out, target, []) // a non-primitive cell
    else if (kind === 4) setOwn(out, target, {}) // an empty object cell
    else setOwn(out, target, [this.primitive(), this.primitive()])
    return out
  }

  table(depth, nested) {
    const shape = this.shape(depth, nested ? 0.7 : 0)
    const rows = []
    for (let n = this.r.range(1, 5); n > 0; n--) rows.push(this.row(shape))
    if (this.r.chance(0.15)) {
      const i = this.r.int(rows.length)
      rows[i] = this.spoil(rows[i])
    }
    return rows
  }

  keyed(depth) {
    const shape = this.shape(depth, 0.3)
    const obj = {}
    for (const k of this.keys(this.r.range(1, 5))) setOwn(obj, k, this.row(shape))
    if (this.r.chance(0.15)) {
      const keys = Object.keys(obj)
      const k = this.r.pick(keys)
      const kind = this.r.int(3)
      obj[k] = kind === 0 ? {} : kind === 1 ? this.primitive() : this.spoil(obj[k])
    }
    return obj
  }

  // List items whose first field is a table (or a keyed table), then more fields.
  listWithTableFirst(depth) {
    const out = []
    for (let n = this.r.range(1, 3); n > 0; n--) {
      const item = {}
      const first = this.key()
      setOwn(item, first, this.r.chance(0.7) ? this.table(depth + 1, this.r.chance(0.3)) : this.keyed(depth + 1))
      for (const k of this.keys(this.r.range(0, 3))) if (k !== first) setOwn(item, k, this.value(depth + 2))
      out.push(item)
    }
    return out
  }

  // Objects of differing shapes: list form.
  objectList(depth) {
    const out = []
    for (let n = this.r.range(1, 4); n > 0; n--) out.push(this.object(depth + 1, 0, 4))
    return out
  }

  mixedArray(depth) {
    const out = []
    for (let n = this.r.range(1, 5); n > 0; n--) {
      out.push(this.r.weighted([
        [4, () => this.primitive()],
        [3, () => this.object(depth + 1, 0, 3)],
        [2, () => this.primitiveArray()],
        [1, () => this.value(depth + 1)],
      ])())
    }
    return out
  }

  arrayOfArrays(depth) {
    const out = []
    const deep = this.r.chance(0.3)
    for (let n = this.r.range(1, 4); n > 0; n--) out.push(deep ? this.mixedArray(depth + 1) : this.primitiveArray())
    return out
  }

  document() {
    return this.r.weighted([
      [72, () => this.object(0, 1, 8)],
      [6, () => this.keyed(0)],
      [12, () => this.value(0)],
      [3, () => this.r.pick([{}, [], ''])],
      [4, () => this.primitive()],
      [3, () => this.r.pick(['\ufeffbom', '\ufeff', 'a\ufeff', ' x', '- x', '#x'])],
    ])()
  }
}

// Another spelling of the same number (same mathematical value, so the same double for any
// correctly rounding parser): "1.50", "15e-1", "1.5E0", "-0.0", ...
function numberText(r, x) {
  if (Object.is(x, -0)) return r.pick(['-0', '-0.0', '-0e0', '-0E+2'])
  const m = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:e([+-][0-9]+))?$/.exec(String(x))
  if (!m) return String(x)
  const [, sign, int, frac = '', exp = '+0'] = m
  const e = Number(exp)
  switch (r.int(4)) {
    case 0: // more fraction digits
      return `${sign}${int}.${frac}${'0'.repeat(r.range(1, 2))}${e !== 0 ? `e${exp}` : ''}`
    case 1: { // integer mantissa, adjusted exponent
      const mantissa = (int + frac).replace(/^0+(?=[0-9])/, '')
      return `${sign}${mantissa}e${e - frac.length}`
    }
    case 2: // upper-case E, signed or not
      return `${sign}${int}${frac ? `.${frac}` : ''}E${r.chance(0.5) && e >= 0 ? `+${e}` : e}`
    default: { // the decimal point moved one digit left
      const digits = int + frac
      return `${sign}${digits[0]}.${digits.slice(1) || '0'}e${e + int.length - 1}`
    }
  }
}

// JSON.stringify, except that some numbers (by `chance`) are written in another spelling.
function documentText(r, value, chance) {
  if (typeof value === 'number') {
    return Number.isFinite(value) && r.chance(chance) ? numberText(r, value) : JSON.stringify(value)
  }
  if (Array.isArray(value)) return `[${value.map((v) => documentText(r, v, chance)).join(',')}]`
  if (value !== null && typeof value === 'object') {
    return `{${Object.keys(value).map((k) => `${JSON.stringify(k)}:${documentText(r, value[k], chance)}`).join(',')}}`
  }
  return JSON.stringify(value)
}

// ------------------------------------------------------------------------------------------
// Mutations of one line of a TOON text

const MUTATIONS = ['delete-line', 'duplicate-line', 'indent+1', 'indent-1', 'indent+unit',
  'indent-unit', 'tab-indent', 'count+1', 'count-1', 'keyed-toggle', 'header-delimiter',
  'truncate', 'trailing-space', 'cr-eol', 'blank-line']
const HEADER_MUTATIONS = new Set(['count+1', 'count-1', 'keyed-toggle', 'header-delimiter'])
const BRACKET = /^\[(0|[1-9][0-9]*)(:?)([\t|]?)\]/

// The `[N]` / `[N:]` / `[N|]` ... segments of a line outside quoted spans.
function bracketSegments(line) {
  const out = []
  let inQuotes = false
  for (let i = 0; i < line.length; i++) {
    const c = line[i]
    if (inQuotes) {
      if (c === '\\') i++
      else if (c === '"') inQuotes = false
    } else if (c === '"') {
      inQuotes = true
    } else if (c === '[') {
      const m = BRACKET.exec(line.slice(i))
      if (m) out.push({ start: i, end: i + m[0].length, length: Number(m[1]), keyed: m[2] === ':', delimiter: m[3] })
    }
  }
  return out
}

function leadingSpaces(line) {
  let n = 0
  while (line[n] === ' ') n++
  return n
}

// One mutation of `kind` at a random suitable line, or null when none applies.
function mutate(r, text, indent, kind) {
  const lines = text.split('\n')
  const replace = (i, newLines) => {
    const out = lines.slice()
    out.splice(i, 1, ...newLines)
    return out.join('\n')
  }
  const candidates = (test) => lines.map((l, i) => (test(l) ? i : -1)).filter((i) => i >= 0)
  const any = (test) => {
    const c = candidates(test)
    return c.length === 0 ? -1 : r.pick(c)
  }
  let i
  let out
  let detail = ''
  switch (kind) {
    case 'delete-line':
      i = r.int(lines.length)
      out = replace(i, [])
      break
    case 'duplicate-line':
      i = r.int(lines.length)
      out = replace(i, [lines[i], lines[i]])
      break
    case 'indent+1':
    case 'indent+unit':
      i = any((l) => l !== '')
      if (i < 0) return null
      out = replace(i, [' '.repeat(kind === 'indent+1' ? 1 : indent) + lines[i]])
      break
    case 'indent-1':
    case 'indent-unit': {
      const n = kind === 'indent-1' ? 1 : indent
      i = any((l) => leadingSpaces(l) >= n)
      if (i < 0) return null
      out = replace(i, [lines[i].slice(n)])
      break
    }
    case 'tab-indent': // the first indentation unit of an indented line becomes a tab
      i = any((l) => leadingSpaces(l) >= indent)
      if (i < 0) return null
      out = replace(i, [`\t${lines[i].slice(indent)}`])
      break
    case 'trailing-space':
      i = any((l) => l !== '')
      if (i < 0) return null
      out = replace(i, [lines[i] + ' '.repeat(r.range(1, 2))])
      break
    case 'cr-eol':
      i = r.int(lines.length)
      out = replace(i, [`${lines[i]}\r`])
      break
    case 'blank-line': // an empty or whitespace-only line before line i
      i = r.int(lines.length)
      out = replace(i, [r.pick(['', ' ', ' '.repeat(indent)]), lines[i]])
      break
    case 'count+1':
    case 'count-1':
    case 'keyed-toggle':
    case 'header-delimiter': {
      i = any((l) => bracketSegments(l).length > 0)
      if (i < 0) return null
      const line = lines[i]
      const seg = r.pick(bracketSegments(line))
      let length = String(seg.length)
      let keyed = seg.keyed ? ':' : ''
      let delimiter = seg.delimiter
      if (kind === 'count+1') length = String(seg.length + 1)
      else if (kind === 'count-1') length = String(seg.length - 1)
      else if (kind === 'keyed-toggle') keyed = keyed ? '' : ':'
      else delimiter = r.pick(['', '\t', '|'].filter((d) => d !== seg.delimiter))
      const bracket = `[${length}${keyed}${delimiter}]`
      detail = ` ${escapeText(line.slice(seg.start, seg.end))}->${escapeText(bracket)}`
      out = replace(i, [line.slice(0, seg.start) + bracket + line.slice(seg.end)])
      break
    }
    case 'truncate': {
      i = any((l) => l !== '')
      if (i < 0) return null
      const bytes = Buffer.from(lines[i], 'utf8')
      let cut = r.int(bytes.length)
      while (cut > 0 && (bytes[cut] & 0xc0) === 0x80) cut-- // keep whole UTF-8 sequences
      detail = ` at byte ${cut}`
      out = replace(i, [bytes.subarray(0, cut).toString('utf8')])
      break
    }
    default:
      throw new Error(`unknown mutation ${kind}`)
  }
  if (out === text) return null
  return { kind, line: i + 1, label: `${kind}@L${i + 1}${detail}`, text: out }
}

// `count` distinct mutations of `text`, kinds chosen at random among those that apply.
function mutations(r, text, indent, count) {
  const hasHeader = text.split('\n').some((l) => bracketSegments(l).length > 0)
  const kinds = MUTATIONS.filter((k) => hasHeader || !HEADER_MUTATIONS.has(k))
  const out = []
  const seen = new Set([text])
  for (let tries = 0; out.length < count && tries < count * 4; tries++) {
    const m = mutate(r, text, indent, r.pick(kinds))
    if (m === null || seen.has(m.text)) continue
    seen.add(m.text)
    out.push(m)
  }
  return out
}

// ------------------------------------------------------------------------------------------
// Comparison helpers

function escapeText(s, limit = 160) {
  let out = JSON.stringify(s).replace(/[\u007f-\u00a0\u00ad\u0300-\u036f\u2000-\u200f\u2028\u2029\u202f\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  if (out.length > limit) out = `${out.slice(0, limit)}...(${s.length} chars)`
  return out
}

function shortJson(v, limit = 160) {
  const s = JSON.stringify(v)
  return s.length > limit ? `${s.slice(0, limit)}...(${s.length} chars)` : s
}

function runReference(fn) {
  try {
    return { ok: true, output: fn() }
  } catch (e) {
    return { ok: false, error: `${e?.name ?? 'Error'}: ${e?.message ?? String(e)}` }
  }
}

function firstLineDifference(expected, actual) {
  const a = expected.split('\n')
  const b = actual.split('\n')
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    if (a[i] !== b[i]) {
      const show = (l) => (l === undefined ? '(no line)' : escapeText(l))
      return `line ${i + 1}: reference ${show(a[i])}, toon ${show(b[i])}`
    }
  }
  return 'outputs equal'
}

function typeName(v) {
  if (v === null) return 'null'
  if (Array.isArray(v)) return 'array'
  return typeof v
}

// Path and description of the first difference of two JSON values (JavaScript semantics).
function valueDifference(a, b, path = '$') {
  const ta = typeName(a)
  const tb = typeName(b)
  if (ta !== tb) return `${path}: reference ${ta} ${shortJson(a, 60)}, toon ${tb} ${shortJson(b, 60)}`
  if (ta === 'array') {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      const d = valueDifference(a[i], b[i], `${path}[${i}]`)
      if (d) return d
    }
    if (a.length !== b.length) return `${path}: reference has ${a.length} elements, toon ${b.length}`
    return null
  }
  if (ta === 'object') {
    const ka = Object.keys(a)
    const kb = Object.keys(b)
    for (let i = 0; i < Math.min(ka.length, kb.length); i++) {
      if (ka[i] !== kb[i]) return `${path}: key #${i + 1} is ${escapeText(ka[i], 40)} for the reference, ${escapeText(kb[i], 40)} for toon`
      const d = valueDifference(a[ka[i]], b[kb[i]], `${path}[${escapeText(ka[i], 40)}]`)
      if (d) return d
    }
    if (ka.length !== kb.length) return `${path}: reference has ${ka.length} keys, toon ${kb.length}`
    return null
  }
  if (Object.is(a, b) || a === b) return null
  return `${path}: reference ${shortJson(a, 60)}, toon ${shortJson(b, 60)}`
}

function describeResult(res) {
  return res.ok ? 'accepts' : `rejects (${res.error.slice(0, 140)})`
}

// Compares decode results: {pass} or {pass: false, reason, reference, toon} (JSON values).
function compareDecoded(ref, ours) {
  if (!ref.ok && !ours.ok) return { pass: true }
  if (ref.ok !== ours.ok) {
    const shown = (res) => (res.ok ? `accepts ${shortJson(JSON.parse(res.output), 100)}` : describeResult(res))
    return { pass: false, outcome: ref.ok ? 'toon rejects' : 'toon accepts', reason: `reference ${shown(ref)}; toon ${shown(ours)}` }
  }
  let oursValue
  try {
    oursValue = JSON.parse(ours.output)
  } catch (e) {
    return { pass: false, outcome: 'bad output', reason: `toon's output is not JSON: ${escapeText(ours.output, 100)}` }
  }
  if (JSON.stringify(oursValue) === ref.output) return { pass: true }
  return { pass: false, outcome: 'values differ', reason: `values differ: ${valueDifference(JSON.parse(ref.output), oursValue)}` }
}

// ------------------------------------------------------------------------------------------
// The toon side: one toon_reference_batch process fed with job lines.

class Batch {
  constructor(path) {
    this.path = path
    this.child = null
    this.waiting = null // {jobs, results, resolve}
    this.partial = ''
  }

  start() {
    const child = spawn(this.path, [], { stdio: ['pipe', 'pipe', 'inherit'] })
    this.child = child
    this.partial = ''
    child.stdin.on('error', () => {}) // EPIPE after a crash is reported through 'exit'
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (text) => this.onData(text))
    child.on('error', (e) => this.onExit(null, null, e))
    // 'close', not 'exit': only then has every line the process wrote been read.
    child.on('close', (code, signal) => this.onExit(code, signal, null))
  }

  onData(text) {
    this.lastData = Date.now()
    const lines = (this.partial + text).split('\n')
    this.partial = lines.pop()
    const w = this.waiting
    for (const line of lines) {
      if (!w) {
        process.stderr.write(`differential: toon_reference_batch wrote an unexpected line: ${escapeText(line)}\n`)
        process.exit(2)
      }
      w.results.push(JSON.parse(line))
    }
    if (w && w.results.length >= w.jobs.length) {
      this.waiting = null
      clearInterval(w.watchdog)
      w.resolve(w.results)
    }
  }

  onExit(code, signal, error) {
    const child = this.child
    this.child = null
    const w = this.waiting
    if (!w) return
    this.waiting = null
    clearInterval(w.watchdog)
    if (error) {
      w.reject(new SetupError(`cannot run ${this.path}: ${error.message}`))
      return
    }
    if (child) child.removeAllListeners()
    // The process died in the middle of a chunk: run the unanswered jobs one process each, to
    // find the one that crashes (or hangs).
    const why = signal ? `signal ${signal}` : `exit status ${code}`
    process.stderr.write(`differential: toon_reference_batch ended (${why}) with ${w.jobs.length - w.results.length} jobs unanswered; running them one by one\n`)
    try {
      for (let i = w.results.length; i < w.jobs.length; i++) w.results.push(this.runAlone(w.jobs[i]))
    } catch (e) {
      w.reject(e)
      return
    }
    w.resolve(w.results)
  }

  runAlone(job) {
    const res = spawnSync(this.path, [], { input: `${JSON.stringify(job)}\n`, encoding: 'utf8', timeout: 20000 })
    if (res.error && res.error.code !== 'ETIMEDOUT') throw new SetupError(`cannot run ${this.path}: ${res.error.message}`)
    if (res.status === 0 && res.stdout.endsWith('\n')) return JSON.parse(res.stdout)
    const why = res.error ? 'time-out (20 s)' : res.signal ? `signal ${res.signal}` : `exit status ${res.status}`
    return { ok: false, error: `CRASH: ${why}`, crashed: true }
  }

  run(jobs) {
    if (jobs.length === 0) return Promise.resolve([])
    if (!this.child) this.start()
    return new Promise((resolve, reject) => {
      const w = { jobs, results: [], resolve, reject }
      this.lastData = Date.now()
      w.watchdog = setInterval(() => {
        if (Date.now() - this.lastData > WATCHDOG_MS && this.child) this.child.kill('SIGKILL')
      }, 5000)
      this.waiting = w
      this.child.stdin.write(jobs.map((j) => JSON.stringify(j)).join('\n') + '\n')
    })
  }

  close() {
    if (this.child) {
      this.child.stdin.end()
      this.child.removeAllListeners()
      this.child = null
    }
  }
}

// ------------------------------------------------------------------------------------------
// The run

function parseArgs(argv) {
  const opts = { seed: 1, count: 2000, first: 0, keep: null, cliBatch: null, maxReport: 100, chunk: 64 }
  const integer = (flag, text, min) => {
    if (!/^[0-9]+$/.test(text ?? '') || Number(text) < min || Number(text) > 2 ** 32 - 1) {
      throw new SetupError(`${flag} needs an integer >= ${min} (got ${text === undefined ? 'nothing' : `'${text}'`})`)
    }
    return Number(text)
  }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const next = () => argv[++i]
    if (a === '--seed') opts.seed = integer(a, next(), 0)
    else if (a === '--count') opts.count = integer(a, next(), 1)
    else if (a === '--first') opts.first = integer(a, next(), 0)
    else if (a === '--keep') opts.keep = next() ?? ''
    else if (a === '--cli-batch') opts.cliBatch = next() ?? ''
    else if (a === '--max-report') opts.maxReport = integer(a, next(), 0)
    else if (a === '--chunk') opts.chunk = integer(a, next(), 1)
    else if (a === '--dump') opts.dump = true
    else if (a === '-h' || a === '--help') opts.help = true
    else throw new SetupError(`unknown option '${a}' (see --help)`)
  }
  if (opts.keep === '') throw new SetupError('--keep needs a folder')
  if (!opts.help && !opts.dump && !opts.cliBatch) throw new SetupError('--cli-batch PATH is required')
  return opts
}

const USAGE = `usage: differential.mjs --cli-batch PATH [--seed S] [--count N] [--first I] [--keep DIR]
                       [--max-report N] [--chunk N] [--dump]
  --seed S        run seed (default 1); document I of a run depends only on S and I
  --count N       number of documents (default 2000)
  --first I       index of the first document (default 0): --first I --count 1 reruns one
  --keep DIR      write every failing case to DIR (JSON with all inputs and both results)
  --cli-batch P   the toon_reference_batch program
  --max-report N  print at most N FAIL lines (default 100; all are counted and kept)
  --chunk N       documents per batch round trip (default 64)
  --dump          only print each document (JSON) and the reference's TOON (comma, indent 2)
`

// The JSON text of a random document: JSON.stringify's, with one document in four spelling
// some numbers differently.
function generateDocument(rng) {
  const value = new Generator(rng).document()
  return rng.chance(0.25) ? documentText(rng, value, 0.3) : JSON.stringify(value)
}

// Reference work for one document: the cases and the jobs for toon, in the same order.
function prepareDocument(seed, index) {
  const rng = new Rng(mixSeed(seed, index))
  const docText = generateDocument(rng)
  const docValue = JSON.parse(docText)
  const cases = []
  const encodings = []
  for (const v of VARIANTS) {
    const variant = `${v.name}, indent ${v.indent}`
    const ref = runReference(() => encode(docValue, { delimiter: v.delimiter, indentSize: v.indent }))
    cases.push({ category: 'encode', variant, v, ref, job: { op: 'encode', json: docText, delimiter: v.delimiter, indent: v.indent } })
    encodings.push(ref)
    if (!ref.ok) continue
    const decoded = runReference(() => JSON.stringify(decode(ref.output, { indentSize: v.indent, strict: true })))
    cases.push({ category: 'decode', variant, v, toon: ref.output, input: ref.output, strict: true, ref: decoded,
      job: { op: 'decode', toon: ref.output, indent: v.indent, strict: true } })
  }
  // Mutations: comma / indent 2, and two other variants.
  const others = rng.shuffle([0, 1, 2, 3, 5, 6, 7, 8])
  const mutationVariants = [4, others[0], others[1]]
  for (const vi of mutationVariants) {
    const v = VARIANTS[vi]
    const base = encodings[vi]
    if (!base.ok) continue
    const variant = `${v.name}, indent ${v.indent}`
    for (const strict of [true, false]) {
      const count = strict ? STRICT_MUTATIONS_PER_VARIANT : NONSTRICT_MUTATIONS_PER_VARIANT
      for (const m of mutations(rng, base.output, v.indent, count)) {
        const ref = runReference(() => JSON.stringify(decode(m.text, { indentSize: v.indent, strict })))
        cases.push({ category: strict ? 'mutation-strict' : 'mutation-nonstrict', variant, v, toon: base.output,
          input: m.text, mutation: m, strict, ref, job: { op: 'decode', toon: m.text, indent: v.indent, strict } })
      }
    }
  }
  return { index, docText, cases }
}

function judge(c, ours) {
  if (ours.bad_job) throw new SetupError(`toon_reference_batch refused a job: ${ours.error}`)
  if (ours.crashed) return { pass: false, outcome: 'toon crashed', reason: `toon ${ours.error}; reference ${describeResult(c.ref)}` }
  if (c.category === 'encode') {
    if (!c.ref.ok && !ours.ok) return { pass: true }
    if (c.ref.ok !== ours.ok) {
      return { pass: false, outcome: ours.ok ? 'toon encodes' : 'toon fails', reason: `reference ${c.ref.ok ? 'encodes' : describeResult(c.ref)}; toon ${ours.ok ? 'encodes' : describeResult(ours)}` }
    }
    if (c.ref.output === ours.output) return { pass: true }
    return { pass: false, outcome: 'output differs', reason: `output differs at ${firstLineDifference(c.ref.output, ours.output)}` }
  }
  return compareDecoded(c.ref, ours)
}

class Report {
  constructor(opts) {
    this.opts = opts
    this.counts = Object.fromEntries(CATEGORIES.map((c) => [c, { passed: 0, failed: 0 }]))
    this.byKind = new Map()
    this.printed = 0
    this.kept = 0
  }

  record(doc, c, ours, verdict) {
    const count = this.counts[c.category]
    if (verdict.pass) {
      count.passed++
      return
    }
    count.failed++
    const kind = `${c.category}${c.mutation ? ` ${c.mutation.kind}` : ''}: ${verdict.outcome}`
    this.byKind.set(kind, (this.byKind.get(kind) ?? 0) + 1)
    const where = `seed ${this.opts.seed} doc ${doc.index} [${c.variant}${c.category === 'mutation-nonstrict' ? ', non-strict' : ''}]`
    const what = c.mutation ? ` ${c.mutation.label}` : ''
    if (this.printed < this.opts.maxReport) {
      console.log(`FAIL ${c.category} ${where}${what}: ${verdict.reason}`)
      this.printed++
    }
    if (this.opts.keep) this.keepCase(doc, c, ours, verdict)
  }

  keepCase(doc, c, ours, verdict) {
    this.kept++
    const name = `${String(doc.index).padStart(6, '0')}-${c.category}-${c.v.name}${c.v.indent}` +
      `${c.mutation ? `-${c.mutation.kind.replace(/[^a-z0-9+-]/gi, '_')}-L${c.mutation.line}` : ''}-${this.kept}`
    const record = {
      seed: this.opts.seed,
      document_index: doc.index,
      category: c.category,
      delimiter: c.v.name,
      indent: c.v.indent,
      strict: c.strict ?? null,
      mutation: c.mutation ? c.mutation.label : null,
      reason: verdict.reason,
      document: doc.docText,
      reference_toon: c.toon ?? null,
      input: c.category === 'encode' ? doc.docText : c.input,
      reference: c.ref,
      toon: ours,
      reproduce: `scripts/differential-reference.sh --seed ${this.opts.seed} --first ${doc.index} --count 1`,
    }
    writeFileSync(join(this.opts.keep, `${name}.json`), `${JSON.stringify(record, null, 2)}\n`)
    if (c.category !== 'encode') writeFileSync(join(this.opts.keep, `${name}.toon`), c.input)
  }

  finish(seconds, documents) {
    let passed = 0
    let failed = 0
    if (this.printed < this.totalFailed()) {
      console.log(`... ${this.totalFailed() - this.printed} more FAIL lines not shown (--max-report ${this.opts.maxReport})`)
    }
    console.log(`differential: seed ${this.opts.seed}, documents ${this.opts.first}..${this.opts.first + documents - 1}, ${seconds.toFixed(1)} s`)
    for (const c of CATEGORIES) {
      const n = this.counts[c]
      passed += n.passed
      failed += n.failed
      console.log(`  ${c.padEnd(19)} ${String(n.passed).padStart(7)} passed, ${String(n.failed).padStart(6)} failed`)
    }
    if (this.byKind.size > 0) {
      console.log('  failures by kind:')
      for (const [k, n] of [...this.byKind].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
        console.log(`  ${String(n).padStart(7)}  ${k}`)
      }
    }
    if (this.opts.keep && this.kept > 0) console.log(`  ${this.kept} failing cases written to ${this.opts.keep}`)
    console.log(`${passed} passed, ${failed} failed`)
    return failed
  }

  totalFailed() {
    return CATEGORIES.reduce((n, c) => n + this.counts[c].failed, 0)
  }
}

// Lets pending I/O (the batch process's output) through while the reference works.
const breathe = () => new Promise((resolve) => setImmediate(resolve))

async function prepareChunk(seed, start, end) {
  const docs = []
  for (let i = start; i < end; i++) {
    docs.push(prepareDocument(seed, i))
    await breathe()
  }
  return docs
}

async function main(argv) {
  const opts = parseArgs(argv)
  if (opts.help) {
    process.stdout.write(USAGE)
    return 0
  }
  if (opts.dump) {
    for (let i = opts.first; i < opts.first + opts.count; i++) {
      const docText = generateDocument(new Rng(mixSeed(opts.seed, i)))
      const toon = runReference(() => encode(JSON.parse(docText)))
      process.stdout.write(`# document ${i}\n${docText}\n# reference TOON (comma, indent 2)\n${toon.ok ? toon.output : toon.error}\n\n`)
    }
    return 0
  }
  if (opts.keep) mkdirSync(opts.keep, { recursive: true })
  const started = process.hrtime.bigint()
  const batch = new Batch(opts.cliBatch)
  const report = new Report(opts)
  const end = opts.first + opts.count
  const send = (docs) => batch.run(docs.flatMap((d) => d.cases.map((c) => c.job)))
  try {
    let docs = await prepareChunk(opts.seed, opts.first, Math.min(end, opts.first + opts.chunk))
    let pending = send(docs)
    for (let start = opts.first + opts.chunk; ; start += opts.chunk) {
      const next = start < end ? await prepareChunk(opts.seed, start, Math.min(end, start + opts.chunk)) : null
      const results = await pending
      if (next) pending = send(next)
      let k = 0
      for (const doc of docs) {
        for (const c of doc.cases) {
          const ours = results[k++]
          report.record(doc, c, ours, judge(c, ours))
        }
      }
      if (!next) break
      docs = next
    }
  } finally {
    batch.close()
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  return report.finish(seconds, opts.count) === 0 ? 0 : 1
}

process.stdout.on('error', (e) => {
  if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0) // output piped into head, say
  throw e
})

main(process.argv.slice(2)).then(
  (status) => { process.exitCode = status },
  (e) => {
    if (e instanceof SetupError) {
      process.stderr.write(`differential: ${e.message}\n`)
    } else {
      process.stderr.write(`differential: internal error: ${e?.stack ?? e}\n`)
    }
    process.exitCode = 2
  })
