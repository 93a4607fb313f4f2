// Retrieval quality on the LoCoMo dev conversations (../shared/eval-data/locomo-dev), as a user gets
// it: each conversation is imported through the public import API into its own project (one import
// per session, messages with their speaker and time), formed, and every question of categories 1-4
// is asked through search. Results map back to dialogue turns through each memory's sources
// (inspect: versions[].source.message_indexes). Prints evidence recall@5/@10/@25 overall and per
// category, beside BM25 over the raw turns (SQLite FTS5, the same query words) computed in the same
// run. Then "answer words returned" (the README's rule, bench/judge.ts): the share of the gold
// answer's content words in the text search, context and recall return, beside raw turns. Runs
// in-process (app.handle) on a temp data directory; nothing leaves the machine.
//
//   bun bench/retrieval-quality.ts [--original-labels] [--hybrid '{"vectorWeight":0.5}'] [--misses N] [--keep] [--dump FILE]
import { Database } from "bun:sqlite";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createEngram } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { queryTerms } from "../src/domain/text.ts";
import { toMatchExpression } from "../src/storage/sql.ts";
import { apiCaller, lastJobId, memoriesText, memorySources, type Returned, type Tallies, tally } from "./api.ts";
import { answerWordsReturned, spokenDate } from "./judge.ts";

const { values: opts } = parseArgs({
  options: {
    data: { type: "string", default: resolve(import.meta.dir, "../../shared/eval-data/locomo-dev") },
    "original-labels": { type: "boolean", default: false },
    hybrid: { type: "string", default: "{}" },
    // Configuration overrides, e.g. '{"contextThreshold":0.1,"recallThreshold":0.4}'.
    config: { type: "string", default: "{}" },
    misses: { type: "string", default: "0" },
    unformed: { type: "string", default: "0" },
    // Keep the formed data directory (its path is printed) to look at the memories afterwards.
    keep: { type: "boolean", default: false },
    // Write one JSON line per answered question (its texts and scores) to this file.
    dump: { type: "string" },
  },
});

interface Turn {
  sample_id: string;
  session: number;
  timestamp: string;
  turn_index: number;
  dia_id: string;
  speaker: string;
  text: string;
  blip_caption: string | null;
}
interface Qa {
  sample_id: string;
  question: string;
  category: number;
  answer?: string | number;
  answer_audit?: string;
  evidence: string[];
  evidence_audit?: string[];
}
const readJsonl = <T>(file: string) =>
  readFileSync(join(opts.data!, file), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as T);
const turns = readJsonl<Turn>("turns.jsonl");
const questions = readJsonl<Qa>("qa.jsonl").filter((q) => q.category >= 1 && q.category <= 4);
/** Category 5: about something never said; recall should rather answer not_found. */
const adversarial = readJsonl<Qa>("qa.jsonl").filter((q) => q.category === 5);
const evidenceOf = (q: Qa) => (opts["original-labels"] ? q.evidence : (q.evidence_audit ?? q.evidence));
const answerOf = (q: Qa) => (opts["original-labels"] ? q.answer : (q.answer_audit ?? q.answer));
const content = (t: Turn) => (t.blip_caption ? `${t.text} [shares a photo: ${t.blip_caption}]` : t.text);
const said = (t: Turn) => `${t.speaker}: ${content(t)}`;
const turnById = new Map(turns.map((t) => [`${t.sample_id}:${t.dia_id}`, t]));
/** What an agent given these turns would read: each turn and its session's date, as the rule writes dates. */
const turnsText = (sample: string, dias: string[]) =>
  dias
    .flatMap((d) => turnById.get(`${sample}:${d}`) ?? [])
    .map((t) => `${said(t)} ${spokenDate(`${t.timestamp}Z`)}`)
    .join("\n");
const KS = [5, 10, 25] as const;

