// Memory vectors in SQLite (sqlite-vec): exact cosine KNN per project, scope filters applied inside
// the KNN. One model at a time: `vector_index` names the model whose vectors `memory_vectors` holds.
// When the configured model differs (another model, another size), `adopt` empties the table (and
// recreates it at the new size) in one transaction; the indexer then re-embeds in the background and
// search uses vectors only when they are the configured model's, so sizes and spaces never mix.
// All functions are synchronous so that a vector can be written in its memory's transaction.
import type { Db } from "../storage/db.ts";
import { scopeClause } from "../storage/sql.ts";
import { SCOPE_FIELDS, type Scope } from "../domain/scope.ts";
import { isZero } from "../models/embedder.ts";
import type { VectorTarget } from "./ports.ts";

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
  /** The stored vector, when the search returned it (the LanceDB table does). */
  vector?: Float32Array;
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
  const total = db.query<{ n: number }, []>("SELECT count(*) AS n FROM memory_embeddings");
  const vectorOf = db.query<{ embedding: Uint8Array }, [number]>(
    "SELECT embedding FROM memory_vectors WHERE memory_seq = ?",
  );
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

    /** Vectors made, every project together (a cheap bound before counting per project). */
    count(): number {
      return total.get()?.n ?? 0;
    },

    /**
     * Makes `model` (of `dims`) the table's model. A different model or size empties the table and
     * its bookkeeping in one transaction: the old vectors are of no use to the new model's queries.
     * Returns whether anything changed.
     */
    adopt(model: string, dims: number, now: string): boolean {
      return db
        .transaction(() => {
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
        })
        .immediate();
    },

    /** Called after each vector written (derived indexes follow). */
    onPut(f: (m: VectorTarget, vector: Float32Array) => void): void {
      putListeners.push(f);
    },

    /** A vector another connection wrote (the formation thread): derived indexes follow as for `put`. */
    announce(m: VectorTarget, vector: Float32Array): void {
      if (vector.length === current.dims) for (const f of putListeners) f(m, vector);
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
        insert.run(
          m.seq,
          m.project_id,
          m.organization_id ?? "",
          m.user_id ?? "",
          m.application_id ?? "",
          m.agent_id ?? "",
          m.team_id ?? "",
          vector,
        );
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

    /** Every vector of the project with its scope columns, streamed (never all in memory at once). */
    iterate(projectId: string) {
      return db
        .query<Record<string, string> & { memory_seq: number; embedding: Uint8Array }, [string]>(
          `SELECT memory_seq, ${SCOPE_FIELDS.join(", ")}, embedding FROM memory_vectors WHERE project_id = ?`,
        )
        .iterate(projectId);
    },

    /** Stored vectors by seq (point lookups: ~10 µs each; sqlite-vec scans for IN lists). */
    vectorsOf(seqs: number[]): Map<number, Float32Array> {
      const out = new Map<number, Float32Array>();
      for (const seq of seqs) {
        const r = vectorOf.get(seq);
        if (r)
          out.set(
            seq,
            new Float32Array(
              r.embedding.buffer.slice(r.embedding.byteOffset, r.embedding.byteOffset + r.embedding.byteLength),
            ),
          );
      }
      return out;
    },

    /**
     * Forgets which vectors were made (of the given memories, or of all): the indexer then re-makes
     * them, and search keeps the current vectors until each is replaced. Returns how many were forgotten.
     */
    forgetMade(seqs: number[] | null): number {
      if (seqs === null) return db.run("DELETE FROM memory_embeddings").changes;
      return db.run("DELETE FROM memory_embeddings WHERE memory_seq IN (SELECT value FROM json_each(?))", [
        JSON.stringify(seqs),
      ]).changes;
    },
  };
}

export type VectorStore = ReturnType<typeof createVectorStore>;
