// The limits facade both transports share: the account's current plan (read once per request, so
// a plan change takes effect on the next one), the two token buckets, and the monthly allowances.
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import { ApiError } from "../errors/api-error.ts";
import { planFigures, type PlanFigures } from "./plans.ts";
import { createTokenBuckets, type BucketClass, type TakeResult } from "./buckets.ts";
import { createAllowances, type Allowances } from "./allowances.ts";
import { reportingRefusals, type RefusalReason } from "./refusals.ts";

export interface Limits {
  readonly enforce: boolean;
  /**
   * The account's plan. Given `request` (an object that lives for one request, such as its Meter),
   * the plan is read from the database once for that request and shared by every check it makes.
   */
  planOf(accountId: string, request?: object): PlanFigures;
  /** Takes one token of the class; `allowed: false` means refuse with 429 (see rateLimitError). */
  take(accountId: string, cls: BucketClass, request?: object): TakeResult;
  /** Takes a token or throws the 429 (for transports without headers, such as MCP). */
  admit(accountId: string, cls: BucketClass): void;
  allowances: Allowances;
}

export function rateLimitError(cls: BucketClass, r: TakeResult): ApiError {
  return new ApiError("rate_limit_exceeded", {
    detail: `Too many ${cls === "reads" ? "read" : "write"} requests; retry after ${r.reset} s.`,
    retryAfter: r.reset,
  });
}

const UNLIMITED: TakeResult = { allowed: true, limit: 0, remaining: 0, reset: 1 };

export function createLimits(deps: {
  db: Db;
  clock: Clock;
  enforce: boolean;
  /** The account's plan as stored (accounts/), or null when there is no such account. */
  storedPlan(accountId: string): { plan: string; custom_plan: string | null } | null;
  /** Memories that count toward the account's stored-memory limit (memories/). */
  storedMemories(accountId: string): number;
  /** Told of each request a limit refuses (the metrics count them). */
  onRefusal?: (reason: RefusalReason) => void;
}): Limits {
  const { db, clock, enforce } = deps;
  const buckets = createTokenBuckets(clock);
  const allowances = createAllowances({ db, clock, enforce, storedMemories: deps.storedMemories });
  const onRefusal = deps.onRefusal;

  // One plan lookup per request, not one per check: the lookup is most of what a check costs.
  const perRequest = new WeakMap<object, { accountId: string; plan: PlanFigures }>();

  function planOf(accountId: string, request?: object): PlanFigures {
    const seen = request ? perRequest.get(request) : undefined;
    if (seen && seen.accountId === accountId) return seen.plan;
    const row = deps.storedPlan(accountId);
    if (!row) throw new ApiError("unauthorized");
    const plan = planFigures(row.plan, row.custom_plan);
    if (request) perRequest.set(request, { accountId, plan });
    return plan;
  }

  function take(accountId: string, cls: BucketClass, request?: object): TakeResult {
    if (!enforce) return UNLIMITED;
    const plan = planOf(accountId, request);
    const r =
      cls === "reads"
        ? buckets.take(accountId, cls, plan.read_burst, plan.read_rate)
        : buckets.take(accountId, cls, plan.write_burst, plan.write_rate);
    if (!r.allowed) onRefusal?.(cls === "reads" ? "read_rate_limited" : "write_rate_limited");
    return r;
  }

  return {
    enforce,
    planOf,
    take,
    admit(accountId, cls) {
      const r = take(accountId, cls);
      if (!r.allowed) throw rateLimitError(cls, r);
    },
    allowances: onRefusal ? reportingRefusals(allowances, onRefusal) : allowances,
  };
}
