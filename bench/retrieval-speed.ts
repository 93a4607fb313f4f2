// Search speed and footprint on realistic memories, at 10k and 100k in one project. For each size a
// fresh data directory is filled in-process through the public import API and real formation
// (bench/speed-corpus.ts: the LoCoMo dev conversations repeated with other speakers, and long
// user–assistant chats with other users, until the project holds the size in active memories); then
// a real server process is started on it and asked over loopback the dev questions (renamed to the
// speakers of the project) and the chats' long user messages, sequentially, with `limit` 10 and 50.
// Prints the server-side time (Server-Timing: total and its embed/search/db stages) p50/p95 (after a
// first pass over every question, reported apart), the client's round trip, searches per second with
// 8 concurrent clients, the server's RSS, bytes on disk per memory, the evidence recall@10 of the dev
// questions at that size (quality at scale: other rounds' memories compete); and, question by question in the
// same run, a plain SQLite FTS5 BM25 query over the same memory texts (in-process, same query words,
// LIMIT 10 / 50): Engram's time over BM25's is the figure that survives a noisy machine. Temp
// directories only (`--keep DIR` copies the last size's data directory there, with its fill figures;
// `--from DIR` measures a copy of such a directory instead of filling one: the 100k fill takes ~40 min).
//
//   bun bench/retrieval-speed.ts [--sizes 10000,100000] [--queries all|N] [--seconds 5] [--concurrency 8]
//                                [--keep /tmp/speed-100k] [--from /tmp/speed-100k]
import { Database } from "bun:sqlite";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { cleanEnv, dbBytes, percentile, rssMiB, serverTiming, spawnServer } from "./support.ts";
import { devEvidence, formedTurns, roundRequests, roundShape, speedQuestions } from "./speed-corpus.ts";
import { createEngram } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { queryTerms } from "../src/domain/text.ts";
import { toMatchExpression } from "../src/storage/sql.ts";

const { values: opts } = parseArgs({
  options: {
    sizes: { type: "string", default: "10000,100000" },
    queries: { type: "string", default: "all" },
    seconds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "8" },
    keep: { type: "string" },
    from: { type: "string" },
  },
});
const ROOT = resolve(import.meta.dir, "..");
const LIMITS = [10, 50] as const;
const STAGES = ["total", "embed", "search", "db"] as const;

interface Filled {
  key: string;
  memories: number;
  /** Rounds imported in full (questions are renamed to their speakers). */
  rounds: number;
  devMessages: number;
  chatMessages: number;
  fillSeconds: number;
  bytesPerMemory: number;
  /** Seconds to fill the LanceDB table from SQLite and build its index (before the server starts). */
  vectorTableSeconds: number;
  /** Imports per round when filled (NaN: not recorded); another corpus's directory maps no turns. */
  roundSize: number;
}

/** Imports round after round through the API, forming each import, until the project holds `size` active memories. */
async function fill(dataDir: string, size: number): Promise<Filled> {
  const engram = await createEngram(loadConfig({ dataDir, formationWorker: false, enforceLimits: false }, {}), {
    logger: silentLogger,
    startWorker: false,
  });
  const account = engram.accounts.createAccount({ name: "Speed", plan: "scale" });
  const project = engram.accounts.createProject({ accountId: account.id, name: "Big" });
  const key = engram.accounts.createKey({ projectId: project.id, name: "bench" }).key;
  engram.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
  const before = dbBytes(dataDir);
  const active = engram.db.query<{ n: number }, [string]>(
    "SELECT count(*) AS n FROM memories WHERE project_id = ? AND status = 'active'",
  );
  const started = performance.now();
  let memories = 0;
  let rounds = 0;
  let devMessages = 0;
  let chatMessages = 0;
  filling: for (let r = 0; ; r++) {
    for (const body of roundRequests(r)) {
      const res = await engram.handle(
        new Request("http://localhost/v1/memories/import", {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        }),
      );
      if (res.status !== 202) throw new Error(`import answered ${res.status}: ${await res.text()}`);
      await engram.formation.runUntilIdle();
      if (body.scope) chatMessages += body.messages.length;
      else devMessages += body.messages.length;
      memories = active.get(project.id)!.n;
      if (memories >= size) break filling;
    }
    rounds = r + 1;
  }
  const fillSeconds = (performance.now() - started) / 1000;
  const unformed = engram.db.query<{ n: number }, []>("SELECT count(*) AS n FROM jobs WHERE status != 'done'").get()!;
  if (unformed.n > 0) throw new Error(`${unformed.n} import jobs were not formed`);
  engram.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
  const bytesPerMemory = (dbBytes(dataDir) - before) / memories;
  const vectorTableSeconds = await readyVectorTable(engram);
  await engram.close();
  const roundSize = roundRequests(0).length;
  return {
    key,
    memories,
    rounds,
    devMessages,
    chatMessages,
    fillSeconds,
    bytesPerMemory,
    vectorTableSeconds,
    roundSize,
  };
}

