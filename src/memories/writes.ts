// Acceptance of writes (create, import): the rules beyond the schema, secret redaction (the one place
// it happens: nothing stored after this point, the durable job included, holds a redacted secret),
// the identical-write race, the allowances, and the durable job committed before the 202.
import { durably, type Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import type { Meter } from "../shared/meter.ts";
import type { Principal } from "../domain/principal.ts";
import { ApiError } from "../errors/api-error.ts";
import type { Limits } from "../limits/index.ts";
import type { JobStore } from "../formation/jobs.ts";
import type { PolicyStore } from "../formation/policy.ts";
import { redactSecrets } from "../formation/secrets.ts";
import type { CreateMemoryBody, ImportBody } from "./schemas.ts";
import { prepareCreate, prepareImport, requestHash } from "./write-rules.ts";

/** How long an accepted write's answer time is remembered to tell racing identical writes apart. */
const RACE_MEMORY_MS = 60_000;

export function createWriteAcceptance(deps: {
  db: Db;
  clock: Clock;
  jobs: JobStore;
  limits: Limits;
  policies: PolicyStore;
  queueBound: number;
  onEnqueued(): void;
}) {
  const { db, clock, jobs, limits } = deps;
  /**
   * When each recent accepted write was answered (performance.now()), by project and request hash,
   * oldest first: an identical write that arrived before that moment raced it (docs/api.md,
   * Identical writes) and is refused with 409; one that arrives after it finds the job forming.
   */
  const answeredAt = new Map<string, number>();

  function refuseRace(key: string, meter: Meter): void {
    const now = performance.now();
    for (const [k, at] of answeredAt) {
      if (now - at < RACE_MEMORY_MS) break;
      answeredAt.delete(k);
    }
    const first = answeredAt.get(key);
    if (first !== undefined && meter.startedAt < first) {
      throw new ApiError("conflict", {
        reason: "duplicate_request_in_progress",
        detail: "An identical request is still being answered.",
        retryAfter: 1,
      });
    }
  }

  /**
   * Commits the job and its acceptance charge in one transaction, unless an identical write is
   * forming. `enqueue` gets the writes granted by the allowance (at least one) and stores the job.
   * `withWrite` runs in the same transaction whatever the write was charged: the REST layer stores
   * the request's Idempotency-Key record there, so a committed write always has its record.
   */
  function accept(
    p: Principal,
    meter: Meter,
    endpoint: string,
    body: unknown,
    wanted: number,
    withWrite: (() => void) | undefined,
    enqueue: (hash: string, now: string, granted: number) => void,
  ): void {
    const hash = requestHash(endpoint, body);
    const key = `${p.projectId}:${hash}`;
    refuseRace(key, meter);
    // Synchronous from here to the response: no other request can run in between.
    const charged = meter.time("db", () =>
      durably(db, () => {
        if (jobs.isForming(p.projectId, hash)) {
          withWrite?.();
          return 0; // a repeat while the first is forming counts nothing
        }
        if (jobs.queuedCount() >= deps.queueBound) {
          throw new ApiError("capacity_exceeded", {
            detail: "The formation queue is full; retry shortly.",
            retryAfter: 5,
          });
        }
        const plan = limits.planOf(p.accountId, meter);
        limits.allowances.assertRoomForMemories(p.accountId, plan);
        const granted = limits.allowances.reserveWrites(p.accountId, plan, wanted);
        enqueue(hash, clock.now().toISOString(), granted);
        withWrite?.();
        return granted;
      }),
    );
    meter.writes += charged;
    if (charged > 0) {
      answeredAt.delete(key);
      answeredAt.set(key, performance.now()); // the response follows synchronously
      deps.onEnqueued();
    }
  }

  /** Secrets never reach storage, not even the durable job: the project's policy redacts them here. */
  function redacted<T extends { content: string }>(projectId: string, items: T[]): T[] {
    if (!deps.policies.forExtraction(projectId).redactSecrets) return items;
    return items.map((m) => ({ ...m, content: redactSecrets(m.content) }));
  }

  return {
    /** `withWrite` runs inside the accepting transaction (see accept). */
    create(p: Principal, meter: Meter, body: CreateMemoryBody, withWrite?: () => void): void {
      const [payload] = redacted(p.projectId, [prepareCreate(body, clock.now())]);
      accept(p, meter, "POST /v1/memories", body, 1, withWrite, (hash, now) => {
        jobs.insert({
          projectId: p.projectId,
          accountId: p.accountId,
          kind: "create",
          payload: payload!,
          requestHash: hash,
          now,
        });
      });
    },

    import(p: Principal, meter: Meter, body: ImportBody, withWrite?: () => void): void {
      const prepared = prepareImport(body, clock.now());
      const chunks = prepared.chunks;
      const payload = { ...prepared.payload, messages: redacted(p.projectId, prepared.payload.messages) };
      // Chunks past the write allowance are discarded (docs/api.md: Limits, the part past the allowance).
      accept(p, meter, "POST /v1/memories/import", body, chunks, withWrite, (hash, now, granted) => {
        const kept = granted < chunks ? { ...payload, allowed_chunks: granted } : payload;
        jobs.insert({
          projectId: p.projectId,
          accountId: p.accountId,
          kind: "import",
          payload: kept,
          requestHash: hash,
          now,
        });
      });
    },
  };
}

export type WriteAcceptance = ReturnType<typeof createWriteAcceptance>;