const dataDir = mkdtempSync(join(tmpdir(), "engram-quality-"));
const engram = await createEngram(
  loadConfig({ dataDir, formationWorker: false, enforceLimits: false, ...JSON.parse(opts.config!) }, {}),
  {
    logger: silentLogger,
    startWorker: false,
    hybrid: JSON.parse(opts.hybrid!),
  },
);

const call = apiCaller(engram);

// ---- ingest: one project per conversation, one import per session ----
const account = engram.accounts.createAccount({ name: "LoCoMo", plan: "scale" });
const samples = [...new Set(turns.map((t) => t.sample_id))];
const keys = new Map<string, string>();
/** (job id, message index) → dia_id: a memory's sources name the import job and message positions. */
const turnOf = new Map<string, string>();
const started = performance.now();
for (const sample of samples) {
  const project = engram.accounts.createProject({ accountId: account.id, name: sample });
  const key = engram.accounts.createKey({ projectId: project.id, name: "bench" }).key;
  keys.set(sample, key);
  const sessions = new Map<number, Turn[]>();
  for (const t of turns.filter((x) => x.sample_id === sample))
    sessions.set(t.session, [...(sessions.get(t.session) ?? []), t]);
  for (const [, session] of [...sessions].sort((a, b) => a[0] - b[0])) {
    session.sort((a, b) => a.turn_index - b.turn_index);
    await call(key, "POST", "/v1/memories/import", {
      messages: session.map((t) => ({
        role: "user",
        speaker: t.speaker,
        content: content(t),
        occurred_at: `${t.timestamp}Z`,
      })),
    });
    const job = lastJobId(engram, project.id);
    session.forEach((t, i) => {
      turnOf.set(`${job}:${i}`, t.dia_id);
    });
    await engram.formation.runUntilIdle();
  }
}
await engram.vectors.runUntilIdle(); // nothing to do with the embedded model; a provider catches up here
const formSeconds = (performance.now() - started) / 1000;

// ---- map every memory to the turns it came from (inspect, through the API) ----
const turnsOfMemory = new Map<string, string[]>();
const formedTurns = new Set<string>(); // sample:dia_id of every turn some memory came from
let memoryCount = 0;
for (const [sample, key] of keys) {
  for (const [id, pairs] of await memorySources(call, key)) {
    const dias = [...new Set(pairs.flatMap((p) => turnOf.get(p) ?? []))];
    turnsOfMemory.set(id, dias);
    for (const d of dias) formedTurns.add(`${sample}:${d}`);
    memoryCount++;
  }
}

// Evidence turns that formed no memory can never be found: the ceiling formation leaves to search.
const evidenceTurns = questions.flatMap((q) => evidenceOf(q).map((e) => `${q.sample_id}:${e}`));
const ceiling = evidenceTurns.filter((e) => formedTurns.has(e)).length / evidenceTurns.length;
const unformed = [...new Set(evidenceTurns.filter((e) => !formedTurns.has(e)))].slice(0, Number(opts.unformed));

// ---- baseline: BM25 over the raw turns, same query words ----
const fts = new Database(":memory:");
fts.run(
  "CREATE VIRTUAL TABLE t USING fts5(sample UNINDEXED, dia UNINDEXED, content, tokenize='porter unicode61 remove_diacritics 2')",
);
for (const t of turns) fts.run("INSERT INTO t VALUES (?, ?, ?)", [t.sample_id, t.dia_id, said(t)]);
function bm25Turns(sample: string, query: string): string[][] {
  const match = toMatchExpression(queryTerms(query));
  if (!match) return [];
  return fts
    .query<{ dia: string }, [string, string]>(
      "SELECT dia FROM t WHERE t MATCH ? AND sample = ? ORDER BY bm25(t) LIMIT 50",
    )
    .all(match, sample)
    .map((r) => [r.dia]);
}

