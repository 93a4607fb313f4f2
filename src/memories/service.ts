// The memory service: every operation both transports (REST, MCP) offer. Inputs arrive already
// validated against the shared schemas; writes are accepted by writes.ts, reads are ranked by
// retrieval/; this layer charges reads on the request's Meter and throws ApiError for every refusal.
import type { Clock } from "../shared/clock.ts";
import type { Meter } from "../shared/meter.ts";
import { isMemoryId } from "../shared/ids.ts";
import type { Principal } from "../domain/principal.ts";
import { scopeFilter } from "../domain/scope.ts";
import { toRecord, type ListEnvelope, type MemoryRecord } from "../domain/memory.ts";
import { ApiError, notFound } from "../errors/api-error.ts";
import type { Limits } from "../limits/index.ts";
import type { Retrieval } from "../retrieval/index.ts";
import type { ContextResponse } from "../retrieval/context.ts";
import type { MemoryRepository } from "./repository.ts";
import type { WriteAcceptance } from "./writes.ts";
import { LIMITS, type FeedbackBody, type ListParams, type SearchBody } from "./schemas.ts";

export const READ_COST = { get: 1, list: 1, search: 1, recall: 1, inspect: 3, context: 5 } as const;

export interface InspectResponse {
  object: "memory_inspection";
  memory: MemoryRecord;
  versions: Array<{
    version: number;
    content: string;
    occurred_at: string | null;
    created_at: string;
    change: string;
    source: unknown;
    supersedes?: number;
  }>;
  relationships: Array<{ memory_id: string; type: string; strength: number; content: string }>;
}

export function createMemoryService(deps: {
  clock: Clock;
  memories: MemoryRepository;
  writes: WriteAcceptance;
  limits: Limits;
  retrieval: Retrieval;
}) {
  const { clock, memories, limits, retrieval } = deps;

  /**
   * Runs a read and charges its cost: reserved first (429 when fewer reads remain than the cost), kept
   * when the read completes, whatever it returns (a 404 included), refunded when it ends in any other
   * error (docs/api.md: Limits; a read refused with 400 or failing with 5xx uses none). `fn` may return a promise.
   */
  function charged<T>(p: Principal, meter: Meter, cost: number, fn: () => T): T {
    const refund = meter.time("db", () =>
      limits.allowances.reserveReads(p.accountId, limits.planOf(p.accountId, meter), cost),
    );
    const completed = <V>(value: V) => {
      meter.reads += cost;
      return value;
    };
    const failed = (err: unknown): never => {
      if (err instanceof ApiError && err.status === 404) meter.reads += cost;
      else refund();
      throw err;
    };
    try {
      const result = fn();
      return result instanceof Promise ? (result.then(completed, failed) as T) : completed(result);
    } catch (err) {
      return failed(err);
    }
  }

  function requireActive(p: Principal, id: string) {
    const row = isMemoryId(id) ? memories.getActive(p.projectId, id) : null;
    // One answer for missing, forming, forgotten and another project's memory (docs/api.md: Errors, not_found);
    // the detail does not echo the id, so the bodies are identical apart from `instance`.
    if (!row) throw notFound("No such memory in this project.");
    return row;
  }

  function resolveCursor(p: Principal, name: string, id: string | undefined): number | undefined {
    if (id === undefined || id === "") return undefined;
    const row = isMemoryId(id) ? memories.getActive(p.projectId, id) : null;
    if (!row) {
      // `errors` belongs to validation_error (docs/api.md: Errors); the detail names the parameter instead.
      throw new ApiError("invalid_argument", { detail: `${name} must be the id of a memory in this list (mem_...).` });
    }
    return row.seq;
  }

  return {
    create: deps.writes.create,
    import: deps.writes.import,

    list(p: Principal, meter: Meter, params: ListParams): ListEnvelope<MemoryRecord> {
      if (params.starting_after && params.ending_before) {
        throw new ApiError("invalid_argument", { detail: "Give starting_after or ending_before, not both." });
      }
      const startingAfterSeq = resolveCursor(p, "starting_after", params.starting_after);
      const endingBeforeSeq = resolveCursor(p, "ending_before", params.ending_before);
      return charged(p, meter, READ_COST.list, () =>
        meter.time("db", () => {
          const limit = params.limit ?? LIMITS.listLimitDefault;
          const { rows, hasMore } = memories.list(p.projectId, {
            limit,
            startingAfterSeq,
            endingBeforeSeq,
            scope: scopeFilter(params as Record<string, string>),
          });
          return { object: "list", data: rows.map((r) => toRecord(r)), has_more: hasMore };
        }),
      );
    },

    get(p: Principal, meter: Meter, id: string): MemoryRecord {
      return charged(p, meter, READ_COST.get, () => meter.time("db", () => toRecord(requireActive(p, id))));
    },

    inspect(p: Principal, meter: Meter, id: string): InspectResponse {
      return charged(p, meter, READ_COST.inspect, () =>
        meter.time("db", () => {
          const row = requireActive(p, id);
          return {
            object: "memory_inspection",
            memory: toRecord(row),
            versions: memories.versions(row.id).map(({ supersedes, source, ...v }) => ({
              ...v,
              source: JSON.parse(source),
              ...(supersedes !== null ? { supersedes } : {}),
            })),
            relationships: memories.relationships(row.id),
          };
        }),
      );
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
      const limit = Math.min(
        LIMITS.searchLimitMax,
        Math.max(LIMITS.searchLimitMin, body.limit ?? LIMITS.searchLimitDefault),
      );
      return charged(p, meter, READ_COST.search, async (): Promise<ListEnvelope<MemoryRecord>> => {
        const ranked = await retrieval.search(p.projectId, body.query, body.scope ?? {}, limit, meter);
        return { object: "list", data: ranked.map((r) => toRecord(r.row, r.score)), has_more: false };
      });
    },

    /** The best memory when it is confident enough (retrieval's threshold); otherwise a 200 not_found. */
    recall(
      p: Principal,
      meter: Meter,
      body: SearchBody,
    ): Promise<MemoryRecord | { object: "memory"; status: "not_found" }> {
      return charged(
        p,
        meter,
        READ_COST.recall,
        async (): Promise<MemoryRecord | { object: "memory"; status: "not_found" }> => {
          const best = await retrieval.recall(p.projectId, body.query, body.scope ?? {}, meter);
          return best ? toRecord(best.row, best.score) : { object: "memory", status: "not_found" };
        },
      );
    },

    /** The best match, the memories related to it, then the next best matches: ~1,000 characters; 404 when nothing is relevant. */
    context(p: Principal, meter: Meter, body: SearchBody): Promise<ContextResponse> {
      return charged(p, meter, READ_COST.context, async () => {
        const context = await retrieval.context(p.projectId, body.query, body.scope ?? {}, meter);
        if (!context) throw new ApiError("not_found", { detail: "No context is available for this query right now." });
        return context;
      });
    },
  };
}

export type MemoryService = ReturnType<typeof createMemoryService>;
