// Formation with the embedded extractor, judged as the dev data's README says. Run:
// `bun bench/formation.ts` (options: --runs 3 --persona 200). Each run starts an in-process Engram
// on a fresh data directory and imports through the public import API (POST /v1/memories/import,
// 500 messages a request), then times the formation queue until it is idle. Three corpora:
//   - LoCoMo dev (../shared/eval-data/locomo-dev): speed, and extraction judged per turn against
//     observations.jsonl (gold facts found, memories on target; bench/judge.ts);
//   - Synthetic-Persona-Chat (the first --persona chats of the validation split): extraction judged
//     per speaker against the speaker's persona lines;
//   - the user–assistant chats of test/fixtures/assistant-chats: memories per user message, and a
//     500-message user–assistant import timed on its own.
// Figures: see bench/README.md.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createEngram, type Engram } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { fixedClock } from "../src/shared/clock.ts";
import { scoreGroups, type ExtractionScore } from "./judge.ts";
import { parseCsv } from "./support.ts";

const ROOT = resolve(import.meta.dir, "..");
const DATA = join(ROOT, "../shared/eval-data");
const { values: opts } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    persona: { type: "string", default: "200" },
    show: { type: "string", default: "0" },
    dump: { type: "string" }, // a JSON file of what was formed (LoCoMo, persona), to study misses
  },
});
const RUNS = Number(opts.runs);
const NOW = "2027-12-31T00:00:00.000Z";
const PER_REQUEST = 500; // the API's limit of messages per import

