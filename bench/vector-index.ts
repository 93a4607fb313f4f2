// The LanceDB vector index against the exact path (sqlite-vec), in the same run, on real-text vectors.
//
// Vectors: distinct real sentences (the Synthetic-Persona-Chat validation split's persona lines and
// utterances, then the messages of bench/speed-corpus.ts — LoCoMo dev conversations and assistant
// chats, renamed round after round — cut into sentences), embedded by the shipped static model
// (256 dims). They are written straight into SQLite's `memory_vectors` through the vector store's
// `put` (as the server's vector hook does, without forming memories: forming 100k memories takes
// ~40 min here), `--size` of them in the queried project and a tenth as many in a second one (so the
// project prefilter has something to filter). The LanceDB table is then filled from SQLite by the
// server's own sync (`rebuild`) and indexed by its own policy (lance-table.ts), both timed.
//
// Queries: the corpus's real questions (speedQuestions: LoCoMo questions and the chats' long user
// messages). Recall@10 of each approximate configuration against sqlite-vec's exact top 10, strict
// (the same memories) and tie-aware (a hit counts when its true cosine similarity is >= the exact
// 10th similarity minus 1e-6: repeated texts give tied vectors, any of which is a right answer).
// Vector search p50/p95 of each, RSS, bytes on disk per vector. `--sweep` rebuilds the index of the
// same table with each kind of index in `--configs` and measures each search setting.
//
// `--million`: 1M vectors derived from the real ones of the queried project (each a real vector plus
// Gaussian noise of sigma 0.02 per component, norm ~0.32, renormalised: nearby but distinct, so the
// real vectors' ties and clusters are kept but blurred), written into a fresh LanceDB table through the
// same LanceTable code, indexed by the production policy; recall against an exact brute-force search
// in the bench (the derived vectors are held in memory), and p50/p95.
//
// `--hybrid DIR`: a data directory kept by `bun bench/retrieval-speed.ts --keep DIR` (100k formed
// memories) is copied, its LanceDB table filled and indexed, and the whole hybrid search is timed
// through `handle` (Server-Timing total, as the server measures it) with LanceDB and with the exact
// path, on the same questions. `--keep-lance OUT` keeps that copy (table built) for
// `bun bench/retrieval-speed.ts --from OUT`, whose server then finds the index ready.
//
//   bun bench/vector-index.ts [--size 100000] [--queries 300] [--sweep] [--configs ...]
//                             [--million] [--million-queries 100] [--hybrid /tmp/speed-100k] [--keep-lance OUT]
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { $ } from "bun";
import { parseCsv, percentile } from "./support.ts";
import { roundRequests, speedQuestions } from "./speed-corpus.ts";
import { createEngram } from "../src/app.ts";
import { loadConfig, useLanceLibrary } from "../src/config.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { loadStaticEmbedder } from "../src/models/static-embedder.ts";
import { createVectorStore } from "../src/retrieval/vector-store.ts";
import { createLanceLoader } from "../src/retrieval/lance-native.ts";
import {
  type AnnKind,
  DEFAULT_INDEX_POLICY,
  type IndexPolicy,
  type LanceRow,
  openLanceTable,
} from "../src/retrieval/lance-table.ts";
import type { VectorHit } from "../src/retrieval/vector-store.ts";

const { values: opts } = parseArgs({
  options: {
    size: { type: "string", default: "100000" },
    queries: { type: "string", default: "300" },
    sweep: { type: "boolean", default: false },
    // kind/partitionScale/nprobes/refineFactor/ef; one index build per kind/partitionScale
    configs: {
      type: "string",
      default:
        "ivf_flat/1/20,ivf_flat/1/40,ivf_flat/1/80,ivf_flat/0.5/20,ivf_flat/0.5/40,ivf_pq/0.5/32/20,ivf_pq/0.5/32/50,ivf_pq/0.5/64/20,ivf_hnsw_sq/0.25/8/0/100,ivf_hnsw_sq/0.25/16/0/200,ivf_hnsw_sq/0.25/16/10/200",
    },
    million: { type: "boolean", default: false },
    "million-configs": { type: "string", default: "ivf_flat/0.5/20,ivf_flat/0.5/40,ivf_flat/1/20,ivf_flat/1/40" },
    "million-queries": { type: "string", default: "100" },
    hybrid: { type: "string" },
    "keep-lance": { type: "string" },
  },
});
const SIZE = Number(opts.size);
const DIMS = 256;
const embedder = await loadStaticEmbedder();
const rss = () => `${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB`;
const ms = (xs: number[]) => `p50 ${percentile(xs, 0.5).toFixed(2)} ms, p95 ${percentile(xs, 0.95).toFixed(2)} ms`;
const secs = (t0: number) => `${((performance.now() - t0) / 1000).toFixed(1)} s`;
const pad = (s: string) => `${s.padEnd(56)} `;
const du = async (dir: string) => Number((await $`du -sb ${dir}`.text()).split("\t")[0]);
/** Bytes of the newest index under a table's `_indices/` (older ones stay until cleanup). */
async function newestIndexBytes(tableDir: string): Promise<number> {
  const dir = join(tableDir, "_indices");
  const newest = readdirSync(dir)
    .map((n) => ({ n, t: statSync(join(dir, n)).mtimeMs }))
    .sort((a, b) => b.t - a.t)[0];
  return newest ? du(join(dir, newest.n)) : 0;
}
const loadLance = (dataDir: string) => createLanceLoader({ dataDir, useNativeLibrary: useLanceLibrary })();

