// Retrieval quality on user–assistant chats, as an app feeds them: every chat of a directory is
// imported through the public import API into one project (each chat under its own scope.user_id, its
// messages at the chat's time), formed, and each chat's questions (`questions` in the chat's JSON:
// question, answer, evidence message indexes, kind) are asked through search, context and recall with
// the chat's scope, as an agent briefed on that user would. Prints evidence recall@5/@10 (the share
// of a question's evidence user messages some returned memory was formed from) beside BM25 over the
// chat's raw messages (SQLite FTS5, the same query words; all messages, and the user's only), then
// "answer words returned" (the dev data's README rule, bench/judge.ts) for what each hands an agent,
// with the characters it takes. Runs in-process (app.handle) on a temp data directory.
//
//   bun bench/chat-retrieval.ts [DIR ...] [--misses N] [--keep] [--dump FILE] [--hybrid '{"contextWeight":0.6}']
//   DIR defaults to test/fixtures/assistant-chats; chats without questions are imported but not asked.
import { Database } from "bun:sqlite";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createEngram } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { queryTerms } from "../src/domain/text.ts";
import { fixedClock } from "../src/shared/clock.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { toMatchExpression } from "../src/storage/sql.ts";
import { apiCaller, lastJobId, memoriesText, memorySources, type Returned, type Tallies, tally } from "./api.ts";
import { answerWordsReturned, spokenDate } from "./judge.ts";

const { values: opts, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    misses: { type: "string", default: "0" },
    keep: { type: "boolean", default: false },
    // Ranking constants, e.g. '{"contextWeight":0.6}' (src/retrieval/hybrid-options.ts).
    hybrid: { type: "string", default: "{}" },
    // Write one JSON line per question (its texts and answer-word scores) to this file.
    dump: { type: "string" },
  },
});

interface Question {
  question: string;
  answer: string;
  evidence?: number[]; // absent in sets written without it: answer words only
  kind: string;
}
interface Chat {
  file: string;
  title: string;
  scope: { user_id: string };
  occurred_at: string;
  messages: Array<{ role: string; content: string }>;
  questions?: Question[];
}
const dirs = positionals.length ? positionals : [resolve(import.meta.dir, "../test/fixtures/assistant-chats")];
const chats: Chat[] = dirs.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => ({ ...(JSON.parse(readFileSync(join(dir, f), "utf8")) as Chat), file: f })),
);
const KS = [5, 10] as const;

const dataDir = mkdtempSync(join(tmpdir(), "engram-chat-quality-"));
// The clock stands a day after the latest chat (a fixture chat is set in 2027): no time is in the future.
const latest = Math.max(...chats.map((c) => Date.parse(c.occurred_at)));
const engram = await createEngram(loadConfig({ dataDir, formationWorker: false, enforceLimits: false }, {}), {
  logger: silentLogger,
  startWorker: false,
  clock: fixedClock(new Date(latest + 86_400_000)),
  hybrid: JSON.parse(opts.hybrid!),
});
const call = apiCaller(engram);

// ---- import: one project, each chat under its user's scope, 500 messages a request ----
const account = engram.accounts.createAccount({ name: "chats", plan: "scale" });
const project = engram.accounts.createProject({ accountId: account.id, name: "chats" });
const key = engram.accounts.createKey({ projectId: project.id, name: "bench" }).key;
/** "job id:message index" → "chat file:message index" */
const messageOf = new Map<string, string>();
const started = performance.now();
for (const chat of chats) {
  for (let i = 0; i < chat.messages.length; i += 500) {
    const part = chat.messages.slice(i, i + 500);
    await call(key, "POST", "/v1/memories/import", {
      messages: part.map((m) => ({ role: m.role, content: m.content, occurred_at: chat.occurred_at })),
      scope: chat.scope,
    });
    const job = lastJobId(engram, project.id);
    part.forEach((_, j) => {
      messageOf.set(`${job}:${j}`, `${chat.file}:${i + j}`);
    });
  }
}
await engram.formation.runUntilIdle();
await engram.vectors.runUntilIdle();
const formSeconds = (performance.now() - started) / 1000;
const messagesOf = new Map<string, string[]>();
for (const [id, pairs] of await memorySources(call, key))
  messagesOf.set(id, [...new Set(pairs.flatMap((p) => messageOf.get(p) ?? []))]);

// ---- baselines: BM25 over the chat's raw messages (all of them, or the user's), same query words ----
const fts = new Database(":memory:");
fts.run(
  "CREATE VIRTUAL TABLE t USING fts5(chat UNINDEXED, i UNINDEXED, role UNINDEXED, content, tokenize='porter unicode61 remove_diacritics 2')",
);
for (const c of chats)
  c.messages.forEach((m, i) => {
    fts.run("INSERT INTO t VALUES (?, ?, ?, ?)", [c.file, i, m.role, m.content]);
  });
function bm25(chat: Chat, query: string, userOnly: boolean): number[] {
  const match = toMatchExpression(queryTerms(query));
  if (!match) return [];
  return fts
    .query<{ i: number }, [string, string]>(
      `SELECT i FROM t WHERE t MATCH ? AND chat = ? ${userOnly ? "AND role = 'user'" : ""} ORDER BY bm25(t) LIMIT 10`,
    )
    .all(match, chat.file)
    .map((r) => r.i);
}
const rawText = (chat: Chat, indexes: number[]) =>
  indexes.map((i) => `${chat.messages[i]!.content} ${spokenDate(chat.occurred_at)}`).join("\n");

