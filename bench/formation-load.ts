// Request latency while formation is busy, with formation on the request thread and off it (issue 16,
// item 3). Run: `bun bench/formation-load.ts` (options: --seconds 30 --concurrency 32 --modes main,worker
// --probes 6 --probe-timeout 30 --seed 200). For each mode, in one run and with the same load, a real
// server (`bun src/main.ts serve --port 0`, limits off, ENGRAM_FORMATION_THREAD=<mode>) is started on a
// fresh temp data directory holding three accounts made in-process before it starts: A (busy), B
// (light) and Q (quiet), each with a project and a key; A and B hold --seed memories each (LoCoMo dev
// turns, `infer: false`, formed before the server starts). Then, at once:
//   - A's backlog: four 500-message imports of LoCoMo dev turns (other speakers' names than the seeds)
//     and one 32,000-character `infer: true` create (one dev speaker's turns, first person), sent one
//     after the other; each 202's round trip against its Server-Timing total;
//   - --concurrency clients for --seconds, each looping over GET /health, B's one-line creates (infer,
//     each sentence different), B's searches and A's searches (the dev questions and the chats' long
//     user messages, bench/speed-corpus.ts): the client round trip of every request, by kind;
//   - --probes times spread over the window, a one-line create by B (whose own creates are in the mix)
//     and one by Q (who writes nothing else), each polled through GET /v1/memories (its own scope,
//     every 50 ms) until it is listed: "time to formed", the fairness between accounts.
// At the end of the window, A's and B's formation done (read from the data directory's jobs table,
// read-only), then SIGTERM; after the exit, when A's backlog was formed. Per mode: p50/p99/max by kind,
// the figures above, the server's RSS and threads; then both modes side by side with main/worker for
// each figure (a ratio holds on a noisy machine, absolute times do not). Loopback only; temp
// directories removed. Figures: see bench/README.md.
import { Database } from "bun:sqlite";
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { cleanEnv, percentile, rssMiB, serverTiming, spawnServer, type Spawned } from "./support.ts";
import { roundRequests, speedQuestions, type ImportMessage, type ImportRequest } from "./speed-corpus.ts";
import { createEngram } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { silentLogger } from "../src/shared/logger.ts";

const { values: opts } = parseArgs({
  options: {
    seconds: { type: "string", default: "30" },
    concurrency: { type: "string", default: "32" },
    rate: { type: "string", default: "0" },
    modes: { type: "string", default: "main,worker" },
    probes: { type: "string", default: "6" },
    "probe-timeout": { type: "string", default: "30" },
    seed: { type: "string", default: "200" },
  },
});
const ROOT = resolve(import.meta.dir, "..");
const SECONDS = Number(opts.seconds);
const CONCURRENCY = Number(opts.concurrency);
/** Requests per second in all, sent on a fixed schedule whatever the answers (open loop); 0: --concurrency clients each waiting for its answer (closed loop). */
const RATE = Number(opts.rate);
const MODES = opts.modes!.split(",").map((m) => m.trim());
const PROBES = Number(opts.probes);
const PROBE_TIMEOUT_MS = Number(opts["probe-timeout"]) * 1000;
const SEED = Number(opts.seed);
const POLL_MS = 50;
const IMPORTS = 4;
const PER_IMPORT = 500; // the API's limit of messages per import
const BIG_CHARS = 32_000; // the API's limit of a create's content

// ---------------------------------------------------------------------------------------------
// The load's texts.

const devMessages = (r: number): ImportMessage[] =>
  roundRequests(r)
    .filter((b) => !b.scope)
    .flatMap((b) => b.messages);

/** A's four imports: the dev turns of rounds 1 and 2 (speakers renamed per round), 500 a request. */
function busyImports(): ImportRequest[] {
  const messages = [...devMessages(1), ...devMessages(2)];
  return Array.from({ length: IMPORTS }, (_, i) => ({
    messages: messages.slice(i * PER_IMPORT, (i + 1) * PER_IMPORT),
  }));
}

/**
 * A's big create: one person's own words, first person. The chats' user messages hold 5k characters in
 * all, so this is the turns of one dev speaker (round 3's names), photo captions left out, joined
 * until the next turn would pass 32,000 characters.
 */
