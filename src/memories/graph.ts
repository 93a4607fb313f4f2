// Relationships between memories and the entities they are about, and the candidates a new fact is
// reconciled with (same project, same scope, active, found by FTS5 in the memory's own text).
import type { Db } from "../storage/db.ts";
import { onContent, toMatchExpression } from "../storage/sql.ts";
import { bestMatches } from "./search-queries.ts";
import { SCOPE_FIELDS, type Scope } from "../domain/scope.ts";
import type { MemoryRow } from "../domain/memory.ts";

export function createMemoryGraph(db: Db) {
  const insertEntity = db.query(
    "INSERT OR IGNORE INTO memory_entities (memory_id, project_id, entity) VALUES (?, ?, ?)",
  );
  const link = db.query(
    `INSERT INTO memory_relationships (memory_id, target_id, type, strength, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
     ON CONFLICT (memory_id, target_id, type) DO UPDATE SET strength = max(strength, ?4)`,
  );
  const scopeSql = SCOPE_FIELDS.map((f) => `m.${f} IS ?`).join(" AND ");

  return {
    /** Active memories of the same project and exactly the same scope that share words with `terms`. */
    candidates(projectId: string, scope: Scope, terms: string[], limit: number): MemoryRow[] {
      const match = toMatchExpression(terms);
      if (!match) return [];
      // Ranked in FTS5 first: a fact's words match thousands of memories in a large project, and
      // joining each to its row before ranking was most of formation's time there (44 -> 17 ms at 100k).
      const seqs = bestMatches(db, {
        match: onContent(match),
        score: "-bm25(memories_fts, 1.0, 0.0)",
        filter: {
          sql: `m.project_id = ? AND m.status = 'active' AND ${scopeSql}`,
          params: [projectId, ...SCOPE_FIELDS.map((f) => scope[f] ?? null)],
        },
        limit,
        rankFirst: Math.max(400, 4 * limit),
      }).map((h) => h.seq);
      if (seqs.length === 0) return [];
      const rows = new Map(
        db
          .query<MemoryRow, number[]>(`SELECT * FROM memories WHERE seq IN (${seqs.map(() => "?").join(",")})`)
          .all(...seqs)
          .map((r) => [r.seq, r]),
      );
      return seqs.map((s) => rows.get(s)!);
    },

    setEntities(memoryId: string, projectId: string, entities: readonly string[]): void {
      for (const e of entities) insertEntity.run(memoryId, projectId, e);
    },

    /** Other active memories that share an entity, most shared first, then newest. */
    sharingEntities(
      projectId: string,
      entities: readonly string[],
      excludeId: string,
      limit: number,
    ): Array<{ id: string; shared: number }> {
      if (entities.length === 0) return [];
      return db
        .query<{ id: string; shared: number }, (string | number)[]>(
          `SELECT e.memory_id AS id, count(*) AS shared FROM memory_entities e
             JOIN memories m ON m.id = e.memory_id AND m.status = 'active'
           WHERE e.project_id = ? AND e.entity IN (${entities.map(() => "?").join(",")}) AND e.memory_id <> ?
           GROUP BY e.memory_id ORDER BY shared DESC, m.seq DESC LIMIT ?`,
        )
        .all(projectId, ...entities, excludeId, limit);
    },

    link(from: string, to: string, type: string, strength: number, now: string): void {
      if (from === to) return;
      link.run(from, to, type, Math.round(Math.min(1, Math.max(0, strength)) * 1000) / 1000, now);
    },
  };
}

export type MemoryGraph = ReturnType<typeof createMemoryGraph>;
