#!/usr/bin/env node
// Counts o200k_base tokens (the GPT-4o / GPT-5 tokenizer) of files, with gpt-tokenizer.
// Usage: node tools/tokens/count.mjs FILE...   (install first: npm ci --prefix tools/tokens)
// Prints one JSON object: {"FILE": {"bytes": N, "tokens": N}, ...}, in argument order.
import { readFileSync } from 'node:fs';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node count.mjs FILE...');
  process.exit(2);
}
const out = {};
for (const f of files) {
  const text = readFileSync(f, 'utf8');
  out[f] = { bytes: Buffer.byteLength(text, 'utf8'), tokens: encode(text).length };
}
console.log(JSON.stringify(out, null, 2));
