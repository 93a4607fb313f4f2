// Export and import of a project's memories (`engram admin export`, `engram admin import`): every
// memory as it is stored (id, text, versions with their sources, scope, dates, search context,
// entities, relationships, feedback) and the project's named scope users, so that a user can leave a
// server or move to another one. An import restores memories as they were: nothing is formed again
// and nothing is charged. The full-text index follows through its triggers; vectors come from the
// repository's onWrite hook as for any memory written (without one, as for every memory the admin
// CLI writes, the server's vector indexer makes them).
import type { Db } from "../storage/db.ts";
import { newId } from "../shared/ids.ts";
import { SCOPE_FIELDS, type Scope } from "../domain/scope.ts";
import type { MemoryRow, Rating } from "../domain/memory.ts";
import type { MemoryHooks } from "./repository.ts";
import type { ExportedMemory, ExportedScopeUser, ExportedVersion } from "./transfer-schema.ts";

export interface ImportOutcome {
  imported: number;
  /** Memories whose id the project has already (an import run again): left as they are. */
  skipped: number;
}

const BATCH = 500;
const IN_CHUNK = 500;

export function createMemoryTransfer(db: Db, hooks: MemoryHooks = {}) {
  const statuses = (includeForgotten: boolean) => (includeForgotten ? "('active', 'forgotten')" : "('active')");
  const versionsOf = db.query<Omit<ExportedVersion, "source"> & { source: string }, [string]>(
    "SELECT version, content, occurred_at, created_at, change, source, supersedes FROM memory_versions WHERE memory_id = ? ORDER BY version",
  );
  const entitiesOf = db.query<{ entity: string }, [string]>(
    "SELECT entity FROM memory_entities WHERE memory_id = ? ORDER BY entity",
  );
  const relationshipsOf = db.query<ExportedMemory["relationships"][number], [string]>(
    "SELECT target_id, type, strength, created_at FROM memory_relationships WHERE memory_id = ? ORDER BY target_id, type",
  );
  const feedbackOf = db.query<{ rating: Rating; comment: string | null; created_at: string }, [string]>(
    "SELECT rating, comment, created_at FROM feedback WHERE memory_id = ? ORDER BY id",
  );
  const insertMemory = db.query<MemoryRow, (string | number | null)[]>(
    `INSERT INTO memories (id, project_id, status, content, ${SCOPE_FIELDS.join(", ")}, occurred_at, created_at,
       updated_at, forgotten_at, version, job_id, is_sample, context)
     VALUES (${Array(17).fill("?").join(", ")}) RETURNING *`,
  );
  const insertVersion = db.query(
    `INSERT INTO memory_versions (memory_id, version, content, occurred_at, created_at, change, source, supersedes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertEntity = db.query(
    "INSERT OR IGNORE INTO memory_entities (memory_id, project_id, entity) VALUES (?, ?, ?)",
  );
  const insertFeedback = db.query(
    "INSERT INTO feedback (memory_id, project_id, rating, comment, created_at) VALUES (?, ?, ?, ?, ?)",
  );
  const insertLink = db.query(
    `INSERT OR IGNORE INTO memory_relationships (memory_id, target_id, type, strength, created_at)
     SELECT ?1, ?2, ?3, ?4, ?5 WHERE (SELECT count(*) FROM memories WHERE project_id = ?6 AND id IN (?1, ?2)) = 2`,
  );
  const insertUser = db.query(
    `INSERT INTO scope_users (project_id, user_id, name, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (project_id, user_id) DO NOTHING`,
  );

  /** The project each of `ids` belongs to, for those that exist (memory ids are unique server-wide). */
  function owners(ids: string[]): Map<string, string> {
    const out = new Map<string, string>();
    for (let i = 0; i < ids.length; i += IN_CHUNK) {
      const chunk = ids.slice(i, i + IN_CHUNK);
      const rows = db
        .query<{ id: string; project_id: string }, string[]>(
          `SELECT id, project_id FROM memories WHERE id IN (${chunk.map(() => "?").join(",")})`,
        )
        .all(...chunk);
      for (const r of rows) out.set(r.id, r.project_id);
    }
    return out;
  }

  function exported(row: MemoryRow): ExportedMemory {
    const scope: Scope = {};
    for (const f of SCOPE_FIELDS) if (row[f] !== null) scope[f] = row[f]!;
    return {
      type: "memory",
      id: row.id,
      status: row.status as "active" | "forgotten",
      content: row.content,
      context: row.context,
      scope,
      occurred_at: row.occurred_at,
      created_at: row.created_at,
      updated_at: row.updated_at,
      forgotten_at: (row as MemoryRow & { forgotten_at: string | null }).forgotten_at,
      version: row.version,
      job_id: row.job_id,
      is_sample: row.is_sample === 1,
      versions: versionsOf.all(row.id).map((v) => ({ ...v, source: JSON.parse(v.source) as unknown })),
      entities: entitiesOf.all(row.id).map((e) => e.entity),
      relationships: relationshipsOf.all(row.id),
      feedback: feedbackOf.all(row.id),
    };
  }

  return {
    /**
     * Runs `fn` in one read transaction, across its awaits: everything it reads is one snapshot, while
     * the server goes on writing (WAL). Nothing else may use this connection meanwhile.
     */
    async snapshot<T>(fn: () => Promise<T>): Promise<T> {
      db.run("BEGIN");
      try {
        return await fn();
      } finally {
        db.run("COMMIT");
      }
    },

    count(projectId: string, includeForgotten: boolean): { memories: number; scope_users: number } {
      const memories = db
        .query<{ n: number }, [string]>(
          `SELECT count(*) AS n FROM memories WHERE project_id = ? AND status IN ${statuses(includeForgotten)}`,
        )
        .get(projectId)!.n;
      const users = db
        .query<{ n: number }, [string]>("SELECT count(*) AS n FROM scope_users WHERE project_id = ?")
        .get(projectId)!.n;
      return { memories, scope_users: users };
    },

    /** The project's memories, oldest first (the order of its list, reversed), a batch at a time. */
    *memories(projectId: string, includeForgotten: boolean): Generator<ExportedMemory> {
      const page = db.query<MemoryRow, [string, number, number]>(
        `SELECT * FROM memories WHERE project_id = ? AND status IN ${statuses(includeForgotten)} AND seq > ?
         ORDER BY seq LIMIT ?`,
      );
      for (let after = 0; ; ) {
        const rows = page.all(projectId, after, BATCH);
        for (const row of rows) yield exported(row);
        if (rows.length < BATCH) return;
        after = rows[rows.length - 1]!.seq;
      }
    },

    scopeUsers(projectId: string): ExportedScopeUser[] {
      return db
        .query<{ user_id: string; name: string; updated_at: string }, [string]>(
          "SELECT user_id, name, updated_at FROM scope_users WHERE project_id = ? ORDER BY user_id",
        )
        .all(projectId)
        .map((u) => ({ type: "scope_user", ...u }));
    },

    owners,

    /**
     * Stores a batch of exported memories in the project, in one transaction, under the ids `idOf`
     * gives (the same, or new ones). A memory whose id the project holds already is skipped.
     */
    importBatch(projectId: string, batch: ExportedMemory[], idOf: (id: string) => string): ImportOutcome {
      return db
        .transaction(() => {
          const present = owners(batch.map((m) => idOf(m.id)));
          const outcome: ImportOutcome = { imported: 0, skipped: 0 };
          for (const m of batch) {
            const id = idOf(m.id);
            if (present.get(id) === projectId) {
              outcome.skipped++;
              continue;
            }
            const row = insertMemory.get(
              id,
              projectId,
              m.status,
              m.content,
              ...SCOPE_FIELDS.map((f) => m.scope[f] ?? null),
              m.occurred_at,
              m.created_at,
              m.updated_at,
              m.forgotten_at,
              m.version,
              m.job_id,
              m.is_sample ? 1 : 0,
              m.context,
            )!;
            for (const v of m.versions)
              insertVersion.run(
                id,
                v.version,
                v.content,
                v.occurred_at,
                v.created_at,
                v.change,
                JSON.stringify(v.source),
                v.supersedes,
              );
            for (const e of m.entities) insertEntity.run(id, projectId, e);
            for (const f of m.feedback) insertFeedback.run(id, projectId, f.rating, f.comment, f.created_at);
            if (row.status === "active") hooks.onWrite?.(row);
            outcome.imported++;
          }
          return outcome;
        })
        .immediate();
    },

    /** Relationships between memories of the project (both ends there); returns how many were added. */
    link(
      projectId: string,
      links: Array<{ from: string; to: string; type: string; strength: number; created_at: string }>,
    ): number {
      return db
        .transaction(() => {
          let added = 0;
          for (const l of links)
            added += insertLink.run(l.from, l.to, l.type, l.strength, l.created_at, projectId).changes;
          return added;
        })
        .immediate();
    },

    /** Names of the project's scope users; a user the project has named already keeps its name. */
    nameUsers(projectId: string, users: ExportedScopeUser[]): number {
      return db
        .transaction(() => {
          let added = 0;
          for (const u of users) added += insertUser.run(projectId, u.user_id, u.name, u.updated_at).changes;
          return added;
        })
        .immediate();
    },

    newId: () => newId("mem"),
  };
}

export type MemoryTransfer = ReturnType<typeof createMemoryTransfer>;
