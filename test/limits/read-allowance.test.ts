// The monthly read allowance (spec: Limits, Reads used; Errors, rule 1 and 2): counted per account
// across its projects, refused when fewer reads remain than the cost, reset on the first of the month.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Harness } from "../helpers.ts";
import { expectProblem, missingId } from "../http/support.ts";
import {
  APRIL,
  START,
  customAccount,
  expectMonthlyRefusal,
  limitsHarness,
  secondsUntil,
  seed,
  setFigures,
  usageOf,
  type Acct,
  type TestClock,
} from "./support.ts";

let h: Harness;
let clock: TestClock;
beforeAll(async () => {
  ({ h, clock } = await limitsHarness());
});
afterAll(() => h.close());

const search = (key: string, query = "violin") => h.call("POST", "/v1/memories/search", { key, body: { query } });
const context = (key: string, query = "violin") => h.call("POST", "/v1/memories/context", { key, body: { query } });
const inspect = (key: string, id: string) => h.call("GET", `/v1/memories/${id}/inspect`, { key });
const get = (key: string, id: string) => h.call("GET", `/v1/memories/${id}`, { key });

/** An account whose project holds one memory about a violin; returns it and the memory's id. */
async function withMemory(reads: number): Promise<{ a: Acct; id: string }> {
  clock.set(START);
  const a = customAccount(h, { reads });
  const [id] = await seed(h, a.key, ["Noor plays the violin on Sundays."]);
  return { a, id: id! };
}

describe("reads used per request, in the header and in the account's usage", () => {
  const cases: Array<[string, number, number, (a: Acct, id: string) => Promise<Response>]> = [
    ["context that finds something", 200, 5, (a) => context(a.key)],
    ["context with nothing to say (404)", 404, 5, (a) => context(a.key, "submarine")],
    ["inspect", 200, 3, (a, id) => inspect(a.key, id)],
    ["inspect of a missing memory (404)", 404, 3, (a) => inspect(a.key, missingId())],
    ["recall", 200, 1, (a) => h.call("POST", "/v1/memories/recall", { key: a.key, body: { query: "violin" } })],
    [
      "recall that misses (200 not_found)",
      200,
      1,
      (a) => h.call("POST", "/v1/memories/recall", { key: a.key, body: { query: "submarine" } }),
    ],
    ["search", 200, 1, (a) => search(a.key)],
    ["get", 200, 1, (a, id) => get(a.key, id)],
    ["get of a missing memory (404)", 404, 1, (a) => get(a.key, missingId())],
    ["a page of list", 200, 1, (a) => h.call("GET", "/v1/memories?limit=1", { key: a.key })],
  ];
  test.each(cases)("%s answers %p and uses %p reads", async (_, status, reads, run) => {
    const { a, id } = await withMemory(1_000);
    const before = usageOf(h, a).reads;
    const r = await run(a, id);
    expect(r.status).toBe(status);
    expect(r.headers.get("service-usage")).toBe(`reads=${reads}`);
    expect(usageOf(h, a).reads - before).toBe(reads);
  });
});

describe("the allowance is the account's, across all its projects and keys", () => {
  test("reads through the Demo Project and another project add up, and another account is untouched", async () => {
    const { a } = await withMemory(1_000);
    const b = customAccount(h);
    await search(a.key);
    await search(a.otherKey);
    await context(a.demoKey, "Ada");
    await inspect(a.demoKey, missingId());
    expect(usageOf(h, a).reads).toBe(1 + 1 + 5 + 3);
    expect(usageOf(h, b).reads).toBe(0);
  });

  test("once the account's allowance is used in one project, every project of it is refused", async () => {
    const { a } = await withMemory(3);
    for (const key of [a.key, a.otherKey, a.demoKey]) expect((await search(key)).status).toBe(200);
    for (const key of [a.key, a.otherKey, a.demoKey]) {
      await expectMonthlyRefusal(await search(key), "read", { limit: 3, used: 3, now: START, resetsAt: APRIL });
    }
    expect((await search(customAccount(h).key)).status).toBe(200);
  });
});

describe("a read is refused when fewer reads remain than its cost", () => {
  test("with 4 left, context (5) is refused and search (1) is allowed; the refusals use nothing", async () => {
    const { a, id } = await withMemory(10);
    for (let i = 0; i < 6; i++) expect((await search(a.key)).status).toBe(200);
    await expectMonthlyRefusal(await context(a.key), "read", { limit: 10, used: 6, now: START, resetsAt: APRIL });
    expect((await inspect(a.key, id)).status).toBe(200); // 3 of the 4
    await expectMonthlyRefusal(await inspect(a.key, id), "read", { limit: 10, used: 9, now: START, resetsAt: APRIL });
    await expectMonthlyRefusal(await context(a.key), "read", { limit: 10, used: 9, now: START, resetsAt: APRIL });
    expect((await search(a.key)).status).toBe(200); // the last one
    for (const r of [await search(a.key), await get(a.key, id), await h.call("GET", "/v1/memories", { key: a.key })]) {
      await expectMonthlyRefusal(r, "read", { limit: 10, used: 10, now: START, resetsAt: APRIL });
    }
    expect(usageOf(h, a).reads).toBe(10);
  });

  test("a read whose memory is missing is still refused (429, not 404) when its cost does not fit", async () => {
    const { a } = await withMemory(2);
    await expectMonthlyRefusal(await inspect(a.key, missingId()), "read", {
      limit: 2,
      used: 0,
      now: START,
      resetsAt: APRIL,
    });
    expect(usageOf(h, a).reads).toBe(0);
  });

  test("Retry-After counts the seconds until 00:00 UTC on the first of next month, rounded up", async () => {
    const { a } = await withMemory(0);
    for (const [now, reset] of [
      [START, APRIL],
      ["2026-03-31T23:59:58.500Z", APRIL],
      ["2026-03-01T00:00:00.000Z", APRIL],
      ["2026-12-31T23:00:00.000Z", "2027-01-01T00:00:00.000Z"],
      ["2028-02-29T00:00:00.000Z", "2028-03-01T00:00:00.000Z"],
    ] as const) {
      clock.set(now);
      const body = await expectMonthlyRefusal(await search(a.key), "read", { limit: 0, used: 0, now, resetsAt: reset });
      expect(body.detail).toContain(reset);
    }
    expect(secondsUntil("2026-03-31T23:59:58.500Z", APRIL)).toBe(2);
  });
});

