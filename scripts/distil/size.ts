// Compares table sizes: vocabulary, int8 quantisation and principal-axes reduction (512 → 256 → 128).
import { readFileSync } from "node:fs";
import { score, bm25, bySample, unitText } from "./measure.ts";
import { principalAxes } from "./pca.ts";
const words = readFileSync(new URL("./.cache/words.txt", import.meta.url), "utf8").split("\n");
const raw = new Float32Array(readFileSync(new URL("./.cache/vectors.f32", import.meta.url)).buffer.slice(0));
const D = 512;
const index = new Map(words.map((w, i) => [w, i]));
const tokens = (t: string) => t.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
function table(vocab: number, axes: Float32Array[] | null, quant: boolean) {
  const dims = axes ? axes.length : D;
  const m = new Float32Array(vocab * dims);
  for (let i = 0; i < vocab; i++) {
    const row = raw.subarray(i * D, (i + 1) * D);
    const out = m.subarray(i * dims, (i + 1) * dims);
    if (axes)
      axes.forEach((ax, j) => {
        let s = 0;
        for (let d = 0; d < D; d++) s += row[d] * ax[d];
        out[j] = s;
      });
    else out.set(row);
    if (quant) {
      let mx = 0;
      for (const v of out) mx = Math.max(mx, Math.abs(v));
      for (let j = 0; j < dims; j++) out[j] = Math.round((out[j] / mx) * 127) * (mx / 127);
    }
  }
  const H = Math.log(words.length) + 0.5772;
  return (text: string) => {
    const v = new Float32Array(dims);
    for (const w of tokens(text)) {
      const i = index.get(w);
      if (i === undefined || i >= vocab) continue;
      const wt = 1e-3 / (1e-3 + 1 / ((i + 1) * H));
      for (let d = 0; d < dims; d++) v[d] += wt * m[i * dims + d];
    }
    let n = 0;
    for (const x of v) n += x * x;
    n = Math.sqrt(n) || 1;
    return v.map((x) => x / n);
  };
}
const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};
function run(name: string, embed: (t: string) => Float32Array) {
  const uv = new Map<string, Array<{ dia: string; v: Float32Array }>>();
  for (const [s, ts] of bySample)
    uv.set(
      s,
      ts.map((t) => ({ dia: t.dia_id, v: embed(unitText(t)) })),
    );
  const vr = (s: string, q: string) => {
    const qv = embed(q);
    return uv
      .get(s)!
      .map((u) => ({ dia: u.dia, s: dot(qv, u.v) }))
      .sort((a, b) => b.s - a.s);
  };
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
run("v60k f32 512", table(60000, null, false));
run("v60k i8 512", table(60000, null, true));
run("v40k i8 512", table(40000, null, true));
const t = performance.now();
const axes = principalAxes(raw, D, 30000, 256);
console.log("pca", ((performance.now() - t) / 1000).toFixed(1), "s");
run("v60k i8 256pca", table(60000, axes, true));
run("v60k i8 128pca", table(60000, axes.slice(0, 128), true));
