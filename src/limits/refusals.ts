// Which limit refused a request, reported as it happens (app.ts hands the metrics' counter in), for
// both transports: the token buckets (limits.take) and the monthly allowances and stored-memory limit.
import { ApiError } from "../errors/api-error.ts";
import type { Allowances } from "./allowances.ts";

export const REFUSAL_REASONS = [
  "read_rate_limited",
  "write_rate_limited",
  "monthly_read_quota_reached",
  "monthly_write_quota_reached",
  "memory_limit_reached",
] as const;

export type RefusalReason = (typeof REFUSAL_REASONS)[number];

const isReason = (reason: unknown): reason is RefusalReason => REFUSAL_REASONS.includes(reason as RefusalReason);

/** The allowances, reporting each refusal they throw (then throwing it on). */
export function reportingRefusals(allowances: Allowances, onRefusal: (reason: RefusalReason) => void): Allowances {
  const report = <T>(check: () => T): T => {
    try {
      return check();
    } catch (err) {
      if (err instanceof ApiError && isReason(err.reason)) onRefusal(err.reason);
      throw err;
    }
  };
  return {
    ...allowances,
    reserveReads: (accountId, plan, cost) => report(() => allowances.reserveReads(accountId, plan, cost)),
    reserveWrites: (accountId, plan, wanted) => report(() => allowances.reserveWrites(accountId, plan, wanted)),
    assertRoomForMemories: (accountId, plan) => report(() => allowances.assertRoomForMemories(accountId, plan)),
  };
}
