// Durable storage of formation jobs. A job row is committed before the 202 is sent.
import type { Db } from "../storage/db.ts";
import { newId } from "../shared/ids.ts";
import type { Scope } from "../domain/scope.ts";

export interface CreatePayload {
  content: string;
  infer: boolean;
  occurred_at: string | null;
  scope: Scope;
}

export interface ImportPayload {
  messages: Array<{ role: string; content: string; speaker: string | null; occurred_at: string | null }>;
  scope: Scope;
  occurred_at: string | null;
  /** Set when the write allowance covered only the first N chunks at acceptance. */
  allowed_chunks?: number;
}

export type JobKind = "create" | "import";

export interface JobRow {
  id: string;
  project_id: string;
  account_id: string;
  kind: JobKind;
  payload: string;
  request_hash: string;
  status: "queued" | "done" | "failed";
  progress: number;
  attempts: number;
  run_after: string;
  last_error: string | null;
  created_at: string;
  updated_at: string;
}

/** Explicit hooks, called in the transaction that changes the job (webhook events are recorded from them). */
export interface JobHooks {
  /** The job was finished (its row as it is now: status done, `last_error` holding the note if any). */
  onFinish?(job: JobRow): void;
  /** An attempt failed and the job was scheduled again (attempts, run_after and last_error updated). */
  onRetry?(job: JobRow): void;
}

export function createJobStore(db: Db, hooks: JobHooks = {}) {
  const atomic = (fn: () => void): void => (db.inTransaction ? fn() : db.transaction(fn)());
  const finish = db.query<JobRow, [string, string | null, string]>(
    "UPDATE jobs SET status = 'done', updated_at = ?, last_error = ? WHERE id = ? RETURNING *",
  );
  const retryLater = db.query<JobRow, [number, string, string, string, string]>(
    "UPDATE jobs SET attempts = ?, run_after = ?, last_error = ?, updated_at = ? WHERE id = ? RETURNING *",
  );
  const nextReady = db.query<JobRow, [string]>(
    "SELECT * FROM jobs WHERE status = 'queued' AND run_after <= ? ORDER BY run_after, created_at, id LIMIT 1",
  );
  // The first ready job of each account (the scheduler takes turns between accounts).
  const readyByAccount = db.query<JobRow, [string]>(
    `SELECT j.* FROM (SELECT DISTINCT account_id FROM jobs WHERE status = 'queued' AND run_after <= ?1) a
     JOIN jobs j ON j.id = (SELECT id FROM jobs k WHERE k.account_id = a.account_id AND k.status = 'queued'
                             AND k.run_after <= ?1 ORDER BY k.run_after, k.created_at, k.id LIMIT 1)
     ORDER BY j.run_after, j.created_at, j.id`,
  );
  const forming = db.query<{ id: string }, [string, string]>(
    "SELECT id FROM jobs WHERE project_id = ? AND request_hash = ? AND status = 'queued' LIMIT 1",
  );
  return {
    insert(j: {
      projectId: string;
      accountId: string;
      kind: JobKind;
      payload: CreatePayload | ImportPayload;
      requestHash: string;
      now: string;
    }): string {
      const id = newId("job");
      db.run(
        `INSERT INTO jobs (id, project_id, account_id, kind, payload, request_hash, status, run_after, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, 'queued', ?, ?, ?)`,
        [id, j.projectId, j.accountId, j.kind, JSON.stringify(j.payload), j.requestHash, j.now, j.now, j.now],
      );
      return id;
    },
    nextReady(now: string): JobRow | null {
      return nextReady.get(now);
    },
    /** Each account's next ready job, oldest first. */
    readyByAccount(now: string): JobRow[] {
      return readyByAccount.all(now);
    },
    get(id: string): JobRow | null {
      return db.query<JobRow, [string]>("SELECT * FROM jobs WHERE id = ?").get(id);
    },
    isForming(projectId: string, requestHash: string): boolean {
      return forming.get(projectId, requestHash) !== null;
    },
    queuedCount(): number {
      return db.query<{ n: number }, []>("SELECT count(*) AS n FROM jobs WHERE status = 'queued'").get()!.n;
    },
    /** The earliest run_after among queued jobs, for the run loop's timer. */
    nextRunAfter(): string | null {
      return (
        db.query<{ t: string | null }, []>("SELECT min(run_after) AS t FROM jobs WHERE status = 'queued'").get()?.t ??
        null
      );
    },
    setProgress(id: string, progress: number, now: string): void {
      db.run("UPDATE jobs SET progress = ?, updated_at = ? WHERE id = ?", [progress, now, id]);
    },
    finish(id: string, now: string, note: string | null = null): void {
      atomic(() => {
        const job = finish.get(now, note, id);
        if (job) hooks.onFinish?.(job);
      });
    },
    retryLater(id: string, attempts: number, runAfter: string, error: string, now: string): void {
      atomic(() => {
        const job = retryLater.get(attempts, runAfter, error, now, id);
        if (job) hooks.onRetry?.(job);
      });
    },
  };
}

export type JobStore = ReturnType<typeof createJobStore>;
