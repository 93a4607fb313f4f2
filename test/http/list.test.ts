// GET /v1/memories (spec: endpoint 2, List query parameters; decisions: List envelope): newest
// first, Stripe cursors both ways with has_more, scope filters, and cursor errors.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { expectFieldErrors, expectProblem, missingId, remember } from "./support.ts";

let h: Harness;
/** Seven memories in creation order; the list shows them newest first. */
let ids: string[] = [];
beforeAll(async () => {
  h = await createHarness();
  ids = await remember(h, ["One.", "Two.", "Three.", "Four.", "Five.", "Six.", "Seven."]);
});
afterAll(() => h.close());

interface Page {
  object: string;
  data: Array<{ id: string; content: string; object: string }>;
  has_more: boolean;
}
async function page(query: string): Promise<Page> {
  const r = await h.call("GET", `/v1/memories${query}`);
  expect(r.status).toBe(200);
  return r.json() as Promise<Page>;
}
const newestFirst = () => [...ids].reverse();

describe("the list envelope", () => {
  test("lists memory records newest first in a list envelope", async () => {
    const p = await page("");
    expect(p.object).toBe("list");
    expect(p.has_more).toBe(false);
    expect(p.data.map((m) => m.id)).toEqual(newestFirst());
    expect(p.data.map((m) => m.content)).toEqual(["Seven.", "Six.", "Five.", "Four.", "Three.", "Two.", "One."]);
    expect(p.data.every((m) => m.object === "memory")).toBe(true);
  });

  test("an empty project lists an empty page without has_more", async () => {
    const other = h.newAccount();
    const p = h.engram.accounts.createProject({ accountId: other.accountId, name: "empty" });
    const key = h.engram.accounts.createKey({ projectId: p.id, name: "k" }).key;
    expect(await (await h.call("GET", "/v1/memories", { key })).json()).toEqual({
      object: "list",
      data: [],
      has_more: false,
    });
  });
});

