// The stored-memory limit (spec: Limits; States and transitions): each active memory counts once,
// sample memories do not count, at the limit create and import get 409 memory_limit_reached, facts
// past the bound are discarded during formation, and forgetting frees room at once.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Harness } from "../helpers.ts";
import { expectProblem } from "../http/support.ts";
import { SAMPLE_MEMORIES } from "../../src/accounts/samples.ts";
import { contents, customAccount, limitsHarness, seed, sentences, setFigures, usageOf, type Acct } from "./support.ts";

let h: Harness;
beforeAll(async () => {
  ({ h } = await limitsHarness());
});
afterAll(() => h.close());

const create = (key: string, content: string, infer = false) =>
  h.call("POST", "/v1/memories", { key, body: { content, infer } });
const importOf = (key: string, texts: string[]) =>
  h.call("POST", "/v1/memories/import", {
    key,
    body: { messages: texts.map((content) => ({ role: "user", content })) },
  });

async function expectLimitReached(r: Response, limit: number, used: number): Promise<void> {
  const body = (await expectProblem(r, 409, "conflict", "memory_limit_reached")) as { limit?: number; used?: number };
  expect({ limit: body.limit, used: body.used }).toEqual({ limit, used });
  expect(r.headers.get("service-usage")).toBe("writes=0");
}

/** An account with `n` memories in its second project and the given stored-memory limit. */
async function filled(n: number, memories: number): Promise<{ a: Acct; ids: string[] }> {
  const a = customAccount(h);
  const ids = await seed(
    h,
    a.key,
    Array.from({ length: n }, (_, i) => `Stored memory ${i}.`),
  );
  setFigures(h, a, { memories });
  return { a, ids };
}

describe("what counts", () => {
  test("the Demo Project's sample memories do not count; memories added to the Demo Project do", async () => {
    const a = customAccount(h, { memories: 2 });
    expect(contents(h, a.demoProjectId)).toHaveLength(SAMPLE_MEMORIES.length);
    expect(usageOf(h, a).memories).toBe(0);
    expect((await create(a.demoKey, "Added to the demo.")).status).toBe(202);
    expect((await create(a.key, "Added elsewhere.")).status).toBe(202);
    await h.form();
    expect(usageOf(h, a).memories).toBe(2);
    await expectLimitReached(await create(a.demoKey, "One too many."), 2, 2);
  });

  test("a memory with several versions counts once", async () => {
    const { a, ids } = await filled(2, 3);
    h.engram.db.run(
      `INSERT INTO memory_versions (memory_id, version, content, occurred_at, created_at, change, source)
       SELECT memory_id, 2, content || ' Still true.', occurred_at, created_at, 'updated', source FROM memory_versions WHERE memory_id = ?`,
      [ids[0]!],
    );
    h.engram.db.run("UPDATE memories SET version = 2 WHERE id = ?", [ids[0]!]);
    expect(usageOf(h, a).memories).toBe(2);
    expect((await create(a.key, "Third.")).status).toBe(202);
  });

  test("memories of every project of the account count together, and another account's do not", async () => {
    const { a } = await filled(2, 3);
    const other = customAccount(h, { memories: 3 });
    await seed(h, other.key, ["Not theirs 1.", "Not theirs 2."]);
    expect((await create(a.demoKey, "Third, in the Demo Project.")).status).toBe(202);
    await h.form();
    await expectLimitReached(await create(a.otherKey, "Fourth."), 3, 3);
    expect((await create(other.key, "Theirs 3.")).status).toBe(202);
  });
});

describe("at the limit", () => {
  test("create with and without infer and import get 409 conflict memory_limit_reached with limit and used", async () => {
    const { a } = await filled(3, 3);
    await expectLimitReached(await create(a.key, "Plain.", false), 3, 3);
    await expectLimitReached(await create(a.key, sentences(2), true), 3, 3);
    await expectLimitReached(await importOf(a.key, ["I live in Oslo."]), 3, 3);
    expect(usageOf(h, a)).toMatchObject({ memories: 3, writes: 3 });
  });

  test("a plan whose limit is below the memories held refuses with used above limit", async () => {
    const { a } = await filled(3, 1);
    await expectLimitReached(await create(a.key, "Plain."), 1, 3);
  });

  test("reads, forget and feedback still work", async () => {
    const { a, ids } = await filled(2, 2);
    expect((await h.call("GET", `/v1/memories/${ids[0]}`, { key: a.key })).status).toBe(200);
    expect(
      (await h.call("PUT", `/v1/memories/${ids[0]}/feedback`, { key: a.key, body: { rating: "positive" } })).status,
    ).toBe(204);
    expect((await h.call("DELETE", `/v1/memories/${ids[1]}`, { key: a.key })).status).toBe(202);
  });
});

