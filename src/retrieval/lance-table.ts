// One LanceDB table of memory vectors under <data>/vectors/: a row per vector, with the project and
// scope fields as columns that a search prefilters on inside LanceDB ('' stands for unset, as in
// memory_vectors). Only lance-sync.ts writes to it (one writer); search reads it concurrently.
// The approximate index (IVF_FLAT, cosine; bench/vector-index.ts measured it against IVF_PQ and
// IVF_HNSW_SQ, bench/README.md) and a bitmap index on project_id are built once the table is large
// enough, and trained again on every row once enough rows have been added since. Rows not yet indexed
// are still searched (exhaustively), so a vector is found as soon as it is written.
import { SCOPE_FIELDS, type Scope } from "../domain/scope.ts";
import type { Lance } from "./lance-native.ts";
import type { VectorHit } from "./vector-store.ts";

type Table = Awaited<ReturnType<Awaited<ReturnType<Lance["lancedb"]["connect"]>>["openTable"]>>;

/** A vector as the table files it. */
export interface LanceRow {
  memory_seq: number;
  project_id: string;
  organization_id: string;
  user_id: string;
  application_id: string;
  agent_id: string;
  team_id: string;
  vector: Float32Array;
}

/** The approximate index of the vector column (bench/vector-index.ts measured the three). */
export type AnnKind = "ivf_flat" | "ivf_pq" | "ivf_hnsw_sq";

export interface IndexPolicy {
  /** The table gets an index once it holds this many rows. */
  minRows: number;
  /** Rows added since the index was trained that call for training it again: at least this many, */
  mergeEvery: number;
  /** and at least this share of the rows it was trained on (a build at 1M takes ~25 s). */
  mergeShare: number;
  kind: AnnKind;
  /** IVF partitions: about sqrt(rows) times this. */
  partitionScale: number;
  /** Search parameters: IVF partitions probed (no more), candidates re-ranked exactly per result (PQ), HNSW's ef. */
  nprobes: number;
  refineFactor: number;
  ef: number;
}

/**
 * Measured by bench/vector-index.ts (bench/README.md): IVF_FLAT (exact distances within the probed
 * partitions) gave the best recall for the time at 100k and 1M real-text vectors, and builds in
 * seconds where IVF_PQ and IVF_HNSW_SQ take a minute or more.
 */
export const DEFAULT_INDEX_POLICY: IndexPolicy = {
  minRows: 5_000,
  mergeEvery: 5_000,
  mergeShare: 0.05,
  kind: "ivf_flat",
  partitionScale: 0.5,
  nprobes: 30,
  refineFactor: 0,
  ef: 100,
};

/** A SQL string literal for LanceDB's filter (DataFusion): quotes doubled, so a value is never syntax. */
export const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;

export function scopePredicate(projectId: string, scope: Scope): string {
  const parts = [`project_id = ${literal(projectId)}`];
  for (const f of SCOPE_FIELDS) {
    const v = scope[f];
    if (v !== undefined && v !== "") parts.push(`${f} = ${literal(v)}`);
  }
  return parts.join(" AND ");
}

const seqList = (seqs: number[]) => seqs.map((s) => Math.trunc(s)).join(", ");

export interface LanceTable {
  readonly name: string;
  count(): Promise<number>;
  /** Replaces the rows of `drop` (seqs whose vector changed or went) with `rows`. */
  replace(drop: number[], rows: LanceRow[]): Promise<void>;
  add(rows: LanceRow[]): Promise<void>;
  dropProject(projectId: string): Promise<void>;
  nearest(projectId: string, vector: Float32Array, k: number, scope: Scope): Promise<VectorHit[]>;
  /**
   * `nearest` in two steps: resolves once LanceDB scans on its own threads, to the promise of the hits,
   * so that the caller's work in between (BM25) overlaps the scan.
   */
  begin(projectId: string, vector: Float32Array, k: number, scope: Scope): Promise<{ hits: Promise<VectorHit[]> }>;
  /** Builds or refreshes the index when the table calls for it; returns what it did. */
  maintain(): Promise<"built" | "merged" | null>;
  /** Trains the index again on every row now (bench/vector-index.ts compares kinds on one table). */
  buildIndex(): Promise<void>;
  /** The table's latest version (every write makes one). */
  version(): Promise<number>;
  /** Makes an earlier version the latest again (a new version with its rows); throws when it is gone. */
  windBack(version: number): Promise<void>;
  close(): void;
}

