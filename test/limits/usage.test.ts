import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { openDatabase, type Db } from "../../src/storage/db.ts";
import { createUsageStore, nextReset, periodOf, type UsageStore } from "../../src/limits/usage.ts";
import { tempDir } from "../helpers.ts";

describe("periodOf", () => {
  test.each([
    ["2026-01-01T00:00:00.000Z", "2026-01"],
    ["2026-01-31T23:59:59.999Z", "2026-01"],
    ["2026-02-01T00:00:00.000Z", "2026-02"],
    ["2026-12-31T23:59:59.999Z", "2026-12"],
    ["2027-01-01T00:00:00.000Z", "2027-01"],
  ])("%s falls in %s", (at, period) => {
    expect(periodOf(new Date(at))).toBe(period);
  });

  test("counts in UTC, whatever the local offset of the instant's writer", () => {
    // 2026-03-01T00:30+01:00 is still February in UTC.
    expect(periodOf(new Date("2026-03-01T00:30:00+01:00"))).toBe("2026-02");
  });
});

describe("nextReset", () => {
  test.each([
    ["2026-01-15T12:00:00.000Z", "2026-02-01T00:00:00.000Z"],
    ["2026-01-01T00:00:00.000Z", "2026-02-01T00:00:00.000Z"],
    ["2026-01-31T23:59:59.999Z", "2026-02-01T00:00:00.000Z"],
    ["2026-02-28T10:00:00.000Z", "2026-03-01T00:00:00.000Z"],
    ["2028-02-29T10:00:00.000Z", "2028-03-01T00:00:00.000Z"],
    ["2026-12-01T00:00:00.000Z", "2027-01-01T00:00:00.000Z"],
    ["2026-12-31T23:59:59.999Z", "2027-01-01T00:00:00.000Z"],
  ])("after %s the allowance resets at %s", (at, reset) => {
    expect(nextReset(new Date(at)).toISOString()).toBe(reset);
  });

  test("is always later than now and starts the next period", () => {
    for (let month = 0; month < 12; month++) {
      const now = new Date(Date.UTC(2026, month, 17, 8));
      const reset = nextReset(now);
      expect(reset.getTime()).toBeGreaterThan(now.getTime());
      expect(periodOf(reset)).not.toBe(periodOf(now));
      expect(periodOf(new Date(reset.getTime() - 1))).toBe(periodOf(now));
    }
  });
});

describe("the usage store", () => {
  let dir: string;
  let db: Db;
  let usage: UsageStore;
  beforeAll(async () => {
    dir = tempDir();
    db = await openDatabase(dir);
    for (const id of ["acct_a", "acct_b"]) {
      db.run("INSERT INTO accounts (id, name, plan, created_at) VALUES (?, 'x', 'free', '2026-01-01T00:00:00.000Z')", [
        id,
      ]);
    }
    usage = createUsageStore(db);
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const jan = new Date("2026-01-10T00:00:00.000Z");
  const feb = new Date("2026-02-10T00:00:00.000Z");

  test("an account with no usage reads zero", () => {
    expect(usage.current("acct_a", jan)).toEqual({ reads: 0, writes: 0 });
  });

  test("charges accumulate within a period", () => {
    usage.charge("acct_a", jan, 5, 0);
    usage.charge("acct_a", new Date("2026-01-31T23:59:59.999Z"), 3, 2);
    usage.charge("acct_a", new Date("2026-01-01T00:00:00.000Z"), 0, 7);
    expect(usage.current("acct_a", jan)).toEqual({ reads: 8, writes: 9 });
  });

  test("a new month starts from zero and the old month keeps its count", () => {
    expect(usage.current("acct_a", feb)).toEqual({ reads: 0, writes: 0 });
    usage.charge("acct_a", feb, 1, 1);
    expect(usage.current("acct_a", feb)).toEqual({ reads: 1, writes: 1 });
    expect(usage.current("acct_a", jan)).toEqual({ reads: 8, writes: 9 });
    const rows = db
      .query<{ period: string }, [string]>("SELECT period FROM usage WHERE account_id = ? ORDER BY period")
      .all("acct_a");
    expect(rows.map((r) => r.period)).toEqual(["2026-01", "2026-02"]);
  });

  test("accounts are counted apart", () => {
    usage.charge("acct_b", jan, 100, 10);
    expect(usage.current("acct_b", jan)).toEqual({ reads: 100, writes: 10 });
    expect(usage.current("acct_a", jan)).toEqual({ reads: 8, writes: 9 });
  });

  test("a charge of nothing writes no row", () => {
    usage.charge("acct_b", new Date("2030-05-05T00:00:00Z"), 0, 0);
    expect(db.query("SELECT * FROM usage WHERE period = '2030-05'").all()).toEqual([]);
  });

  test("December rolls over to January of the next year", () => {
    usage.charge("acct_b", new Date("2026-12-31T23:59:59.999Z"), 4, 0);
    usage.charge("acct_b", new Date("2027-01-01T00:00:00.000Z"), 1, 0);
    expect(usage.current("acct_b", new Date("2026-12-15T00:00:00Z")).reads).toBe(4);
    expect(usage.current("acct_b", new Date("2027-01-15T00:00:00Z")).reads).toBe(1);
  });
});
