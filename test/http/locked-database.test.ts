// Another process holding SQLite's write lock (an admin command, a backup tool) must not freeze the
// server: the request thread waits 50 ms at a time, tries again on a timer while others are served,
// and answers 503 capacity_exceeded (reason storage_busy, Retry-After) when the lock is not released.
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { join } from "node:path";
import { createHarness, type Harness } from "../helpers.ts";

let h: Harness;
let other: Database;
beforeEach(async () => {
  h = await createHarness();
  other = new Database(join(h.dataDir, "engram.db"));
});
afterEach(async () => {
  if (other.inTransaction) other.run("ROLLBACK");
  other.close();
  await h.close();
});

const write = () => h.call("POST", "/v1/memories", { body: { content: "Maya works in Pediatrics.", infer: false } });

describe("a write lock held by another process", () => {
  test("a write waits without blocking the server, and is accepted once the lock is released", async () => {
    other.run("BEGIN IMMEDIATE");
    let settled = false;
    const pending = write().then((r) => {
      settled = true;
      return r;
    });
    const health = await h.call("GET", "/health", { key: null });
    expect(health.status).toBe(200);
    expect(settled).toBe(false); // the write was still waiting for the lock meanwhile
    other.run("COMMIT");
    const r = await pending;
    expect(r.status).toBe(202);
    expect(await h.form()).toBe(1);
  });

  test("a lock that is not released is 503 capacity_exceeded naming storage, with Retry-After, and nothing is stored", async () => {
    other.run("BEGIN IMMEDIATE");
    const r = await write();
    expect(r.status).toBe(503);
    expect(r.headers.get("retry-after")).toBe("1");
    expect(r.headers.get("content-type")).toContain("application/problem+json");
    const problem = (await r.json()) as { code: string; reason: string; detail: string };
    expect(problem.code).toBe("capacity_exceeded");
    expect(problem.reason).toBe("storage_busy");
    expect(problem.detail).toContain("locked");
    other.run("ROLLBACK");
    expect(await h.form()).toBe(0);
    expect((await h.call("GET", "/v1/memories")).status).toBe(200);
  });
});