/**
 * Distinct real texts: every sentence of the persona chats (persona lines and utterances), of the
 * LoCoMo dev turns and of the assistant chats; then runs of 2, 3, 4 consecutive utterances of one
 * conversation (a memory that spans turns); then, if still short, the speed corpus's renamed rounds.
 */
function realTexts(n: number): { texts: string[]; counts: string } {
  const seen = new Set<string>();
  const counts: string[] = [];
  const add = (t: string) => {
    const s = t.trim();
    if (seen.size < n && s.split(/\s+/).length >= 3) seen.add(s);
  };
  const csv = parseCsv(
    readFileSync(
      resolve(import.meta.dir, "../../shared/eval-data/persona-chat/Synthetic-Persona-Chat_valid.csv"),
      "utf8",
    ),
  ).slice(1);
  const conversations: string[][] = [];
  for (const fields of csv)
    for (const f of fields)
      conversations.push(
        f
          .split("\n")
          .map((l) => l.replace(/^User \d: /, ""))
          .filter(Boolean),
      );
  for (const req of roundRequests(0)) conversations.push(req.messages.map((m) => m.content));
  for (const c of conversations) for (const u of c) for (const s of u.split(/(?<=[.!?])\s+/)) add(s);
  counts.push(`${seen.size} sentences`);
  for (const w of [2, 3, 4]) {
    const before = seen.size;
    for (const c of conversations) for (let i = 0; i + w <= c.length; i++) add(c.slice(i, i + w).join(" "));
    counts.push(`${seen.size - before} runs of ${w} utterances`);
  }
  const before = seen.size;
  for (let r = 1; seen.size < n && r < 80; r++)
    for (const req of roundRequests(r)) for (const m of req.messages) add(m.content);
  if (seen.size > before) counts.push(`${seen.size - before} renamed speed-corpus messages`);
  return { texts: [...seen], counts: counts.join(", ") };
}

function cosine(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}

/**
 * Strict and tie-aware recall@10 of `approx` against `exact`; `sim(q, seq)` is the true similarity of
 * a stored vector to query q (computed here, not taken from the index, whose figure may be quantised).
 */
function recall(
  exact: VectorHit[][],
  approx: VectorHit[][],
  sim: (q: number, seq: number) => number,
): { strict: number; ties: number } {
  let strict = 0;
  let ties = 0;
  let total = 0;
  exact.forEach((e, q) => {
    const want = new Set(e.map((h) => h.seq));
    const tenth = Math.min(...e.map((h) => sim(q, h.seq)));
    for (const a of new Set(approx[q]!.map((h) => h.seq))) {
      if (want.has(a)) strict++;
      if (want.has(a) || sim(q, a) >= tenth - 1e-6) ties++;
    }
    total += e.length;
  });
  return { strict: strict / total, ties: ties / total };
}

async function timedSearches(
  search: (v: Float32Array) => Promise<VectorHit[]> | VectorHit[],
  qv: Float32Array[],
): Promise<{ hits: VectorHit[][]; times: number[] }> {
  for (const v of qv.slice(0, 20)) await search(v); // warm: index files into the page cache
  const hits: VectorHit[][] = [];
  const times: number[] = [];
  for (const v of qv) {
    const s = performance.now();
    hits.push(await search(v));
    times.push(performance.now() - s);
  }
  return { hits, times };
}

