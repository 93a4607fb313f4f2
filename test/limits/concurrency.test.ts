// Counting is exact under concurrency and survives a restart (issue 5): N parallel requests over
// real HTTP against an allowance of M let exactly M through, and the counts are in SQLite.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { createEngram, type Engram } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { fixedClock } from "../../src/shared/clock.ts";
import { sentenceExtractor } from "../../src/formation/sentence-extractor.ts";
import type { PlanFigures } from "../../src/limits/plans.ts";
import { tempDir } from "../helpers.ts";
import { APRIL, START } from "./support.ts";

const clock = fixedClock(START);
let dataDir: string;
let engram: Engram;
let server: ReturnType<typeof Bun.serve>;
let base: string;

async function open(): Promise<void> {
  const config = loadConfig({ dataDir, host: "127.0.0.1", port: 0, formationWorker: false }, {});
  engram = await createEngram(config, {
    clock,
    logger: silentLogger,
    startWorker: false,
    extractor: sentenceExtractor,
  });
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (r) => engram.handle(r) });
  base = `http://127.0.0.1:${server.port}`;
}

async function close(): Promise<void> {
  await server.stop(true);
  await engram.close();
}

beforeAll(async () => {
  dataDir = tempDir();
  await open();
});
afterAll(async () => {
  await close();
  rmSync(dataDir, { recursive: true, force: true });
});

const BIG = {
  read_burst: 10_000,
  read_rate: 1_000,
  write_burst: 10_000,
  write_rate: 1_000,
  reads: 1_000_000,
  writes: 1_000_000,
  memories: 1_000_000,
};

/** A fresh account on a custom plan, with keys of its Demo Project and of a second project. */
function account(figures: Partial<PlanFigures>): { id: string; projectId: string; keys: string[] } {
  const a = engram.accounts.createAccount({ name: "Concurrent", plan: "scale" });
  engram.accounts.setPlan(a.id, null, { ...BIG, ...figures });
  const p = engram.accounts.createProject({ accountId: a.id, name: "Second" });
  const keys = [a.demo_project_id, p.id, p.id].map(
    (projectId, i) => engram.accounts.createKey({ projectId, name: `k${i}` }).key,
  );
  return { id: a.id, projectId: p.id, keys };
}

function post(path: string, key: string, body: unknown): Promise<Response> {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

/** Fires all requests at once and tallies the answers by status (and reason for 429s). */
async function burst(n: number, send: (i: number) => Promise<Response>): Promise<Record<string, number>> {
  const responses = await Promise.all(Array.from({ length: n }, (_, i) => send(i)));
  const tally: Record<string, number> = {};
  for (const r of responses) {
    const reason = r.status === 429 ? `:${((await r.json()) as { reason?: string }).reason ?? "bucket"}` : "";
    if (r.status !== 429) await r.arrayBuffer();
    const k = `${r.status}${reason}`;
    tally[k] = (tally[k] ?? 0) + 1;
  }
  return tally;
}

describe("parallel requests over real HTTP", () => {
  test("60 searches against an allowance of 25 reads: exactly 25 succeed and 25 are counted", async () => {
    const a = account({ reads: 25 });
    const tally = await burst(60, (i) => post("/v1/memories/search", a.keys[i % 3]!, { query: `tea ${i}` }));
    expect(tally).toEqual({ "200": 25, "429:monthly_read_quota_reached": 35 });
    expect(engram.accounts.usage(a.id).reads).toBe(25);
  });

  test("60 contexts (5 reads each) against 23 reads: exactly 4 are answered, 20 reads counted", async () => {
    const a = account({ reads: 23 });
    const tally = await burst(60, (i) => post("/v1/memories/context", a.keys[i % 3]!, { query: `nothing ${i}` }));
    expect(tally).toEqual({ "404": 4, "429:monthly_read_quota_reached": 56 });
    expect(engram.accounts.usage(a.id).reads).toBe(20);
  });

  test("60 creates against an allowance of 25 writes: exactly 25 accepted, counted and formed", async () => {
    const a = account({ writes: 25 });
    const tally = await burst(60, (i) =>
      post("/v1/memories", a.keys[i % 3]!, { content: `Parallel note ${i}.`, infer: false }),
    );
    expect(tally).toEqual({ "202": 25, "429:monthly_write_quota_reached": 35 });
    expect(engram.accounts.usage(a.id).writes).toBe(25);
    await engram.formation.runUntilIdle();
    expect(engram.accounts.usage(a.id)).toMatchObject({ writes: 25, memories: 25 });
  });

  test("60 creates against a stored-memory limit of 10: never more than 10 memories form", async () => {
    const a = account({ memories: 10 });
    const tally = await burst(60, (i) =>
      post("/v1/memories", a.keys[i % 3]!, { content: `Bounded note ${i}.`, infer: false }),
    );
    expect(tally["202"]).toBeGreaterThanOrEqual(10);
    await engram.formation.runUntilIdle();
    expect(engram.accounts.usage(a.id).memories).toBe(10);
  });

  test("60 searches against a bucket of 10 that does not refill: exactly 10 pass", async () => {
    const a = account({ read_burst: 10, read_rate: 1 });
    const tally = await burst(60, (i) => post("/v1/memories/search", a.keys[i % 3]!, { query: "tea" }));
    expect(tally).toEqual({ "200": 10, "429:bucket": 50 });
    expect(engram.accounts.usage(a.id).reads).toBe(10);
  });
});

describe("a restart", () => {
  test("keeps the month's counts: a used-up allowance stays used up, and the reset still comes on the first", async () => {
    const a = account({ reads: 3, writes: 2 });
    await burst(5, () => post("/v1/memories/search", a.keys[0]!, { query: "tea" }));
    await burst(4, (i) => post("/v1/memories", a.keys[1]!, { content: `Before restart ${i}.`, infer: false }));
    await close();
    await open();
    expect(engram.accounts.usage(a.id)).toMatchObject({ reads: 3, writes: 2 });
    const r = await post("/v1/memories/search", a.keys[2]!, { query: "tea" });
    expect(r.status).toBe(429);
    expect(await r.json()).toMatchObject({ reason: "monthly_read_quota_reached", limit: 3, used: 3, resets_at: APRIL });
    expect((await post("/v1/memories", a.keys[2]!, { content: "After restart.", infer: false })).status).toBe(429);
    await engram.formation.runUntilIdle();
    expect(engram.accounts.usage(a.id)).toMatchObject({ writes: 2, memories: 2 });
    clock.set(APRIL);
    expect((await post("/v1/memories/search", a.keys[2]!, { query: "tea" })).status).toBe(200);
    clock.set(START);
  });
});
