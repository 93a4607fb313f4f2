// Back-pressure (docs/api.md: Limits): when the formation queue is over its bound, writes get 503
// capacity_exceeded with Retry-After, and nothing is accepted that cannot be formed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Harness } from "../helpers.ts";
import { expectProblem } from "../http/support.ts";
import { contents, customAccount, limitsHarness, seed, usageOf, type Acct } from "./support.ts";

let h: Harness;
beforeAll(async () => {
  ({ h } = await limitsHarness({ queueBound: 2 }));
});
afterAll(() => h.close());

const create = (key: string, content: string) =>
  h.call("POST", "/v1/memories", { key, body: { content, infer: false } });
const importOf = (key: string, content: string) =>
  h.call("POST", "/v1/memories/import", { key, body: { messages: [{ role: "user", content }] } });
const queued = () =>
  h.engram.db.query<{ n: number }, []>("SELECT count(*) AS n FROM jobs WHERE status = 'queued'").get()!.n;

async function expectCapacity(r: Response): Promise<void> {
  await expectProblem(r, 503, "capacity_exceeded");
  expect(Number(r.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(r.headers.get("service-usage")).toBe("writes=0");
}

describe("a full formation queue", () => {
  let a: Acct;
  let other: Acct;
  let ids: string[];
  beforeAll(async () => {
    a = customAccount(h);
    other = customAccount(h);
    ids = await seed(h, a.key, ["Already formed."]);
  });

  test("accepts writes up to its bound, then refuses create and import with 503 and Retry-After", async () => {
    const writesBefore = usageOf(h, a).writes;
    expect((await create(a.key, "First.")).status).toBe(202);
    expect((await importOf(a.key, "Second.")).status).toBe(202);
    expect(queued()).toBe(2);
    await expectCapacity(await create(a.key, "Third."));
    await expectCapacity(await importOf(a.key, "Fourth."));
    expect(queued()).toBe(2);
    expect(usageOf(h, a).writes).toBe(writesBefore + 2);
  });

  test("the bound is the whole queue's: another account is refused too", async () => {
    await expectCapacity(await create(other.key, "Elsewhere."));
  });

  test("a repeat of a write that is still forming is answered 202, counts nothing and adds no job", async () => {
    const r = await create(a.key, "First.");
    expect([r.status, r.headers.get("service-usage")]).toEqual([202, "writes=0"]);
    expect(queued()).toBe(2);
  });

  test("reads, forget and feedback need no formation and still answer", async () => {
    expect((await h.call("GET", `/v1/memories/${ids[0]}`, { key: a.key })).status).toBe(200);
    expect(
      (await h.call("PUT", `/v1/memories/${ids[0]}/feedback`, { key: a.key, body: { rating: "positive" } })).status,
    ).toBe(204);
    expect((await h.call("DELETE", `/v1/memories/${ids[0]}`, { key: a.key })).status).toBe(202);
  });

  test("the refused writes formed nothing; once the queue drains, writes are accepted again", async () => {
    await h.form();
    expect(contents(h, a.projectId)).toEqual(["First.", "Second."]);
    expect((await create(a.key, "Third.")).status).toBe(202);
    expect((await create(other.key, "Elsewhere.")).status).toBe(202);
    await expectCapacity(await create(other.key, "Past the bound."));
    await h.form();
    expect(contents(h, a.projectId)).toEqual(["First.", "Second.", "Third."]);
    expect(contents(h, other.projectId)).toEqual(["Elsewhere."]);
  });
});
