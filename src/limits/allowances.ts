// Monthly read/write allowances and the stored-memory limit, counted per account across its
// projects. Each check-and-charge is one conditional UPDATE, so concurrent requests can never pass
// more than the allowance, and the counters live in SQLite (they survive a restart).
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import { ApiError } from "../errors/api-error.ts";
import type { PlanFigures } from "./plans.ts";
import { nextReset, periodOf } from "./usage.ts";
import { isFull } from "../storage/busy.ts";
import { createDailyUsage, dayOf } from "./daily.ts";

export interface Allowances {
  /** Reserves `cost` reads or throws 429 monthly_read_quota_reached. Returns a refund for reads that must not count. */
  reserveReads(accountId: string, plan: PlanFigures, cost: number): () => void;
  /** Reserves up to `wanted` writes (at least one) or throws 429 monthly_write_quota_reached. Returns the number granted. */
  reserveWrites(accountId: string, plan: PlanFigures, wanted: number): number;
  /** Charges one write if the allowance has room; false when it is used up (the fact is discarded). */
  tryChargeWrite(accountId: string, plan: PlanFigures): boolean;
  /** Active memories that count toward the stored-memory limit. */
  storedMemories(accountId: string): number;
  /** Throws 409 memory_limit_reached when the account holds its limit. */
  assertRoomForMemories(accountId: string, plan: PlanFigures): void;
}

export function createAllowances(deps: {
  db: Db;
  clock: Clock;
  enforce: boolean;
  storedMemories(accountId: string): number;
}): Allowances {
  const { db, clock, enforce, storedMemories } = deps;
  const ensureRow = db.query(
    "INSERT INTO usage (account_id, period, reads, writes) VALUES (?, ?, 0, 0) ON CONFLICT DO NOTHING",
  );
  const addReads = db.query(
    "UPDATE usage SET reads = reads + ?1 WHERE account_id = ?2 AND period = ?3 AND (?4 OR reads + ?1 <= ?5)",
  );
  const addWrites = db.query(
    "UPDATE usage SET writes = writes + ?1 WHERE account_id = ?2 AND period = ?3 AND (?4 OR writes + ?1 <= ?5)",
  );
  const current = db.query<{ reads: number; writes: number }, [string, string]>(
    "SELECT reads, writes FROM usage WHERE account_id = ? AND period = ?",
  );
  // Each charge of a monthly counter adds to the day's counts in the same transaction (the usage chart).
  const daily = createDailyUsage(db);
  const charge = (
    update: ReturnType<typeof db.query>,
    amount: number,
    accountId: string,
    period: string,
    limit: [number, number],
    kind: "reads" | "writes",
  ): boolean =>
    db.transaction(() => {
      if (update.run(amount, accountId, period, ...limit).changes === 0) return false;
      const day = dayOf(clock.now());
      daily.add(accountId, day, kind === "reads" ? amount : 0, kind === "writes" ? amount : 0);
      return true;
    })();

  function refusal(kind: "read" | "write", limit: number, used: number): ApiError {
    const now = clock.now();
    const reset = nextReset(now);
    return new ApiError("rate_limit_exceeded", {
      reason: kind === "read" ? "monthly_read_quota_reached" : "monthly_write_quota_reached",
      detail: `The monthly ${kind} allowance of ${limit} is used up; it resets at ${reset.toISOString()}.`,
      limit,
      used,
      resetsAt: reset.toISOString(),
      retryAfter: Math.ceil((reset.getTime() - now.getTime()) / 1000),
    });
  }

  // Reads served while the disk is full cannot be written to the counter (charging a read is a
  // write): they are owed in memory, checked against the allowance like any other, and added to the
  // counter with the account's next read that can be written. A restart before then forgets them.
  const owed = new Map<string, { period: string; reads: number }>();
  const owedIn = (accountId: string, period: string) => {
    const debt = owed.get(accountId);
    return debt?.period === period ? debt.reads : 0;
  };
  const owe = (accountId: string, period: string, reads: number) =>
    owed.set(accountId, { period, reads: owedIn(accountId, period) + reads });

  return {
    reserveReads(accountId, plan, cost) {
      const period = periodOf(clock.now());
      const day = dayOf(clock.now());
      const carried = owedIn(accountId, period);
      try {
        ensureRow.run(accountId, period);
        const charged = charge(addReads, cost + carried, accountId, period, [enforce ? 0 : 1, plan.reads], "reads");
        if (!charged) throw refusal("read", plan.reads, (current.get(accountId, period)?.reads ?? 0) + carried);
        owed.delete(accountId);
      } catch (err) {
        if (!isFull(err)) throw err;
        const used = (current.get(accountId, period)?.reads ?? 0) + carried;
        if (enforce && used + cost > plan.reads) throw refusal("read", plan.reads, used);
        owe(accountId, period, cost);
      }
      return () => {
        try {
          db.transaction(() => {
            db.run("UPDATE usage SET reads = max(0, reads - ?) WHERE account_id = ? AND period = ?", [
              cost,
              accountId,
              period,
            ]);
            daily.add(accountId, day, -cost, 0);
          })();
        } catch (err) {
          if (!isFull(err)) throw err;
          owe(accountId, period, -cost);
        }
      };
    },

    reserveWrites(accountId, plan, wanted) {
      const period = periodOf(clock.now());
      ensureRow.run(accountId, period);
      const used = current.get(accountId, period)?.writes ?? 0;
      const granted = enforce ? Math.min(wanted, plan.writes - used) : wanted;
      if (granted < 1) throw refusal("write", plan.writes, used);
      charge(addWrites, granted, accountId, period, [1, 0], "writes");
      return granted;
    },

    tryChargeWrite(accountId, plan) {
      const period = periodOf(clock.now());
      ensureRow.run(accountId, period);
      return charge(addWrites, 1, accountId, period, [enforce ? 0 : 1, plan.writes], "writes");
    },

    storedMemories,

    assertRoomForMemories(accountId, plan) {
      if (!enforce) return;
      const used = storedMemories(accountId);
      if (used >= plan.memories) {
        throw new ApiError("conflict", {
          reason: "memory_limit_reached",
          detail: `The account holds ${used} memories, its plan's limit of ${plan.memories}. Forget memories to make room.`,
          limit: plan.memories,
          used,
        });
      }
    },
  };
}
