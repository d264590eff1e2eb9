#!/usr/bin/env node
// Counts the tokens of files in three tokenizers: o200k_base (the GPT-4o / GPT-5 tokenizer) and
// cl100k_base (GPT-4, GPT-3.5) with gpt-tokenizer, and Llama 3's with llama3-tokenizer-js (its
// vocabulary is bundled: no download). Usage: node tools/tokens/count.mjs FILE...
// (install first: npm ci --prefix tools/tokens). Prints one JSON object, in argument order:
// {"FILE": {"bytes": N, "tokens": N, "cl100k_base": N, "llama3": N}, ...}; "tokens" is o200k_base.
import { readFileSync } from 'node:fs';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { encode as encodeCl100k } from 'gpt-tokenizer/encoding/cl100k_base';
// Llama 3's counts are left out (with a note on stderr) when an older install lacks its package,
// so that o200k_base counts still come out.
let llama3Tokenizer = null;
try {
  llama3Tokenizer = (await import('llama3-tokenizer-js')).default;
} catch {
  console.error('count.mjs: llama3-tokenizer-js is not installed (npm ci --prefix tools/tokens): no llama3 counts');
}

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node count.mjs FILE...');
  process.exit(2);
}
const out = {};
for (const f of files) {
  const text = readFileSync(f, 'utf8');
  out[f] = {
    bytes: Buffer.byteLength(text, 'utf8'),
    tokens: encode(text).length,
    cl100k_base: encodeCl100k(text).length,
  };
  // Without the begin/end-of-text tokens the library adds by default.
  if (llama3Tokenizer) out[f].llama3 = llama3Tokenizer.encode(text, { bos: false, eos: false }).length;
}
console.log(JSON.stringify(out, null, 2));
