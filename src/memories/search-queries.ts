// The read path's queries on memories: the full-text index (FTS5 over their text and search
// context) and the bookkeeping of their vectors. Retrieval asks for them through retrieval/ports.ts.
import type { Db } from "../storage/db.ts";
import { scopeClause } from "../storage/sql.ts";
import { SCOPE_FIELDS } from "../domain/scope.ts";
import type { LexicalIndex, VectorBookkeeping } from "../retrieval/ports.ts";

export function createLexicalIndex(db: Db): LexicalIndex {
  const countProject = db.query<{ n: number }, [string]>(
    "SELECT count(*) AS n FROM memories WHERE project_id = ? AND status = 'active'",
  );
  const countIndexed = db.query<{ n: number }, []>("SELECT coalesce(max(seq), 0) AS n FROM memories");
  const countMatches = db.query<{ n: number }, [string]>(
    "SELECT count(*) AS n FROM memories_fts WHERE memories_fts MATCH ?",
  );
  return {
    matches(projectId, match, scope, limit, order, weights, rankFirst = 0, during) {
      const { sql: scopeSql, params } = scopeClause(scope);
      const bm25 = `-bm25(memories_fts, ${Number(weights[0])}, ${Number(weights[1])})`;
      const period = during ? " AND m.occurred_at >= ? AND m.occurred_at < ?" : "";
      const filter = {
        sql: `m.project_id = ? AND m.status = 'active'${scopeSql}${period}`,
        params: [projectId, ...params, ...(during ? [during.from, during.to] : [])],
      };
      if (order === "bm25") return bestMatches(db, { match, score: bm25, filter, limit, rankFirst });
      return db
        .query<{ seq: number; bm25: number }, (string | number)[]>(
          `SELECT f.rowid AS seq, ${bm25} AS bm25 FROM memories_fts f JOIN memories m ON m.seq = f.rowid
           WHERE memories_fts MATCH ? AND ${filter.sql} ORDER BY f.rowid DESC LIMIT ?`,
        )
        .all(match, ...filter.params, limit);
    },
    activeCount: (projectId) => countProject.get(projectId)!.n,
    indexedCount: () => countIndexed.get()!.n,
    matchCount: (match) => countMatches.get(match)!.n,
  };
}

/**
 * The best `limit` memories by `score` (an FTS5 ranking expression, higher is better) among those
 * matching `match` and passing `filter` (SQL on `m`, the memories row). With `rankFirst`, FTS5 ranks
 * alone first (joining every match to its row costs more than ranking it) and the best `rankFirst` of
 * every project are filtered; exact when `limit` are left or FTS5 had no more than `rankFirst`, since
 * any better row passing the filter would have been among them. Otherwise the full join answers.
 */
export function bestMatches(
  db: Db,
  q: {
    match: string;
    score: string;
    filter: { sql: string; params: ReadonlyArray<string | number | null> };
    limit: number;
    rankFirst?: number;
  },
): Array<{ seq: number; bm25: number }> {
  const { match, score, filter, limit, rankFirst = 0 } = q;
  if (rankFirst > limit) {
    const best = db
      .query<{ seq: number; bm25: number; keep: number }, (string | number | null)[]>(
        `SELECT f.seq, f.bm25, (${filter.sql}) AS keep
         FROM (SELECT rowid AS seq, ${score} AS bm25 FROM memories_fts WHERE memories_fts MATCH ? ORDER BY bm25 DESC LIMIT ?) f
         CROSS JOIN memories m ON m.seq = f.seq ORDER BY f.bm25 DESC`,
      )
      .all(...filter.params, match, rankFirst);
    const hits = best.filter((h) => h.keep === 1).slice(0, limit);
    if (hits.length >= limit || best.length < rankFirst) return hits.map(({ seq, bm25 }) => ({ seq, bm25 }));
  }
  return db
    .query<{ seq: number; bm25: number }, (string | number | null)[]>(
      `SELECT f.rowid AS seq, ${score} AS bm25 FROM memories_fts f JOIN memories m ON m.seq = f.rowid
       WHERE memories_fts MATCH ? AND ${filter.sql} ORDER BY bm25 DESC LIMIT ?`,
    )
    .all(match, ...filter.params, limit);
}

export function createVectorBookkeeping(db: Db): VectorBookkeeping {
  const versionOf = db.query<{ version: number; status: string }, [number]>(
    "SELECT version, status FROM memories WHERE seq = ?",
  );
  const countVectors = db.query<{ n: number }, [string]>(
    "SELECT count(*) AS n FROM memory_embeddings e JOIN memories m ON m.seq = e.memory_seq WHERE m.project_id = ?",
  );
  return {
    vectorBacklog(model, limit) {
      return db
        .query<ReturnType<VectorBookkeeping["vectorBacklog"]>[number], [string, number]>(
          `SELECT m.seq, m.project_id, m.version, m.content, m.context, ${SCOPE_FIELDS.map((f) => `m.${f}`).join(", ")}
           FROM memories m LEFT JOIN memory_embeddings e ON e.memory_seq = m.seq
           WHERE m.status = 'active' AND (e.memory_seq IS NULL OR e.model <> ? OR e.version <> m.version)
           ORDER BY m.seq LIMIT ?`,
        )
        .all(model, limit);
    },
    versionOf: (seq) => versionOf.get(seq),
    vectorCount: (projectId) => countVectors.get(projectId)?.n ?? 0,
    vectorCounts() {
      return db
        .query<{ project_id: string; n: number }, []>(
          "SELECT m.project_id, count(*) AS n FROM memory_embeddings e JOIN memories m ON m.seq = e.memory_seq GROUP BY m.project_id",
        )
        .all();
    },
    seqsOf(projectId) {
      return db
        .query<{ seq: number }, [string]>("SELECT seq FROM memories WHERE project_id = ?")
        .all(projectId)
        .map((r) => r.seq);
    },
  };
}

/**
 * Active memories (of a project, or of all) whose vector is missing, of another model than the one
 * `vector_index` names, or of an older version: what the indexer has left to make (`admin reindex --wait`).
 */
export function vectorsToMake(db: Db, projectId: string | null): number {
  return (
    db
      .query<{ n: number }, [string | null]>(
        `SELECT count(*) AS n FROM memories m LEFT JOIN memory_embeddings e ON e.memory_seq = m.seq
         WHERE m.status = 'active' AND (?1 IS NULL OR m.project_id = ?1)
           AND (e.memory_seq IS NULL OR e.model <> (SELECT model FROM vector_index WHERE id = 1) OR e.version <> m.version)`,
      )
      .get(projectId)?.n ?? 0
  );
}
