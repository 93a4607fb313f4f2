// One LanceDB table of memory vectors under <data>/vectors/: a row per vector, with the project and
// scope fields as columns that a search prefilters on inside LanceDB ('' stands for unset, as in
// memory_vectors). Only lance-sync.ts writes to it (one writer); search reads it concurrently.
// The approximate index (IVF_FLAT, cosine; bench/vector-index.ts measured it against IVF_PQ and
// IVF_HNSW_SQ, bench/README.md) and a bitmap index on project_id are built once the table is large enough and refreshed as it grows: rows added since are merged into it
// (optimize), and it is trained again once the table has doubled. Rows not yet indexed are still
// searched (exhaustively), so a vector is found as soon as it is written.
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
  /** Rows added since the index was trained that call for merging them in (optimize). */
  mergeEvery: number;
  kind: AnnKind;
  /** IVF partitions: about sqrt(rows) times this. */
  partitionScale: number;
  /** Search parameters: IVF partitions probed, candidates re-ranked exactly per result (PQ), HNSW's ef. */
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
  let trainedOn = 0; // rows the index was trained on (0: none yet), read from the table at the first maintain

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
   * Merges rows added since the index was trained into it, compacts the table's files (a fill writes
   * one small file per batch: searching 50 of them at 100k cost ~25% more than one) and drops the
   * versions no reader needs.
   */
  const optimize = () => table.optimize({ cleanupOlderThan: new Date(Date.now() - 60_000) });

  async function build(rows: number): Promise<void> {
    // The project filter of every search: a bitmap index makes the prefilter a lookup, not a scan.
    const indices = await table.listIndices();
    if (!indices.some((i) => i.columns.includes("project_id")))
      await table.createIndex("project_id", { config: lance.lancedb.Index.bitmap() });
    await table.createIndex("vector", { replace: true, config: vectorIndex(rows) });
    trainedOn = rows;
    await optimize();
  }

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
    async nearest(projectId, vector, k, scope) {
      // At least `nprobes` IVF partitions (of IVF_HNSW_SQ too); more only while a narrow scope filter
      // has not yet found k rows.
      let query = table
        .vectorSearch(vector)
        .distanceType("cosine")
        .where(scopePredicate(projectId, scope))
        .maximumNprobes(0) // 0: no maximum
        .minimumNprobes(policy.nprobes)
        .select(["memory_seq", "vector"])
        .limit(k);
      if (policy.kind === "ivf_hnsw_sq") query = query.ef(Math.max(policy.ef, k));
      if (policy.kind !== "ivf_flat" && policy.refineFactor > 0) query = query.refineFactor(policy.refineFactor);
      const found = await query.toArray();
      return found.map(
        (r: { memory_seq: bigint | number; vector: { toArray(): Float32Array }; _distance: number }) => ({
          seq: Number(r.memory_seq),
          similarity: 1 - r._distance,
          vector: Float32Array.from(r.vector.toArray()),
        }),
      );
    },
    async maintain() {
      const state = await indexState();
      if (!state) {
        const rows = await table.countRows();
        if (rows < policy.minRows) return null;
        await build(rows);
        return "built";
      }
      if (trainedOn === 0) trainedOn = state.indexed;
      const total = state.indexed + state.unindexed;
      if (total >= 2 * trainedOn && total >= policy.minRows) {
        await build(total); // twice the rows it was trained on: its partitions no longer fit
        return "built";
      }
      if (state.unindexed < policy.mergeEvery) return null;
      await optimize();
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
