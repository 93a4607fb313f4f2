// The limits facade both transports share: the account's current plan (read per request, so a
// plan change takes effect on the next one), the two token buckets, and the monthly allowances.
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import { ApiError } from "../errors/api-error.ts";
import { planFigures, type PlanFigures } from "../accounts/plans.ts";
import { createTokenBuckets, type BucketClass, type TakeResult } from "./buckets.ts";
import { createAllowances, type Allowances } from "./allowances.ts";

export interface Limits {
  readonly enforce: boolean;
  planOf(accountId: string): PlanFigures;
  /** Takes one token of the class; `allowed: false` means refuse with 429 (see rateLimitError). */
  take(accountId: string, cls: BucketClass): TakeResult;
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

export function createLimits(deps: { db: Db; clock: Clock; enforce: boolean }): Limits {
  const { db, clock, enforce } = deps;
  const buckets = createTokenBuckets(clock);
  const planQuery = db.query<{ plan: string; custom_plan: string | null }, [string]>("SELECT plan, custom_plan FROM accounts WHERE id = ?");

  function planOf(accountId: string): PlanFigures {
    const row = planQuery.get(accountId);
    if (!row) throw new ApiError("unauthorized");
    return planFigures(row.plan, row.custom_plan);
  }

  function take(accountId: string, cls: BucketClass): TakeResult {
    if (!enforce) return UNLIMITED;
    const plan = planOf(accountId);
    return cls === "reads"
      ? buckets.take(accountId, cls, plan.read_burst, plan.read_rate)
      : buckets.take(accountId, cls, plan.write_burst, plan.write_rate);
  }

  return {
    enforce,
    planOf,
    take,
    admit(accountId, cls) {
      const r = take(accountId, cls);
      if (!r.allowed) throw rateLimitError(cls, r);
    },
    allowances: createAllowances({ db, clock, enforce }),
  };
}
