// Memory vectors in SQLite (sqlite-vec): exact cosine KNN per project, scope filters applied inside
// the KNN. One model at a time: `vector_index` names the model whose vectors `memory_vectors` holds.
// When the configured model differs (another model, another size), `adopt` empties the table (and
// recreates it at the new size) in one transaction; the indexer then re-embeds in the background and
// search uses vectors only when they are the configured model's, so sizes and spaces never mix.
// All functions are synchronous so that a vector can be written in its memory's transaction.
import type { Db } from "../storage/db.ts";
import { SCOPE_FIELDS, scopeClause, type MemoryRow, type Scope } from "../memories/types.ts";
import { isZero } from "../models/embedder.ts";

export interface VectorTarget {
  seq: number;
  project_id: string;
  version: number;
  organization_id: string | null;
  user_id: string | null;
  application_id: string | null;
  agent_id: string | null;
  team_id: string | null;
}

/**
 * The text a memory's vector is made from: its own text and its search context (migration 005).
 * Measured on LoCoMo dev: evidence recall@10 77.6 with the context, 75.3 without (bench/README.md).
 */
export function embeddingText(m: { content: string; context?: string }): string {
  return m.context ? `${m.content}\n${m.context}` : m.content;
}

export interface VectorHit {
  seq: number;
  /** Cosine similarity, -1..1. */
  similarity: number;
}

function tableSql(dims: number): string {
  return `CREATE VIRTUAL TABLE memory_vectors USING vec0(
  memory_seq INTEGER PRIMARY KEY,
  project_id TEXT PARTITION KEY,
  ${SCOPE_FIELDS.map((f) => `${f} TEXT`).join(",\n  ")},
  embedding float[${dims}] distance_metric=cosine
)`;
}

