// Step 2 of the distillation (seconds): reduces the cached USE-lite word vectors to their principal
// axes, folds each word's SIF weight (a / (a + p(w)), p from its frequency rank, Zipf) and its int8
// scale into one float, and writes the table the server embeds: src/models/assets/<name>.bin.
// Usage: bun pack.ts [words=50000] [dims=256]
//
// Format (little-endian): "EWT1", u32 dims, u32 count, u32 wordBytes, the words (UTF-8, "\n"-joined,
// zero-padded to 4 bytes), f32[count] row factors, i8[count * dims] rows.
import { readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { principalAxes } from "./pca.ts";

const COUNT = Number(process.argv[2] ?? 50000);
const DIMS = Number(process.argv[3] ?? 256);
const SIF_A = 1e-3;
const SOURCE_DIMS = 512;

const allWords = readFileSync(new URL("./.cache/words.txt", import.meta.url), "utf8").split("\n");
const raw = new Float32Array(readFileSync(new URL("./.cache/vectors.f32", import.meta.url)).buffer.slice(0));
const words = allWords.slice(0, COUNT);
const axes = principalAxes(raw, SOURCE_DIMS, Math.min(30000, words.length), DIMS);
const harmonic = Math.log(allWords.length) + 0.5772; // normaliser of a Zipf distribution over the vocabulary

const factors = new Float32Array(words.length);
const rows = new Int8Array(words.length * DIMS);
const projected = new Float32Array(DIMS);
for (let i = 0; i < words.length; i++) {
  const v = raw.subarray(i * SOURCE_DIMS, (i + 1) * SOURCE_DIMS);
  let max = 0;
  for (let j = 0; j < DIMS; j++) {
    const ax = axes[j]!;
    let s = 0;
    for (let d = 0; d < SOURCE_DIMS; d++) s += v[d]! * ax[d]!;
    projected[j] = s;
    max = Math.max(max, Math.abs(s));
  }
  for (let j = 0; j < DIMS; j++) rows[i * DIMS + j] = Math.round((projected[j]! / (max || 1)) * 127);
  const p = 1 / ((i + 1) * harmonic);
  factors[i] = (SIF_A / (SIF_A + p)) * ((max || 1) / 127);
}

const wordBytes = new TextEncoder().encode(words.join("\n"));
const padded = Math.ceil(wordBytes.length / 4) * 4;
const out = new Uint8Array(16 + padded + factors.byteLength + rows.byteLength);
const view = new DataView(out.buffer);
out.set(new TextEncoder().encode("EWT1"), 0);
view.setUint32(4, DIMS, true);
view.setUint32(8, words.length, true);
view.setUint32(12, wordBytes.length, true);
out.set(wordBytes, 16);
out.set(new Uint8Array(factors.buffer), 16 + padded);
out.set(new Uint8Array(rows.buffer), 16 + padded + factors.byteLength);
const target = new URL(`../../src/models/assets/static-use-lite-${DIMS}.bin`, import.meta.url);
mkdirSync(new URL("../../src/models/assets/", import.meta.url), { recursive: true });
writeFileSync(target, out);
console.log(
  `wrote ${target.pathname}: ${words.length} words x ${DIMS} dims, ${(out.length / 1024 / 1024).toFixed(1)} MiB`,
);
