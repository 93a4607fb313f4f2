// Project isolation (spec: Authentication 2-3; Errors, not_found): a key reaches only its project,
// and another project's memory is answered exactly like a missing one.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness, type TestProject } from "../helpers.ts";
import { ID_ENDPOINTS, allIds, missingId, pathFor, remember, type Problem } from "./support.ts";

let h: Harness;
/** Project A (harness's empty project) and B (another account), each with one memory about otters. */
let b: TestProject;
let idA = "";
let idB = "";
beforeAll(async () => {
  h = await createHarness();
  b = h.newAccount();
  [idA] = await remember(h, ["Project A secret: the otters nest under the north bridge."], {
    scope: { user_id: "shared-user" },
  });
  [idB] = await remember(
    h,
    ["Project B note: otters were counted on Tuesday."],
    { scope: { user_id: "shared-user" } },
    b.key,
  );
});
afterAll(() => h.close());

/** The problem body without `instance`, which names the request path. */
async function withoutInstance(r: Response): Promise<Omit<Problem, "instance">> {
  const { instance: _, ...rest } = (await r.json()) as Problem;
  return rest;
}

describe("another project's memory id is indistinguishable from a missing one", () => {
  test.each(ID_ENDPOINTS.map((e) => [e.name, e] as const))("%s gives the same 404 body for both", async (_, e) => {
    const foreign = await h.call(e.method, pathFor(e, idA), { key: b.key, body: e.body });
    const missing = await h.call(e.method, pathFor(e, missingId()), { key: b.key, body: e.body });
    expect(foreign.status).toBe(404);
    expect(missing.status).toBe(404);
    expect(foreign.headers.get("content-type")).toBe("application/problem+json");
    expect(foreign.headers.get("service-usage")).toBe(missing.headers.get("service-usage"));
    const [fb, mb] = [await withoutInstance(foreign), await withoutInstance(missing)];
    expect(fb).toEqual(mb);
    expect(fb.code).toBe("not_found");
  });

  test("a foreign DELETE or feedback changed nothing in the owning project", async () => {
    expect((await h.call("GET", `/v1/memories/${idA}`)).status).toBe(200);
    const fb = h.engram.db.query("SELECT count(*) AS n FROM feedback WHERE memory_id = ?").get(idA);
    expect(fb).toEqual({ n: 0 });
  });

  test("the same holds between two projects of one account", async () => {
    const r = await h.call("GET", `/v1/memories/${idA}/inspect`, { key: h.demo.key });
    expect(r.status).toBe(404);
  });
});

describe("reads of one project never return another's memories", () => {
  test("list of B shows only B's memory, even filtered by a scope both share", async () => {
    expect(await allIds(h, b.key)).toContain(idB);
    expect(await allIds(h, b.key)).not.toContain(idA);
    expect(await allIds(h, b.key, "user_id=shared-user")).toEqual([idB]);
    expect(await allIds(h, undefined, "user_id=shared-user")).toEqual([idA]);
  });

  test("search of B finds only B's otters", async () => {
    const page = await (
      await h.call("POST", "/v1/memories/search", { key: b.key, body: { query: "otters bridge" } })
    ).json();
    expect(page.data.map((m: { id: string }) => m.id)).toEqual([idB]);
  });

  test("recall of B never answers with A's memory, even for A's exact words", async () => {
    const m = await (
      await h.call("POST", "/v1/memories/recall", { key: b.key, body: { query: "north bridge nest" } })
    ).json();
    expect(m).toEqual({ object: "memory", status: "not_found" });
  });

  test("context of B never draws on A's memory", async () => {
    const r = await h.call("POST", "/v1/memories/context", { key: b.key, body: { query: "otters nest north bridge" } });
    expect(r.status).toBe(200);
    const c = await r.json();
    expect(c.memory_ids).toEqual([idB]);
    expect(c.context).not.toContain("north bridge");
  });

  test("the Demo Project's sample memories stay in the Demo Project", async () => {
    const samples = await allIds(h, h.demo.key);
    expect(samples.length).toBeGreaterThan(0);
    const mine = await allIds(h);
    expect(mine.filter((id) => samples.includes(id))).toEqual([]);
    const page = await (await h.call("POST", "/v1/memories/search", { body: { query: "Ada Lisbon" } })).json();
    expect(page.data).toEqual([]);
  });

  test("a write with B's key lands in B only", async () => {
    const before = await allIds(h);
    await remember(h, ["Written by B about herons."], {}, b.key);
    expect(await allIds(h)).toEqual(before);
  });
});