interface Message {
  role: string;
  speaker?: string;
  content: string;
  occurred_at?: string;
}
interface Conversation {
  id: string;
  messages: Message[];
  /** A label per message (a LoCoMo dia_id, a persona speaker), to group what it formed. */
  labels: string[];
  scope?: Record<string, string>;
}
/** One version written by formation, with the labels of the messages it came from. */
interface Formed {
  conversation: string;
  content: string;
  labels: string[];
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const jsonl = <T>(file: string) =>
  readFileSync(file, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as T);

// ---- corpora ----
interface Turn {
  sample_id: string;
  dia_id: string;
  timestamp: string;
  speaker: string;
  text: string;
  blip_caption: string | null;
}
const turns = jsonl<Turn>(join(DATA, "locomo-dev/turns.jsonl"));
const locomo: Conversation[] = [...Map.groupBy(turns, (t) => t.sample_id)].map(([id, ts]) => ({
  id,
  messages: ts.map((t) => ({
    role: "user",
    speaker: t.speaker,
    content: t.blip_caption ? `${t.text} [shares a photo: ${t.blip_caption}]` : t.text,
    occurred_at: `${t.timestamp}Z`,
  })),
  labels: ts.map((t) => t.dia_id),
}));
const observations = jsonl<{ sample_id: string; dia_id: string; fact: string }>(
  join(DATA, "locomo-dev/observations.jsonl"),
);

const personaRows = parseCsv(readFileSync(join(DATA, "persona-chat/Synthetic-Persona-Chat_valid.csv"), "utf8"));
const header = personaRows[0]!;
const col = (name: string) => header.indexOf(name);
const personaChats = personaRows.slice(1, 1 + Number(opts.persona)).map((row, n) => {
  const lines = row[col("Best Generated Conversation")]!.split("\n").filter((l) => /^User [12]: /.test(l));
  return {
    conversation: {
      id: `persona-${n}`,
      messages: lines.map((l) => ({ role: "user", speaker: l.slice(0, 6), content: l.slice(8).trim() })),
      labels: lines.map((l) => l.slice(0, 6)),
    } satisfies Conversation,
    personas: { "User 1": lines1(row[col("user 1 personas")]!), "User 2": lines1(row[col("user 2 personas")]!) },
  };
});
function lines1(text: string): string[] {
  return text
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
}

interface Fixture {
  title: string;
  scope: Record<string, string>;
  occurred_at: string;
  messages: Message[];
}
const FIXTURES = join(ROOT, "test/fixtures/assistant-chats");
const assistantChats: Conversation[] = readdirSync(FIXTURES)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((f) => {
    const x = JSON.parse(readFileSync(join(FIXTURES, f), "utf8")) as Fixture;
    return {
      id: x.title,
      scope: x.scope,
      messages: x.messages.map((m) => ({ ...m, occurred_at: x.occurred_at })),
      labels: x.messages.map((m) => m.role),
    };
  });
/** A 500-message user–assistant import: the fixture chats one after another, repeated as needed. */
const long: Conversation = (() => {
  const all = assistantChats.flatMap((c) => c.messages);
  const messages = all.length ? Array.from({ length: PER_REQUEST }, (_, i) => all[i % all.length]!) : [];
  return { id: "500 messages", messages, labels: messages.map((m) => m.role), scope: { user_id: "long" } };
})();

// ---- forming through the API ----
async function importAll(engram: Engram, conversations: Conversation[]): Promise<Map<string, Conversation>> {
  const account = engram.accounts.createAccount({ name: "bench", plan: "scale" });
  const byJob = new Map<string, Conversation>(); // job id → the conversation part it imported
  for (const c of conversations) {
    const project = engram.accounts.createProject({ accountId: account.id, name: c.id.slice(0, 60) });
    const key = engram.accounts.createKey({ projectId: project.id, name: "bench" }).key;
    for (let i = 0; i < c.messages.length; i += PER_REQUEST) {
      const r = await engram.handle(
        new Request("http://localhost/v1/memories/import", {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({ messages: c.messages.slice(i, i + PER_REQUEST), scope: c.scope }),
        }),
      );
      if (r.status !== 202) throw new Error(`import answered ${r.status}: ${await r.text()}`);
      const job = engram.db
        .query<{ id: string }, [string]>("SELECT id FROM jobs WHERE project_id = ? ORDER BY rowid DESC LIMIT 1")
        .get(project.id)!;
      byJob.set(job.id, { ...c, labels: c.labels.slice(i, i + PER_REQUEST) });
    }
  }
  return byJob;
}

function formedVersions(engram: Engram, byJob: Map<string, Conversation>): Formed[] {
  const rows = engram.db
    .query<{ content: string; source: string }, []>(
      "SELECT v.content, v.source FROM memory_versions v JOIN memories m ON m.id = v.memory_id WHERE m.is_sample = 0",
    )
    .all();
  return rows.flatMap((r) => {
    const source = JSON.parse(r.source) as { job_id: string; message_indexes?: number[] };
    const c = byJob.get(source.job_id);
    if (!c) return [];
    return [
      { conversation: c.id, content: r.content, labels: (source.message_indexes ?? []).map((i) => c.labels[i]!) },
    ];
  });
}

async function withEngram<T>(f: (engram: Engram) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), "engram-bench-formation-"));
  const engram = await createEngram(loadConfig({ dataDir, formationWorker: false, enforceLimits: false }, {}), {
    logger: silentLogger,
    startWorker: false,
    clock: fixedClock(NOW), // after every date of the corpora (a fixture chat is set in early 2027)
  });
  try {
    return await f(engram);
  } finally {
    await engram.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Imports and forms; the formation time and what was formed. */
async function form(conversations: Conversation[]): Promise<{ formMs: number; formed: Formed[]; memories: number }> {
  return withEngram(async (engram) => {
    const byJob = await importAll(engram, conversations);
    const t0 = performance.now();
    await engram.formation.runUntilIdle();
    const formMs = performance.now() - t0;
    const memories = engram.db
      .query<{ n: number }, []>("SELECT count(*) AS n FROM memories WHERE is_sample = 0 AND status = 'active'")
      .get()!.n;
    return { formMs, formed: formedVersions(engram, byJob), memories };
  });
}

// ---- scoring (bench/judge.ts: the dev data's rule) ----
function scoreLocomoConversation(formed: Formed[]): ExtractionScore {
  return scoreGroups(
    locomo.map((c) => ({
      gold: observations.filter((o) => o.sample_id === c.id).map((o) => o.fact),
      memories: formed.filter((f) => f.conversation === c.id).map((f) => f.content),
      names: [...new Set(c.messages.map((m) => m.speaker!))],
    })),
  );
}

function scoreLocomo(formed: Formed[]): ExtractionScore {
  const names = new Map(locomo.map((c) => [c.id, [...new Set(c.messages.map((m) => m.speaker!))]]));
  const groups = new Map<string, { gold: string[]; memories: string[]; names: string[] }>();
  const group = (sample: string, dia: string) => {
    const k = `${sample} ${dia}`;
    if (!groups.has(k)) groups.set(k, { gold: [], memories: [], names: names.get(sample) ?? [] });
    return groups.get(k)!;
  };
  for (const o of observations) group(o.sample_id, o.dia_id).gold.push(o.fact);
  for (const f of formed) for (const dia of new Set(f.labels)) group(f.conversation, dia).memories.push(f.content);
  return scoreGroups(groups.values());
}

function scorePersona(formed: Formed[]): ExtractionScore {
  const groups = new Map<string, { gold: string[]; memories: string[]; names: string[] }>();
  for (const p of personaChats)
    for (const [speaker, gold] of Object.entries(p.personas))
      groups.set(`${p.conversation.id} ${speaker}`, { gold, memories: [], names: ["User 1", "User 2"] });
  for (const f of formed)
    for (const s of new Set(f.labels)) groups.get(`${f.conversation} ${s}`)?.memories.push(f.content);
  return scoreGroups(groups.values());
}

const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`;
const pad = (s: string) => `  ${s.padEnd(50)}`;

// ---- run ----
const runs: Array<{ formMs: number; formed: Formed[]; memories: number }> = [];
for (let i = 0; i < RUNS; i++) runs.push(await form(locomo));
const locomoRun = runs.at(-1)!;
const formS = median(runs.map((r) => r.formMs)) / 1000;
const persona = await form(personaChats.map((p) => p.conversation));
const chats = await form(assistantChats);
const longRuns: number[] = [];
if (long.messages.length) for (let i = 0; i < RUNS; i++) longRuns.push((await form([long])).formMs);

console.log(
  `Engram formation, embedded extractor, bun ${Bun.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim()})`,
);
console.log(`command: bun bench/formation.ts --runs ${RUNS} --persona ${opts.persona}`);
console.log();
console.log(`LoCoMo dev: ${turns.length} turns in ${locomo.length} conversations, one project each`);
console.log(`${pad("formation wall time")}${formS.toFixed(2)} s (median of ${RUNS})`);
console.log(`${pad("memories stored (active)")}${locomoRun.memories}`);
console.log(`${pad("facts formed (versions written)")}${locomoRun.formed.length}`);
console.log(`${pad("memories formed per second")}${(locomoRun.memories / formS).toFixed(0)}`);
const l = scoreLocomo(locomoRun.formed);
console.log(`${pad("gold facts found (per turn, observations)")}${l.found} of ${l.gold} (${pct(l.found, l.gold)})`);
console.log(`${pad("memories on target (per turn)")}${l.onTarget} of ${l.memories} (${pct(l.onTarget, l.memories)})`);
// The reference any extractive method is bounded by: each turn's own text (with its photo note) as its one memory.
const raw = scoreLocomo(
  locomo.flatMap((c) => c.messages.map((m, i) => ({ conversation: c.id, content: m.content, labels: [c.labels[i]!] }))),
);
console.log(
  `${pad("the turn's own text as one memory: found")}${raw.found} of ${raw.gold} (${pct(raw.found, raw.gold)})`,
);
console.log(
  `${pad("the turn's own text as one memory: on target")}${raw.onTarget} of ${raw.memories} (${pct(raw.onTarget, raw.memories)})`,
);
const lc = scoreLocomoConversation(locomoRun.formed);
console.log(`${pad("gold facts found (per conversation)")}${lc.found} of ${lc.gold} (${pct(lc.found, lc.gold)})`);
console.log(
  `${pad("memories on target (per conversation)")}${lc.onTarget} of ${lc.memories} (${pct(lc.onTarget, lc.memories)})`,
);
console.log();
console.log(`Synthetic-Persona-Chat: the first ${personaChats.length} chats of the validation split`);
const p = scorePersona(persona.formed);
console.log(`${pad("gold facts found (per speaker, personas)")}${p.found} of ${p.gold} (${pct(p.found, p.gold)})`);
console.log(
  `${pad("memories on target (per speaker)")}${p.onTarget} of ${p.memories} (${pct(p.onTarget, p.memories)})`,
);
const rawPersona = scorePersona(
  personaChats.flatMap((c) =>
    c.conversation.messages.map((m, i) => ({
      conversation: c.conversation.id,
      content: m.content,
      labels: [c.conversation.labels[i]!],
    })),
  ),
);
console.log(
  `${pad("each message's own text as a memory: found")}${rawPersona.found} of ${rawPersona.gold} (${pct(rawPersona.found, rawPersona.gold)})`,
);
console.log(
  `${pad("each message's own text as a memory: on target")}${rawPersona.onTarget} of ${rawPersona.memories} (${pct(rawPersona.onTarget, rawPersona.memories)})`,
);
console.log();
console.log(`User–assistant chats (test/fixtures/assistant-chats): ${assistantChats.length} chats`);
for (const c of assistantChats) {
  const users = c.messages.filter((m) => m.role === "user").length;
  const mine = chats.formed.filter((f) => f.conversation === c.id);
  const fromAssistantOnly = mine.filter((f) => f.labels.length && f.labels.every((x) => x !== "user")).length;
  // A title longer than the column goes on a line of its own.
  const title = `${c.id} (${users} user messages)`;
  const head = title.length < 50 ? pad(title) : `  ${title}\n${pad("")}`;
  console.log(
    `${head}${mine.length} memories, ${(mine.length / users).toFixed(2)} per user message, ${fromAssistantOnly} from assistant messages alone`,
  );
}
const users = assistantChats.reduce((n, c) => n + c.messages.filter((m) => m.role === "user").length, 0);
console.log(`${pad("all chats: memories per user message")}${(chats.formed.length / users).toFixed(2)}`);
console.log(
  `${pad("500-message user–assistant import formed in")}${longRuns.length ? (median(longRuns) / 1000).toFixed(2) : "-"} s (median of ${RUNS})`,
);
if (opts.dump) writeFileSync(opts.dump, JSON.stringify({ locomo: locomoRun.formed, persona: persona.formed }));
const show = Number(opts.show);
if (show) {
  console.log("\nSample of formed memories (LoCoMo, then persona, then chats):");
  for (const f of [
    ...locomoRun.formed.slice(0, show),
    ...persona.formed.slice(0, show),
    ...chats.formed.slice(0, show),
  ])
    console.log(`  [${f.labels.join(",")}] ${f.content}`);
}