function bigPassage(): string {
  const turns = devMessages(3);
  const speakers = [...new Set(turns.map((t) => t.speaker))];
  let text = "";
  for (const speaker of speakers) {
    for (const t of turns) {
      if (t.speaker !== speaker) continue;
      const said = t.content.replace(/\s*\[shares a photo: [^\]]*\]/g, "").trim();
      if (!said) continue;
      if (text.length + 1 + said.length > BIG_CHARS) return text;
      text = text ? `${text} ${said}` : said;
    }
  }
  return text;
}

/** The seeds: `speaker: text` of round 0's dev turns (the questions' names), B's first, A's after. */
function seedTexts(from: number): string[] {
  return devMessages(0)
    .slice(from, from + SEED)
    .map((t) => `${t.speaker}: ${t.content}`.slice(0, 1000));
}

// One-line facts, every one different (a repeat of a write still forming would count nothing).
const NAMES =
  "Maya Omar Ingrid Kofi Hana Ravi Elena Tariq Sofia Lars Amara Diego Yuki Felix Nadia Idris Clara Tomas Leila Bruno Anika Malik Greta Pablo Sana Tobias Irene Kenji Lucia Anton Emil Farah Hugo Noemi Arjun Vera Stefan Ines Dario Mira".split(
    " ",
  );
/** The probes' names: never in B's load, so a probe is never a repeat of a load sentence. */
const PROBE_NAMES = "Zelda Quentin Odile Magnus Rania Soren Thea Umar Valeria Wendel Ximena Yusuf".split(" ");
const ACTS = [
  "switched to the night shift",
  "started learning the cello",
  "joined a climbing gym",
  "moved into a flat near the river",
  "adopted a grey cat",
  "began volunteering at the food bank",
  "took up pottery classes",
  "started cycling to work",
  "signed up for a Spanish course",
  "planted tomatoes on the balcony",
  "bought a secondhand piano",
  "started training for a half marathon",
  "joined the choir at the community centre",
  "changed teams at the hospital",
  "stopped drinking coffee",
  "began writing a travel blog",
  "rented an allotment",
  "started baking sourdough bread",
  "got a job at the library",
  "took over the family bakery",
];
const WHEN = [
  "on Mondays",
  "last week",
  "in March",
  "this spring",
  "two weeks ago",
  "after the holidays",
  "in 2024",
  "at the start of the year",
  "last autumn",
  "a month ago",
];
/** The n-th sentence of names x ACTS x WHEN (8,000 with NAMES; past that, numbered repeats). */
function oneLiner(n: number, names = NAMES): string {
  const space = names.length * ACTS.length * WHEN.length;
  const k = n % space;
  const a = names[k % names.length]!;
  const b = ACTS[Math.floor(k / names.length) % ACTS.length]!;
  const c = WHEN[Math.floor(k / (names.length * ACTS.length))]!;
  return `${a} ${b} ${c}${n >= space ? ` (${Math.floor(n / space) + 1})` : ""}.`;
}

// ---------------------------------------------------------------------------------------------
// One mode.

const KINDS = ["health", "create", "searchB", "searchA"] as const;
type Kind = (typeof KINDS)[number];
const KIND_LABEL: Record<Kind, string> = {
  health: "GET /health",
  create: "B one-line create (202)",
  searchB: "B search",
  searchA: "A search",
};

interface Tenant {
  accountId: string;
  key: string;
}

interface Progress {
  /** A's import messages formed, of all. */
  aMessages: number;
  aMessagesAll: number;
  /** A's jobs (4 imports, the big create) done, of all. */
  aJobs: number;
  aJobsAll: number;
  bigFormed: boolean;
  /** B's jobs done, of all (its one-line creates and probes; the seeds excluded). */
  bJobs: number;
  bJobsAll: number;
  /** Seconds from A's first write accepted to its last job finished; null while any is queued. */
  aDrainedS: number | null;
}

interface ModeResult {
  mode: string;
  /** Seconds to make the data directory (accounts, seeds formed) and start the server. */
  setupS: number;
  latencies: Record<Kind, number[]>;
  /** Server-Timing total of the same requests (where the handler spent its time, queueing excluded). */
  server: Record<Kind, number[]>;
  errors: Record<Kind, number>;
  /** Error statuses or exceptions seen, a few for the report. */
  errorSamples: string[];
  elapsedS: number;
  imports: { rtt: number[]; st: number[] };
  big: { chars: number; rtt: number; st: number };
  /** A's five writes all answered, ms after the start of the window. */
  aSubmittedMs: number;
  /** Time to formed per probe (ms), null when not listed within --probe-timeout. */
  probesB: (number | null)[];
  probesQ: (number | null)[];
  atEnd: Progress | null;
  atExit: Progress | null;
  rss: { rss: number; peak: number };
  threads: number;
  exitCode: number | null;
}

