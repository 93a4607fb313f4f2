// SQLite storage of memories, their versions and feedback: the one owner of these tables (with
// graph.ts for relationships and entities, and search-queries.ts for the read path's queries).
// Synchronous by design: callers compose these inside one transaction, with no await in between.
import type { Db } from "../storage/db.ts";
import { scopeClause } from "../storage/sql.ts";
import { newId } from "../shared/ids.ts";
import type { Scope } from "../domain/scope.ts";
import type {
  MemoryChange,
  MemoryRow,
  NewMemory,
  NewVersion,
  Rating,
  RelatedMemory,
  Source,
} from "../domain/memory.ts";

export interface ListQuery {
  limit: number;
  startingAfterSeq?: number;
  endingBeforeSeq?: number;
  scope: Scope;
  /** Only memories whose text holds this (case-insensitive; the dashboard's search box). */
  contains?: string;
}

export interface VersionRow {
  version: number;
  content: string;
  occurred_at: string | null;
  created_at: string;
  change: string;
  source: string;
  supersedes: number | null;
}

export interface MemoryHooks {
  /** Called in the writing transaction after a memory is inserted or takes a new text (vectors follow it). */
  onWrite?(row: MemoryRow): void;
  /**
   * Called in the writing transaction after every change: a memory inserted, given a new version, or
   * forgotten (webhook events are recorded from it, committed with the change or not at all).
   */
  onChange?(change: MemoryChange): void;
}

const jobOf = (source: Source): string | null => ("job_id" in source ? source.job_id : null);

