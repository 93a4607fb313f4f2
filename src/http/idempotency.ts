// Idempotency-Key on REST writes (README: Idempotent retries), as Stripe has it. The first successful
// answer to a write sent with a key is stored per project with a fingerprint of the request, in the
// write's own transaction (so a committed write always has its record), and is replayed for 24 hours
// to a repeat of the same request; the same key on another request is 409. Errors are not stored:
// every refusal and failure writes nothing, so a repeat simply runs again.
import { createHash } from "node:crypto";
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import { ApiError, validationError } from "../errors/api-error.ts";
import { canonicalJson } from "../memories/write-rules.ts";

export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Expired records removed per insert: enough to keep up with the inserts, never a long delete. */
const PURGE_BATCH = 100;
/** An Idempotency-Key's shape (the OpenAPI document publishes it). */
export const KEY_SHAPE = /^[\x20-\x7e]{1,255}$/;

/** A handler's answer (endpoint.ts: Result). */
export interface Answer {
  status: number;
  body?: unknown;
}

/** A stored answer, ready to be sent again. */
interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

/** The key a write carries, or null without one; 400 naming the header when it is malformed. */
export function idempotencyKey(request: Request): string | null {
  const key = request.headers.get("idempotency-key");
  if (key === null) return null;
  if (!KEY_SHAPE.test(key))
    throw validationError({ "Idempotency-Key": ["must be 1 to 255 printable ASCII characters"] });
  return key;
}

/** Two requests are the same when method, path and canonical JSON body (keys in any order) are. */
export function fingerprint(method: string, path: string, body: unknown): string {
  return createHash("sha256")
    .update(`${method} ${path}\n`)
    .update(canonicalJson(body ?? null))
    .digest("hex");
}

/** The response of a replay: the stored status, headers and body, marked as replayed. */
export function replayResponse(answer: StoredAnswer, headers: Record<string, string>): Response {
  return new Response(answer.body, {
    status: answer.status,
    headers: { ...answer.headers, ...headers, "Idempotent-Replayed": "true" },
  });
}

/** One write under a key: its replay, or the means to store its answer (settle) and to end it (finish). */
export interface KeyedWrite {
  replay: StoredAnswer | null;
  /** Stores a success as the key's answer, once. Called inside the transaction that commits the write. */
  settle<A extends Answer>(answer: A): A;
  /** Stores a success not settled yet (a write without a transaction of its own), then frees the key. */
  finish(answer: Answer | null): void;
}

export function createIdempotencyStore(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  const find = db.query<StoredAnswer & { fingerprint: string; headers: string }, [string, string, string]>(
    `SELECT fingerprint, status, headers, body FROM idempotency_keys
      WHERE project_id = ? AND idempotency_key = ? AND created_at > ?`,
  );
  const insert = db.query<unknown, [string, string, string, number, string, string | null, string]>(
    `INSERT OR REPLACE INTO idempotency_keys
       (project_id, idempotency_key, fingerprint, status, headers, body, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const purge = db.query<unknown, [string, number]>(
    `DELETE FROM idempotency_keys WHERE rowid IN
       (SELECT rowid FROM idempotency_keys WHERE created_at <= ? ORDER BY created_at LIMIT ?)`,
  );
  /** Keys whose write is being answered across an await (none today: every write handler is synchronous). */
  const inFlight = new Set<string>();
  const cutoff = () => new Date(clock.now().getTime() - IDEMPOTENCY_WINDOW_MS).toISOString();

  function save(projectId: string, key: string, print: string, answer: Answer): void {
    const hasBody = answer.body !== undefined;
    const headers = JSON.stringify(hasBody ? { "Content-Type": "application/json" } : {});
    // A live record never exists here (begin found none), so REPLACE only overwrites an expired one.
    insert.run(
      projectId,
      key,
      print,
      answer.status,
      headers,
      hasBody ? JSON.stringify(answer.body) : null,
      clock.now().toISOString(),
    );
    purge.run(cutoff(), PURGE_BATCH);
  }

  return {
    /**
     * Starts a write under a key: its stored answer when it repeats one, 409 when the key was used for
     * another request or is still being answered. Runs synchronously up to the write, so two requests
     * with one key cannot both miss the record.
     */
    begin(projectId: string, key: string, print: string): KeyedWrite {
      const id = `${projectId}\n${key}`;
      if (inFlight.has(id)) {
        throw new ApiError("conflict", {
          reason: "idempotency_key_in_use",
          detail: "A request with this Idempotency-Key is still being answered.",
          retryAfter: 1,
        });
      }
      const row = find.get(projectId, key, cutoff());
      if (row && row.fingerprint !== print) {
        throw new ApiError("conflict", {
          reason: "idempotency_key_reused",
          detail: "This Idempotency-Key was used with a different request in the last 24 hours; use a new key.",
        });
      }
      if (row) {
        return {
          replay: { status: row.status, headers: JSON.parse(row.headers), body: row.body },
          settle: (a) => a,
          finish: () => {},
        };
      }
      inFlight.add(id);
      let settled = false;
      const settle = <A extends Answer>(answer: A): A => {
        if (!settled && answer.status >= 200 && answer.status < 300) {
          save(projectId, key, print, answer);
          settled = true;
        }
        return answer;
      };
      return {
        replay: null,
        settle,
        finish(answer) {
          try {
            if (answer) settle(answer);
          } finally {
            inFlight.delete(id);
          }
        },
      };
    },

    /** Runs a write whose service call opens no transaction, so that its record commits with it. */
    atomically<T>(fn: () => T): T {
      return db.transaction(fn).immediate();
    },
  };
}

export type IdempotencyStore = ReturnType<typeof createIdempotencyStore>;
