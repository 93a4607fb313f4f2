// Token buckets (spec: Limits, Rate limits; Response headers): two per account, one token per
// request, refilled continuously, shared by every key, project and MCP connection of the account.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Harness } from "../helpers.ts";
import { expectProblem, missingId } from "../http/support.ts";
import { customAccount, limitsHarness, usageOf, type Acct, type TestClock } from "./support.ts";

let h: Harness;
let clock: TestClock;
beforeAll(async () => {
  ({ h, clock } = await limitsHarness());
});
afterAll(() => h.close());

const search = (key: string) => h.call("POST", "/v1/memories/search", { key, body: { query: "tea" } });
const create = (key: string, content: string) =>
  h.call("POST", "/v1/memories", { key, body: { content, infer: false } });

function headers(r: Response) {
  return {
    limit: r.headers.get("ratelimit-limit"),
    remaining: r.headers.get("ratelimit-remaining"),
    reset: r.headers.get("ratelimit-reset"),
  };
}

/** Asserts a bucket refusal: 429 rate_limit_exceeded without a reason, Retry-After = RateLimit-Reset. */
async function expectBucketRefusal(r: Response, burst: number, retryAfter = 1): Promise<void> {
  const body = await expectProblem(r, 429, "rate_limit_exceeded");
  expect(body).not.toHaveProperty("reason");
  expect(body).not.toHaveProperty("limit");
  expect(r.headers.get("retry-after")).toBe(String(retryAfter));
  expect(headers(r)).toEqual({ limit: String(burst), remaining: "0", reset: String(retryAfter) });
}

/** A bucket of 3 reads and 2 writes, refilled at 5 per second each. */
function small(): Acct {
  return customAccount(h, { read_burst: 3, read_rate: 5, write_burst: 2, write_rate: 5 });
}

describe("headers and refusals", () => {
  test("RateLimit-Limit is the burst, Remaining the tokens left after the request, Reset 1", async () => {
    const a = small();
    for (const left of [2, 1, 0])
      expect(headers(await search(a.key))).toEqual({ limit: "3", remaining: String(left), reset: "1" });
    for (const left of [1, 0])
      expect(headers(await create(a.key, `Note ${left}.`))).toEqual({
        limit: "2",
        remaining: String(left),
        reset: "1",
      });
  });

  test("an empty bucket gives 429 rate_limit_exceeded without a reason, with Retry-After, and charges nothing", async () => {
    const a = small();
    for (let i = 0; i < 3; i++) expect((await search(a.key)).status).toBe(200);
    const r = await search(a.key);
    await expectBucketRefusal(r, 3);
    expect(r.headers.get("service-usage")).toBe("reads=0");
    for (let i = 0; i < 2; i++) expect((await create(a.key, `Note ${i}.`)).status).toBe(202);
    const w = await create(a.key, "One too many.");
    await expectBucketRefusal(w, 2);
    expect(w.headers.get("service-usage")).toBe("writes=0");
    expect(usageOf(h, a)).toMatchObject({ reads: 3, writes: 2 });
  });

  test("every memory endpoint takes a token, including forget, feedback and requests refused with 400 or 404", async () => {
    const a = customAccount(h, { read_burst: 4, read_rate: 5, write_burst: 3, write_rate: 5 });
    expect((await h.call("GET", `/v1/memories/${missingId()}`, { key: a.key })).status).toBe(404);
    expect((await h.call("GET", "/v1/memories?limit=0", { key: a.key })).status).toBe(400);
    expect((await h.call("GET", `/v1/memories/${missingId()}/inspect`, { key: a.key })).status).toBe(404);
    expect((await h.call("POST", "/v1/memories/context", { key: a.key, body: { query: "nothing" } })).status).toBe(404);
    await expectBucketRefusal(await search(a.key), 4);
    expect((await h.call("DELETE", `/v1/memories/${missingId()}`, { key: a.key })).status).toBe(404);
    expect(
      (await h.call("PUT", `/v1/memories/${missingId()}/feedback`, { key: a.key, body: { rating: "positive" } }))
        .status,
    ).toBe(404);
    expect((await h.call("POST", "/v1/memories/import", { key: a.key, body: { messages: [] } })).status).toBe(400);
    await expectBucketRefusal(await create(a.key, "Refused."), 3);
  });

  test("on a monthly refusal, too, RateLimit-Reset is the Retry-After", async () => {
    const a = customAccount(h, { reads: 0, writes: 0, read_burst: 3, write_burst: 2 });
    for (const r of [await search(a.key), await create(a.key, "No writes left.")]) {
      expect(r.status).toBe(429);
      const retryAfter = r.headers.get("retry-after");
      expect(Number(retryAfter)).toBeGreaterThan(1);
      expect(headers(r).reset).toBe(retryAfter);
    }
    expect(headers(await search(a.key)).remaining).toBe("1"); // the refused requests took their tokens
  });

  test("a named plan's bursts are its RateLimit-Limit", async () => {
    const a = h.newAccount("free");
    expect(headers(await search(a.key)).limit).toBe("10");
    expect(headers(await create(a.key, "Free.")).limit).toBe("5");
    const s = h.newAccount("starter");
    expect(headers(await search(s.key)).limit).toBe("100");
    expect(headers(await create(s.key, "Starter.")).limit).toBe("50");
  });

  test("a request without a valid key takes no token and carries no RateLimit headers", async () => {
    const a = customAccount(h, { read_burst: 1, read_rate: 5 });
    const r = await h.call("POST", "/v1/memories/search", { key: "sk_nope", body: { query: "tea" } });
    expect(r.status).toBe(401);
    expect(headers(r)).toEqual({ limit: null, remaining: null, reset: null });
    expect((await search(a.key)).status).toBe(200);
  });
});