export function createMemoryRepository(db: Db, hooks: MemoryHooks = {}) {
  const insert = db.query<MemoryRow, (string | number | null)[]>(
    `INSERT INTO memories (id, project_id, status, content, organization_id, user_id, application_id, agent_id, team_id,
       occurred_at, created_at, updated_at, version, job_id, is_sample, context)
     VALUES (?, ?, 'active', ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?) RETURNING *`,
  );
  const insertVersion = db.query(
    `INSERT INTO memory_versions (memory_id, version, content, occurred_at, created_at, change, source, supersedes)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const newText = db.query<MemoryRow, [string, string | null, string | null, string, string]>(
    "UPDATE memories SET content = ?, occurred_at = ?, context = coalesce(?, context), updated_at = ?, version = version + 1 WHERE id = ? AND status = 'active' RETURNING *",
  );
  const getActive = db.query<MemoryRow, [string, string]>(
    "SELECT * FROM memories WHERE project_id = ? AND id = ? AND status = 'active'",
  );
  const countActive = db.query<{ n: number }, [string]>(
    `SELECT count(*) AS n FROM memories m JOIN projects p ON p.id = m.project_id
     WHERE p.account_id = ? AND p.deleted_at IS NULL AND m.status = 'active' AND m.is_sample = 0`,
  );
  const forget = db.query<MemoryRow, [string, string, string, string]>(
    "UPDATE memories SET status = 'forgotten', forgotten_at = ?, updated_at = ? WHERE project_id = ? AND id = ? AND status = 'active' RETURNING *",
  );
  const changesOfJob = db.query<{ change: string; n: number }, [string]>(
    "SELECT change, count(*) AS n FROM memory_versions WHERE json_extract(source, '$.job_id') = ? GROUP BY change",
  );
  const written = (row: MemoryRow, kind: MemoryChange["kind"], source: Source) => {
    hooks.onWrite?.(row);
    hooks.onChange?.({ kind, row, jobId: jobOf(source) });
    return row;
  };
  /** A change and what its hook records commit together: in the caller's transaction, else in one of its own. */
  const atomic = <T>(fn: () => T): T => (hooks.onChange && !db.inTransaction ? db.transaction(fn)() : fn());

  function insertMemory(m: NewMemory): MemoryRow {
    const id = newId("mem");
    const s = m.scope;
    const row = insert.get(
      id,
      m.projectId,
      m.content,
      s.organization_id ?? null,
      s.user_id ?? null,
      s.application_id ?? null,
      s.agent_id ?? null,
      s.team_id ?? null,
      m.occurredAt,
      m.now,
      m.now,
      m.jobId,
      m.isSample ? 1 : 0,
      m.context ?? "",
    )!;
    insertVersion.run(id, 1, m.content, m.occurredAt, m.now, "created", JSON.stringify(m.source), null);
    return written(row, "created", m.source);
  }

  function addVersion(id: string, v: NewVersion): MemoryRow {
    const row = newText.get(v.content, v.occurredAt, v.context || null, v.now, id);
    if (!row) throw new Error(`addVersion: memory ${id} is not active`);
    insertVersion.run(
      id,
      row.version,
      v.content,
      v.occurredAt,
      v.now,
      v.change,
      JSON.stringify(v.source),
      v.supersedes,
    );
    return written(row, v.change, v.source);
  }

  return {
    insert(m: NewMemory): MemoryRow {
      return atomic(() => insertMemory(m));
    },

    /**
     * A new version of an active memory (an update or a merge): the memory takes the new text and
     * time (and the new source's search context, when it has one); the old text stays in
     * memory_versions. `supersedes` names the version it replaced.
     */
    addVersion(id: string, v: NewVersion): MemoryRow {
      return atomic(() => addVersion(id, v));
    },

    getActive(projectId: string, id: string): MemoryRow | null {
      return getActive.get(projectId, id);
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

    list(projectId: string, q: ListQuery): { rows: MemoryRow[]; hasMore: boolean } {
      const scoped = scopeClause(q.scope);
      const words = q.contains ? `%${q.contains.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const scopeSql = scoped.sql + (words ? " AND m.content LIKE ? ESCAPE '\\'" : "");
      const scopeParams = words ? [...scoped.params, words] : scoped.params;
      const backwards = q.endingBeforeSeq !== undefined;
      const cursor =
        q.startingAfterSeq !== undefined
          ? { sql: " AND m.seq < ?", seq: q.startingAfterSeq }
          : backwards
            ? { sql: " AND m.seq > ?", seq: q.endingBeforeSeq! }
            : null;
      const rows = db
        .query<MemoryRow, (string | number)[]>(
          `SELECT m.* FROM memories m WHERE m.project_id = ? AND m.status = 'active'${scopeSql}${cursor?.sql ?? ""}
           ORDER BY m.seq ${backwards ? "ASC" : "DESC"} LIMIT ?`,
        )
        .all(projectId, ...scopeParams, ...(cursor ? [cursor.seq] : []), q.limit + 1);
      const hasMore = rows.length > q.limit;
      const page = rows.slice(0, q.limit);
      if (backwards) page.reverse();
      return { rows: page, hasMore };
    },

    forget(projectId: string, id: string, now: string): boolean {
      return atomic(() => {
        const row = forget.get(now, now, projectId, id);
        if (row) hooks.onChange?.({ kind: "forgotten", row, jobId: null });
        return row !== null;
      });
    },

    /** How many memories a formation job created, updated and merged (formation.completed reports them). */
    changesOfJob(jobId: string): { created: number; updated: number; merged: number } {
      const counts = { created: 0, updated: 0, merged: 0 };
      for (const r of changesOfJob.all(jobId)) if (r.change in counts) counts[r.change as keyof typeof counts] = r.n;
      return counts;
    },

    versions(id: string): VersionRow[] {
      return db
        .query<VersionRow, [string]>(
          "SELECT version, content, occurred_at, created_at, change, source, supersedes FROM memory_versions WHERE memory_id = ? ORDER BY version",
        )
        .all(id);
    },

    /** Relationships in either direction, to active memories only. */
    relationships(id: string): RelatedMemory[] {
      return db
        .query<RelatedMemory, [string, string]>(
          `SELECT m.id AS memory_id, r.type, r.strength, m.content FROM memory_relationships r
             JOIN memories m ON m.id = r.target_id AND m.status = 'active'
           WHERE r.memory_id = ?1
           UNION
           SELECT m.id AS memory_id, r.type, r.strength, m.content FROM memory_relationships r
             JOIN memories m ON m.id = r.memory_id AND m.status = 'active'
           WHERE r.target_id = ?2 AND r.type <> 'supersedes'
           ORDER BY strength DESC`,
        )
        .all(id, id);
    },

    addFeedback(projectId: string, memoryId: string, rating: Rating, comment: string | null, now: string): void {
      db.run("INSERT INTO feedback (memory_id, project_id, rating, comment, created_at) VALUES (?, ?, ?, ?, ?)", [
        memoryId,
        projectId,
        rating,
        comment,
        now,
      ]);
    },

    /** The entities each of the given memories is about (formation records them). */
    entitiesOf(ids: string[]): Map<string, string[]> {
      const out = new Map<string, string[]>();
      if (ids.length === 0) return out;
      const rows = db
        .query<{ memory_id: string; entity: string }, string[]>(
          `SELECT memory_id, entity FROM memory_entities WHERE memory_id IN (${ids.map(() => "?").join(",")})`,
        )
        .all(...ids);
      for (const r of rows) out.set(r.memory_id, [...(out.get(r.memory_id) ?? []), r.entity]);
      return out;
    },

    /** Latest rating per memory among the given ids (feedback that changes ranking). */
    latestRatings(ids: string[]): Map<string, Rating> {
      if (ids.length === 0) return new Map();
      const rows = db
        .query<{ memory_id: string; rating: Rating }, string[]>(
          `SELECT memory_id, rating FROM feedback WHERE id IN (
             SELECT max(id) FROM feedback WHERE memory_id IN (${ids.map(() => "?").join(",")}) GROUP BY memory_id)`,
        )
        .all(...ids);
      return new Map(rows.map((r) => [r.memory_id, r.rating]));
    },

    /** Active memories of the account's live projects that count toward its stored-memory limit (samples do not). */
    countActive(accountId: string): number {
      return countActive.get(accountId)?.n ?? 0;
    },

    /** Active memories per live project of the account, samples included (the dashboard's project list). */
    countByProject(accountId: string): Map<string, number> {
      const rows = db
        .query<{ id: string; n: number }, [string]>(
          `SELECT m.project_id AS id, count(*) AS n FROM memories m JOIN projects p ON p.id = m.project_id
           WHERE p.account_id = ? AND p.deleted_at IS NULL AND m.status = 'active' GROUP BY m.project_id`,
        )
        .all(accountId);
      return new Map(rows.map((r) => [r.id, r.n]));
    },
  };
}

export type MemoryRepository = ReturnType<typeof createMemoryRepository>;