describe("a read refused with 400 uses none", () => {
  test.each([
    [
      "a search with an empty query",
      (a: Acct) => h.call("POST", "/v1/memories/search", { key: a.key, body: { query: "" } }),
    ],
    [
      "a context with an unknown field",
      (a: Acct) => h.call("POST", "/v1/memories/context", { key: a.key, body: { query: "x", user_id: "u" } }),
    ],
    [
      "a list with a cursor that is not a memory id",
      (a: Acct) => h.call("GET", "/v1/memories?starting_after=nope", { key: a.key }),
    ],
    [
      "a list with a cursor of a memory that is not listed",
      (a: Acct) => h.call("GET", `/v1/memories?starting_after=${missingId()}`, { key: a.key }),
    ],
    ["a list with limit 0", (a: Acct) => h.call("GET", "/v1/memories?limit=0", { key: a.key })],
    ["an inspect with a malformed id", (a: Acct) => h.call("GET", "/v1/memories/mem_x/inspect", { key: a.key })],
  ])("%s", async (_, run) => {
    const { a } = await withMemory(10);
    const r = await run(a);
    expect(r.status).toBe(400);
    expect(r.headers.get("service-usage")).toBe("reads=0");
    expect(usageOf(h, a).reads).toBe(0);
  });
});

describe("a read failing with 5xx uses none", () => {
  test("search, recall and context that fail inside the store are refunded in full", async () => {
    const { a } = await withMemory(10);
    // The full-text index vanishes under the service: every retrieval fails with an internal error.
    h.engram.db.run("ALTER TABLE memories_fts RENAME TO memories_fts_away");
    try {
      for (const path of ["search", "recall", "context"]) {
        const r = await h.call("POST", `/v1/memories/${path}`, { key: a.key, body: { query: "violin" } });
        await expectProblem(r, 500, "internal_error");
        expect(r.headers.get("service-usage")).toBe("reads=0");
      }
    } finally {
      h.engram.db.run("ALTER TABLE memories_fts_away RENAME TO memories_fts");
    }
    expect(usageOf(h, a).reads).toBe(0);
    expect((await context(a.key)).status).toBe(200);
    expect(usageOf(h, a).reads).toBe(5);
  });
});

describe("a 404 from context or inspect still uses its reads", () => {
  test("context with no context available and inspect of a forgotten memory each count in full", async () => {
    const { a, id } = await withMemory(8);
    expect((await h.call("DELETE", `/v1/memories/${id}`, { key: a.key })).status).toBe(202);
    await expectProblem(await context(a.key), 404, "not_found");
    await expectProblem(await inspect(a.key, id), 404, "not_found");
    expect(usageOf(h, a).reads).toBe(8);
    await expectMonthlyRefusal(await get(a.key, id), "read", { limit: 8, used: 8, now: START, resetsAt: APRIL });
  });
});

describe("the month boundary", () => {
  test("the count starts again at 00:00 UTC on the first, and not a millisecond before", async () => {
    const { a } = await withMemory(2);
    clock.set("2026-03-31T23:59:59.000Z");
    expect((await search(a.key)).status).toBe(200);
    expect((await search(a.key)).status).toBe(200);
    clock.set("2026-03-31T23:59:59.999Z");
    await expectMonthlyRefusal(await search(a.key), "read", {
      limit: 2,
      used: 2,
      now: "2026-03-31T23:59:59.999Z",
      resetsAt: APRIL,
    });
    clock.set(APRIL);
    expect(usageOf(h, a)).toMatchObject({ reads: 0, resets_at: "2026-05-01T00:00:00.000Z" });
    expect((await search(a.key)).status).toBe(200);
    expect((await search(a.key)).status).toBe(200);
    await expectMonthlyRefusal(await search(a.key), "read", {
      limit: 2,
      used: 2,
      now: APRIL,
      resetsAt: "2026-05-01T00:00:00.000Z",
    });
  });
});

describe("a plan change takes effect on the next request", () => {
  test("raising the allowance admits the next read; lowering it below the amount used refuses it", async () => {
    const { a } = await withMemory(1);
    expect((await search(a.key)).status).toBe(200);
    await expectMonthlyRefusal(await search(a.key), "read", { limit: 1, used: 1, now: START, resetsAt: APRIL });
    setFigures(h, a, { reads: 6 });
    expect((await context(a.key)).status).toBe(200);
    expect(usageOf(h, a).reads).toBe(6);
    setFigures(h, a, { reads: 4 });
    await expectMonthlyRefusal(await search(a.key), "read", { limit: 4, used: 6, now: START, resetsAt: APRIL });
    h.engram.accounts.setPlan(a.accountId, "growth");
    expect((await search(a.key)).status).toBe(200);
  });
});
