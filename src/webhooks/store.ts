// SQLite storage of webhook endpoints and their deliveries (migration 008): the one owner of the
// webhooks and webhook_deliveries tables, besides the outbox's insert (outbox.ts).
import type { Db } from "../storage/db.ts";

export interface WebhookRow {
  id: string;
  project_id: string;
  url: string;
  /** JSON array of event types. */
  events: string;
  secret: string;
  created_at: string;
}

export type DeliveryStatus = "pending" | "delivered" | "failed";

export interface DeliveryView {
  /** The webhook-id header: the same on every attempt. */
  id: string;
  webhook_id: string;
  type: string;
  /** The memory (or formation job) the event is about. */
  subject: string;
  status: DeliveryStatus;
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  next_attempt_at: string | null;
  created_at: string;
}

/** A delivery whose turn it is, with what sending it needs. */
export interface DueDelivery {
  seq: number;
  id: string;
  webhook_id: string;
  type: string;
  payload: string;
  attempts: number;
  created_at: string;
  url: string;
  secret: string;
}

/** One attempt's outcome: the HTTP status when there was an answer, an error when it was not a 2xx. */
export interface Attempt {
  seq: number;
  attempts: number;
  status: number | null;
  error: string | null;
  at: string;
}

const VIEW = `d.id, d.webhook_id, d.type, d.subject, d.status, d.attempts, d.last_status, d.last_error,
  d.last_attempt_at, d.next_attempt_at, d.created_at`;

export function createWebhookStore(db: Db) {
  // The first pending delivery of each (endpoint, subject) only: a later event of the same memory
  // waits until the earlier one is delivered or given up.
  const due = db.query<DueDelivery, [string, number]>(
    `SELECT d.seq, d.id, d.webhook_id, d.type, d.payload, d.attempts, d.created_at, w.url, w.secret
     FROM webhook_deliveries d JOIN webhooks w ON w.id = d.webhook_id
     WHERE d.status = 'pending' AND d.next_attempt_at <= ?1
       AND NOT EXISTS (SELECT 1 FROM webhook_deliveries e WHERE e.status = 'pending'
                       AND e.webhook_id = d.webhook_id AND e.subject = d.subject AND e.seq < d.seq)
     ORDER BY d.next_attempt_at, d.seq LIMIT ?2`,
  );
  const nextAfter = db.query<{ t: string | null }, [string]>(
    "SELECT min(next_attempt_at) AS t FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at > ?",
  );
  const finish = db.query<unknown, [string, number, number | null, string | null, string, string | null, number]>(
    `UPDATE webhook_deliveries SET status = ?, attempts = ?, last_status = ?, last_error = ?, last_attempt_at = ?,
       next_attempt_at = ? WHERE seq = ? AND status = 'pending'`,
  );

  return {
    insertWebhook(w: WebhookRow): void {
      db.run("INSERT INTO webhooks (id, project_id, url, events, secret, created_at) VALUES (?, ?, ?, ?, ?, ?)", [
        w.id,
        w.project_id,
        w.url,
        w.events,
        w.secret,
        w.created_at,
      ]);
    },
    getWebhook(id: string): WebhookRow | null {
      return db.query<WebhookRow, [string]>("SELECT * FROM webhooks WHERE id = ?").get(id);
    },
    listWebhooks(projectId: string): WebhookRow[] {
      return db
        .query<WebhookRow, [string]>("SELECT * FROM webhooks WHERE project_id = ? ORDER BY created_at, id")
        .all(projectId);
    },
    /** Deletes the endpoint with its deliveries (pending ones are never sent). */
    deleteWebhook(id: string): boolean {
      return db.run("DELETE FROM webhooks WHERE id = ?", [id]).changes > 0;
    },
    /** A project's deliveries, newest first. */
    deliveries(q: { projectId: string; webhookId?: string; status?: DeliveryStatus; limit: number }): DeliveryView[] {
      const where = ["d.project_id = ?"];
      const params: (string | number)[] = [q.projectId];
      if (q.webhookId) {
        where.push("d.webhook_id = ?");
        params.push(q.webhookId);
      }
      if (q.status) {
        where.push("d.status = ?");
        params.push(q.status);
      }
      return db
        .query<DeliveryView, (string | number)[]>(
          `SELECT ${VIEW} FROM webhook_deliveries d WHERE ${where.join(" AND ")} ORDER BY d.seq DESC LIMIT ?`,
        )
        .all(...params, q.limit);
    },

    /** Deliveries whose turn has come, soonest first. */
    due(now: string, limit: number): DueDelivery[] {
      return due.all(now, limit);
    },
    /** When the next delivery not yet due falls due (null: none waits for a time). */
    nextAttemptAfter(now: string): string | null {
      return nextAfter.get(now)?.t ?? null;
    },
    delivered(a: Attempt): void {
      finish.run("delivered", a.attempts, a.status, null, a.at, null, a.seq);
    },
    retryAt(a: Attempt, next: string): void {
      finish.run("pending", a.attempts, a.status, a.error, a.at, next, a.seq);
    },
    gaveUp(a: Attempt): void {
      finish.run("failed", a.attempts, a.status, a.error, a.at, null, a.seq);
    },
    /** Deletes delivered and failed deliveries made before `before` (the listing keeps a window). */
    prune(before: string): number {
      return db.run("DELETE FROM webhook_deliveries WHERE status <> 'pending' AND created_at < ?", [before]).changes;
    },
  };
}

export type WebhookStore = ReturnType<typeof createWebhookStore>;