describe("Stripe cursors", () => {
  test("starting_after walks forward through every page exactly once", async () => {
    const seen: string[] = [];
    const hasMore: boolean[] = [];
    let cursor = "";
    for (;;) {
      const p = await page(`?limit=3${cursor ? `&starting_after=${cursor}` : ""}`);
      seen.push(...p.data.map((m) => m.id));
      hasMore.push(p.has_more);
      if (!p.has_more) break;
      cursor = p.data.at(-1)!.id;
    }
    expect(seen).toEqual(newestFirst());
    expect(hasMore).toEqual([true, true, false]);
  });

  test("ending_before walks backward from the oldest page to the newest", async () => {
    const oldest = await page(`?limit=3&starting_after=${ids[3]}`);
    expect(oldest.data.map((m) => m.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect(oldest.has_more).toBe(false);

    const middle = await page(`?limit=3&ending_before=${ids[2]}`);
    expect(middle.data.map((m) => m.id)).toEqual([ids[5], ids[4], ids[3]]);
    expect(middle.has_more).toBe(true);

    const newest = await page(`?limit=3&ending_before=${ids[5]}`);
    expect(newest.data.map((m) => m.id)).toEqual([ids[6]]);
    expect(newest.has_more).toBe(false);
  });

  test("the pages from either direction are newest first", async () => {
    const p = await page(`?limit=2&ending_before=${ids[0]}`);
    expect(p.data.map((m) => m.id)).toEqual([ids[2], ids[1]]);
    expect(p.has_more).toBe(true);
  });

  test("starting_after the oldest memory is an empty page", async () => {
    expect(await page(`?starting_after=${ids[0]}`)).toEqual({ object: "list", data: [], has_more: false });
  });

  test("an empty cursor is no cursor", async () => {
    expect((await page("?starting_after=&ending_before=")).data.map((m) => m.id)).toEqual(newestFirst());
  });

  test("giving both cursors is a 400 invalid_argument", async () => {
    await expectProblem(
      await h.call("GET", `/v1/memories?starting_after=${ids[1]}&ending_before=${ids[4]}`),
      400,
      "invalid_argument",
    );
  });

  test.each([
    ["a word", "nope"],
    ["another object's id", "prj_01jd8x6r0qf3v9k7m2c4a5b6e7"],
    ["a memory id with a bad suffix", "mem_ZZZZZZZZZZZZZZZZZZZZZZZZZZ"],
    ["a memory id in upper case", "MEM_01JD8X6R0QF3V9K7M2C4A5B6E7"],
  ])("a cursor that is %s is a 400 invalid_argument", async (_, cursor) => {
    for (const name of ["starting_after", "ending_before"]) {
      await expectProblem(await h.call("GET", `/v1/memories?${name}=${cursor}`), 400, "invalid_argument");
    }
  });

  test("a well-formed id that names no memory is a 400 invalid_argument as a cursor", async () => {
    await expectProblem(await h.call("GET", `/v1/memories?starting_after=${missingId()}`), 400, "invalid_argument");
  });

  test("a forgotten memory's id is a 400 invalid_argument as a cursor", async () => {
    const [gone] = await remember(h, ["Soon forgotten."]);
    expect((await h.call("DELETE", `/v1/memories/${gone}`)).status).toBe(202);
    for (const name of ["starting_after", "ending_before"]) {
      await expectProblem(await h.call("GET", `/v1/memories?${name}=${gone}`), 400, "invalid_argument");
    }
  });

  test("another project's memory id is a 400 invalid_argument as a cursor", async () => {
    const sample = (await (await h.call("GET", "/v1/memories", { key: h.demo.key })).json()).data[0].id;
    for (const name of ["starting_after", "ending_before"]) {
      await expectProblem(await h.call("GET", `/v1/memories?${name}=${sample}`), 400, "invalid_argument");
    }
  });
});

describe("scope filters", () => {
  let scoped: Record<string, string> = {};
  beforeAll(async () => {
    const [a] = await remember(h, ["Scoped A."], { scope: { user_id: "ana", team_id: "red" } });
    const [b] = await remember(h, ["Scoped B."], { scope: { user_id: "ana", team_id: "blue" } });
    const [c] = await remember(h, ["Scoped C."], { scope: { user_id: "ben", team_id: "red", agent_id: "bot" } });
    scoped = { a: a!, b: b!, c: c! };
  });

  test.each([
    ["user_id=ana", ["b", "a"]],
    ["team_id=red", ["c", "a"]],
    ["user_id=ana&team_id=red", ["a"]],
    ["user_id=ben&agent_id=bot&team_id=red", ["c"]],
    ["user_id=ana&agent_id=bot", []],
    ["organization_id=acme", []],
    ["application_id=app", []],
    ["user_id=ANA", []],
  ])("%s lists the memories matching every given field", async (query, expected) => {
    expect((await page(`?${query}`)).data.map((m) => m.id)).toEqual(expected.map((k) => scoped[k]!));
  });

  test("filters combine with cursors", async () => {
    const first = await page("?team_id=red&limit=1");
    expect(first.data.map((m) => m.id)).toEqual([scoped.c!]);
    expect(first.has_more).toBe(true);
    const second = await page(`?team_id=red&limit=1&starting_after=${scoped.c}`);
    expect(second.data.map((m) => m.id)).toEqual([scoped.a!]);
    expect(second.has_more).toBe(false);
  });

  test("records show only the scope fields that were set", async () => {
    const m = (await page("?user_id=ben")).data[0] as unknown as { scope: Record<string, string> };
    expect(m.scope).toEqual({ user_id: "ben", team_id: "red", agent_id: "bot" });
  });
});

describe("unknown query parameters", () => {
  test.each([["page=2"], ["scope=x"], ["userId=ana"], ["LIMIT=5"], ["query=tea"]])(
    "%s is a validation_error naming the parameter",
    async (q) => {
      await expectFieldErrors(await h.call("GET", `/v1/memories?${q}`), q.split("=")[0]!);
    },
  );
});
