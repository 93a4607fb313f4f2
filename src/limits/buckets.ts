// Token buckets: two per account (reads, writes), refilled continuously at the plan's rate up to its
// burst; one token per request whatever its size. Shared by every key, project and MCP connection
// of the account because they all live in this one process. Kept in memory: a restart refills them.
import type { Clock } from "../shared/clock.ts";

export type BucketClass = "reads" | "writes";

export interface TakeResult {
  allowed: boolean;
  limit: number; // bucket size (burst)
  remaining: number; // whole tokens left after this request
  /** Seconds until the next token when refused (also the Retry-After); 1 otherwise. */
  reset: number;
}

interface Bucket {
  tokens: number;
  at: number; // ms timestamp of the last refill
}

export function createTokenBuckets(clock: Clock) {
  const buckets = new Map<string, Bucket>();
  return {
    take(accountId: string, cls: BucketClass, burst: number, ratePerSecond: number): TakeResult {
      const key = `${accountId}:${cls}`;
      const now = clock.now().getTime();
      let b = buckets.get(key);
      if (!b) {
        b = { tokens: burst, at: now };
        buckets.set(key, b);
      }
      // Refill continuously; a plan change (smaller burst) takes effect at once.
      b.tokens = Math.min(burst, b.tokens + (Math.max(0, now - b.at) / 1000) * ratePerSecond);
      b.at = now;
      if (b.tokens >= 1) {
        b.tokens -= 1;
        return { allowed: true, limit: burst, remaining: Math.floor(b.tokens), reset: 1 };
      }
      const wait = ratePerSecond > 0 ? Math.max(1, Math.ceil((1 - b.tokens) / ratePerSecond)) : 60;
      return { allowed: false, limit: burst, remaining: 0, reset: wait };
    },
  };
}

export type TokenBuckets = ReturnType<typeof createTokenBuckets>;
