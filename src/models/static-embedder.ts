// The default embedder: a static word-vector table distilled at build time from Universal Sentence
// Encoder Lite (scripts/distil/), embedded in the binary. A text's vector is the weighted sum of its
// words' vectors (each word's SIF weight is folded into its row), normalised. No network, no native
// code, ~1 µs per word, synchronous: vectors are written in the memory's own transaction.
// Measured against USE-lite itself and GloVe on the LoCoMo dev turns: see README (Retrieval).
import tableAsset from "./assets/static-use-lite-256.bin" with { type: "file" };
import { readFileSync } from "node:fs";
import { normalise, type Embedder } from "./embedder.ts";

export const STATIC_MODEL_ID = "engram-static-use-lite-256-v1";

export interface WordTable {
  dims: number;
  index: Map<string, number>;
  factors: Float32Array;
  rows: Int8Array;
}

/** Parses the table format written by scripts/distil/pack.ts. */
export function parseWordTable(bytes: Uint8Array): WordTable {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (new TextDecoder().decode(bytes.subarray(0, 4)) !== "EWT1") throw new Error("not an Engram word table (EWT1)");
  const dims = view.getUint32(4, true);
  const count = view.getUint32(8, true);
  const wordBytes = view.getUint32(12, true);
  const words = new TextDecoder().decode(bytes.subarray(16, 16 + wordBytes)).split("\n");
  if (words.length !== count) throw new Error("word table is corrupt (word count)");
  const factorsAt = 16 + Math.ceil(wordBytes / 4) * 4;
  const rowsAt = factorsAt + count * 4;
  if (bytes.byteLength < rowsAt + count * dims) throw new Error("word table is truncated");
  // Copies, so the views are aligned whatever the source buffer's offset.
  const factors = new Float32Array(bytes.slice(factorsAt, rowsAt).buffer);
  const rows = new Int8Array(bytes.slice(rowsAt, rowsAt + count * dims).buffer);
  return { dims, index: new Map(words.map((w, i) => [w, i])), factors, rows };
}

/** Lower-case words and numbers; "Caroline's" gives "caroline" and "s". */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export function createStaticEmbedder(
  table: WordTable | (() => WordTable),
  model = STATIC_MODEL_ID,
  knownDims?: number,
): Embedder {
  // The table may be given as a loader: it is then read on first use (the first write or search),
  // not at start-up (~50 ms and ~40 MB for the 50k-word table).
  let ready: { table: WordTable; common: Float32Array } | null = null;
  const load = () => {
    if (!ready) {
      const t = typeof table === "function" ? table() : table;
      ready = { table: t, common: commonDirection(t) };
    }
    return ready;
  };
  function one(text: string): Float32Array {
    const { dims, index, factors, rows } = load().table;
    const v = new Float32Array(dims);
    for (const w of words(text)) {
      const i = index.get(w);
      if (i === undefined) continue;
      const f = factors[i]!;
      const at = i * dims;
      for (let d = 0; d < dims; d++) v[d]! += f * rows[at + d]!;
    }
    return normalise(v);
  }
  const embedSync = (texts: string[]) => texts.map(one);
  return {
    model,
    dims: knownDims ?? load().table.dims,
    embedSync,
    embed: async (texts) => embedSync(texts),
    get commonDirection() {
      return load().common;
    },
  };
}

/**
 * The expected vector of a word drawn from English text: rows are in frequency order, so a word's
 * probability is Zipf's 1 / (rank * H). Computed at load (50k x 256, a few ms).
 */
function commonDirection({ dims, factors, rows }: WordTable): Float32Array {
  const c = new Float32Array(dims);
  const harmonic = Math.log(factors.length) + 0.5772;
  for (let i = 0; i < factors.length; i++) {
    const f = factors[i]! / ((i + 1) * harmonic);
    const at = i * dims;
    for (let d = 0; d < dims; d++) c[d]! += f * rows[at + d]!;
  }
  return normalise(c);
}

/**
 * The table embedded in the binary (or, from source, the file under src/models/assets). Only its
 * header is read here; the rest on first use.
 */
export async function loadStaticEmbedder(): Promise<Embedder> {
  const header = new DataView(await Bun.file(tableAsset).slice(0, 16).arrayBuffer());
  const dims = header.getUint32(4, true);
  return createStaticEmbedder(() => parseWordTable(new Uint8Array(readFileSync(tableAsset))), STATIC_MODEL_ID, dims);
}