export function createVectorStore(db: Db) {
  const state = db.query<{ model: string; dims: number }, []>("SELECT model, dims FROM vector_index WHERE id = 1");
  const del = db.query<unknown, [number]>("DELETE FROM memory_vectors WHERE memory_seq = ?");
  const delBook = db.query<unknown, [number]>("DELETE FROM memory_embeddings WHERE memory_seq = ?");
  const insert = db.query<unknown, [number, string, string, string, string, string, string, Float32Array]>(
    `INSERT INTO memory_vectors (memory_seq, project_id, ${SCOPE_FIELDS.join(", ")}, embedding) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const book = db.query<unknown, [number, string, number, string]>(
    "INSERT INTO memory_embeddings (memory_seq, model, version, created_at) VALUES (?, ?, ?, ?)",
  );
  const vectorOf = db.query<{ embedding: Uint8Array }, [number]>("SELECT embedding FROM memory_vectors WHERE memory_seq = ?");
  let current = state.get() ?? { model: "", dims: 0 };
  const putListeners: Array<(m: VectorTarget, vector: Float32Array) => void> = [];
  const resetListeners: Array<() => void> = [];

  return {
    /** The model whose vectors the table holds ("" when none). */
    model(): string {
      return current.model;
    },

    dims(): number {
      return current.dims;
    },

    /**
     * Makes `model` (of `dims`) the table's model. A different model or size empties the table and
     * its bookkeeping in one transaction: the old vectors are of no use to the new model's queries.
     * Returns whether anything changed.
     */
    adopt(model: string, dims: number, now: string): boolean {
      return db.transaction(() => {
        const stored = state.get() ?? { model: "", dims: 0 };
        current = stored;
        if (stored.model === model && stored.dims === dims) return false;
        if (stored.dims !== dims) {
          db.run("DROP TABLE IF EXISTS memory_vectors");
          db.run(tableSql(dims));
        } else {
          db.run("DELETE FROM memory_vectors");
        }
        db.run("DELETE FROM memory_embeddings");
        db.run("UPDATE vector_index SET model = ?, dims = ?, updated_at = ? WHERE id = 1", [model, dims, now]);
        current = { model, dims };
        for (const f of resetListeners) f();
        return true;
      }).immediate();
    },

    /** Called after each vector written (derived indexes follow). */
    onPut(f: (m: VectorTarget, vector: Float32Array) => void): void {
      putListeners.push(f);
    },

    /** Called when the table is emptied for another model. */
    onReset(f: () => void): void {
      resetListeners.push(f);
    },

    /**
     * Writes (or replaces) a memory's vector; call inside the memory's transaction. A text with no
     * known word has an all-zero vector: only its bookkeeping is stored (it is found lexically).
     */
    put(m: VectorTarget, model: string, vector: Float32Array, now: string): void {
      if (model !== current.model || vector.length !== current.dims) return; // a stale embedder: the indexer catches up
      del.run(m.seq);
      delBook.run(m.seq);
      if (!isZero(vector)) {
        insert.run(m.seq, m.project_id, m.organization_id ?? "", m.user_id ?? "", m.application_id ?? "", m.agent_id ?? "", m.team_id ?? "", vector);
        for (const f of putListeners) f(m, vector);
      }
      book.run(m.seq, model, m.version, now);
    },

    /**
     * The `k` nearest vectors of the project's memories matching `scope` (exact, cosine). The scope
     * is filtered inside the KNN, so memories outside it never take a place among the k.
     */
    nearest(projectId: string, vector: Float32Array, k: number, scope: Scope): VectorHit[] {
      if (vector.length !== current.dims || current.model === "" || isZero(vector)) return [];
      const { sql: scopeSql, params } = scopeClause(scope, "");
      return db
        .query<{ seq: number; distance: number }, (string | number | Float32Array)[]>(
          `SELECT memory_seq AS seq, distance FROM memory_vectors WHERE embedding MATCH ? AND k = ? AND project_id = ?${scopeSql}`,
        )
        .all(vector, k, projectId, ...params)
        .map((r) => ({ seq: r.seq, similarity: 1 - r.distance }));
    },

    /** Stored vectors by seq (point lookups: ~10 µs each; sqlite-vec scans for IN lists). */
    vectorsOf(seqs: number[]): Map<number, Float32Array> {
      const out = new Map<number, Float32Array>();
      for (const seq of seqs) {
        const r = vectorOf.get(seq);
        if (r) out.set(seq, new Float32Array(r.embedding.buffer.slice(r.embedding.byteOffset, r.embedding.byteOffset + r.embedding.byteLength)));
      }
      return out;
    },

    /** The active memories of the project among `seqs`, by seq. */
    activeRows(projectId: string, seqs: number[]): Map<number, MemoryRow> {
      if (seqs.length === 0) return new Map();
      const rows = db
        .query<MemoryRow, (string | number)[]>(
          `SELECT * FROM memories WHERE project_id = ? AND status = 'active' AND seq IN (${seqs.map(() => "?").join(",")})`,
        )
        .all(projectId, ...seqs);
      return new Map(rows.map((r) => [r.seq, r]));
    },

    /** Active memories whose vector is missing or was made from an older version (oldest first). */
    missing(limit: number): Array<VectorTarget & { content: string; context: string }> {
      return db
        .query<VectorTarget & { content: string; context: string }, [string, number]>(
          `SELECT m.seq, m.project_id, m.version, m.content, m.context, ${SCOPE_FIELDS.map((f) => `m.${f}`).join(", ")}
           FROM memories m LEFT JOIN memory_embeddings e ON e.memory_seq = m.seq
           WHERE m.status = 'active' AND (e.memory_seq IS NULL OR e.model <> ? OR e.version <> m.version)
           ORDER BY m.seq LIMIT ?`,
        )
        .all(current.model, limit);
    },

    /** Vectors of the current model, and active memories (for status and the benches). */
    counts(): { vectors: number; active: number } {
      const v = db.query<{ n: number }, []>("SELECT count(*) AS n FROM memory_embeddings").get()?.n ?? 0;
      const a = db.query<{ n: number }, []>("SELECT count(*) AS n FROM memories WHERE status = 'active'").get()?.n ?? 0;
      return { vectors: v, active: a };
    },
  };
}

export type VectorStore = ReturnType<typeof createVectorStore>;