describe("facts past the bound are discarded during formation", () => {
  test("a passage forms the facts that fit under the limit, in order, and is charged only for those", async () => {
    const { a } = await filled(1, 4);
    const r = await create(a.key, sentences(5), true);
    expect([r.status, r.headers.get("service-usage")]).toEqual([202, "writes=1"]);
    await h.form();
    expect(contents(h, a.projectId)).toEqual([
      "Stored memory 0.",
      "Fact number 1 is true.",
      "Fact number 2 is true.",
      "Fact number 3 is true.",
    ]);
    expect(usageOf(h, a)).toMatchObject({ memories: 4, writes: 1 + 1 + 3 });
  });

  test("an import forms the messages that fit, in order", async () => {
    const { a } = await filled(0, 2);
    expect((await importOf(a.key, ["Lena likes figs.", "Lena hates olives.", "Lena owns a kayak."])).status).toBe(202);
    await h.form();
    expect(contents(h, a.projectId)).toEqual(["Lena likes figs.", "Lena hates olives."]);
    expect(usageOf(h, a)).toMatchObject({ memories: 2, writes: 1 + 2 });
  });

  test("a changed value inside a longer memory changes it at the limit; the new memory it also needs is discarded", async () => {
    const dinner =
      "Claire is planning the dinner for her mum's 70th birthday. The budget is £1,200 and it is a surprise.";
    const { a } = await filled(0, 2);
    await seed(h, a.key, [dinner]);
    const r = await create(
      a.key,
      "Claire's sister lives in Cardiff. Claire and Sian are dropping the surprise thing, Gareth will chip in, and the budget is now £1,500.",
      true,
    );
    expect(r.status).toBe(202);
    await h.form();
    // The budget changed where it was said; the rest of the fact needed a memory of its own, past the limit.
    expect(contents(h, a.projectId)).toEqual([
      dinner.replace("£1,200", "£1,500 (was 1,200)"),
      "Claire's sister lives in Cardiff.",
    ]);
    expect(usageOf(h, a).memories).toBe(2);
    const job = h.engram.db
      .query<{ last_error: string | null }, [string]>(
        "SELECT last_error FROM jobs WHERE project_id = ? AND last_error IS NOT NULL",
      )
      .get(a.projectId)!;
    expect(job.last_error).toMatch(/limit was reached/);
  });

  test("writes accepted below the limit but formed after it is reached form nothing", async () => {
    const { a } = await filled(1, 2);
    expect((await create(a.key, "Second.")).status).toBe(202);
    expect((await create(a.key, "Third.")).status).toBe(202);
    await h.form();
    expect(contents(h, a.projectId)).toEqual(["Stored memory 0.", "Second."]);
    expect(usageOf(h, a).memories).toBe(2);
  });
});

describe("forgetting frees room at once", () => {
  test("the next create after a forget is accepted and forms", async () => {
    const { a, ids } = await filled(3, 3);
    await expectLimitReached(await create(a.key, "New."), 3, 3);
    expect((await h.call("DELETE", `/v1/memories/${ids[1]}`, { key: a.key })).status).toBe(202);
    expect(usageOf(h, a).memories).toBe(2);
    expect((await create(a.key, "New.")).status).toBe(202);
    await h.form();
    expect(contents(h, a.projectId)).toEqual(["Stored memory 0.", "Stored memory 2.", "New."]);
    await expectLimitReached(await create(a.key, "Newer."), 3, 3);
  });

  test("a project's deletion frees its memories' room", async () => {
    const { a } = await filled(2, 2);
    await expectLimitReached(await create(a.demoKey, "New."), 2, 2);
    h.engram.accounts.deleteProject(a.projectId);
    expect((await create(a.demoKey, "New.")).status).toBe(202);
  });
});