export function lanceSchema(arrow: Lance["arrow"], dims: number) {
  const text = (name: string) => new arrow.Field(name, new arrow.Utf8(), false);
  return new arrow.Schema([
    new arrow.Field("memory_seq", new arrow.Int64(), false),
    text("project_id"),
    ...SCOPE_FIELDS.map(text),
    new arrow.Field("vector", new arrow.FixedSizeList(dims, new arrow.Field("item", new arrow.Float32(), true)), false),
  ]);
}

/** The batches of a query as LanceDB's addon hands them out (Arrow IPC buffers; null after the last). */
interface NativeBatches {
  next(): Promise<Buffer | null>;
}

/**
 * Runs a vector query and resolves once its scan has started on LanceDB's threads. `toArrow()` needs
 * this thread at each step (plan, first batch, next batch), so a caller busy with BM25 meanwhile would
 * hold the scan back until BM25 ends (measured: 6 ms of BM25 + 4.7 ms of LanceDB took 10.3 ms; begun
 * this way, 7.5). `nativeExecute` is what `toArrow` calls (protected in LanceDB 0.39's typings); the
 * IPC batches are read column by column (the rows' proxies of `toArray` cost ~1 ms per 50 vectors).
 */
function scanning(arrow: Lance["arrow"], query: object): Promise<{ hits: Promise<VectorHit[]> }> {
  return (query as { nativeExecute(): Promise<NativeBatches> }).nativeExecute().then((batches) => {
    const first = batches.next();
    return {
      hits: (async () => {
        const hits: VectorHit[] = [];
        for (let buffer = await first; buffer; buffer = await batches.next()) {
          for (const batch of arrow.tableFromIPC(buffer).batches) {
            const seqs = batch.getChild("memory_seq")!.toArray() as BigInt64Array;
            const distances = batch.getChild("_distance")!.toArray() as Float32Array;
            const column = batch.getChild("vector")!;
            const dims = (column.type as InstanceType<Lance["arrow"]["FixedSizeList"]>).listSize;
            const vectors = column.data[0]!;
            const values = vectors.children[0]!.values as Float32Array;
            for (let i = 0; i < batch.numRows; i++) {
              const at = (vectors.offset + i) * dims;
              hits.push({ seq: Number(seqs[i]), similarity: 1 - distances[i]!, vector: values.slice(at, at + dims) });
            }
          }
        }
        return hits;
      })(),
    };
  });
}

