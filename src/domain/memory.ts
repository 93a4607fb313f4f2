// The memory: its stored row, where its text came from, and its wire shape (docs/api.md: Memory record).
import { SCOPE_FIELDS, type Scope } from "./scope.ts";

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

/** A memory to insert. */
export interface NewMemory {
  projectId: string;
  content: string;
  scope: Scope;
  occurredAt: string | null;
  jobId: string | null;
  source: Source;
  /** Words the memory is also found by, never returned (see migration 005). */
  context?: string;
  isSample?: boolean;
  now: string;
}

/** A new version of an active memory (an update or a merge). */
export interface NewVersion {
  content: string;
  occurredAt: string | null;
  change: "updated" | "merged";
  source: Source;
  /** The version it replaced (an update), or null (a merge). */
  supersedes: number | null;
  context?: string;
  now: string;
}

/** A change to a memory, as its writing transaction makes it (webhook events describe these). */
export interface MemoryChange {
  kind: "created" | "updated" | "merged" | "forgotten";
  /** The memory after the change. */
  row: MemoryRow;
  /** The formation job that made the change; null for a sample or a memory forgotten through the API. */
  jobId: string | null;
}

export interface RelatedMemory {
  memory_id: string;
  type: string;
  strength: number;
  content: string;
}

export type Rating = "positive" | "negative" | "very_negative";

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

export interface ListEnvelope<T> {
  object: "list";
  data: T[];
  has_more: boolean;
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