/** Makes the accounts in-process (the server's own wiring, no loop started) and forms the seeds. */
async function prepare(dataDir: string): Promise<Record<"A" | "B" | "Q", Tenant>> {
  const engram = await createEngram(loadConfig({ dataDir, formationWorker: false, enforceLimits: false }, {}), {
    logger: silentLogger,
    startWorker: false,
  });
  const tenant = (name: string): Tenant => {
    const account = engram.accounts.createAccount({ name, plan: "scale" });
    const project = engram.accounts.createProject({ accountId: account.id, name: `${name} project` });
    return { accountId: account.id, key: engram.accounts.createKey({ projectId: project.id, name: "bench" }).key };
  };
  const tenants = { A: tenant("Busy"), B: tenant("Light"), Q: tenant("Quiet") };
  const seed = async (t: Tenant, texts: string[]) => {
    for (const content of texts) {
      const res = await engram.handle(
        new Request("http://localhost/v1/memories", {
          method: "POST",
          headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
          body: JSON.stringify({ content, infer: false }),
        }),
      );
      if (res.status !== 202) throw new Error(`seed create answered ${res.status}: ${await res.text()}`);
    }
  };
  await seed(tenants.B, seedTexts(0));
  await seed(tenants.A, seedTexts(SEED));
  await engram.formation.runUntilIdle();
  await engram.close();
  return tenants;
}

/** A's and B's formation so far, from the jobs table (read-only; the server keeps writing). */
function progress(dataDir: string, a: Tenant, b: Tenant, since: string): Progress | null {
  let db: Database | null = null;
  try {
    db = new Database(join(dataDir, "engram.db"), { readonly: true });
    const rows = db
      .query<
        {
          account_id: string;
          kind: string;
          status: string;
          progress: number;
          units: number;
          created_at: string;
          updated_at: string;
        },
        [string, string, string]
      >(
        `SELECT account_id, kind, status, progress, created_at, updated_at,
                CASE WHEN kind = 'import' THEN json_array_length(payload, '$.messages') ELSE 0 END AS units
         FROM jobs WHERE account_id IN (?1, ?2) AND created_at >= ?3`,
      )
      .all(a.accountId, b.accountId, since);
    const aRows = rows.filter((r) => r.account_id === a.accountId);
    const bRows = rows.filter((r) => r.account_id === b.accountId);
    const done = (r: { status: string }) => r.status !== "queued";
    const imports = aRows.filter((r) => r.kind === "import");
    const allDone = aRows.length > 0 && aRows.every(done);
    const first = Math.min(...aRows.map((r) => Date.parse(r.created_at)));
    const last = Math.max(...aRows.map((r) => Date.parse(r.updated_at)));
    return {
      aMessages: imports.reduce((n, r) => n + (done(r) ? r.units : r.progress), 0),
      aMessagesAll: imports.reduce((n, r) => n + r.units, 0),
      aJobs: aRows.filter(done).length,
      aJobsAll: aRows.length,
      bigFormed: aRows.some((r) => r.kind === "create" && done(r)),
      bJobs: bRows.filter(done).length,
      bJobsAll: bRows.length,
      aDrainedS: allDone ? (last - first) / 1000 : null,
    };
  } catch (err) {
    console.log(`  (could not read the jobs table: ${err instanceof Error ? err.message : String(err)})`);
    return null;
  } finally {
    db?.close();
  }
}

function threadsOf(pid: number): number {
  return Number(/Threads:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN);
}

async function stop(server: Spawned): Promise<number | null> {
  server.proc.kill("SIGTERM");
  const exited = await Promise.race([server.proc.exited, Bun.sleep(30_000).then(() => "timeout" as const)]);
  if (exited === "timeout") {
    console.log("  the server did not exit within 30 s of SIGTERM: killed");
    server.proc.kill("SIGKILL");
    await server.proc.exited;
    return null;
  }
  return exited;
}