/** Opens the table (creating it empty when `create`). */
export async function openLanceTable(
  lance: Lance,
  dir: string,
  name: string,
  dims: number,
  opts: { create: boolean; policy?: Partial<IndexPolicy> },
): Promise<LanceTable> {
  const policy: IndexPolicy = { ...DEFAULT_INDEX_POLICY, ...opts.policy };
  const conn = await lance.lancedb.connect(dir);
  const table: Table = opts.create
    ? await conn.createEmptyTable(name, lanceSchema(lance.arrow, dims), { mode: "overwrite" })
    : await conn.openTable(name);

  async function indexState(): Promise<{ indexed: number; unindexed: number } | null> {
    const indices = await table.listIndices();
    const vec = indices.find((i) => i.columns.includes("vector"));
    if (!vec) return null;
    const stats = await table.indexStats(vec.name);
    return { indexed: stats?.numIndexedRows ?? 0, unindexed: stats?.numUnindexedRows ?? 0 };
  }

  function vectorIndex(rows: number) {
    const { Index } = lance.lancedb;
    const numPartitions = Math.max(1, Math.round(Math.sqrt(rows) * policy.partitionScale));
    if (policy.kind === "ivf_flat") return Index.ivfFlat({ distanceType: "cosine", numPartitions });
    if (policy.kind === "ivf_hnsw_sq") return Index.hnswSq({ distanceType: "cosine", numPartitions });
    return Index.ivfPq({ distanceType: "cosine", numPartitions, numSubVectors: Math.max(1, dims / 8) });
  }

  /**
   * Compacts the table's files (a fill writes one small file per batch: searching 50 of them at 100k
   * cost ~25% more than one), then trains the index on every row. Never the other way round: LanceDB's
   * optimize also rewrites an existing IVF index, joining partitions smaller than a few thousand rows
   * (158 -> 29 at 100k), after which each probe scans ~3,400 vectors: 2-3x the time for the same
   * recall. So rows added since a build are not merged into it by optimize: the index is trained again.
   */
  async function build(rows: number): Promise<void> {
    await table.optimize({ cleanupOlderThan: new Date(Date.now() - 60_000) }); // also drops versions no reader needs
    // The project filter of every search: a bitmap index makes the prefilter a lookup, not a scan.
    const indices = await table.listIndices();
    if (!indices.some((i) => i.columns.includes("project_id")))
      await table.createIndex("project_id", { config: lance.lancedb.Index.bitmap() });
    await table.createIndex("vector", { replace: true, config: vectorIndex(rows) });
  }

  const begin: LanceTable["begin"] = async (projectId, vector, k, scope) => {
    // `nprobes` IVF partitions (of IVF_HNSW_SQ too). With no upper bound LanceDB 0.39 goes on probing
    // far past them (106 of 158 partitions at 100k: 7 ms instead of 2), so the bound is `nprobes`; a
    // filter too narrow to give k rows from them (a small scope in a large table) is answered exactly:
    // its rows are few, and the prefilter finds them first.
    const search = (exact: boolean) => {
      let query = table.vectorSearch(vector).distanceType("cosine").where(scopePredicate(projectId, scope));
      if (exact) query = query.bypassVectorIndex();
      else {
        query = query.nprobes(policy.nprobes);
        if (policy.kind === "ivf_hnsw_sq") query = query.ef(Math.max(policy.ef, k));
        if (policy.kind !== "ivf_flat" && policy.refineFactor > 0) query = query.refineFactor(policy.refineFactor);
      }
      return scanning(lance.arrow, query.select(["memory_seq", "vector"]).limit(k));
    };
    const approximate = await search(false);
    return {
      hits: (async () => {
        let found = await approximate.hits;
        if (found.length < k) found = await (await search(true)).hits;
        return found;
      })(),
    };
  };

  return {
    name,
    count: () => table.countRows(),
    async replace(drop, rows) {
      const seqs = [...new Set([...drop, ...rows.map((r) => r.memory_seq)])];
      for (let i = 0; i < seqs.length; i += 1_000)
        await table.delete(`memory_seq IN (${seqList(seqs.slice(i, i + 1_000))})`);
      if (rows.length > 0) await table.add(rows as unknown as Record<string, unknown>[]);
    },
    async add(rows) {
      if (rows.length > 0) await table.add(rows as unknown as Record<string, unknown>[]);
    },
    async dropProject(projectId) {
      await table.delete(`project_id = ${literal(projectId)}`);
    },
    begin,
    nearest: async (projectId, vector, k, scope) => (await begin(projectId, vector, k, scope)).hits,
    async maintain() {
      const state = await indexState();
      if (!state) {
        const rows = await table.countRows();
        if (rows < policy.minRows) return null;
        await build(rows);
        return "built";
      }
      if (state.unindexed < Math.max(policy.mergeEvery, policy.mergeShare * state.indexed)) return null;
      await build(state.indexed + state.unindexed);
      return "merged";
    },
    buildIndex: async () => build(await table.countRows()),
    version: () => table.version(),
    async windBack(version) {
      await table.checkout(version);
      await table.restore();
    },
    close() {
      table.close();
      conn.close();
    },
  };
}
