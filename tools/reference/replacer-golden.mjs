#!/usr/bin/env node
// replacer-golden.mjs - prints the pinned reference implementation's output for the cases of
// tests/unit/encode_replacer_test.cpp (encode `replacer` and `rawString`), as C++ string
// literals to paste into that test.
//
//   node tools/reference/replacer-golden.mjs
//
// Each case here has a C++ twin of the same name in the test; keep the two in step. For the
// cases that record the replacer's calls, the calls are printed one per line as
// `key|path|value` (path and value as compact JSON), the form the test records them in.
import { encode, escapeString, rawString } from '@toon-format/toon'

const cases = []
function add(name, input, replacer, options = {}) {
  cases.push({ name, input, replacer, options })
}

const isPrimitive = (v) => v === null || typeof v !== 'object'

// ---- omit -----------------------------------------------------------------------------------

add('omit_members', { a: 1, secret: 'x', b: { secret: 2, c: 3 } },
  (key, value) => (key === 'secret' ? undefined : value))

add('omit_elements', { xs: [1, 2, 3, 4, 5], rows: [{ id: 1 }, { id: 2 }, { id: 3 }] },
  (key, value, path) => {
    if (path.length === 2 && path[0] === 'xs' && value % 2 === 0) return undefined
    if (path.length === 2 && path[0] === 'rows' && path[1] === 1) return undefined
    return value
  })

add('omit_all_elements', { xs: [1, 2], o: { a: 1 } },
  (key, value, path) => (path.length === 2 ? undefined : value))

add('omit_root', { a: 1, b: [1, 2] },
  (key, value, path) => {
    if (path.length === 0) return undefined  // at the root: no change, children still visited
    if (key === 'a') return 10
    return value
  })

// ---- replace --------------------------------------------------------------------------------

add('primitive_to_container', { a: 1, b: 'x', c: [1, 2] },
  (key, value) => {
    if (key === 'a') return { x: 1, y: [1, 2] }
    if (key === 'b') return [{ id: 1, n: 'p' }, { id: 2, n: 'q' }]
    return value
  })

add('container_to_primitive', { user: { name: 'Ada' }, list: [1, 2], rows: [{ id: 1, meta: { k: 1 } }, { id: 2, meta: { k: 2 } }] },
  (key, value) => {
    if (key === 'user') return 'hidden'
    if (key === 'list') return null
    if (key === 'meta') return `m${value.k}`
    return value
  })

add('replace_root', { a: 1 },
  (key, value, path) => (path.length === 0 ? { b: { secret: 1, c: 2 }, d: [{ secret: 3 }] } : key === 'secret' ? undefined : value))

add('replace_root_primitive', 'text',
  (key, value, path) => (path.length === 0 ? 42 : value))

// ---- calls ----------------------------------------------------------------------------------

add('calls_paths_and_keys', { a: { b: [10, { c: true }] }, 'my key': [], 'x.y': 'z' },
  (key, value) => value)

add('calls_replacement_children', { a: 1, b: 2 },
  (key, value) => {
    if (key === 'a') return { secret: 1, keep: [7, { secret: 2 }] }
    if (key === 'secret') return undefined
    return value
  })

add('calls_omitted_not_visited', { drop: { inner: 1 }, keep: { inner: 2 } },
  (key, value) => (key === 'drop' ? undefined : value))

add('calls_raw_container_visited', { o: { p: 1 }, q: [true] },
  (key, value, path) => (path.length === 0 ? value : rawString('R')))

add('calls_paths_inside_a_replacement', { a: 1 },
  (key, value) => {
    if (key === 'a') return { 'long key number one': { 'long key number two': [{ x: 1 }, 2] }, gone: 3 }
    if (key === 'gone' || key === '1') return undefined
    return value
  })

// ---- raw strings ----------------------------------------------------------------------------

const fixed2 = (key, value) => (typeof value === 'number' ? rawString(value.toFixed(2)) : value)

add('raw_object_values', { price: 1.5, name: 'Ada', n: 3 }, fixed2)

add('raw_quoted_with_escape', { name: 'Ada', age: 30, note: 'say "hi"\n' },
  (key, value) => (isPrimitive(value) ? rawString(`"${escapeString(String(value))}"`) : value))

add('raw_inline_array', { prices: [1.5, 2, 3.25], mixed: [1, 'a', null] }, fixed2)

add('raw_table_cells', { items: [{ sku: 'A', price: 1.5 }, { sku: 'B', price: 2 }] }, fixed2)

add('raw_table_cells_tab', { items: [{ sku: 'A', price: 1.5 }, { sku: 'B', price: 2 }] }, fixed2,
  { delimiter: '\t', indent: 4 })

add('raw_nested_table_cells', { orders: [{ id: 1, total: { net: 9, tax: 1.8 } }, { id: 2, total: { net: 20, tax: 4 } }] }, fixed2)

