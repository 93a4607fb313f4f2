// Search speed and footprint at 1k, 10k and 100k memories in one project. For each size: a fresh data
// directory is filled directly through the memory repository (with its vector hook, so every memory
// has its FTS row and its vector, as formation would leave it), then a real server process is
// started on it and asked over loopback. Prints the server-side search time (Server-Timing: total,
// and its embed/search stages) p50/p95 over sequential searches, searches per second with 8
// concurrent clients, the server's RSS, and the bytes per memory on disk. Temp directories only.
//
//   bun bench/retrieval-speed.ts [--sizes 1000,10000,100000] [--queries 300] [--seconds 5]
import { mkdtempSync, rmSync, statSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { cleanEnv, spawnServer } from "./support.ts";
import { createEngram } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { createMemoryRepository } from "../src/memories/repository.ts";
import { createVectorStore } from "../src/retrieval/vector-store.ts";
import { createVectorWriter } from "../src/retrieval/vector-hook.ts";
import { loadStaticEmbedder } from "../src/models/static-embedder.ts";

const { values: opts } = parseArgs({
  options: {
    sizes: { type: "string", default: "1000,10000,100000" },
    queries: { type: "string", default: "300" },
    seconds: { type: "string", default: "5" },
    concurrency: { type: "string", default: "8" },
    // Each memory gets a search context as an import leaves it (its message, two before, one after).
    "no-context": { type: "boolean", default: false },
  },
});
const ROOT = resolve(import.meta.dir, "..");

// Deterministic synthetic memories: people, activities, things, places and dates in varied sentences.
let seed = 42;
const rand = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
  return seed / 2 ** 32;
};
const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
const PEOPLE = [
  "Caroline",
  "Melanie",
  "Noor",
  "Omar",
  "Priya",
  "Jon",
  "Dana",
  "Mia",
  "Tom",
  "Rosa",
  "Kim",
  "Eli",
  "Sam",
  "Lee",
  "Ana",
  "Ben",
  "Zed",
  "Quinn",
  "Ivy",
  "Raj",
];
const VERBS = [
  "adopted",
  "bought",
  "visited",
  "painted",
  "started learning",
  "stopped playing",
  "wrote about",
  "cooked",
  "fixed",
  "sold",
  "borrowed",
  "lost",
  "found",
  "recommended",
  "planned a trip to",
];
const THINGS = [
  "a golden retriever",
  "a red bicycle",
  "the violin",
  "a vegetable garden",
  "a pottery class",
  "a mystery novel",
  "a marathon",
  "a vintage camera",
  "Japanese",
  "the old cabin",
  "a sourdough starter",
  "a kayak",
  "a chess set",
  "a charity race",
  "an electric car",
  "a jazz album",
  "a climbing gym",
  "a watercolour of the harbour",
  "a telescope",
  "a board game café",
];
const PLACES = [
  "in Lisbon",
  "in Berlin",
  "at the lake",
  "near the office",
  "with the kids",
  "after work",
  "on the weekend",
  "in the mountains",
  "downtown",
  "at the beach",
];
const REASONS = [
  "because it was calming",
  "to meet new people",
  "for a friend's birthday",
  "after a long week",
  "to save money",
  "for the first time",
  "again",
  "with a neighbour",
  "despite the rain",
  "as a surprise",
];
function memoryText(): string {
  return `${pick(PEOPLE)} ${pick(VERBS)} ${pick(THINGS)} ${pick(PLACES)} ${pick(REASONS)}.`;
}
const QUERIES = [
  ...PEOPLE.map((p) => `What pet does ${p} have?`),
  ...THINGS.slice(0, 10).map((t) => `Who bought ${t}?`),
  ...PLACES.map((p) => `What did people do ${p}?`),
  "Which instrument does Omar play?",
  "Where did Caroline travel?",
  "hobbies involving music",
  "outdoor sports",
  "books someone recommended",
  "What does Priya cook?",
];

function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
}
function serverTiming(header: string | null, name: string): number {
  const m = new RegExp(`(?:^|,)\\s*${name};dur=([0-9.]+)`).exec(header ?? "");
  return m ? Number(m[1]) : 0;
}
function rssMiB(pid: number): { rss: number; peak: number } {
  const status = require("node:fs").readFileSync(`/proc/${pid}/status`, "utf8") as string;
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}
function dbBytes(dir: string): number {
  return ["engram.db", "engram.db-wal"]
    .map((f) => join(dir, f))
    .filter(existsSync)
    .reduce((n, f) => n + statSync(f).size, 0);
}