/** A kept fill, copied: a new key for its largest project; its fill figures from `--keep`'s file. */
async function reuse(dataDir: string): Promise<Filled> {
  cpSync(opts.from!, dataDir, { recursive: true });
  const engram = await createEngram(loadConfig({ dataDir, formationWorker: false, enforceLimits: false }, {}), {
    logger: silentLogger,
    startWorker: false,
  });
  const { project_id, n } = engram.db
    .query<{ project_id: string; n: number }, []>(
      "SELECT project_id, count(*) AS n FROM memories WHERE status = 'active' GROUP BY project_id ORDER BY n DESC LIMIT 1",
    )
    .get()!;
  const key = engram.accounts.createKey({ projectId: project_id, name: "bench" }).key;
  const vectorTableSeconds = await readyVectorTable(engram);
  await engram.close();
  const figures = join(opts.from!, FILL_FIGURES);
  if (existsSync(figures))
    return {
      roundSize: Number.NaN,
      ...JSON.parse(readFileSync(figures, "utf8")),
      key,
      memories: n,
      vectorTableSeconds,
    };
  // A directory kept before the figures were written: rounds from the import jobs, the rest unknown.
  const jobs = new Database(join(dataDir, "engram.db"), { readonly: true });
  const done = jobs.query<{ n: number }, []>("SELECT count(*) AS n FROM jobs").get()!.n;
  jobs.close();
  const rounds = Math.floor(done / roundRequests(0).length);
  return {
    key,
    memories: n,
    rounds,
    devMessages: 0,
    chatMessages: 0,
    fillSeconds: Number.NaN,
    bytesPerMemory: Number.NaN,
    vectorTableSeconds,
    roundSize: Number.NaN,
  };
}

/**
 * Makes the LanceDB table (filled from SQLite, its index built) as the server does in the background
 * once a project is large, so that the server measured opens it ready: otherwise its first searches
 * would take the exact path while the table is made. Returns the seconds it took.
 */
async function readyVectorTable(engram: Awaited<ReturnType<typeof createEngram>>): Promise<number> {
  const t0 = performance.now();
  await engram.vectorTable.runUntilIdle();
  return (performance.now() - t0) / 1000;
}
const FILL_FIGURES = "speed-fill.json";

/** The baseline: a plain FTS5 table over the memories' texts (read from the data directory, read-only). */
function bm25Baseline(dataDir: string, file: string) {
  const source = new Database(join(dataDir, "engram.db"), { readonly: true });
  const texts = source
    .query<{ content: string }, []>("SELECT content FROM memories WHERE status = 'active' AND is_sample = 0")
    .all();
  source.close();
  const fts = new Database(file);
  fts.run("CREATE VIRTUAL TABLE t USING fts5(content, tokenize='porter unicode61 remove_diacritics 2')");
  const insert = fts.query("INSERT INTO t (content) VALUES (?)");
  fts.transaction(() => {
    for (const t of texts) insert.run(t.content);
  })();
  const select = fts.query<{ rowid: number; content: string }, [string, number]>(
    "SELECT rowid, content FROM t WHERE t MATCH ? ORDER BY bm25(t) LIMIT ?",
  );
  return {
    /** Milliseconds for one query: its words as an OR match, best `limit` by BM25, rows read. */
    time(query: string, limit: number): number {
      const t0 = performance.now();
      const match = toMatchExpression(queryTerms(query));
      if (match) select.all(match, limit);
      return performance.now() - t0;
    },
    close: () => fts.close(),
  };
}

interface Measured extends Filled {
  size: number;
  questions: number;
  asked: number;
  /** Server total (ms) of the first search of each question (limit 10). */
  firstPass: number[];
  /** Per limit: server-side stages, client round trip and BM25, in ms. */
  byLimit: Map<number, { stages: Record<string, number[]>; rtt: number[]; bm25: number[] }>;
  rps: number;
  mem: { rss: number; peak: number; file: number };
  /** Evidence recall@10 (%) of the dev questions in this project, overall and by category. */
  recall: Map<string, { n: number; recall: number }>;
}

const CATEGORIES: Record<string, string> = { "1": "multi-hop", "2": "temporal", "3": "open-domain", "4": "single-hop" };