const parseConfig = (c: string): Partial<IndexPolicy> & { label: string } => {
  const [kind, scale, nprobes, refine, ef] = c.split("/");
  return {
    label: c,
    kind: kind as AnnKind,
    partitionScale: Number(scale),
    nprobes: Number(nprobes),
    refineFactor: Number(refine ?? 0),
    ef: Number(ef ?? 100),
  };
};
const describe = (p: IndexPolicy) =>
  `${p.kind}, partitions sqrt(n)*${p.partitionScale}, nprobes ${p.nprobes}` +
  (p.kind === "ivf_flat" ? "" : `, refine ${p.refineFactor}`) +
  (p.kind === "ivf_hnsw_sq" ? `, ef ${p.ef}` : "");

const PROJECT = "bench-project";
const root = mkdtempSync(join(tmpdir(), "engram-vector-bench-"));
try {
  const dataDir = join(root, "data");
  console.log(
    `bun ${Bun.version}, ${navigator.hardwareConcurrency} cores; production policy: ${describe(DEFAULT_INDEX_POLICY)}`,
  );
  let t0 = performance.now();
  const others = Math.round(SIZE / 10);
  const { texts, counts } = realTexts(SIZE + others);
  const vectors: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += 1_000) vectors.push(...embedder.embedSync!(texts.slice(i, i + 1_000)));
  console.log(`${pad(`${texts.length} distinct real texts embedded`)}${secs(t0)}: ${counts}`);

  const config = loadConfig({ dataDir, formationWorker: false, enforceLimits: false, annMinVectors: 5_000 }, {});
  const engram = await createEngram(config, { logger: silentLogger, startWorker: false });
  const store = createVectorStore(engram.db);
  const now = new Date().toISOString();
  store.adopt(embedder.model, embedder.dims, now);
  t0 = performance.now();
  const bySeq = new Map<number, Float32Array>();
  for (let i = 0; i < vectors.length; i += 5_000)
    engram.db.transaction(() => {
      for (let j = i; j < Math.min(vectors.length, i + 5_000); j++) {
        const seq = j + 1;
        const project_id = j < SIZE ? PROJECT : "bench-other";
        const none = { organization_id: null, user_id: null, application_id: null, agent_id: null, team_id: null };
        store.put({ seq, project_id, version: 1, ...none }, embedder.model, vectors[j]!, now);
        if (j < SIZE) bySeq.set(seq, vectors[j]!);
      }
    })();
  console.log(`${pad(`written to SQLite (${SIZE} + ${others} in a 2nd project)`)}${secs(t0)}`);
  t0 = performance.now();
  await engram.vectorTable.rebuild();
  console.log(`${pad("LanceDB table filled from SQLite (server sync)")}${secs(t0)}`);
  t0 = performance.now();
  await engram.vectorTable.runUntilIdle(); // the production index (lance-table.ts's policy)
  console.log(`${pad("index built (bitmap on project + vector index)")}${secs(t0)}; RSS ${rss()}`);
  const served = engram.vectorTable.serving(embedder.model)!;
  const rows = await served.count();
  const lanceBytes = await du(join(dataDir, "vectors"));
  console.log(`${pad("disk, <data>/vectors/")}${(lanceBytes / rows).toFixed(0)} B per vector (${rows} rows)`);

  const questions = speedQuestions(20).slice(0, Number(opts.queries));
  const qv = embedder.embedSync!(questions);
  const simCache = qv.map(() => new Map<number, number>());
  const sim = (q: number, seq: number) => {
    const s = simCache[q]!.get(seq) ?? cosine(qv[q]!, bySeq.get(seq)!);
    simCache[q]!.set(seq, s);
    return s;
  };
  console.log(`\n${qv.length} real questions, k = 10, project of ${SIZE} vectors (of ${rows}):`);
  const exact = await timedSearches((v) => store.nearest(PROJECT, v, 10, {}), qv);
  console.log(`${pad("exact (sqlite-vec)")}${ms(exact.times)}`);
  const prod = await timedSearches((v) => served.nearest(PROJECT, v, 10, {}), qv);
  const r = recall(exact.hits, prod.hits, sim);
  console.log(
    `${pad(`LanceDB, production (${DEFAULT_INDEX_POLICY.kind})`)}${ms(prod.times)}; recall@10 ${r.ties.toFixed(3)} tie-aware, ${r.strict.toFixed(3)} strict; RSS ${rss()}`,
  );

  if (opts.sweep) {
    const lance = await loadLance(dataDir);
    const name = engram.db.query<{ name: string }, []>("SELECT name FROM vector_table").get()!.name;
    const configs = opts.configs!.split(",").map(parseConfig);
    const builds = [...new Set(configs.map((c) => `${c.kind}/${c.partitionScale}`))];
    console.log(`\nsweep: the same table re-indexed per kind (table ${name})`);
    for (const b of builds) {
      const first = configs.find((c) => `${c.kind}/${c.partitionScale}` === b)!;
      const builder = await openLanceTable(lance, join(dataDir, "vectors"), name, DIMS, {
        create: false,
        policy: first,
      });
      t0 = performance.now();
      await builder.buildIndex();
      const idxBytes = await newestIndexBytes(join(dataDir, "vectors", `${name}.lance`));
      console.log(
        `  ${pad(`${b}: index built`)}${secs(t0)}; index ${(idxBytes / rows).toFixed(0)} B per vector on disk`,
      );
      builder.close();
      for (const c of configs.filter((x) => `${x.kind}/${x.partitionScale}` === b)) {
        const policy = { ...DEFAULT_INDEX_POLICY, ...c };
        const t = await openLanceTable(lance, join(dataDir, "vectors"), name, DIMS, { create: false, policy });
        const got = await timedSearches((v) => t.nearest(PROJECT, v, 10, {}), qv);
        const rc = recall(exact.hits, got.hits, sim);
        console.log(
          `  ${pad(describe(policy))}${ms(got.times)}; recall@10 ${rc.ties.toFixed(3)} tie-aware, ${rc.strict.toFixed(3)} strict`,
        );
        t.close();
      }
    }
  }
  await engram.close();

  if (opts.million) await million([...bySeq.values()], qv.slice(0, Number(opts["million-queries"])));
  if (opts.hybrid) await hybrid(opts.hybrid, root);
} finally {
  rmSync(root, { recursive: true, force: true });
}

