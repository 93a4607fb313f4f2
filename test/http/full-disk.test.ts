// A full disk without root: SQLite's own SQLITE_FULL, made by capping the database's size
// (PRAGMA max_page_count) after a VACUUM (no free pages), or injected into a real statement.
// test/e2e/full-disk.test.ts runs the same rules on a real full tmpfs.
import { afterEach, describe, expect, test } from "bun:test";
import type { Database } from "bun:sqlite";
import { rmSync } from "node:fs";
import { createHarness, tempDir, type Harness } from "../helpers.ts";
import { openDatabase } from "../../src/storage/db.ts";
import { createAllowances } from "../../src/limits/allowances.ts";
import { planFigures } from "../../src/limits/plans.ts";
import { fixedClock } from "../../src/shared/clock.ts";
import { createLogger, createRepeatLog } from "../../src/shared/logger.ts";
import { errorBackoff } from "../../src/shared/work-loop.ts";
import { isFull } from "../../src/storage/busy.ts";

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
});

/** Caps the database at its present size: any write that needs a new page is SQLITE_FULL. */
function capSize(db: Database): () => void {
  db.run("VACUUM");
  const pages = db.query<{ n: number }, []>("SELECT page_count AS n FROM pragma_page_count()").get()!.n;
  db.run(`PRAGMA max_page_count = ${pages}`);
  return () => db.run("PRAGMA max_page_count = 1073741823");
}

const passage = (n: number) =>
  `Maya started as a nurse at St Mary's hospital in ${n === 1 ? "March" : "April"}. ${"She works nights in the Pediatrics ward and takes the 22:10 tram home. ".repeat(60)}`;

describe("a full disk, in process", () => {
  test("a write is refused with 503 capacity_exceeded naming storage, with Retry-After; reads are served; space back, writes are accepted", async () => {
    h = await createHarness();
    const restore = capSize(h.engram.db);
    const r = await h.call("POST", "/v1/memories", { body: { content: passage(1) } });
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("30");
    expect(r.headers.get("content-type")).toContain("application/problem+json");
    expect(await r.json()).toMatchObject({ code: "capacity_exceeded", reason: "storage_full" });
    // The same through an Idempotency-Key (its record is a write outside the handler).
    const keyed = await h.call("POST", "/v1/memories", {
      body: { content: passage(2) },
      headers: { "idempotency-key": "full-disk-1" },
    });
    expect(keyed.status).toBe(503);
    expect((await h.call("GET", "/v1/memories", { key: h.demo.key })).status).toBe(200);
    expect((await h.call("POST", "/v1/memories/search", { key: h.demo.key, body: { query: "nurse" } })).status).toBe(
      200,
    );
    restore();
    expect((await h.call("POST", "/v1/memories", { body: { content: passage(1) } })).status).toBe(202);
    expect(await h.form()).toBe(1);
  });

  test("formation on a full disk spends no attempt of the job, and forms it once space returns", async () => {
    h = await createHarness();
    expect((await h.call("POST", "/v1/memories", { body: { content: passage(1) } })).status).toBe(202);
    const restore = capSize(h.engram.db);
    let thrown: unknown = null;
    await h.engram.formation.runStep().catch((err) => (thrown = err));
    expect(isFull(thrown)).toBe(true);
    const job = h.engram.db.query<{ attempts: number; status: string }, []>("SELECT attempts, status FROM jobs").get();
    expect(job).toEqual({ attempts: 0, status: "queued" });
    restore();
    expect(await h.form()).toBe(1);
    expect((await h.call("POST", "/v1/memories/search", { body: { query: "Where does Maya work?" } })).status).toBe(
      200,
    );
  });

  test("reads served while the counter cannot be written are owed, checked against the allowance, and written later", async () => {
    const dir = tempDir();
    const db = await openDatabase(dir);
    db.run("PRAGMA foreign_keys = OFF"); // counters of an account this test does not create
    try {
      let full = false;
      const fullError = () => Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" });
      // The real statements, failing as SQLite does on a full disk while `full` is set.
      const faulty = new Proxy(db, {
        get(target, prop) {
          if (prop === "query")
            return (sql: string) => {
              const stmt = target.query(sql);
              const writes = /^\s*(INSERT|UPDATE)/i.test(sql);
              return new Proxy(stmt, {
                get(s, p) {
                  const v = Reflect.get(s, p, s);
                  if (p === "run" && writes)
                    return (...a: unknown[]) => {
                      if (full) throw fullError();
                      return v.apply(s, a);
                    };
                  return typeof v === "function" ? v.bind(s) : v;
                },
              });
            };
          if (prop === "run")
            return (...a: Parameters<Database["run"]>) => {
              if (full) throw fullError();
              return target.run(...a);
            };
          const v = Reflect.get(target, prop, target);
          return typeof v === "function" ? v.bind(target) : v;
        },
      });
      const clock = fixedClock(new Date("2026-11-23T10:00:00Z"));
      const allowances = createAllowances({ db: faulty as Database, clock, enforce: true, storedMemories: () => 0 });
      const plan = { ...planFigures("free", null), reads: 10 };
      const reads = () =>
        db.query<{ reads: number }, []>("SELECT reads FROM usage WHERE period = '2026-11'").get()?.reads ?? 0;

      allowances.reserveReads("acct_a", plan, 4);
      expect(reads()).toBe(4);
      full = true;
      allowances.reserveReads("acct_a", plan, 3); // served, owed
      const refund = allowances.reserveReads("acct_a", plan, 2);
      refund(); // a read that must not count, refunded while still full
      expect(() => allowances.reserveReads("acct_a", plan, 4)).toThrow(/allowance of 10 is used up/); // 4 + 3 + 4 > 10
      expect(reads()).toBe(4);
      full = false;
      allowances.reserveReads("acct_a", plan, 1); // writes the owed 3 with it
      expect(reads()).toBe(8);
    } finally {
      db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("background errors back off (1 s doubling to a minute) and a repeated one is logged once per minute", () => {
    expect([1, 2, 3, 4, 7, 20].map((n) => errorBackoff(n))).toEqual([1_000, 2_000, 4_000, 8_000, 60_000, 60_000]);
    const lines: Array<{ msg: string; repeated?: number }> = [];
    const logger = createLogger("info", { write: (l: string) => lines.push(JSON.parse(l)) });
    let now = 0;
    const log = createRepeatLog(logger, 60_000, () => now);
    for (let i = 0; i < 500; i++, now += 10) log("SQLITE_FULL", {}, "formation loop error");
    log("other", {}, "another error");
    now = 60_000;
    log("SQLITE_FULL", {}, "formation loop error");
    expect(lines.map((l) => [l.msg, l.repeated])).toEqual([
      ["formation loop error", undefined],
      ["another error", undefined],
      ["formation loop error", 499],
    ]);
  });
});
