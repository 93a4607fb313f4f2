// Monthly usage counters per account. Periods are calendar months in UTC; they reset at 00:00 UTC
// on the first day of each month.
import type { Db } from "../storage/db.ts";

export function periodOf(now: Date): string {
  return now.toISOString().slice(0, 7);
}

export function nextReset(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

export function createUsageStore(db: Db) {
  const upsert = db.query(
    `INSERT INTO usage (account_id, period, reads, writes) VALUES (?1, ?2, ?3, ?4)
     ON CONFLICT (account_id, period) DO UPDATE SET reads = reads + ?3, writes = writes + ?4`,
  );
  const get = db.query<{ reads: number; writes: number }, [string, string]>(
    "SELECT reads, writes FROM usage WHERE account_id = ? AND period = ?",
  );
  return {
    charge(accountId: string, now: Date, reads: number, writes: number): void {
      if (reads === 0 && writes === 0) return;
      upsert.run(accountId, periodOf(now), reads, writes);
    },
    current(accountId: string, now: Date): { reads: number; writes: number } {
      return get.get(accountId, periodOf(now)) ?? { reads: 0, writes: 0 };
    },
  };
}

export type UsageStore = ReturnType<typeof createUsageStore>;