/**
 * Quality at this size: evidence recall@10 (bench/retrieval-quality.ts's measure) of the dev questions
 * of categories 1-4, from the first pass's results. A question is asked of its round's renamed
 * speakers, so only that round's turns are its evidence.
 */
function evidenceRecall(dataDir: string, rounds: number, returned: Map<string, string[]>) {
  const db = new Database(join(dataDir, "engram.db"), { readonly: true });
  try {
    const turnsOf = formedTurns(db);
    const sums = new Map<string, { n: number; recall: number }>();
    for (const q of devEvidence(rounds)) {
      const seen = new Set((returned.get(q.question) ?? []).flatMap(turnsOf));
      const recall = q.evidence.filter((e) => seen.has(e)).length / q.evidence.length;
      for (const key of ["all", CATEGORIES[q.category]!]) {
        const sum = sums.get(key) ?? { n: 0, recall: 0 };
        sum.n++;
        sum.recall += recall;
        sums.set(key, sum);
      }
    }
    return new Map([...sums].map(([k, v]) => [k, { n: v.n, recall: (100 * v.recall) / v.n }]));
  } finally {
    db.close();
  }
}

async function measure(size: number): Promise<Measured> {
  const root = mkdtempSync(join(tmpdir(), "engram-speed-"));
  const dataDir = join(root, "data");
  mkdirSync(dataDir);
  try {
    const filled = opts.from ? await reuse(dataDir) : await fill(dataDir, size);
    const questions = speedQuestions(filled.rounds);
    const asked = opts.queries === "all" ? questions.length : Number(opts.queries);
    const bm25 = bm25Baseline(dataDir, join(root, "bm25.db"));
    const env = cleanEnv({ ENGRAM_ENFORCE_LIMITS: "false", ENGRAM_LOG_LEVEL: "error" });
    const { proc: server, url } = await spawnServer(
      [process.execPath, join(ROOT, "src/main.ts"), "serve", "--host", "127.0.0.1", "--port", "0", "--data", dataDir],
      env,
    );
    try {
      const search = (query: string, limit: number) =>
        fetch(`${url}/v1/memories/search`, {
          method: "POST",
          headers: { authorization: `Bearer ${filled.key}`, "content-type": "application/json" },
          body: JSON.stringify({ query, limit }),
        });
      // Warm-up (the LanceDB table is ready: readyVectorTable).
      for (let i = 0; i < 20; i++) await (await search(questions[i]!, 10)).arrayBuffer();
      // A first pass over every question, reported apart: each new query word is counted once (the
      // lexical plan's document frequencies, kept a minute), so both limits are then measured warm.
      const firstPass: number[] = [];
      const returned = new Map<string, string[]>();
      for (const q of questions) {
        const r = await search(q, 10);
        returned.set(
          q,
          ((await r.json()) as { data: Array<{ id: string }> }).data.map((m) => m.id),
        );
        firstPass.push(serverTiming(r.headers.get("server-timing"), "total"));
        bm25.time(q, 10);
      }
      const byLimit: Measured["byLimit"] = new Map();
      for (const limit of LIMITS) {
        const m = { stages: Object.fromEntries(STAGES.map((s) => [s, [] as number[]])), rtt: [], bm25: [] } as {
          stages: Record<string, number[]>;
          rtt: number[];
          bm25: number[];
        };
        for (let i = 0; i < asked; i++) {
          const q = questions[i % questions.length]!;
          const t0 = performance.now();
          const r = await search(q, limit);
          if (r.status !== 200) throw new Error(`search answered ${r.status}: ${await r.text()}`);
          await r.arrayBuffer();
          m.rtt.push(performance.now() - t0);
          const st = r.headers.get("server-timing");
          for (const s of STAGES) m.stages[s]!.push(serverTiming(st, s));
          m.bm25.push(bm25.time(q, limit)); // the same question at once, under the same load
        }
        byLimit.set(limit, m);
      }
      let count = 0;
      const until = performance.now() + Number(opts.seconds) * 1000;
      await Promise.all(
        Array.from({ length: Number(opts.concurrency) }, async (_, c) => {
          for (let i = c * 37; performance.now() < until; i++) {
            const r = await search(questions[i % questions.length]!, 10);
            await r.arrayBuffer();
            if (r.status === 200) count++;
          }
        }),
      );
      const mem = rssMiB(server.pid);
      // Turns map to memories through each round's imports: only in a directory filled from this corpus.
      const sameCorpus = filled.roundSize === roundRequests(0).length;
      const recall = sameCorpus ? evidenceRecall(dataDir, filled.rounds, returned) : new Map();
      return {
        ...filled,
        size,
        questions: questions.length,
        asked,
        firstPass,
        byLimit,
        rps: count / Number(opts.seconds),
        mem,
        recall,
      };
    } finally {
      bm25.close();
      server.kill("SIGTERM");
      await server.exited;
      if (opts.keep) {
        rmSync(opts.keep, { recursive: true, force: true });
        cpSync(dataDir, opts.keep, { recursive: true });
        const { key: _, ...figures } = filled;
        writeFileSync(join(opts.keep, FILL_FIGURES), JSON.stringify(figures));
      }
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

function report(r: Measured) {
  const shape = roundShape();
  const round = shape.devMessages + shape.chatMessages;
  const chatShare = (100 * r.chatMessages) / (r.chatMessages + r.devMessages);
  const formed = Number.isNaN(r.fillSeconds)
    ? `copied from ${opts.from}`
    : `formed through the import API in ${r.fillSeconds.toFixed(0)} s (${(r.memories / r.fillSeconds).toFixed(0)} memories/s)`;
  console.log(
    `\n${r.memories.toLocaleString("en")} active memories in one project${r.size ? ` (asked for ${r.size.toLocaleString("en")})` : ""}, ${formed}`,
  );
  const messages = r.devMessages + r.chatMessages;
  console.log(
    `  from ${messages ? `${messages.toLocaleString("en")} messages (${(messages / round).toFixed(1)} rounds of ${round}; ${chatShare.toFixed(1)}% from user–assistant chats)` : `${r.rounds} rounds of ${round} messages`}; ${r.asked} sequential searches per limit (${r.questions} questions)`,
  );
  console.log(
    `  LanceDB vector table filled from SQLite and indexed before the server started: ${r.vectorTableSeconds.toFixed(1)} s`,
  );
  const f = (x: number) => x.toFixed(2).padStart(7);
  const cells = (xs: number[]) => `${f(percentile(xs, 0.5))} ${f(percentile(xs, 0.95))}`;
  console.log(`  ${"ms".padEnd(30)} ${LIMITS.map((l) => `limit ${l}: p50     p95`.padStart(24)).join("")}`);
  const row = (label: string, pick: (m: NonNullable<ReturnType<typeof r.byLimit.get>>) => number[]) =>
    console.log(`  ${label.padEnd(30)} ${LIMITS.map((l) => cells(pick(r.byLimit.get(l)!)).padStart(24)).join("")}`);
  console.log(`  ${"first pass (limit 10, cold)".padEnd(30)} ${cells(r.firstPass).padStart(24)}`);
  row("Engram server total", (m) => m.stages.total!);
  for (const s of STAGES.slice(1)) row(`  ${s}`, (m) => m.stages[s]!);
  row("client round trip", (m) => m.rtt);
  row("plain FTS5 BM25 (in-process)", (m) => m.bm25);
  const ratio = (m: NonNullable<ReturnType<typeof r.byLimit.get>>, p: number) =>
    (percentile(m.stages.total!, p) / percentile(m.bm25, p)).toFixed(1).padStart(7);
  console.log(
    `  ${"ratio Engram / BM25".padEnd(30)} ${LIMITS.map((l) => `${ratio(r.byLimit.get(l)!, 0.5)} ${ratio(r.byLimit.get(l)!, 0.95)}`.padStart(24)).join("")}`,
  );
  console.log(
    `  searches/s with ${opts.concurrency} clients (limit 10, ${opts.seconds} s): ${r.rps.toFixed(0)}; server RSS ${r.mem.rss.toFixed(0)} MiB (peak ${r.mem.peak.toFixed(0)}; ${r.mem.file.toFixed(0)} of it mapped files: the database read through mmap)${Number.isNaN(r.bytesPerMemory) ? "" : `; ${r.bytesPerMemory.toFixed(0)} bytes on disk per memory`}`,
  );
  const all = r.recall.get("all");
  if (!all)
    console.log(
      "  evidence recall@10: not measured (the directory was filled from another corpus, or its imports per round were not recorded: fill it again)",
    );
  else
    console.log(
      `  evidence recall@10 of the ${all.n} dev questions (categories 1-4) asked here: ${all.recall.toFixed(1)} (${Object.values(
        CATEGORIES,
      )
        .map((c) => `${c} ${r.recall.get(c)?.recall.toFixed(1) ?? "-"}`)
        .join(", ")})`,
    );
}

console.log(
  `search speed on formed conversations: one project per size, loopback, ${opts.concurrency} clients for the throughput`,
);
for (const size of opts.from ? [0] : opts.sizes!.split(",").map(Number)) report(await measure(size));