// ---- ask ----
type Sums = Tallies;
const engramSums: Sums = new Map();
const baseSums: Sums = new Map();
function add(sums: Sums, cat: string, ranked: string[][], evidence: string[]): number[] {
  const r = KS.map((k) => {
    const seen = new Set(ranked.slice(0, k).flat());
    return evidence.filter((e) => seen.has(e)).length / evidence.length;
  });
  tally(sums, cat, r);
  return r;
}
const WORD_ROWS = ["search top 5", "search top 10", "context", "recall", "BM25 top 10 raw turns", "evidence turns"];
const wordSums: Sums = new Map();
const latencies: number[] = [];
const recallTally = { right: 0, other: 0, notFound: 0 };
const misses: string[] = [];
const contextSize = { n: 0, memories: 0, chars: 0, top10: 0 };
const dumped: string[] = [];
for (const q of questions) {
  const evidence = evidenceOf(q);
  const key = keys.get(q.sample_id)!;
  const ask = { query: q.question };
  const t0 = performance.now();
  const page = await call<{ data: Returned[] }>(key, "POST", "/v1/memories/search", { ...ask, limit: 25 });
  latencies.push(performance.now() - t0);
  const bm25 = bm25Turns(q.sample_id, q.question);
  // Recall: the single best memory above the confidence threshold, or not_found.
  const recalled = await call<Returned & { status?: string }>(key, "POST", "/v1/memories/recall", ask);
  // Answer words returned, for every answered question (evidence labels or not): what each way of
  // asking hands an agent, beside the raw turns BM25 finds and the evidence turns themselves.
  const answer = answerOf(q);
  if (answer !== undefined) {
    const ctx = await call<{ context: string; memory_ids: string[] } | null>(
      key,
      "POST",
      "/v1/memories/context",
      ask,
      true,
    );
    contextSize.n++;
    contextSize.memories += ctx?.memory_ids.length ?? 0;
    contextSize.chars += ctx?.context.length ?? 0;
    const texts = [
      memoriesText(page.data.slice(0, 5)),
      memoriesText(page.data.slice(0, 10)),
      ctx?.context ?? "",
      recalled.status === "not_found" ? "" : memoriesText([recalled]),
      turnsText(q.sample_id, bm25.slice(0, 10).flat()),
      turnsText(q.sample_id, evidence),
    ];
    contextSize.top10 += texts[1]!.length;
    const scores = texts.map((t) => answerWordsReturned(String(answer), t));
    if (opts.dump)
      dumped.push(
        JSON.stringify({
          q: q.question,
          category: q.category,
          answer,
          scores,
          texts,
          top: page.data.slice(0, 25).map((m) => ({ id: m.id, content: m.content, score: m.score, at: m.occurred_at })),
          ids: ctx?.memory_ids ?? [],
          // Each evidence turn's first rank in search's 25 (-1: none of its memories is there).
          evidence: evidence.map((e) => ({
            turn: e,
            rank: page.data.findIndex((m) => (turnsOfMemory.get(m.id) ?? []).includes(e)),
          })),
        }),
      );
    // null: the answer has no content words (the same for every text), so the question is not scored.
    if (scores[0] !== null) tally(wordSums, `c${q.category}`, scores as number[]);
  }
  if (evidence.length === 0) continue; // evidence recall needs labelled evidence
  const ranked = page.data.map((m) => turnsOfMemory.get(m.id) ?? []);
  const r = add(engramSums, `c${q.category}`, ranked, evidence);
  add(baseSums, `c${q.category}`, bm25, evidence);
  if (recalled.status === "not_found") recallTally.notFound++;
  else if ((turnsOfMemory.get(recalled.id) ?? []).some((t) => evidence.includes(t))) recallTally.right++;
  else recallTally.other++;
  if (r[1]! < 1 && misses.length < Number(opts.misses))
    misses.push(
      `[c${q.category}] ${q.question} (evidence ${evidence.join(",")}) → ${page.data
        .slice(0, 3)
        .map((m) => m.content)
        .join(" | ")}`,
    );
}