async function fill(
  dataDir: string,
  size: number,
): Promise<{ key: string; bytesPerMemory: number; fillSeconds: number }> {
  const engram = await createEngram(loadConfig({ dataDir, formationWorker: false, enforceLimits: false }, {}), {
    logger: silentLogger,
    startWorker: false,
  });
  const account = engram.accounts.createAccount({ name: "Speed", plan: "scale" });
  const project = engram.accounts.createProject({ accountId: account.id, name: "Big" });
  const key = engram.accounts.createKey({ projectId: project.id, name: "bench" }).key;
  engram.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
  const before = dbBytes(dataDir);
  const repo = createMemoryRepository(engram.db, {
    onWrite: createVectorWriter({
      store: createVectorStore(engram.db),
      embedder: await loadStaticEmbedder(),
      onMissing: () => {},
    }),
  });
  const started = performance.now();
  const day = Date.UTC(2023, 0, 1);
  for (let done = 0; done < size; ) {
    const batch = Math.min(2_000, size - done);
    engram.db.transaction(() => {
      for (let i = 0; i < batch; i++) {
        const now = new Date(day + (done + i) * 600_000).toISOString();
        const content = memoryText();
        const context = opts["no-context"] ? "" : [memoryText(), memoryText(), content, memoryText()].join("\n");
        repo.insert({
          projectId: project.id,
          content,
          context,
          scope: { user_id: pick(PEOPLE).toLowerCase() },
          occurredAt: now,
          jobId: null,
          source: { type: "create", job_id: "job_bench" },
          now,
        });
      }
    })();
    done += batch;
  }
  const fillSeconds = (performance.now() - started) / 1000;
  engram.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
  const bytesPerMemory = (dbBytes(dataDir) - before) / size;
  await engram.close();
  return { key, bytesPerMemory, fillSeconds };
}

async function measure(size: number) {
  const dataDir = mkdtempSync(join(tmpdir(), "engram-speed-"));
  try {
    const { key, bytesPerMemory, fillSeconds } = await fill(dataDir, size);
    const env = cleanEnv({ ENGRAM_ENFORCE_LIMITS: "false", ENGRAM_LOG_LEVEL: "error" });
    const { proc: server, url } = await spawnServer(
      [process.execPath, join(ROOT, "src/main.ts"), "serve", "--host", "127.0.0.1", "--port", "0", "--data", dataDir],
      env,
    );
    try {
      const search = (query: string) =>
        fetch(`${url}/v1/memories/search`, {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({ query, limit: 10 }),
        });
      for (let i = 0; i < 30; i++) await (await search(pick(QUERIES))).arrayBuffer(); // warm up
      const totals: number[] = [];
      const stages: Record<string, number[]> = { embed: [], search: [] };
      for (let i = 0; i < Number(opts.queries); i++) {
        const r = await search(QUERIES[i % QUERIES.length]!);
        if (r.status !== 200) throw new Error(`search answered ${r.status}`);
        await r.arrayBuffer();
        const st = r.headers.get("server-timing");
        totals.push(serverTiming(st, "total"));
        for (const s of Object.keys(stages)) stages[s]!.push(serverTiming(st, s));
      }
      let count = 0;
      const until = performance.now() + Number(opts.seconds) * 1000;
      await Promise.all(
        Array.from({ length: Number(opts.concurrency) }, async (_, c) => {
          for (let i = c; performance.now() < until; i++) {
            const r = await search(QUERIES[i % QUERIES.length]!);
            await r.arrayBuffer();
            if (r.status === 200) count++;
          }
        }),
      );
      const rps = count / Number(opts.seconds);
      const mem = rssMiB(server.pid);
      return { size, fillSeconds, bytesPerMemory, totals, stages, rps, mem };
    } finally {
      server.kill("SIGTERM");
      await server.exited;
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

console.log(
  `search speed: one project, ${opts.queries} sequential searches (limit 10) for the percentiles, then ${opts.concurrency} concurrent clients for ${opts.seconds} s, loopback`,
);
console.log(
  `${"memories".padStart(9)}  ${"total p50".padStart(9)} ${"p95".padStart(7)}  ${"search p50".padStart(10)} ${"p95".padStart(7)}  ${"embed p50".padStart(9)}  ${"searches/s".padStart(10)}  ${"RSS MiB".padStart(7)} ${"peak".padStart(6)}  ${"bytes/memory".padStart(12)}  fill`,
);
for (const size of opts.sizes!.split(",").map(Number)) {
  const r = await measure(size);
  const f = (x: number) => x.toFixed(2).padStart(7);
  console.log(
    `${String(r.size).padStart(9)}  ${f(percentile(r.totals, 0.5)).padStart(9)} ${f(percentile(r.totals, 0.95))}  ${f(percentile(r.stages.search!, 0.5)).padStart(10)} ${f(percentile(r.stages.search!, 0.95))}  ${f(percentile(r.stages.embed!, 0.5)).padStart(9)}  ${r.rps.toFixed(0).padStart(10)}  ${r.mem.rss.toFixed(0).padStart(7)} ${r.mem.peak.toFixed(0).padStart(6)}  ${r.bytesPerMemory.toFixed(0).padStart(12)}  ${r.fillSeconds.toFixed(1)} s`,
  );
}
