// Reads and writes per account and UTC day, for the dashboard's usage chart. They are charged by
// allowances.ts in the transaction of the monthly counter they accompany, so the two never disagree;
// the monthly counter alone is what the allowance checks.
import type { Db } from "../storage/db.ts";

export interface DayUsage {
  day: string; // YYYY-MM-DD, UTC
  reads: number;
  writes: number;
}

export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

export function createDailyUsage(db: Db) {
  const add = db.query(
    `INSERT INTO usage_daily (account_id, day, reads, writes) VALUES (?1, ?2, max(0, ?3), max(0, ?4))
     ON CONFLICT (account_id, day) DO UPDATE SET reads = max(0, reads + ?3), writes = max(0, writes + ?4)`,
  );
  const range = db.query<DayUsage, [string, string, string]>(
    "SELECT day, reads, writes FROM usage_daily WHERE account_id = ? AND day >= ? AND day <= ? ORDER BY day",
  );
  return {
    /** Adds to (or, negative, takes from) the day's counts. */
    add(accountId: string, day: string, reads: number, writes: number): void {
      if (reads !== 0 || writes !== 0) add.run(accountId, day, reads, writes);
    },
    /** Every day from `from` to `to` (inclusive, YYYY-MM-DD), zeros included, oldest first. */
    series(accountId: string, from: string, to: string): DayUsage[] {
      const stored = new Map(range.all(accountId, from, to).map((r) => [r.day, r]));
      const days: DayUsage[] = [];
      for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
        const day = dayOf(new Date(t));
        days.push(stored.get(day) ?? { day, reads: 0, writes: 0 });
      }
      return days;
    },
  };
}

export type DailyUsage = ReturnType<typeof createDailyUsage>;
