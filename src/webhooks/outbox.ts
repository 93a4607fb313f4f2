// The outbox: webhook events recorded in the transaction of the change they describe. The memory
// repository's `onChange` hook and the job store's hooks call it (app.ts and workers/ wire them), so
// a change commits with its events or neither commits. One row per subscribed endpoint; a project
// with no webhook pays one indexed lookup per change. delivery.ts sends the rows.
import type { Db } from "../storage/db.ts";
import { newId } from "../shared/ids.ts";
import type { MemoryChange } from "../domain/memory.ts";
import {
  formationCompletedEvent,
  formationFailedEvent,
  memoryEvent,
  memoryEventType,
  type EventType,
  type JobFacts,
  type WebhookPayload,
} from "./events.ts";

export interface WebhookOutbox {
  /** Records the event for every endpoint of the project subscribed to its type; `build` runs only if there is one. */
  record(projectId: string, type: EventType, subject: string, build: () => WebhookPayload): number;
  /** The memory repository's onChange hook. */
  memoryChanged(change: MemoryChange): void;
  /** The job store's onFinish hook; `counts` runs only if someone subscribed. */
  formationCompleted(job: JobFacts, counts: () => { created: number; updated: number; merged: number }): void;
  /** The job store's onRetry hook. */
  formationFailed(job: JobFacts): void;
}

/**
 * `onRecorded` is told (once per burst, after the recording transaction has had its turn to commit)
 * that deliveries wait: the delivery loop, or the message that wakes it from the formation thread.
 */
export function createOutbox(db: Db, onRecorded: () => void = () => {}): WebhookOutbox {
  const subscribed = db.query<{ n: number }, [string, string]>(
    `SELECT count(*) AS n FROM webhooks w
     WHERE w.project_id = ? AND EXISTS (SELECT 1 FROM json_each(w.events) WHERE value = ?)`,
  );
  const insert = db.query<unknown, [string, string, string, string, string, string]>(
    `INSERT INTO webhook_deliveries (id, webhook_id, project_id, type, subject, payload, status, next_attempt_at, created_at)
     SELECT ?1, w.id, w.project_id, ?2, ?3, ?4, 'pending', ?5, ?5 FROM webhooks w
     WHERE w.project_id = ?6 AND EXISTS (SELECT 1 FROM json_each(w.events) WHERE value = ?2)`,
  );
  let told = false;
  const tell = () => {
    if (told) return;
    told = true;
    // A transaction never spans a microtask turn: by then it has committed (or rolled back, and the
    // loop finds nothing new).
    queueMicrotask(() => {
      told = false;
      onRecorded();
    });
  };

  function record(projectId: string, type: EventType, subject: string, build: () => WebhookPayload): number {
    if ((subscribed.get(projectId, type)?.n ?? 0) === 0) return 0;
    const payload = build();
    const n = insert.run(newId("msg"), type, subject, JSON.stringify(payload), payload.timestamp, projectId).changes;
    if (n > 0) tell();
    return n;
  }

  return {
    record,
    memoryChanged(change) {
      record(change.row.project_id, memoryEventType(change.kind), change.row.id, () => memoryEvent(change));
    },
    formationCompleted(job, counts) {
      record(job.project_id, "formation.completed", job.id, () => formationCompletedEvent(job, counts()));
    },
    formationFailed(job) {
      record(job.project_id, "formation.failed", job.id, () => formationFailedEvent(job));
    },
  };
}