/** 1M vectors derived from the real ones, in a LanceDB table indexed by the production policy. */
async function million(base: Float32Array[], qv: Float32Array[]): Promise<void> {
  const N = 1_000_000;
  const dir = join(root, "million");
  const lance = await loadLance(dir);
  const table = await openLanceTable(lance, join(dir, "vectors"), "m", DIMS, { create: true });
  let seed = 1;
  const uniform = () => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed + 1) / 2 ** 32;
  };
  const gauss = () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform());
  const all = new Float32Array(N * DIMS); // held for the brute-force exact search
  let t0 = performance.now();
  for (let i = 0; i < N; i += 20_000) {
    const rows: LanceRow[] = [];
    for (let j = i; j < i + 20_000; j++) {
      const b = base[j % base.length]!;
      const v = all.subarray(j * DIMS, (j + 1) * DIMS);
      let norm = 0;
      for (let d = 0; d < DIMS; d++) {
        v[d] = b[d]! + gauss() * 0.02;
        norm += v[d]! * v[d]!;
      }
      norm = Math.sqrt(norm);
      for (let d = 0; d < DIMS; d++) v[d]! /= norm;
      const none = { organization_id: "", user_id: "", application_id: "", agent_id: "", team_id: "" };
      rows.push({ memory_seq: j, project_id: PROJECT, ...none, vector: v.slice() });
    }
    await table.add(rows);
  }
  console.log(`\n${pad("1M derived vectors written to LanceDB")}${secs(t0)}`);
  t0 = performance.now();
  // The reference: LanceDB's exhaustive search (every row, exact cosine), before any index exists.
  const raw = await (await lance.lancedb.connect(join(dir, "vectors"))).openTable("m");
  const exact: VectorHit[][] = [];
  for (const q of qv) {
    const found = await raw
      .vectorSearch(q)
      .distanceType("cosine")
      .bypassVectorIndex()
      .select(["memory_seq"])
      .limit(10)
      .toArray();
    exact.push(
      found.map((r: { memory_seq: bigint; _distance: number }) => ({
        seq: Number(r.memory_seq),
        similarity: 1 - r._distance,
      })),
    );
  }
  raw.close();
  console.log(`${pad(`exact top 10, LanceDB exhaustive search (${qv.length} queries)`)}${secs(t0)}`);
  const sim = (q: number, seq: number) => {
    let dot = 0;
    for (let d = 0; d < DIMS; d++) dot += qv[q]![d]! * all[seq * DIMS + d]!;
    return dot;
  };
  const measure = async (label: string, t: typeof table) => {
    const got = await timedSearches((v) => t.nearest(PROJECT, v, 10, {}), qv);
    const r = recall(exact, got.hits, sim);
    console.log(
      `  ${pad(label)}${ms(got.times)}; recall@10 ${r.ties.toFixed(3)} tie-aware, ${r.strict.toFixed(3)} strict; RSS ${rss()}`,
    );
  };
  t0 = performance.now();
  await table.maintain(); // the production policy, as the server builds it
  const tableDir = join(dir, "vectors", "m.lance");
  console.log(
    `${pad(`index built at 1M, production (${DEFAULT_INDEX_POLICY.kind})`)}${secs(t0)}; RSS ${rss()}; ${((await du(join(dir, "vectors"))) / N).toFixed(0)} B per vector on disk (table and index)`,
  );
  await measure(describe(DEFAULT_INDEX_POLICY), table);
  table.close();
  const configs = opts["million-configs"]!.split(",").filter(Boolean).map(parseConfig);
  for (const b of [...new Set(configs.map((c) => `${c.kind}/${c.partitionScale}`))]) {
    const group = configs.filter((c) => `${c.kind}/${c.partitionScale}` === b);
    const builder = await openLanceTable(lance, join(dir, "vectors"), "m", DIMS, { create: false, policy: group[0] });
    t0 = performance.now();
    await builder.buildIndex();
    console.log(
      `  ${pad(`${b}: index built at 1M`)}${secs(t0)}; index ${((await newestIndexBytes(tableDir)) / N).toFixed(0)} B per vector`,
    );
    builder.close();
    for (const c of group) {
      const policy = { ...DEFAULT_INDEX_POLICY, ...c };
      const t = await openLanceTable(lance, join(dir, "vectors"), "m", DIMS, { create: false, policy });
      await measure(describe(policy), t);
      t.close();
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

/** The whole hybrid search at 100k formed memories, through `handle`, LanceDB against exact. */
async function hybrid(from: string, tmp: string): Promise<void> {
  const dataDir = opts["keep-lance"] ?? join(tmp, "hybrid");
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(from, dataDir, { recursive: true });
  const config = loadConfig({ dataDir, formationWorker: false, enforceLimits: false }, {});
  const engram = await createEngram(config, { logger: silentLogger, startWorker: false });
  const { project_id, n } = engram.db
    .query<{ project_id: string; n: number }, []>(
      "SELECT project_id, count(*) AS n FROM memories WHERE status = 'active' GROUP BY project_id ORDER BY n DESC LIMIT 1",
    )
    .get()!;
  const rounds = Math.floor(
    engram.db.query<{ n: number }, []>("SELECT count(*) AS n FROM jobs").get()!.n / roundRequests(0).length,
  );
  console.log(`\nhybrid search: ${n} formed memories in one project, copied from ${from}`);
  let t0 = performance.now();
  await engram.vectorTable.rebuild();
  console.log(`${pad("LanceDB table filled from SQLite")}${secs(t0)}`);
  t0 = performance.now();
  await engram.vectorTable.runUntilIdle();
  console.log(`${pad("index built")}${secs(t0)}`);
  const key = engram.accounts.createKey({ projectId: project_id, name: "bench" }).key;
  const questions = speedQuestions(rounds).slice(0, Number(opts.queries));
  const timed = async (e: typeof engram) => {
    const totals: number[] = [];
    for (const query of questions) {
      const res = await e.handle(
        new Request("http://localhost/v1/memories/search", {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({ query, limit: 10 }),
        }),
      );
      totals.push(Number(/total;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "")?.[1] ?? Number.NaN));
      await res.arrayBuffer();
    }
    return totals;
  };
  await timed(engram); // warm (document frequencies, page cache)
  console.log(`${pad("hybrid search limit 10, LanceDB (server-side)")}${ms(await timed(engram))}; RSS ${rss()}`);
  await engram.close();
  const exactEngram = await createEngram(
    { ...config, annMinVectors: Number.MAX_SAFE_INTEGER },
    { logger: silentLogger, startWorker: false },
  );
  await timed(exactEngram);
  console.log(`${pad("hybrid search limit 10, exact (server-side)")}${ms(await timed(exactEngram))}`);
  await exactEngram.close();
  if (opts["keep-lance"]) console.log(`kept in ${dataDir}: bun bench/retrieval-speed.ts --from ${dataDir}`);
}
