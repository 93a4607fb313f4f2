// The memory domain's types and its wire shapes (decisions.md: Memory record).
export const SCOPE_FIELDS = ["organization_id", "user_id", "application_id", "agent_id", "team_id"] as const;
export type ScopeField = (typeof SCOPE_FIELDS)[number];
export type Scope = Partial<Record<ScopeField, string>>;

/**
 * SQL conditions for the scope fields a filter gives (` AND m.user_id = ?` ...; "" when none), and
 * their parameters. `alias` is the table's alias, or "" for bare column names.
 */
export function scopeClause(scope: Scope, alias = "m"): { sql: string; params: string[] } {
  const parts: string[] = [];
  const params: string[] = [];
  for (const f of SCOPE_FIELDS) {
    const v = scope[f];
    if (v !== undefined && v !== "") {
      parts.push(`${alias ? `${alias}.` : ""}${f} = ?`);
      params.push(v);
    }
  }
  return { sql: parts.length ? ` AND ${parts.join(" AND ")}` : "", params };
}

export type MemoryStatus = "forming" | "active" | "forgotten";

/** Where a memory's text came from. */
export type Source =
  | { type: "create"; job_id: string; sentence?: number }
  | { type: "import"; job_id: string; message_indexes: number[] }
  | { type: "sample" };

export interface MemoryRow {
  seq: number;
  id: string;
  project_id: string;
  status: MemoryStatus;
  content: string;
  organization_id: string | null;
  user_id: string | null;
  application_id: string | null;
  agent_id: string | null;
  team_id: string | null;
  occurred_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
  job_id: string | null;
  is_sample: number;
  /** Search context (never returned): see migration 005. */
  context: string;
}

export interface MemoryRecord {
  object: "memory";
  id: string;
  status: MemoryStatus;
  content: string;
  scope: Scope;
  occurred_at: string | null;
  created_at: string;
  updated_at: string;
  version: number;
  score?: number;
}

export function toRecord(row: MemoryRow, score?: number): MemoryRecord {
  const scope: Scope = {};
  for (const f of SCOPE_FIELDS) {
    const v = row[f];
    if (v !== null) scope[f] = v;
  }
  const record: MemoryRecord = {
    object: "memory",
    id: row.id,
    status: row.status,
    content: row.content,
    scope,
    occurred_at: row.occurred_at,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
  if (score !== undefined) record.score = score;
  return record;
}

export interface ListEnvelope<T> {
  object: "list";
  data: T[];
  has_more: boolean;
}

export type Rating = "positive" | "negative" | "very_negative";
