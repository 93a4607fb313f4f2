// Search, recall and context (spec: endpoints 7-9; decisions: Search request, Context): ranked list
// envelopes with scores, a 200 recall miss, a 404 context miss, and scope filters in the body.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { expectProblem, remember } from "./support.ts";

let h: Harness;
let ids: Record<string, string> = {};
beforeAll(async () => {
  h = await createHarness();
  const [lisbon] = await remember(h, ["Noor moved to Lisbon in 2023."], { scope: { user_id: "noor" } });
  const [tram] = await remember(h, ["Noor takes the tram in Lisbon to work every Lisbon morning."], {
    scope: { user_id: "noor", team_id: "ops" },
  });
  const [bread] = await remember(h, ["Omar bakes sourdough bread on Sundays."], { scope: { user_id: "omar" } });
  ids = { lisbon: lisbon!, tram: tram!, bread: bread! };
});
afterAll(() => h.close());

const post = (path: string, body: unknown) => h.call("POST", `/v1/memories/${path}`, { body });

describe("search", () => {
  test("returns a list envelope of memory records, best first, each with a score in 0..1", async () => {
    const r = await post("search", { query: "Lisbon" });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toStartWith("application/json");
    const page = await r.json();
    expect(page.object).toBe("list");
    expect(page.has_more).toBe(false);
    expect(page.data.map((m: { id: string }) => m.id).sort()).toEqual([ids.lisbon, ids.tram].sort());
    const scores = page.data.map((m: { score: number }) => m.score);
    for (const s of scores) {
      expect(s).toBeGreaterThanOrEqual(0);
      expect(s).toBeLessThanOrEqual(1);
    }
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(page.data[0]).toMatchObject({ object: "memory", status: "active" });
  });

  test("a query that matches nothing is an empty list, not an error", async () => {
    expect(await (await post("search", { query: "volcano" })).json()).toEqual({
      object: "list",
      data: [],
      has_more: false,
    });
  });

  test("a query of punctuation only is an empty list, not an error", async () => {
    expect((await (await post("search", { query: '?!… -- ""' })).json()).data).toEqual([]);
  });

  test("query text is never search syntax", async () => {
    for (const query of [
      '"unbalanced',
      "Lisbon OR",
      "NEAR(a b)",
      "col:Lisbon",
      "*",
      "Lisbon AND NOT",
      "-Lisbon",
      "^Lisbon",
    ]) {
      const r = await post("search", { query });
      expect({ query, status: r.status }).toEqual({ query, status: 200 });
    }
  });

  test.each([
    [{ user_id: "noor" }, ["lisbon", "tram"]],
    [{ user_id: "noor", team_id: "ops" }, ["tram"]],
    [{ user_id: "omar" }, []],
    [{ user_id: "" }, ["lisbon", "tram"]],
  ])("scope %p in the body filters results", async (scope, expected) => {
    const page = await (await post("search", { query: "Lisbon", scope })).json();
    expect(page.data.map((m: { id: string }) => m.id).sort()).toEqual(expected.map((k) => ids[k]).sort());
  });
});

describe("recall", () => {
  test("returns the single best memory record with a score", async () => {
    const r = await post("recall", { query: "sourdough bread" });
    expect(r.status).toBe(200);
    const m = await r.json();
    expect(m).toMatchObject({
      object: "memory",
      id: ids.bread,
      status: "active",
      content: "Omar bakes sourdough bread on Sundays.",
    });
    expect(m.score).toBeGreaterThan(0);
    expect(m.score).toBeLessThanOrEqual(1);
  });

  test("a miss is 200 with object memory and status not_found, never 404", async () => {
    const r = await post("recall", { query: "volcano" });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toStartWith("application/json");
    expect(await r.json()).toEqual({ object: "memory", status: "not_found" });
  });

  test("scope in the body can turn a hit into a miss", async () => {
    expect(await (await post("recall", { query: "sourdough", scope: { user_id: "noor" } })).json()).toEqual({
      object: "memory",
      status: "not_found",
    });
  });

  test("a very_negative rating keeps a memory out of recall but not out of search", async () => {
    const [id] = await remember(h, ["Zebras graze near the Okavango delta."]);
    expect((await (await post("recall", { query: "zebras Okavango" })).json()).id).toBe(id);
    expect((await h.call("PUT", `/v1/memories/${id}/feedback`, { body: { rating: "very_negative" } })).status).toBe(
      204,
    );
    expect(await (await post("recall", { query: "zebras Okavango" })).json()).toEqual({
      object: "memory",
      status: "not_found",
    });
    expect(
      (await (await post("search", { query: "zebras Okavango" })).json()).data.map((m: { id: string }) => m.id),
    ).toEqual([id]);
  });
});

describe("context", () => {
  test("returns a context object with short text and the ids it drew from, best first", async () => {
    const r = await post("context", { query: "Where does Noor live? Lisbon?" });
    expect(r.status).toBe(200);
    const c = await r.json();
    expect(Object.keys(c).sort()).toEqual(["context", "memory_ids", "object"]);
    expect(c.object).toBe("context");
    expect(c.context.length).toBeGreaterThan(0);
    expect(c.context.length).toBeLessThanOrEqual(1_000);
    expect([...c.memory_ids].sort()).toEqual([ids.lisbon, ids.tram].sort());
    expect(c.context).toContain("Lisbon");
  });

  test("no relevant memory is a 404 not_found problem", async () => {
    const p = await expectProblem(await post("context", { query: "volcano eruption" }), 404, "not_found");
    expect(p.instance).toBe("/v1/memories/context");
  });

  test("the text stays within about 1,000 characters however much matches", async () => {
    const long = Array.from(
      { length: 12 },
      (_, i) => `Kestrel observation ${i}: ${"the kestrel hovered over the field ".repeat(8)}`,
    );
    await remember(h, long);
    const c = await (await post("context", { query: "kestrel" })).json();
    expect(c.context.length).toBeLessThanOrEqual(1_000);
    expect(c.memory_ids.length).toBeGreaterThan(1);
  });

  test("a single memory longer than 1,000 characters is cut to fit", async () => {
    await remember(h, [`Platypus ${"notes ".repeat(300)}`], { infer: true });
    const c = await (await post("context", { query: "platypus" })).json();
    expect(c.context.length).toBeLessThanOrEqual(1_000);
    expect(c.memory_ids).toHaveLength(1);
  });

  test("scope in the body filters the context", async () => {
    await expectProblem(await post("context", { query: "Lisbon", scope: { user_id: "omar" } }), 404, "not_found");
  });
});
