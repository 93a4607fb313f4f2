// The monthly write allowance (spec: Limits, Writes used): what each write costs, the 429 when it
// is used up, a passage or import that reaches it partway, and forget/feedback that it never refuses.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Harness } from "../helpers.ts";
import {
  APRIL,
  START,
  contents,
  customAccount,
  expectMonthlyRefusal,
  limitsHarness,
  seed,
  sentences,
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

function account(writes: number): Acct {
  clock.set(START);
  return customAccount(h, { writes });
}
const create = (key: string, content: string, infer?: boolean) =>
  h.call("POST", "/v1/memories", { key, body: infer === undefined ? { content } : { content, infer } });
const importOf = (key: string, texts: string[]) =>
  h.call("POST", "/v1/memories/import", {
    key,
    body: { messages: texts.map((content) => ({ role: "user", content })) },
  });
/** One message per sentence, numbered from 0, each one fact. */
const messages = (n: number) => Array.from({ length: n }, (_, i) => `Message ${i} says something true.`);

describe("writes used per request", () => {
  test("a create with infer false costs 1 in all", async () => {
    const a = account(100);
    const r = await create(a.key, "Omar drinks his coffee black.", false);
    expect([r.status, r.headers.get("service-usage")]).toEqual([202, "writes=1"]);
    await h.form();
    expect(usageOf(h, a).writes).toBe(1);
  });

  test("a create with infer true costs 1 on acceptance plus 1 per fact formed", async () => {
    const a = account(100);
    const r = await create(a.key, sentences(3));
    expect([r.status, r.headers.get("service-usage")]).toEqual([202, "writes=1"]);
    expect(usageOf(h, a).writes).toBe(1);
    await h.form();
    expect(usageOf(h, a).writes).toBe(4);
    expect(contents(h, a.projectId)).toHaveLength(3);
  });

  test("an import costs 1 per chunk of the conversation plus 1 per fact formed", async () => {
    const a = account(100);
    const r = await importOf(a.key, messages(25)); // chunks of 20 and 5 messages
    expect([r.status, r.headers.get("service-usage")]).toEqual([202, "writes=2"]);
    await h.form();
    expect(usageOf(h, a).writes).toBe(2 + 25);
  });

  test("writes through every project and key of the account add up", async () => {
    const a = account(100);
    await create(a.key, "One.", false);
    await create(a.otherKey, "Two.", false);
    await create(a.demoKey, "Three.", false);
    await h.form();
    expect(usageOf(h, a).writes).toBe(3);
  });
});

describe("a used-up write allowance", () => {
  test("refuses create and import with 429 monthly_write_quota_reached, limit, used, resets_at and Retry-After", async () => {
    const a = account(2);
    expect((await create(a.key, "First.", false)).status).toBe(202);
    expect((await create(a.demoKey, "Second.", false)).status).toBe(202);
    const expected = { limit: 2, used: 2, now: START, resetsAt: APRIL };
    await expectMonthlyRefusal(await create(a.key, "Third.", false), "write", expected);
    await expectMonthlyRefusal(await create(a.otherKey, sentences(2)), "write", expected);
    await expectMonthlyRefusal(await importOf(a.key, messages(1)), "write", expected);
    await h.form();
    expect(usageOf(h, a).writes).toBe(2);
    expect(contents(h, a.projectId)).toEqual(["First."]);
  });

  test("a refused write commits no job", async () => {
    const a = account(0);
    await expectMonthlyRefusal(await create(a.key, "Nothing.", false), "write", {
      limit: 0,
      used: 0,
      now: START,
      resetsAt: APRIL,
    });
    const jobs = h.engram.db
      .query<{ n: number }, [string]>("SELECT count(*) AS n FROM jobs WHERE account_id = ?")
      .get(a.accountId)!.n;
    expect(jobs).toBe(0);
  });

  test("forget and feedback are never refused by it, even with nothing left", async () => {
    const a = account(1_000);
    const ids = await seed(h, a.key, ["Keep me.", "Forget me."]);
    setFigures(h, a, { writes: 2 });
    await expectMonthlyRefusal(await create(a.key, "More.", false), "write", {
      limit: 2,
      used: 2,
      now: START,
      resetsAt: APRIL,
    });
    setFigures(h, a, { writes: 0 });
    const fb = await h.call("PUT", `/v1/memories/${ids[0]}/feedback`, { key: a.key, body: { rating: "negative" } });
    expect([fb.status, fb.headers.get("service-usage")]).toEqual([204, "writes=0"]);
    const del = await h.call("DELETE", `/v1/memories/${ids[1]}`, { key: a.key });
    expect([del.status, del.headers.get("service-usage")]).toEqual([202, "writes=0"]);
    expect(contents(h, a.projectId)).toEqual(["Keep me."]);
    expect(usageOf(h, a).writes).toBe(2);
  });
});

describe("a passage or import that reaches the allowance partway", () => {
  test("a passage forms the facts that fit, in order, and the rest is discarded", async () => {
    const a = account(5);
    const r = await create(a.key, sentences(7));
    expect([r.status, r.headers.get("service-usage")]).toEqual([202, "writes=1"]);
    await h.form();
    expect(contents(h, a.projectId)).toEqual([1, 2, 3, 4].map((i) => `Fact number ${i} is true.`));
    expect(usageOf(h, a).writes).toBe(5);
    expect(h.engram.db.query("SELECT status FROM jobs WHERE account_id = ?").all(a.accountId)).toEqual([
      { status: "done" },
    ]);
  });

  test("a passage accepted with the last write forms nothing more and is not refused", async () => {
    const a = account(1);
    expect((await create(a.key, sentences(3))).status).toBe(202);
    await h.form();
    expect(contents(h, a.projectId)).toEqual([]);
    expect(usageOf(h, a).writes).toBe(1);
  });

  test("an import forms the messages that fit, in order, and the rest of the conversation is discarded", async () => {
    const a = account(10);
    const r = await importOf(a.key, messages(25)); // 2 chunks; 8 writes left for facts
    expect([r.status, r.headers.get("service-usage")]).toEqual([202, "writes=2"]);
    await h.form();
    expect(contents(h, a.projectId)).toEqual(messages(8));
    expect(usageOf(h, a).writes).toBe(10);
  });

  test("an import with more chunks than writes left is accepted for the chunks that fit", async () => {
    const a = account(2);
    const r = await importOf(a.key, messages(60)); // 3 chunks, 2 writes
    expect([r.status, r.headers.get("service-usage")]).toEqual([202, "writes=2"]);
    await h.form();
    expect(usageOf(h, a).writes).toBe(2);
    expect(contents(h, a.projectId)).toEqual([]);
  });

  test("two writes formed one after the other share what is left, the earlier first", async () => {
    const a = account(6);
    expect((await create(a.key, sentences(2, "Early"))).status).toBe(202);
    expect((await create(a.key, sentences(3, "Late"))).status).toBe(202);
    await h.form(); // 2 accepted; 4 left: the first passage's 2 facts, then 2 of the second's
    expect(contents(h, a.projectId)).toEqual([
      "Early number 1 is true.",
      "Early number 2 is true.",
      "Late number 1 is true.",
      "Late number 2 is true.",
    ]);
    expect(usageOf(h, a).writes).toBe(6);
  });
});

describe("the account's usage", () => {
  test("shows this month's reads and writes, the stored memories and the reset time", async () => {
    const a = account(100);
    const ids = await seed(h, a.key, ["Kept.", "Forgotten."]);
    await h.call("POST", "/v1/memories/search", { key: a.key, body: { query: "kept" } });
    await h.call("POST", "/v1/memories/context", { key: a.demoKey, body: { query: "Ada" } });
    expect(usageOf(h, a)).toEqual({ reads: 6, writes: 2, memories: 2, resets_at: APRIL });
    await h.call("DELETE", `/v1/memories/${ids[1]}`, { key: a.key });
    expect(usageOf(h, a)).toEqual({ reads: 6, writes: 2, memories: 1, resets_at: APRIL });
    clock.set(APRIL);
    expect(usageOf(h, a)).toEqual({ reads: 0, writes: 0, memories: 1, resets_at: "2026-05-01T00:00:00.000Z" });
  });
});

describe("the month boundary and plan changes", () => {
  test("crossing into the next month starts the count again", async () => {
    const a = account(1);
    expect((await create(a.key, "March.", false)).status).toBe(202);
    clock.set("2026-03-31T23:59:59.999Z");
    await expectMonthlyRefusal(await create(a.key, "Still March.", false), "write", {
      limit: 1,
      used: 1,
      now: "2026-03-31T23:59:59.999Z",
      resetsAt: APRIL,
    });
    clock.set(APRIL);
    expect((await create(a.key, "April.", false)).status).toBe(202);
    expect(usageOf(h, a).writes).toBe(1);
    await h.form();
    expect(contents(h, a.projectId)).toEqual(["March.", "April."]);
  });

  test("a plan change takes effect on the next request", async () => {
    const a = account(1);
    expect((await create(a.key, "One.", false)).status).toBe(202);
    await expectMonthlyRefusal(await create(a.key, "Two.", false), "write", {
      limit: 1,
      used: 1,
      now: START,
      resetsAt: APRIL,
    });
    setFigures(h, a, { writes: 2 });
    expect((await create(a.key, "Two.", false)).status).toBe(202);
    h.engram.accounts.setPlan(a.accountId, "free");
    expect((await create(a.key, "Three.", false)).status).toBe(202);
    setFigures(h, a, { writes: 3 });
    await expectMonthlyRefusal(await create(a.key, "Four.", false), "write", {
      limit: 3,
      used: 3,
      now: START,
      resetsAt: APRIL,
    });
  });
});
