// The webhook events and their payloads, per the Standard Webhooks specification: a JSON body
// `{type, timestamp, data}`, signed and sent by delivery.ts. README: Webhooks documents them.
import { toRecord, type MemoryChange } from "../domain/memory.ts";
import type { Scope } from "../domain/scope.ts";

export const EVENT_TYPES = [
  "memory.created",
  "memory.updated",
  "memory.forgotten",
  "formation.completed",
  "formation.failed",
] as const;

export type EventType = (typeof EVENT_TYPES)[number];

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** The body of a delivery. `timestamp` is when the change happened (the header carries the attempt's time). */
export interface WebhookPayload<D = object> {
  type: EventType;
  timestamp: string;
  data: D;
}

/** `data` of the memory events: the memory as the REST API shows it, with its project and what changed. */
export interface MemoryEventData {
  project_id: string;
  memory_id: string;
  content: string;
  scope: Scope;
  status: string;
  version: number;
  occurred_at: string | null;
  created_at: string;
  updated_at: string;
  /** created, updated (a new fact replaced the text), merged (the same fact said again, more fully), forgotten. */
  change: MemoryChange["kind"];
  /** The formation job that made the change (null: forgotten through the API). */
  job_id: string | null;
}

/** What the events of a formation job need of it (formation's JobRow has these). */
export interface JobFacts {
  id: string;
  project_id: string;
  kind: string;
  attempts: number;
  run_after: string;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** Formation failures can be long (a stack, a provider's answer): the event carries the start of it. */
const ERROR_CHARS = 500;

/** A new version (an update or a merge) is memory.updated; `data.change` tells which. */
export function memoryEventType(kind: MemoryChange["kind"]): EventType {
  return kind === "created" ? "memory.created" : kind === "forgotten" ? "memory.forgotten" : "memory.updated";
}

export function memoryEvent(change: MemoryChange): WebhookPayload<MemoryEventData> {
  const { row, kind } = change;
  const record = toRecord(row);
  return {
    type: memoryEventType(kind),
    timestamp: row.updated_at,
    data: {
      project_id: row.project_id,
      memory_id: row.id,
      content: record.content,
      scope: record.scope,
      status: record.status,
      version: record.version,
      occurred_at: record.occurred_at,
      created_at: record.created_at,
      updated_at: record.updated_at,
      change: kind,
      job_id: change.jobId,
    },
  };
}

/** The job formed everything it will: counts of what it did; `note` says why it stopped early, if it did. */
export function formationCompletedEvent(
  job: JobFacts,
  counts: { created: number; updated: number; merged: number },
): WebhookPayload {
  return {
    type: "formation.completed",
    timestamp: job.updated_at,
    data: {
      project_id: job.project_id,
      job_id: job.id,
      kind: job.kind,
      memories_created: counts.created,
      memories_updated: counts.updated,
      memories_merged: counts.merged,
      note: job.last_error,
      accepted_at: job.created_at,
    },
  };
}

/** An attempt to form the job failed; formation tries again at `retry_at` (an accepted write is never dropped). */
export function formationFailedEvent(job: JobFacts): WebhookPayload {
  return {
    type: "formation.failed",
    timestamp: job.updated_at,
    data: {
      project_id: job.project_id,
      job_id: job.id,
      kind: job.kind,
      attempts: job.attempts,
      error: (job.last_error ?? "").slice(0, ERROR_CHARS),
      retry_at: job.run_after,
      accepted_at: job.created_at,
    },
  };
}