async function runMode(mode: string, texts: Texts): Promise<ModeResult> {
  const root = mkdtempSync(join(tmpdir(), "engram-formation-load-"));
  const dataDir = join(root, "data");
  mkdirSync(dataDir);
  try {
    const started = performance.now();
    const tenants = await prepare(dataDir);
    const env = cleanEnv({ ENGRAM_ENFORCE_LIMITS: "false", ENGRAM_LOG_LEVEL: "error", ENGRAM_FORMATION_THREAD: mode });
    const server = await spawnServer(
      [process.execPath, join(ROOT, "src/main.ts"), "serve", "--host", "127.0.0.1", "--port", "0", "--data", dataDir],
      env,
    );
    const stderr = new Response(server.proc.stderr).text(); // drained, so a chatty server never blocks
    const { url } = server;
    let exitCode: number | null = null;
    try {
      const post = (t: Tenant, path: string, body: unknown) =>
        fetch(`${url}${path}`, {
          method: "POST",
          headers: { authorization: `Bearer ${t.key}`, "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      const list = (t: Tenant, userId: string) =>
        fetch(`${url}/v1/memories?limit=1&user_id=${encodeURIComponent(userId)}`, {
          headers: { authorization: `Bearer ${t.key}` },
        });
      // Warm up: the first search loads the word vectors, the first write the NLP model.
      for (const t of [tenants.A, tenants.B]) await (await post(t, "/v1/memories/search", { query: "hello" })).text();
      const warm = await timeToFormed(tenants.Q, "Zelda keeps bees in her garden.", "warm-up", list, post);
      if (warm === null) throw new Error("the warm-up write was not formed within --probe-timeout");

      const setupS = (performance.now() - started) / 1000;
      const since = new Date().toISOString();
      const latencies = Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
      const serverMs = Object.fromEntries(KINDS.map((k) => [k, [] as number[]])) as Record<Kind, number[]>;
      const errors = Object.fromEntries(KINDS.map((k) => [k, 0])) as Record<Kind, number>;
      const errorSamples: string[] = [];
      const noteError = (what: string) => {
        if (errorSamples.length < 5) errorSamples.push(what);
      };
      const t0 = performance.now();
      const until = t0 + SECONDS * 1000;

      // A's backlog, one write after the other.
      const imports = { rtt: [] as number[], st: [] as number[] };
      const big = { chars: texts.big.length, rtt: Number.NaN, st: Number.NaN };
      let aSubmittedMs = Number.NaN;
      const backlog = (async () => {
        for (const body of texts.imports) {
          const t = performance.now();
          const r = await post(tenants.A, "/v1/memories/import", body);
          await r.arrayBuffer();
          imports.rtt.push(performance.now() - t);
          imports.st.push(serverTiming(r.headers.get("server-timing"), "total"));
          if (r.status !== 202) throw new Error(`A's import answered ${r.status}`);
        }
        const t = performance.now();
        const r = await post(tenants.A, "/v1/memories", { content: texts.big, infer: true });
        await r.arrayBuffer();
        big.rtt = performance.now() - t;
        big.st = serverTiming(r.headers.get("server-timing"), "total");
        if (r.status !== 202) throw new Error(`A's big create answered ${r.status}`);
        aSubmittedMs = performance.now() - t0;
      })();
      backlog.catch(() => {}); // awaited after the load, which rethrows

      // The mixed load.
      let created = 0;
      let asked = 0;
      const send = (kind: Kind): Promise<Response> => {
        if (kind === "health") return fetch(`${url}/health`);
        if (kind === "create") return post(tenants.B, "/v1/memories", { content: oneLiner(created++) });
        const t = kind === "searchA" ? tenants.A : tenants.B;
        return post(t, "/v1/memories/search", { query: texts.questions[asked++ % texts.questions.length], limit: 10 });
      };
      /** One request of the mix; its latency counts from `t` (the time it was due, in the open loop). */
      const one = async (kind: Kind, t: number): Promise<boolean> => {
        try {
          const r = await send(kind);
          await r.arrayBuffer();
          latencies[kind].push(performance.now() - t);
          const timing = r.headers.get("server-timing"); // none on /health
          if (timing) serverMs[kind].push(serverTiming(timing, "total"));
          if (!r.ok) {
            errors[kind]++;
            noteError(`${kind} ${r.status}`);
          }
          return true;
        } catch (err) {
          errors[kind]++;
          noteError(`${kind}: ${err instanceof Error ? err.message : String(err)}`);
          return server.proc.exitCode === null;
        }
      };
      const load =
        RATE > 0
          ? (async () => {
              // Open loop: request i is due at t0 + i / RATE, sent then whatever the earlier ones are doing,
              // and timed from when it was due (a stalled server is not given a rest by its clients).
              const pending: Array<Promise<boolean>> = [];
              for (let i = 0; ; i++) {
                const due = t0 + (i * 1000) / RATE;
                if (due >= until) break;
                if (due > performance.now()) await Bun.sleep(due - performance.now());
                pending.push(one(KINDS[i % KINDS.length]!, due));
              }
              await Promise.all(pending);
            })()
          : Promise.all(
              Array.from({ length: CONCURRENCY }, async (_, c) => {
                for (let i = c; performance.now() < until; i++) {
                  if (!(await one(KINDS[i % KINDS.length]!, performance.now()))) return;
                }
              }),
            );

      // The probes: B's and Q's one-line writes, spread over the window, each polled until listed.
      const probe = async (t: Tenant, tag: string, i: number): Promise<number | null> => {
        await Bun.sleep(Math.max(0, t0 + 500 + (i * SECONDS * 1000) / PROBES - performance.now()));
        const content = oneLiner(i + (tag === "q" ? PROBES : 0), PROBE_NAMES);
        return timeToFormed(t, content, `probe-${tag}-${i}`, list, post);
      };
      const probesB = Promise.all(Array.from({ length: PROBES }, (_, i) => probe(tenants.B, "b", i)));
      const probesQ = Promise.all(Array.from({ length: PROBES }, (_, i) => probe(tenants.Q, "q", i)));
      for (const p of [probesB, probesQ]) p.catch(() => {}); // awaited after the load, which rethrows

      await load;
      const elapsedS = (performance.now() - t0) / 1000;
      await backlog;
      const atEnd = progress(dataDir, tenants.A, tenants.B, since);
      const [pb, pq] = [await probesB, await probesQ];
      const rss = rssMiB(server.proc.pid);
      const threads = threadsOf(server.proc.pid);
      exitCode = await stop(server);
      if (exitCode !== 0) console.log(`  the server exited ${exitCode}: ${(await stderr).slice(-2000)}`);
      const atExit = progress(dataDir, tenants.A, tenants.B, since);
      return {
        mode,
        setupS,
        latencies,
        server: serverMs,
        errors,
        errorSamples,
        elapsedS,
        imports,
        big,
        aSubmittedMs,
        probesB: pb,
        probesQ: pq,
        atEnd,
        atExit,
        rss,
        threads,
        exitCode,
      };
    } finally {
      if (server.proc.exitCode === null && !server.proc.killed) await stop(server);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Milliseconds from sending a one-line create (scope user_id `userId`) to the first list of that scope
 * holding a memory; null when not listed within --probe-timeout.
 */
async function timeToFormed(
  t: Tenant,
  content: string,
  userId: string,
  list: (t: Tenant, userId: string) => Promise<Response>,
  post: (t: Tenant, path: string, body: unknown) => Promise<Response>,
): Promise<number | null> {
  const t0 = performance.now();
  const created = await post(t, "/v1/memories", { content, scope: { user_id: userId } });
  if (created.status !== 202) throw new Error(`probe create answered ${created.status}: ${await created.text()}`);
  for (;;) {
    const r = await list(t, userId);
    const body = (await r.json()) as { data?: unknown[] };
    if (body.data?.length) return performance.now() - t0;
    if (performance.now() - t0 > PROBE_TIMEOUT_MS) return null;
    await Bun.sleep(POLL_MS);
  }
}

// ---------------------------------------------------------------------------------------------
// Report.

interface Texts {
  imports: ImportRequest[];
  big: string;
  questions: string[];
}

const maxOf = (xs: number[]) => (xs.length ? Math.max(...xs) : Number.NaN);
const ms = (x: number) => (Number.isNaN(x) ? "-" : x >= 1000 ? x.toFixed(0) : x.toFixed(x >= 100 ? 1 : 2));
const formedMs = (xs: (number | null)[]) => xs.filter((x): x is number => x !== null);
/** The probes' p50 and max; a probe never listed counts as the timeout (and the max says so). */
function probeFigures(xs: (number | null)[]): { p50: number; max: number; missed: number } {
  const missed = xs.length - formedMs(xs).length;
  const all = xs.map((x) => x ?? PROBE_TIMEOUT_MS);
  return { p50: percentile(all, 0.5), max: maxOf(all), missed };
}

function reportMode(r: ModeResult) {
  const all = KINDS.flatMap((k) => r.latencies[k]);
  const errors = KINDS.reduce((n, k) => n + r.errors[k], 0);
  console.log(
    `\nENGRAM_FORMATION_THREAD=${r.mode}: ${all.length.toLocaleString("en")} requests in ${r.elapsedS.toFixed(1)} s (${(all.length / r.elapsedS).toFixed(0)}/s), ${errors} errors${r.errorSamples.length ? ` (${r.errorSamples.join("; ")})` : ""}; set up in ${r.setupS.toFixed(1)} s`,
  );
  const heads = ["client p50", "p99", "max", "n", "server p50", "p99"];
  console.log(`  ${"ms".padEnd(28)}${heads.map((h) => h.padStart(h.length > 3 ? 12 : 9)).join("")}`);
  const row = (label: string, xs: number[], st: number[]) => {
    const cells = [percentile(xs, 0.5), percentile(xs, 0.99), maxOf(xs)].map((x, i) => ms(x).padStart(i ? 9 : 12));
    const server = `${ms(percentile(st, 0.5)).padStart(12)}${ms(percentile(st, 0.99)).padStart(9)}`;
    console.log(`  ${label.padEnd(28)}${cells.join("")}${String(xs.length).padStart(9)}${server}`);
  };
  for (const k of KINDS) row(KIND_LABEL[k], r.latencies[k], r.server[k]);
  row(
    "all requests",
    all,
    KINDS.flatMap((k) => r.server[k]),
  );
  console.log(
    `  A's ${IMPORTS} imports of ${PER_IMPORT} messages: 202 round trip ${r.imports.rtt.map(ms).join(", ")} ms; Server-Timing total ${r.imports.st.map(ms).join(", ")} ms`,
  );
  console.log(
    `  A's ${r.big.chars.toLocaleString("en")}-character create: 202 round trip ${ms(r.big.rtt)} ms, Server-Timing total ${ms(r.big.st)} ms; A's writes all answered ${ms(r.aSubmittedMs)} ms into the window`,
  );
  const probes = (label: string, xs: (number | null)[]) => {
    const f = probeFigures(xs);
    const each = xs.map((x) => (x === null ? `>${PROBE_TIMEOUT_MS / 1000} s` : ms(x))).join(", ");
    console.log(`  time to formed, ${label}: p50 ${ms(f.p50)} ms, max ${ms(f.max)} ms (each: ${each})`);
  };
  probes("B (its own creates in the mix)", r.probesB);
  probes("Q (writes nothing else)", r.probesQ);
  const state = (label: string, p: Progress | null) => {
    if (!p) return;
    console.log(
      `  ${label}: A ${p.aMessages.toLocaleString("en")} of ${p.aMessagesAll.toLocaleString("en")} import messages formed, big create ${p.bigFormed ? "formed" : "not formed"}; B ${p.bJobs.toLocaleString("en")} of ${p.bJobsAll.toLocaleString("en")} writes formed`,
    );
  };
  state("at the end of the load", r.atEnd);
  state("at exit", r.atExit);
  const drained = r.atExit?.aDrainedS ?? r.atEnd?.aDrainedS;
  console.log(
    `  A's backlog ${drained != null ? `formed ${drained.toFixed(1)} s after its first write was accepted` : "not all formed when the server stopped"}`,
  );
  console.log(
    `  server: RSS ${r.rss.rss.toFixed(0)} MiB (peak ${r.rss.peak.toFixed(0)}), ${r.threads} threads; exit ${r.exitCode ?? "killed"}`,
  );
}

function compare(results: ModeResult[]) {
  const main = results.find((r) => r.mode === "main");
  const worker = results.find((r) => r.mode === "worker");
  if (!main || !worker) return;
  const figures: Array<[string, (r: ModeResult) => number, "ms" | "n" | "s"]> = [];
  const p = (k: Kind | "all", q: number) => (r: ModeResult) =>
    percentile(k === "all" ? KINDS.flatMap((x) => r.latencies[x]) : r.latencies[k], q);
  for (const k of [...KINDS, "all"] as const) {
    const label = k === "all" ? "all requests" : KIND_LABEL[k];
    figures.push([`${label} p50`, p(k, 0.5), "ms"], [`${label} p99`, p(k, 0.99), "ms"]);
  }
  figures.push(
    ["GET /health max", (r) => maxOf(r.latencies.health), "ms"],
    ["requests completed", (r) => KINDS.reduce((n, k) => n + r.latencies[k].length, 0), "n"],
    ["A's imports, 202 round trip max", (r) => maxOf(r.imports.rtt), "ms"],
    ["A's big create, 202 round trip", (r) => r.big.rtt, "ms"],
    ["A's big create, Server-Timing total", (r) => r.big.st, "ms"],
    ["B time to formed p50", (r) => probeFigures(r.probesB).p50, "ms"],
    ["B time to formed max", (r) => probeFigures(r.probesB).max, "ms"],
    ["Q time to formed p50", (r) => probeFigures(r.probesQ).p50, "ms"],
    ["Q time to formed max", (r) => probeFigures(r.probesQ).max, "ms"],
    ["A's import messages formed in the window", (r) => r.atEnd?.aMessages ?? Number.NaN, "n"],
    ["B's writes formed in the window", (r) => r.atEnd?.bJobs ?? Number.NaN, "n"],
    ["A's backlog formed after (s)", (r) => r.atExit?.aDrainedS ?? Number.NaN, "s"],
    ["server peak RSS (MiB)", (r) => r.rss.peak, "n"],
  );
  console.log(
    `\n${"figure (ms unless said)".padEnd(44)}${"main".padStart(10)}${"worker".padStart(10)}${"main/worker".padStart(13)}`,
  );
  for (const [label, f, unit] of figures) {
    const a = f(main);
    const b = f(worker);
    const cell = (x: number) =>
      Number.isNaN(x) ? "-" : unit === "ms" ? ms(x) : unit === "s" ? x.toFixed(1) : x.toFixed(0);
    const ratio = Number.isNaN(a) || Number.isNaN(b) || b === 0 ? "-" : (a / b).toFixed(2);
    console.log(`${label.padEnd(44)}${cell(a).padStart(10)}${cell(b).padStart(10)}${ratio.padStart(13)}`);
  }
  const missed = results.flatMap((r) => [...r.probesB, ...r.probesQ]).filter((x) => x === null).length;
  if (missed)
    console.log(
      `(${missed} probe(s) not listed within ${PROBE_TIMEOUT_MS / 1000} s: counted as ${PROBE_TIMEOUT_MS / 1000} s)`,
    );
}

const texts: Texts = { imports: busyImports(), big: bigPassage(), questions: speedQuestions(1) };
console.log(
  `Engram formation under load, bun ${Bun.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "?"})`,
);
console.log(
  `command: bun bench/formation-load.ts --seconds ${SECONDS} ${RATE > 0 ? `--rate ${RATE}` : `--concurrency ${CONCURRENCY}`} --modes ${MODES.join(",")} --probes ${PROBES} --probe-timeout ${PROBE_TIMEOUT_MS / 1000} --seed ${SEED}`,
);
console.log(
  `server:  bun src/main.ts serve --host 127.0.0.1 --port 0 --data <temp dir>, ENGRAM_ENFORCE_LIMITS=false, ENGRAM_FORMATION_THREAD=<mode>`,
);
console.log(
  `load:    ${RATE > 0 ? `${RATE} requests/s on a fixed schedule (open loop, each timed from when it was due)` : `${CONCURRENCY} clients each waiting for its answer`} from one Bun process on the same machine, cycling /health, B create, B search, A search; A: ${IMPORTS} x ${PER_IMPORT}-message imports (${texts.imports.reduce((n, b) => n + b.messages.reduce((m, x) => m + x.content.length, 0), 0).toLocaleString("en")} characters) + one ${texts.big.length.toLocaleString("en")}-character create`,
);
const results: ModeResult[] = [];
for (const mode of MODES) {
  const r = await runMode(mode, texts);
  reportMode(r);
  results.push(r);
}
compare(results);