add('raw_keyed_table_cells', { users: { alice: { age: 30 }, bob: { age: 25 } } }, fixed2)

add('raw_root_keyed_table', { alice: { age: 30 }, bob: { age: 25 } }, fixed2)

add('raw_list_items', { mix: [1, { a: 2, b: 3 }, 'x', [4, 5], [{ c: 6 }]] }, fixed2)

add('raw_list_item_first_field', { items: [{ price: 1, tags: ['a'] }, { price: 2 }] }, fixed2)

add('raw_arrays_of_arrays', { m: [[1, 2], [3]] }, fixed2)

add('raw_root_array', [1, 2.5], fixed2)

add('raw_root', 'hello', (key, value, path) => (path.length === 0 ? rawString('<<hello>>') : value))

add('raw_root_empty', 'hello', (key, value, path) => (path.length === 0 ? rawString('') : value))

add('raw_root_bom_string', '\uFEFFx', (key, value) => rawString(value))

add('raw_root_number', 7, (key, value) => rawString('007'))

add('raw_verbatim', { a: 'x', b: 'y', c: 'z', d: 'w', xs: ['p', 'q'] },
  (key, value) => {
    if (key === 'a') return rawString('a: b, c')
    if (key === 'b') return rawString('')
    if (key === 'c') return rawString('line1\nline2')
    if (key === 'd') return rawString('x #y\n z#')  // no line starts with '#'
    if (key === '0') return rawString('1,2')
    return value
  })

add('raw_ignored_for_containers', { a: { b: 1 }, c: [1, 2], e: {}, f: [] },
  (key, value) => rawString('X'))

add('raw_in_mixed_list', { xs: [1, { a: 1 }, 'x'] },
  (key, value, path) => (path.length === 2 && path[0] === 'xs' ? rawString('r') : value))


// The example of docs/encoding.md (tests/unit/encode_docs_examples_test.cpp).
add('docs_example', { id: 7, token: 's3cr3t', status: 1, items: [{ sku: 'A1', price: 9.5 }, { sku: 'B2', price: 12 }] },
  (key, value, path) => {
    if (key === 'token') return undefined
    if (key === 'status') return value === 1 ? 'active' : 'closed'
    if (path.length === 3 && path[0] === 'items' && key === 'price') return rawString(value.toFixed(2))
    return value
  })

add('keep_everything', {
  name: 'x', n: -0, big: 1e21, rows: [{ a: 1, b: 'two' }, { a: 2, b: 'three' }],
  keyed: { k1: { x: 1 }, k2: { x: 2 } }, list: [1, [2, 3], { c: [{ d: 1 }] }, {}], empty: {},
}, (key, value) => value)

// ---- the '#' rule ---------------------------------------------------------------------------

const rawTexts = [
  '#', '# x', '  #x', 'a\n#b', 'a\n  # b', '\uFEFF#x', '\uFEFF  #x',
  'a#b', '\t#x', 'a\r#b', 'x\n\uFEFF#', ' \uFEFF#', 'a\n\t#', '', '\n#',
]

// ---- output ---------------------------------------------------------------------------------

// A C++ string literal: JSON's escapes, with controls and non-ASCII bytes as octal escapes
// (which, unlike \x, cannot run into a following character).
const octal = (bytes) => Array.from(bytes, (b) => `\\${b.toString(8).padStart(3, '0')}`).join('')
const cxx = (s) => JSON.stringify(s)
  .replace(/\\u([0-9a-f]{4})/gi, (_, h) => octal([parseInt(h, 16)]))
  .replace(/[^\x00-\x7f]/gu, (c) => octal(Buffer.from(c, 'utf8')))

for (const c of cases) {
  const calls = []
  const replacer = (key, value, path) => {
    const shown = value instanceof Object && value.constructor.name === 'RawString' ? `raw(${value.value})` : JSON.stringify(value)
    calls.push(`${key}|${JSON.stringify(path)}|${shown}`)
    return c.replacer(key, value, path)
  }
  const options = { replacer }
  if (c.options.delimiter) options.delimiter = c.options.delimiter
  if (c.options.indent) options.indent = c.options.indent
  let out
  try {
    out = encode(c.input, options)
  } catch (e) {
    out = `THROWS ${e.name}: ${e.message}`
  }
  console.log(`// ${c.name}`)
  console.log(out.split('\n').map((line, i, all) => cxx(i + 1 < all.length ? `${line}\n` : line)).join('\n'))
  if (c.name.startsWith('calls_')) {
    console.log(`// ${c.name} calls`)
    console.log(calls.map(cxx).join(',\n'))
  }
  console.log()
}

console.log('// rawString')
for (const text of rawTexts) {
  let verdict = 'ok'
  try {
    rawString(text)
  } catch (e) {
    verdict = `throws ${e.name}`
  }
  console.log(`${cxx(text)}: ${verdict}`)
}
