// The memory lifecycle (spec: States and transitions): forming → active → forgotten, as seen through
// every endpoint, plus what formation makes of a passage and of an import.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { allIds, expectFieldErrors, expectProblem, remember } from "./support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** Statuses of get, inspect and feedback for one id. */
async function reachability(id: string): Promise<number[]> {
  return [
    (await h.call("GET", `/v1/memories/${id}`)).status,
    (await h.call("GET", `/v1/memories/${id}/inspect`)).status,
    (await h.call("PUT", `/v1/memories/${id}/feedback`, { body: { rating: "positive" } })).status,
  ];
}

async function found(query: string): Promise<{ search: string[]; recall: string | undefined; context: string[] }> {
  const search = (await (await h.call("POST", "/v1/memories/search", { body: { query } })).json()).data.map(
    (m: { id: string }) => m.id,
  );
  const recall = (await (await h.call("POST", "/v1/memories/recall", { body: { query } })).json()).id;
  const ctx = await h.call("POST", "/v1/memories/context", { body: { query } });
  return { search, recall, context: ctx.status === 200 ? (await ctx.json()).memory_ids : [] };
}

describe("a create is accepted, forms, and is forgotten", () => {
  test("a create answers 202 with no body and the writes it charged", async () => {
    const r = await h.call("POST", "/v1/memories", {
      body: { content: "Ingrid keeps bees in Uppsala.", infer: false },
    });
    expect(r.status).toBe(202);
    expect(await r.text()).toBe("");
    expect(r.headers.get("content-type")).toBeNull();
    expect(r.headers.get("service-usage")).toBe("writes=1");
  });

  // While forming, the memory has no id a client could hold (the 202 has no body), so "404 on get,
  // inspect and feedback" is observed as: no memory exists yet and no read returns it.
  test("while it is forming, no memory exists and list, search, recall and context do not return it", async () => {
    const rows = h.engram.db.query("SELECT id FROM memories WHERE content = 'Ingrid keeps bees in Uppsala.'").all();
    expect(rows).toEqual([]);
    expect(await allIds(h)).toEqual([]);
    expect(await found("Ingrid bees")).toEqual({ search: [], recall: undefined, context: [] });
  });

  let id = "";
  test("after formation it is active and every read finds it", async () => {
    expect(await h.form()).toBe(1);
    [id] = await allIds(h);
    const m = await (await h.call("GET", `/v1/memories/${id}`)).json();
    expect(m).toMatchObject({
      object: "memory",
      id,
      status: "active",
      content: "Ingrid keeps bees in Uppsala.",
      scope: {},
      occurred_at: null,
      version: 1,
    });
    expect(m.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(await reachability(id)).toEqual([200, 200, 204]);
    expect(await found("Ingrid bees")).toEqual({ search: [id], recall: id, context: [id] });
  });

  test("DELETE answers 202 with no body and costs nothing", async () => {
    const r = await h.call("DELETE", `/v1/memories/${id}`);
    expect(r.status).toBe(202);
    expect(await r.text()).toBe("");
    expect(r.headers.get("service-usage")).toBe("writes=0");
  });

  test("a forgotten memory is 404 on get, inspect and feedback, and no list or retrieval returns it", async () => {
    expect(await reachability(id)).toEqual([404, 404, 404]);
    expect(await allIds(h)).not.toContain(id);
    expect(await found("Ingrid bees")).toEqual({ search: [], recall: undefined, context: [] });
  });

  test("a forgotten memory's text and feedback stay stored", async () => {
    const row = h.engram.db.query("SELECT status, content FROM memories WHERE id = ?").get(id);
    expect(row).toEqual({ status: "forgotten", content: "Ingrid keeps bees in Uppsala." });
    expect(h.engram.db.query("SELECT count(*) AS n FROM feedback WHERE memory_id = ?").get(id)).toEqual({ n: 1 });
  });

  test("forgetting it again is a 404", async () => {
    await expectProblem(await h.call("DELETE", `/v1/memories/${id}`), 404, "not_found");
  });
});

describe("feedback", () => {
  test("feedback answers 204 with no body, costs nothing, and is stored", async () => {
    const [id] = await remember(h, ["Feedback target: the tram to Belém."]);
    const r = await h.call("PUT", `/v1/memories/${id}/feedback`, { body: { rating: "negative", comment: "outdated" } });
    expect(r.status).toBe(204);
    expect(await r.text()).toBe("");
    expect(r.headers.get("service-usage")).toBe("writes=0");
    const rows = h.engram.db
      .query("SELECT memory_id, project_id, rating, comment FROM feedback WHERE memory_id = ?")
      .all(id!);
    expect(rows).toEqual([{ memory_id: id, project_id: h.project.projectId, rating: "negative", comment: "outdated" }]);
  });

  test.each([
    ["an unknown rating", { rating: "great" }],
    ["a numeric rating", { rating: 5 }],
    ["no rating", { comment: "hm" }],
  ])("%s is a validation_error on rating", async (_, body) => {
    const [id] = await remember(h, [`Feedback validation ${JSON.stringify(body)}.`]);
    await expectFieldErrors(await h.call("PUT", `/v1/memories/${id}/feedback`, { body }), "rating");
  });
});

describe("what formation makes of a write", () => {
  test("infer false forms exactly one memory with the exact text, for exactly 1 write", async () => {
    const text = "  Two sentences here. Kept as one!  ";
    const w0 = h.engram.accounts.usage(h.project.accountId).writes;
    const [id, ...rest] = await remember(h, [text]);
    expect(rest).toEqual([]);
    expect(h.engram.accounts.usage(h.project.accountId).writes - w0).toBe(1);
    expect((await (await h.call("GET", `/v1/memories/${id}`)).json()).content).toBe(text);
  });

  test("infer true forms one memory per durable fact, each standing alone: 1 write at acceptance plus 1 per fact formed", async () => {
    const before = await allIds(h);
    const writes = () => h.engram.accounts.usage(h.project.accountId).writes;
    const w0 = writes();
    const r = await h.call("POST", "/v1/memories", {
      body: { content: "Marta lives in Porto. She teaches chemistry. Her cat is called Figo." },
    });
    expect(r.headers.get("service-usage")).toBe("writes=1");
    await h.form();
    expect(writes() - w0).toBe(1 + 3);
    const ids = (await allIds(h)).filter((x) => !before.includes(x)).reverse();
    const contents = await Promise.all(
      ids.map(async (id) => (await (await h.call("GET", `/v1/memories/${id}`)).json()).content),
    );
    expect(contents).toEqual(["Marta lives in Porto.", "Marta teaches chemistry.", "Marta's cat is called Figo."]);
  });

  test("an import forms memories per durable fact (filler dropped, names and dates resolved), and inspect shows each one's source message", async () => {
    const before = await allIds(h);
    const r = await h.call("POST", "/v1/memories/import", {
      body: {
        messages: [
          { role: "user", speaker: "Caroline", content: "I went to a support group yesterday. It helped a lot." },
          { role: "assistant", content: "Glad to hear it." },
          { role: "user", speaker: "Caroline", content: "Next week I start pottery classes." },
        ],
        scope: { user_id: "caroline" },
        occurred_at: "2023-05-08T13:56:00Z",
      },
    });
    expect(r.status).toBe(202);
    expect(r.headers.get("service-usage")).toBe("writes=1");
    const w0 = h.engram.accounts.usage(h.project.accountId).writes;
    await h.form();
    expect(h.engram.accounts.usage(h.project.accountId).writes - w0).toBe(2); // one per fact formed
    const ids = (await allIds(h)).filter((x) => !before.includes(x)).reverse();
    const inspections = await Promise.all(
      ids.map(async (id) => (await h.call("GET", `/v1/memories/${id}/inspect`)).json()),
    );
    expect(
      inspections.map((i) => [i.memory.content, i.versions[0].source.type, i.versions[0].source.message_indexes]),
    ).toEqual([
      ["Caroline went to a support group on 7 May 2023. It helped a lot.", "import", [0]],
      ["In the week of 15 May 2023 Caroline starts pottery classes.", "import", [2]],
    ]);
    for (const i of inspections) {
      expect(i.object).toBe("memory_inspection");
      expect(i.memory.scope).toEqual({ user_id: "caroline" });
      expect(i.versions).toHaveLength(1);
      expect(i.versions[0]).toMatchObject({ version: 1, change: "created" });
      expect(Array.isArray(i.relationships)).toBe(true);
    }
  });

  test("an import charges one write per chunk of at most 20 messages at acceptance", async () => {
    const messages = Array.from({ length: 41 }, (_, i) => ({ role: "user", content: `Chunked line ${i}.` }));
    const r = await h.call("POST", "/v1/memories/import", { body: { messages } });
    expect(r.headers.get("service-usage")).toBe("writes=3");
    await h.form();
  });
});
