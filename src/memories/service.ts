// The memory service: every operation both transports (REST, MCP) offer. Inputs arrive already
// validated against the shared schemas; this layer applies the rules beyond them, charges reads
// and writes on the request's Meter, and throws ApiError for every refusal.
import { durably, type Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import type { Meter } from "../shared/meter.ts";
import type { Principal } from "../accounts/repository.ts";
import type { Limits } from "../limits/index.ts";
import type { JobStore } from "../formation/jobs.ts";
import type { Retrieval } from "../retrieval/index.ts";
import { ApiError, notFound } from "../errors/api-error.ts";
import { isMemoryId } from "../shared/ids.ts";
import type { MemoryRepository } from "./repository.ts";
import { LIMITS, type CreateMemoryBody, type FeedbackBody, type ImportBody, type ListParams, type SearchBody } from "./schemas.ts";
import { SCOPE_FIELDS, toRecord, type ListEnvelope, type MemoryRecord, type Scope } from "./types.ts";
import { prepareCreate, prepareImport, requestHash } from "./writes.ts";
import { composeContext } from "./context.ts";
import type { PolicyStore } from "../formation/policy.ts";
import { redactSecrets } from "../formation/secrets.ts";

export const READ_COST = { get: 1, list: 1, search: 1, recall: 1, inspect: 3, context: 5 } as const;

export interface InspectResponse {
  object: "memory_inspection";
  memory: MemoryRecord;
  versions: Array<{ version: number; content: string; occurred_at: string | null; created_at: string; change: string; source: unknown; supersedes?: number }>;
  relationships: Array<{ memory_id: string; type: string; strength: number; content: string }>;
}

export interface ContextResponse {
  object: "context";
  context: string;
  memory_ids: string[];
}

export function createMemoryService(deps: {
  db: Db;
  clock: Clock;
  memories: MemoryRepository;
  jobs: JobStore;
  limits: Limits;
  retrieval: Retrieval;
  queueBound: number;
  onEnqueued(): void;
  policies: PolicyStore;
}) {
  const { db, clock, memories, jobs, limits, retrieval } = deps;
  const { allowances } = limits;
  /**
   * When each recent accepted write was answered (performance.now()), by project and request hash,
   * oldest first: an identical write that arrived before that moment raced it (decisions.md,
   * Identical writes) and is refused with 409; one that arrives after it finds the job forming.
   */
  const answeredAt = new Map<string, number>();
  const RACE_MEMORY_MS = 60_000;

  /**
   * Reserves a read's cost (refused with 429 when fewer reads remain than the cost). The read then
   * settles it: kept when the read completes, whatever it returns (a 404 included); refunded when it
   * ends in any other error (spec: a read refused with 400 or failing with 5xx uses none).
   */
  function reserveRead(p: Principal, meter: Meter, cost: number) {
    const refund = meter.time("db", () => allowances.reserveReads(p.accountId, limits.planOf(p.accountId, meter), cost));
    return {
      completed: () => void (meter.reads += cost),
      failed(err: unknown) {
        if (err instanceof ApiError && err.status === 404) meter.reads += cost;
        else refund();
      },
    };
  }

  /** Runs a read whose work is synchronous (timed as `db`), charged as reserveRead says. */
  function read<T>(p: Principal, meter: Meter, cost: number, fn: () => T): T {
    const charge = reserveRead(p, meter, cost);
    try {
      const result = meter.time("db", fn);
      charge.completed();
      return result;
    } catch (err) {
      charge.failed(err);
      throw err;
    }
  }

  /** read() for work that awaits (a query embedding by a provider). */
  async function readAsync<T>(p: Principal, meter: Meter, cost: number, fn: () => Promise<T>): Promise<T> {
    const charge = reserveRead(p, meter, cost);
    try {
      const result = await fn();
      charge.completed();
      return result;
    } catch (err) {
      charge.failed(err);
      throw err;
    }
  }

  function requireActive(p: Principal, id: string) {
    const row = isMemoryId(id) ? memories.getActive(p.projectId, id) : null;
    // One answer for missing, forming, forgotten and another project's memory (spec: not_found);
    // the detail does not echo the id, so the bodies are identical apart from `instance`.
    if (!row) throw notFound("No such memory in this project.");
    return row;
  }

  /**
   * Commits the job and its acceptance charge in one transaction, unless an identical write is
   * forming. `enqueue` gets the writes granted by the allowance (at least one) and stores the job.
   */
  function accept(p: Principal, meter: Meter, endpoint: string, body: unknown, wanted: number, enqueue: (hash: string, now: string, granted: number) => void): void {
    const hash = requestHash(endpoint, body);
    const key = `${p.projectId}:${hash}`;
    const now = performance.now();
    for (const [k, at] of answeredAt) {
      if (now - at < RACE_MEMORY_MS) break;
      answeredAt.delete(k);
    }
    const first = answeredAt.get(key);
    if (first !== undefined && meter.startedAt < first) {
      throw new ApiError("conflict", { reason: "duplicate_request_in_progress", detail: "An identical request is still being answered.", retryAfter: 1 });
    }
    // Synchronous from here to the response: no other request can run in between.
    const charged = meter.time("db", () =>
      durably(db, () => {
        if (jobs.isForming(p.projectId, hash)) return 0; // a repeat while the first is forming counts nothing
        if (jobs.queuedCount() >= deps.queueBound) {
          throw new ApiError("capacity_exceeded", { detail: "The formation queue is full; retry shortly.", retryAfter: 5 });
        }
        const plan = limits.planOf(p.accountId, meter);
        allowances.assertRoomForMemories(p.accountId, plan);
        const granted = allowances.reserveWrites(p.accountId, plan, wanted);
        enqueue(hash, clock.now().toISOString(), granted);
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

  /** Secrets never reach storage, not even the durable job: the project's policy redacts them on acceptance. */
  function redacted<T extends { content: string }>(projectId: string, items: T[]): T[] {
    if (!deps.policies.forExtraction(projectId).redactSecrets) return items;
    return items.map((m) => ({ ...m, content: redactSecrets(m.content) }));
  }

  function filterScope(params: Partial<Record<string, string>>): Scope {
    const scope: Scope = {};
    for (const f of SCOPE_FIELDS) if (params[f]) scope[f] = params[f];
    return scope;
  }

  function resolveCursor(p: Principal, name: string, id: string | undefined): number | undefined {
    if (id === undefined || id === "") return undefined;
    const row = isMemoryId(id) ? memories.getActive(p.projectId, id) : null;
    if (!row) {
      // `errors` belongs to validation_error (spec: Errors); the detail names the parameter instead.
      throw new ApiError("invalid_argument", { detail: `${name} must be the id of a memory in this list (mem_...).` });
    }
    return row.seq;
  }

  /**
   * Ranked by the hybrid retriever, then feedback: negative halves the score, very_negative quarters
   * it and keeps the memory out of recall and context.
   */
  async function rank(p: Principal, meter: Meter, query: string, scope: Scope, limit: number, excludeVeryNegative: boolean) {
    const hits = await retrieval.search(p.projectId, query, scope, Math.max(limit * 2, limit + 10), meter);
    const ratings = meter.time("db", () => memories.latestRatings(hits.map((h) => h.row.id)));
    return hits
      .filter((h) => !(excludeVeryNegative && ratings.get(h.row.id) === "very_negative"))
      .map((h) => {
        const r = ratings.get(h.row.id);
        const factor = r === "negative" ? 0.5 : r === "very_negative" ? 0.25 : 1;
        return { row: h.row, score: Math.round(h.score * factor * 1e4) / 1e4 };
      })
      .sort((a, b) => b.score - a.score) // stable: equal scores keep the retriever's order
      .slice(0, limit);
  }

  return {
    create(p: Principal, meter: Meter, body: CreateMemoryBody): void {
      const [payload] = redacted(p.projectId, [prepareCreate(body, clock.now())]);
      accept(p, meter, "POST /v1/memories", body, 1, (hash, now) => {
        jobs.insert({ projectId: p.projectId, accountId: p.accountId, kind: "create", payload, requestHash: hash, now });
      });
    },

    import(p: Principal, meter: Meter, body: ImportBody): void {
      const prepared = prepareImport(body, clock.now());
      const chunks = prepared.chunks;
      const payload = { ...prepared.payload, messages: redacted(p.projectId, prepared.payload.messages) };
      // Chunks past the write allowance are discarded (spec: the part past the allowance).
      accept(p, meter, "POST /v1/memories/import", body, chunks, (hash, now, granted) => {
        const kept = granted < chunks ? { ...payload, allowed_chunks: granted } : payload;
        jobs.insert({ projectId: p.projectId, accountId: p.accountId, kind: "import", payload: kept, requestHash: hash, now });
      });
    },

    list(p: Principal, meter: Meter, params: ListParams): ListEnvelope<MemoryRecord> {
      if (params.starting_after && params.ending_before) {
        throw new ApiError("invalid_argument", { detail: "Give starting_after or ending_before, not both." });
      }
      const startingAfterSeq = resolveCursor(p, "starting_after", params.starting_after);
      const endingBeforeSeq = resolveCursor(p, "ending_before", params.ending_before);
      return read(p, meter, READ_COST.list, () => {
        const { rows, hasMore } = memories.list(p.projectId, {
          limit: params.limit ?? LIMITS.listLimitDefault,
          startingAfterSeq,
          endingBeforeSeq,
          scope: filterScope(params as Record<string, string>),
        });
        return { object: "list", data: rows.map((r) => toRecord(r)), has_more: hasMore };
      });
    },

    get(p: Principal, meter: Meter, id: string): MemoryRecord {
      return read(p, meter, READ_COST.get, () => toRecord(requireActive(p, id)));
    },

    inspect(p: Principal, meter: Meter, id: string): InspectResponse {
      return read(p, meter, READ_COST.inspect, () => {
        const row = requireActive(p, id);
        return {
          object: "memory_inspection",
          memory: toRecord(row),
          versions: memories.versions(row.id).map(({ supersedes, source, ...v }) => ({ ...v, source: JSON.parse(source), ...(supersedes !== null ? { supersedes } : {}) })),
          relationships: memories.relationships(row.id),
        };
      });
    },

    /** Forgets a memory. Costs nothing; 404 when missing, forming or already forgotten. */
    forget(p: Principal, meter: Meter, id: string): void {
      meter.time("db", () => {
        requireActive(p, id);
        memories.forget(p.projectId, id, clock.now().toISOString());
      });
    },

    feedback(p: Principal, meter: Meter, id: string, body: FeedbackBody): void {
      meter.time("db", () => {
        const row = requireActive(p, id);
        memories.addFeedback(p.projectId, row.id, body.rating, body.comment ?? null, clock.now().toISOString());
      });
    },

    search(p: Principal, meter: Meter, body: SearchBody): Promise<ListEnvelope<MemoryRecord>> {
      const limit = Math.min(LIMITS.searchLimitMax, Math.max(LIMITS.searchLimitMin, body.limit ?? LIMITS.searchLimitDefault));
      return readAsync(p, meter, READ_COST.search, async () => {
        const ranked = await rank(p, meter, body.query, body.scope ?? {}, limit, false);
        return { object: "list", data: ranked.map((r) => toRecord(r.row, r.score)), has_more: false };
      });
    },

    /** The best memory when it is confident enough (retrieval's threshold); otherwise a 200 not_found. */
    recall(p: Principal, meter: Meter, body: SearchBody): Promise<MemoryRecord | { object: "memory"; status: "not_found" }> {
      return readAsync(p, meter, READ_COST.recall, async () => {
        const [best] = await rank(p, meter, body.query, body.scope ?? {}, 1, true);
        return best && best.score >= retrieval.recallThreshold ? toRecord(best.row, best.score) : { object: "memory", status: "not_found" };
      });
    },

    /** The best match, the memories related to it, then the next best matches: ~1,000 characters; 404 when nothing is relevant. */
    context(p: Principal, meter: Meter, body: SearchBody): Promise<ContextResponse> {
      return readAsync(p, meter, READ_COST.context, async () => {
        const ranked = (await rank(p, meter, body.query, body.scope ?? {}, 8, true)).filter((r) => r.score >= retrieval.contextThreshold);
        if (ranked.length === 0) throw new ApiError("not_found", { detail: "No context is available for this query right now." });
        return meter.time("db", () => {
          const [best, ...rest] = ranked.map((r) => r.row);
          const ratings = memories.latestRatings(memories.relationships(best!.id).map((r) => r.memory_id));
          const related = memories
            .relationships(best!.id)
            .filter((r) => r.type !== "supersedes" && ratings.get(r.memory_id) !== "very_negative")
            .map((r) => memories.getActive(p.projectId, r.memory_id))
            .filter((r) => r !== null);
          return composeContext([best!, ...related, ...rest]);
        });
      });
    },
  };
}

export type MemoryService = ReturnType<typeof createMemoryService>;