// ---- report ----
const fmt = (s: Sums, key: string) => {
  const v = s.get(key);
  return v ? KS.map((_, i) => ((100 * v.sums[i]!) / v.n).toFixed(1).padStart(5)).join(" ") : "    -     -     -";
};
const names: Record<string, string> = {
  all: "all",
  c1: "1 multi-hop",
  c2: "2 temporal",
  c3: "3 open-domain",
  c4: "4 single-hop",
};
console.log(
  `LoCoMo dev: ${samples.length} conversations, ${turns.length} turns → ${memoryCount} memories (formed in ${formSeconds.toFixed(1)} s); ${engramSums.get("all")?.n} questions (categories 1-4), ${opts["original-labels"] ? "original" : "audit-corrected"} evidence labels`,
);
console.log(
  `evidence recall@5 / @10 / @25 (%); ${(100 * ceiling).toFixed(1)}% of evidence turns formed at least one memory`,
);
console.log(
  `${"category".padEnd(16)} ${"questions".padStart(9)}   ${"Engram search".padEnd(17)}   BM25 over raw turns`,
);
for (const key of ["all", "c1", "c2", "c3", "c4"]) {
  console.log(
    `${names[key]!.padEnd(16)} ${String(engramSums.get(key)?.n ?? 0).padStart(9)}   ${fmt(engramSums, key)}   ${fmt(baseSums, key)}`,
  );
}
let adversarialNotFound = 0;
for (const q of adversarial) {
  const r = await call<{ status?: string }>(keys.get(q.sample_id)!, "POST", "/v1/memories/recall", {
    query: q.question,
  });
  if (r.status === "not_found") adversarialNotFound++;
}
const asked = recallTally.right + recallTally.other + recallTally.notFound;
const pct = (n: number) => `${((100 * n) / asked).toFixed(1)}%`;
console.log(
  `recall (categories 1-4): a memory from an evidence turn ${pct(recallTally.right)}, another memory ${pct(recallTally.other)}, not_found ${pct(recallTally.notFound)}`,
);
console.log(
  `recall on ${adversarial.length} category-5 questions (about something never said): not_found ${((100 * adversarialNotFound) / Math.max(1, adversarial.length)).toFixed(1)}%`,
);
console.log(
  `answer words returned (%): share of the gold answer's content words in the text returned; ${wordSums.get("all")?.n} questions with an answer`,
);
console.log(`${"returned text".padEnd(22)} ${["all", "1", "2", "3", "4"].map((c) => c.padStart(5)).join(" ")}`);
WORD_ROWS.forEach((row, i) => {
  const cells = ["all", "c1", "c2", "c3", "c4"].map((key) => {
    const v = wordSums.get(key);
    return (v ? ((100 * v.sums[i]!) / v.n).toFixed(1) : "-").padStart(5);
  });
  console.log(`${row.padEnd(22)} ${cells.join(" ")}`);
});
console.log(
  `context: ${(contextSize.memories / contextSize.n).toFixed(1)} memories, ${(contextSize.chars / contextSize.n).toFixed(0)} characters on average (search's top 10: ${(contextSize.top10 / contextSize.n).toFixed(0)})`,
);
if (opts.dump) writeFileSync(opts.dump, `${dumped.join("\n")}\n`);
latencies.sort((a, b) => a - b);
console.log(
  `search in-process: p50 ${latencies[Math.floor(latencies.length * 0.5)]!.toFixed(2)} ms, p95 ${latencies[Math.floor(latencies.length * 0.95)]!.toFixed(2)} ms`,
);
for (const m of misses) console.log(`miss ${m}`);
for (const u of unformed) console.log(`unformed ${u} ${said(turnById.get(u)!)}`);
await engram.close();
if (opts.keep) console.log(`data directory kept: ${dataDir}`);
else rmSync(dataDir, { recursive: true, force: true });
