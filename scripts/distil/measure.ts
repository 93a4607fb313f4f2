// Measures candidate embedders and fusions on the LoCoMo dev conversations with raw turns as the
// unit (evidence recall@k, categories 1-4). Build-time aid for choosing the default; not shipped.
import { Database } from "bun:sqlite";
import { readFileSync } from "node:fs";
import { queryTerms } from "../../src/domain/text.ts";
import { toMatchExpression } from "../../src/storage/sql.ts";

const DATA = new URL("../../../shared/eval-data/locomo-dev/", import.meta.url);
type Turn = {
  sample_id: string;
  dia_id: string;
  speaker: string;
  text: string;
  blip_caption: string | null;
  timestamp: string;
};
type QA = { sample_id: string; question: string; category: number; evidence: string[]; evidence_audit?: string[] };
const turns = readFileSync(new URL("turns.jsonl", DATA), "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as Turn);
const qas = readFileSync(new URL("qa.jsonl", DATA), "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as QA)
  .filter((q) => q.category <= 4);
const unitText = (t: Turn) => `${t.speaker}: ${t.text}${t.blip_caption ? ` [shares a photo: ${t.blip_caption}]` : ""}`;

export type Ranker = (sample: string, query: string) => string[]; // dia_ids best first
const KS = [5, 10, 25];
export function score(name: string, rank: Ranker) {
  const sums = new Map<string, number[]>();
  const add = (key: string, v: number[]) => {
    const s = sums.get(key) ?? [0, 0, 0, 0];
    v.forEach((x, i) => {
      s[i] += x;
    });
    s[3] += 1;
    sums.set(key, s);
  };
  for (const q of qas) {
    const ev = q.evidence_audit ?? q.evidence;
    if (ev.length === 0) continue;
    const ranked = rank(q.sample_id, q.question);
    const r = KS.map((k) => {
      const top = new Set(ranked.slice(0, k));
      return ev.filter((e) => top.has(e)).length / ev.length;
    });
    add("all", r);
    add(`c${q.category}`, r);
  }
  const fmt = (key: string) => {
    const s = sums.get(key)!;
    return KS.map((_, i) => ((100 * s[i]) / s[3]).toFixed(1)).join("/");
  };
  console.log(
    `${name.padEnd(34)} all ${fmt("all")}  c1 ${fmt("c1")}  c2 ${fmt("c2")}  c3 ${fmt("c3")}  c4 ${fmt("c4")}`,
  );
}

// BM25 over turns, FTS5 with the product's tokenizer and query terms.
const db = new Database(":memory:");
db.run(
  "CREATE VIRTUAL TABLE t USING fts5(sample UNINDEXED, dia UNINDEXED, content, tokenize='porter unicode61 remove_diacritics 2')",
);
for (const t of turns) db.run("INSERT INTO t VALUES (?, ?, ?)", [t.sample_id, t.dia_id, unitText(t)]);
export function bm25(sample: string, query: string, limit = 200): Array<{ dia: string; s: number }> {
  const m = toMatchExpression(queryTerms(query));
  if (!m) return [];
  return db
    .query<{ dia: string; r: number }, [string, string, number]>(
      "SELECT dia, bm25(t) AS r FROM t WHERE t MATCH ? AND sample = ? ORDER BY r LIMIT ?",
    )
    .all(m, sample, limit)
    .map((x) => ({ dia: x.dia, s: -x.r }));
}
export const bySample = new Map<string, Turn[]>();
for (const t of turns) bySample.set(t.sample_id, [...(bySample.get(t.sample_id) ?? []), t]);
export { turns, qas, unitText };
