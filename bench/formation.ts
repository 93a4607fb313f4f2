// Formation with the embedded extractor on the LoCoMo dev conversations. Run: `bun bench/formation.ts`
// (options: --runs 3 --data ../shared/eval-data/locomo-dev/turns.jsonl). Each run starts an
// in-process Engram on a fresh data directory, imports every conversation into its own project
// through the public import API (POST /v1/memories/import, 500 messages a request), then times
// the formation queue until it is idle. Figures: see bench/README.md.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { createEngram, type Engram } from "../src/app.ts";
import { loadConfig } from "../src/config.ts";
import { createEmbeddedExtractor } from "../src/formation/embedded/index.ts";
import type { Extractor } from "../src/formation/extractor.ts";
import { silentLogger } from "../src/shared/logger.ts";

const ROOT = resolve(import.meta.dir, "..");
const { values: opts } = parseArgs({
  options: {
    runs: { type: "string", default: "3" },
    data: { type: "string", default: join(ROOT, "../shared/eval-data/locomo-dev/turns.jsonl") },
  },
});
const RUNS = Number(opts.runs);
const PER_REQUEST = 500; // the API's limit of messages per import

interface Turn {
  sample_id: string;
  dia_id: string;
  timestamp: string;
  speaker: string;
  text: string;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const turns = readFileSync(opts.data!, "utf8")
  .trim()
  .split("\n")
  .map((l) => JSON.parse(l) as Turn);
const conversations = new Map<string, Turn[]>();
for (const t of turns) conversations.set(t.sample_id, [...(conversations.get(t.sample_id) ?? []), t]);

interface Run {
  acceptMs: number;
  formMs: number;
  facts: number;
  memories: number;
  created: number;
  merged: number;
  updated: number;
  turnsWithMemory: number;
  relationships: number;
  extracted: number;
}

async function call(engram: Engram, key: string, body: unknown): Promise<void> {
  const r = await engram.handle(
    new Request("http://localhost/v1/memories/import", {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
  if (r.status !== 202) throw new Error(`import answered ${r.status}: ${await r.text()}`);
}

async function run(): Promise<Run> {
  const dataDir = mkdtempSync(join(tmpdir(), "engram-bench-formation-"));
  // The embedded extractor, counting what it extracts (the facts reconciliation then stores or skips).
  const embedded = createEmbeddedExtractor();
  let extracted = 0;
  const extractor: Extractor = {
    name: embedded.name,
    async extract(input, policy) {
      const facts = await embedded.extract(input, policy);
      extracted += facts.length;
      return facts;
    },
  };
  const engram = await createEngram(loadConfig({ dataDir, formationWorker: false }, {}), {
    logger: silentLogger,
    startWorker: false,
    extractor,
  });
  try {
    // job id → the conversation's turns, in the order its messages were sent
    const sent = new Map<string, Turn[]>();
    const t0 = performance.now();
    for (const [id, ts] of conversations) {
      const account = engram.accounts.createAccount({ name: `bench ${id}`, plan: "scale" });
      const project = engram.accounts.createProject({ accountId: account.id, name: id });
      const key = engram.accounts.createKey({ projectId: project.id, name: "bench" }).key;
      for (let i = 0; i < ts.length; i += PER_REQUEST) {
        const part = ts.slice(i, i + PER_REQUEST);
        await call(engram, key, {
          messages: part.map((t) => ({
            role: "user",
            speaker: t.speaker,
            content: t.text,
            occurred_at: `${t.timestamp}Z`,
          })),
        });
        const job = engram.db
          .query<{ id: string }, [string]>(
            "SELECT id FROM jobs WHERE project_id = ? ORDER BY created_at DESC, id DESC LIMIT 1",
          )
          .get(project.id)!;
        sent.set(job.id, part);
      }
    }
    const t1 = performance.now();
    await engram.formation.runUntilIdle();
    const t2 = performance.now();

    const versions = engram.db
      .query<{ change: string; source: string }, []>(
        "SELECT v.change, v.source FROM memory_versions v JOIN memories m ON m.id = v.memory_id WHERE m.is_sample = 0",
      )
      .all();
    const withMemory = new Set<string>();
    for (const v of versions) {
      const source = JSON.parse(v.source) as { job_id: string; message_indexes?: number[] };
      for (const i of source.message_indexes ?? []) {
        const t = sent.get(source.job_id)?.[i];
        if (t) withMemory.add(`${t.sample_id} ${t.dia_id}`);
      }
    }
    const count = (change: string) => versions.filter((v) => v.change === change).length;
    const one = (sql: string) => engram.db.query<{ n: number }, []>(sql).get()!.n;
    return {
      acceptMs: t1 - t0,
      formMs: t2 - t1,
      facts: versions.length,
      memories: one("SELECT count(*) AS n FROM memories WHERE is_sample = 0 AND status = 'active'"),
      created: count("created"),
      merged: count("merged"),
      updated: count("updated"),
      turnsWithMemory: withMemory.size,
      extracted,
      relationships: one(
        "SELECT count(*) AS n FROM memory_relationships r JOIN memories m ON m.id = r.memory_id WHERE m.is_sample = 0",
      ),
    };
  } finally {
    await engram.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const runs: Run[] = [];
for (let i = 0; i < RUNS; i++) runs.push(await run());
const formS = median(runs.map((r) => r.formMs)) / 1000;
const last = runs[runs.length - 1]!;
const pad = (s: string) => s.padEnd(46);

console.log(
  `Engram formation, embedded extractor, bun ${Bun.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim()})`,
);
console.log(`command: bun bench/formation.ts --runs ${RUNS}`);
console.log(
  `data:    ${turns.length} turns in ${conversations.size} conversations (${[...conversations].map(([id, ts]) => `${id}: ${ts.length}`).join(", ")}), one project each`,
);
console.log();
console.log(`  ${pad("turns imported")}${turns.length}`);
console.log(
  `  ${pad("import requests accepted (202)")}${median(runs.map((r) => r.acceptMs)).toFixed(0)} ms (median of ${RUNS})`,
);
console.log(
  `  ${pad("formation wall time")}${formS.toFixed(2)} s (median of ${RUNS}; runs: ${runs.map((r) => (r.formMs / 1000).toFixed(2)).join(", ")})`,
);
console.log(`  ${pad("facts extracted")}${last.extracted}`);
console.log(
  `  ${pad("facts formed (versions written)")}${last.facts} (${last.extracted - last.facts} duplicates skipped)`,
);
console.log(`  ${pad("  created / merged / updated")}${last.created} / ${last.merged} / ${last.updated}`);
console.log(`  ${pad("memories stored (active)")}${last.memories}`);
console.log(`  ${pad("facts per second")}${(last.facts / formS).toFixed(0)}`);
console.log(`  ${pad("turns per second")}${(turns.length / formS).toFixed(0)}`);
console.log(
  `  ${pad("turns yielding at least one memory")}${last.turnsWithMemory} of ${turns.length} (${((100 * last.turnsWithMemory) / turns.length).toFixed(1)}%)`,
);
console.log(`  ${pad("relationships")}${last.relationships}`);
