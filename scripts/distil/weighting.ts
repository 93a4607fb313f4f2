// Compares word weightings (SIF a, stop words, mean removal) of the distilled table, alone and fused with BM25.
import { readFileSync } from "node:fs";
import { score, bm25, bySample, unitText } from "./measure.ts";

const words = readFileSync(new URL("./.cache/words.txt", import.meta.url), "utf8").split("\n");
const raw = new Float32Array(readFileSync(new URL("./.cache/vectors.f32", import.meta.url)).buffer.slice(0));
const D = 512;
const index = new Map(words.map((w, i) => [w, i]));
const STOP = new Set(
  "a an and are as at be been being but by can could did do does doing for from had has have having he her hers him his how i if in into is it its me my no nor not of on or our ours she so some than that the their theirs them then there these they this those to too us was we were what when where which while who whom why will with would you your yours about any all also just more most other over such only own same very s t don should now".split(
    " ",
  ),
);

function tokens(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}
function makeEmbed(opts: { a: number; stop: boolean; mean?: Float32Array; vocab?: number }) {
  const H = Math.log(words.length) + 0.5772;
  return (text: string) => {
    const v = new Float32Array(D);
    for (const w of tokens(text)) {
      if (opts.stop && STOP.has(w)) continue;
      const i = index.get(w);
      if (i === undefined || i >= (opts.vocab ?? Infinity)) continue;
      const p = 1 / ((i + 1) * H);
      const wt = opts.a > 0 ? opts.a / (opts.a + p) : 1;
      for (let d = 0; d < D; d++) v[d] += wt * (raw[i * D + d] - (opts.mean ? opts.mean[d] : 0));
    }
    let n = 0;
    for (let d = 0; d < D; d++) n += v[d] * v[d];
    n = Math.sqrt(n) || 1;
    for (let d = 0; d < D; d++) v[d] /= n;
    return v;
  };
}
const dot = (a: Float32Array, b: Float32Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

function vectorRanker(embed: (t: string) => Float32Array) {
  const unitVecs = new Map<string, Array<{ dia: string; v: Float32Array }>>();
  for (const [s, ts] of bySample)
    unitVecs.set(
      s,
      ts.map((t) => ({ dia: t.dia_id, v: embed(unitText(t)) })),
    );
  return (sample: string, q: string) => {
    const qv = embed(q);
    return unitVecs
      .get(sample)!
      .map((u) => ({ dia: u.dia, s: dot(qv, u.v) }))
      .sort((a, b) => b.s - a.s);
  };
}
function fuse(vec: ReturnType<typeof vectorRanker>, mode: "rrf" | "lin", w: number) {
  return (sample: string, q: string) => {
    const b = bm25(sample, q);
    const v = vec(sample, q);
    const sc = new Map<string, number>();
    if (mode === "rrf") {
      for (const [i, x] of b.entries()) sc.set(x.dia, (sc.get(x.dia) ?? 0) + 1 / (60 + i));
      for (const [i, x] of v.entries()) sc.set(x.dia, (sc.get(x.dia) ?? 0) + w / (60 + i));
    } else {
      const max = b[0]?.s ?? 1;
      for (const x of b) sc.set(x.dia, x.s / max);
      for (const x of v) sc.set(x.dia, (sc.get(x.dia) ?? 0) + w * x.s);
    }
    return [...sc].sort((a, c) => c[1] - a[1]).map((x) => x[0]);
  };
}
score("bm25", (s, q) => bm25(s, q).map((x) => x.dia));
const mean = new Float32Array(D);
for (let i = 0; i < 20000; i++) for (let d = 0; d < D; d++) mean[d] += raw[i * D + d] / 20000;
for (const cfg of [
  { a: 0, stop: false },
  { a: 0, stop: true },
  { a: 1e-3, stop: false },
  { a: 1e-4, stop: false },
  { a: 1e-4, stop: true },
  { a: 1e-3, stop: true, mean },
  { a: 1e-4, stop: true, mean },
  { a: 1e-4, stop: true, vocab: 30000 },
]) {
  const vr = vectorRanker(makeEmbed(cfg));
  const label = `a=${cfg.a} stop=${cfg.stop}${cfg.mean ? " -mean" : ""}${cfg.vocab ? ` v${cfg.vocab}` : ""}`;
  score(`static ${label}`, (s, q) => vr(s, q).map((x) => x.dia));
  score(`  rrf ${label}`, fuse(vr, "rrf", 1));
  score(`  lin0.5 ${label}`, fuse(vr, "lin", 0.5));
  score(`  lin1 ${label}`, fuse(vr, "lin", 1));
}