describe("continuous refill", () => {
  test("at 5 per second, 200 ms gives back exactly one token", async () => {
    const a = small();
    for (let i = 0; i < 3; i++) await search(a.key);
    await expectBucketRefusal(await search(a.key), 3);
    clock.advance(199);
    await expectBucketRefusal(await search(a.key), 3);
    clock.advance(1);
    expect(headers(await search(a.key))).toEqual({ limit: "3", remaining: "0", reset: "1" });
    await expectBucketRefusal(await search(a.key), 3);
    clock.advance(400);
    expect(headers(await search(a.key)).remaining).toBe("1");
  });

  test("refill stops at the burst", async () => {
    const a = small();
    await search(a.key);
    clock.advance(3_600_000);
    expect(headers(await search(a.key))).toEqual({ limit: "3", remaining: "2", reset: "1" });
  });

  test("a lower burst takes effect on the next request", async () => {
    const a = small();
    expect(headers(await search(a.key)).remaining).toBe("2");
    h.engram.accounts.setPlan(a.accountId, null, { read_burst: 1 });
    expect(headers(await search(a.key))).toEqual({ limit: "1", remaining: "0", reset: "1" });
    await expectBucketRefusal(await search(a.key), 1);
  });
});

describe("what shares a bucket", () => {
  test("reads and writes are separate buckets", async () => {
    const a = small();
    for (let i = 0; i < 3; i++) await search(a.key);
    await expectBucketRefusal(await search(a.key), 3);
    expect((await create(a.key, "Writes still go.")).status).toBe(202);
    expect((await create(a.key, "Again.")).status).toBe(202);
    await expectBucketRefusal(await create(a.key, "Not now."), 2);
    clock.advance(200);
    expect((await search(a.key)).status).toBe(200);
  });

  test("every key and project of one account takes from the same buckets; another account has its own", async () => {
    const a = small();
    expect(headers(await search(a.key)).remaining).toBe("2");
    expect(headers(await search(a.otherKey)).remaining).toBe("1");
    expect(headers(await search(a.demoKey)).remaining).toBe("0");
    for (const key of [a.key, a.otherKey, a.demoKey]) await expectBucketRefusal(await search(key), 3);
    expect(headers(await search(small().key)).remaining).toBe("2");
  });
});