// ---- ask ----
const ROWS = [
  "search top 5",
  "search top 10",
  "context",
  "recall",
  "BM25 top 10 raw messages",
  "BM25 top 10 user messages",
  "evidence messages",
] as const;
const recallSums: Tallies = new Map(); // kind → recall@5, @10 of search, of BM25 (all), of BM25 (user)
const wordSums: Tallies = new Map(); // kind → answer words per row
const chars = ROWS.map(() => 0);
let asked = 0;
const misses: string[] = [];
const dumped: string[] = [];
const covered = (evidence: string[], returned: string[][], k: number) => {
  const seen = new Set(returned.slice(0, k).flat());
  return evidence.filter((e) => seen.has(e)).length / evidence.length;
};
for (const chat of chats) {
  for (const q of chat.questions ?? []) {
    const ask = { query: q.question, scope: chat.scope };
    const page = await call<{ data: Returned[] }>(key, "POST", "/v1/memories/search", { ...ask, limit: 10 });
    const ctx = await call<{ context: string } | null>(key, "POST", "/v1/memories/context", ask, true);
    const recalled = await call<Returned & { status?: string }>(key, "POST", "/v1/memories/recall", ask);
    const raw = bm25(chat, q.question, false);
    const rawUser = bm25(chat, q.question, true);
    const texts = [
      memoriesText(page.data.slice(0, 5)),
      memoriesText(page.data),
      ctx?.context ?? "",
      recalled.status === "not_found" ? "" : memoriesText([recalled]),
      rawText(chat, raw),
      rawText(chat, rawUser),
      rawText(chat, q.evidence ?? []),
    ];
    const words = texts.map((t) => answerWordsReturned(q.answer, t));
    if (opts.dump)
      dumped.push(JSON.stringify({ chat: chat.file, q: q.question, kind: q.kind, answer: q.answer, words, texts }));
    if (words[0] !== null) {
      tally(wordSums, q.kind, words as number[]);
      texts.forEach((t, i) => {
        chars[i]! += t.length;
      });
      asked++;
    }
    // Evidence recall counts the user's messages: an assistant's message forms nothing on its own.
    const evidence = (q.evidence ?? [])
      .filter((i) => chat.messages[i]?.role === "user")
      .map((i) => `${chat.file}:${i}`);
    if (evidence.length === 0) continue;
    const returned = page.data.map((m) => messagesOf.get(m.id) ?? []);
    const asMessages = (xs: number[]) => xs.map((i) => [`${chat.file}:${i}`]);
    const r = KS.map((k) => covered(evidence, returned, k));
    tally(recallSums, q.kind, [
      ...r,
      ...KS.map((k) => covered(evidence, asMessages(raw), k)),
      ...KS.map((k) => covered(evidence, asMessages(rawUser), k)),
    ]);
    if (r[1]! < 1 && misses.length < Number(opts.misses))
      misses.push(
        `[${q.kind}] ${q.question} → ${q.answer} (evidence ${(q.evidence ?? []).join(",")}) → ${page.data
          .slice(0, 3)
          .map((m) => m.content)
          .join(" | ")}`,
      );
  }
}

// ---- report ----
const userMessages = chats.reduce((n, c) => n + c.messages.filter((m) => m.role === "user").length, 0);
console.log(
  `${chats.length} user–assistant chats (${dirs.join(", ")}): ${chats.reduce((n, c) => n + c.messages.length, 0)} messages (${userMessages} from the user) → ${messagesOf.size} memories in one project (formed in ${formSeconds.toFixed(1)} s)`,
);
const kinds = ["all", ...[...recallSums.keys()].filter((k) => k !== "all").sort()];
const cell = (t: { n: number; sums: number[] } | undefined, i: number) =>
  (t ? ((100 * t.sums[i]!) / t.n).toFixed(1) : "-").padStart(5);
console.log("evidence recall@5 / @10 (%) of the user's evidence messages, each question asked with its chat's scope");
console.log(`${"kind".padEnd(12)} ${"questions".padStart(9)}   Engram search   BM25 raw messages   BM25 user messages`);
for (const k of kinds) {
  const t = recallSums.get(k);
  console.log(
    `${k.padEnd(12)} ${String(t?.n ?? 0).padStart(9)}   ${cell(t, 0)} ${cell(t, 1)}     ${cell(t, 2)} ${cell(t, 3)}         ${cell(t, 4)} ${cell(t, 5)}`,
  );
}
console.log(`answer words returned (%), ${asked} questions; characters handed over on average`);
console.log(`${"returned text".padEnd(26)} ${kinds.map((k) => k.slice(0, 10).padStart(10)).join(" ")}      chars`);
ROWS.forEach((row, i) => {
  console.log(
    `${row.padEnd(26)} ${kinds.map((k) => cell(wordSums.get(k), i).padStart(10)).join(" ")}   ${(chars[i]! / Math.max(1, asked)).toFixed(0).padStart(8)}`,
  );
});
for (const m of misses) console.log(`miss ${m}`);
if (opts.dump) writeFileSync(opts.dump, `${dumped.join("\n")}\n`);
await engram.close();
if (opts.keep) console.log(`data directory kept: ${dataDir}`);
else rmSync(dataDir, { recursive: true, force: true });
