// Scope filters apply before ranking; forgotten memories and other projects never appear; feedback
// and the query's names and dates move memories up or down.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness, type TestProject } from "../helpers.ts";
import { recall, search, storeAll } from "./support.ts";
import { active, remember } from "../formation/api-support.ts";

let h: Harness;
let other: TestProject;
beforeAll(async () => {
  h = await createHarness();
  other = h.newAccount();
});
afterAll(() => h.close());

describe("scope filters apply before ranking", () => {
  test("many better matches in another scope never crowd out the one in scope", async () => {
    const many = Array.from({ length: 40 }, (_, i) => `Sam walked the golden retriever dog number ${i} in the park.`);
    await storeAll(h, many, { scope: { user_id: "sam" } });
    const ids = await storeAll(h, ["Lee adopted a puppy from the shelter."], { scope: { user_id: "lee" } });
    const results = await search(h, "dog", { scope: { user_id: "lee" }, limit: 5 });
    expect(results.map((r) => r.id)).toEqual([ids["Lee adopted a puppy from the shelter."]!]);
  });

  test("every given scope field must match, also for memories found by meaning only", async () => {
    await storeAll(h, ["Ana plays the violin in an orchestra."], { scope: { user_id: "ana", team_id: "strings" } });
    await storeAll(h, ["Ben plays the violin in an orchestra too."], { scope: { user_id: "ben", team_id: "strings" } });
    const results = await search(h, "musician", { scope: { user_id: "ana", team_id: "strings" } });
    expect(results.map((r) => r.content)).toEqual(["Ana plays the violin in an orchestra."]);
    expect(await search(h, "musician", { scope: { user_id: "ana", team_id: "brass" } })).toEqual([]);
  });
});

describe("context keeps to the scope asked", () => {
  test("a memory related to an answer is left out when it is another user's", async () => {
    await remember(h, "Ana moved to Lisbon in 2024 for a job at a bank.", { scope: { user_id: "ana-l" } });
    await remember(h, "Ben's sister lives in Lisbon and runs a bakery there.", { scope: { user_id: "ben-l" } });
    const byText = (text: RegExp) => active(h).find((m) => text.test(m.content))!.id;
    const [anaId, benId] = [byText(/^Ana moved to Lisbon/), byText(/bakery/)];
    // The two are linked (both are about Lisbon): the link is the project's, the context is the user's.
    const r = await h.call("GET", `/v1/memories/${anaId}/inspect`);
    const links = ((await r.json()) as { relationships: Array<{ memory_id: string }> }).relationships;
    expect(links.map((x) => x.memory_id)).toContain(benId);
    const ctx = await h.call("POST", "/v1/memories/context", {
      body: { query: "Where did Ana move?", scope: { user_id: "ana-l" } },
    });
    const body = (await ctx.json()) as { context: string; memory_ids: string[] };
    expect(body.memory_ids).toContain(anaId);
    expect(body.memory_ids).not.toContain(benId);
    expect(body.context).not.toMatch(/bakery/);
  });
});

describe("isolation and forgetting", () => {
  test("another project's memory is never returned, by words or by meaning", async () => {
    await storeAll(h, ["Zed keeps three parrots at home."], {}, other.key);
    expect(await search(h, "Zed keeps three parrots at home.")).toEqual([]);
    expect(await search(h, "birds")).toEqual([]);
    expect(await recall(h, "Zed parrots")).toEqual({ object: "memory", status: "not_found" });
    expect((await search(h, "birds", {}, other.key)).map((r) => r.content)).toEqual([
      "Zed keeps three parrots at home.",
    ]);
  });

  test("a forgotten memory is never returned, and its vector is gone", async () => {
    const ids = await storeAll(h, ["Quinn collects antique typewriters."]);
    const id = ids["Quinn collects antique typewriters."]!;
    expect((await search(h, "Quinn typewriters")).map((r) => r.id)).toContain(id);
    expect((await h.call("DELETE", `/v1/memories/${id}`)).status).toBe(202);
    expect((await search(h, "Quinn collects antique typewriters.")).map((r) => r.id)).not.toContain(id);
    expect((await search(h, "typewriter collector")).map((r) => r.id)).not.toContain(id);
    expect(await recall(h, "Quinn collects antique typewriters.")).toEqual({ object: "memory", status: "not_found" });
    const seq = h.engram.db.query<{ seq: number }, [string]>("SELECT seq FROM memories WHERE id = ?").get(id)!.seq;
    expect(h.engram.db.query("SELECT count(*) AS n FROM memory_embeddings WHERE memory_seq = ?").get(seq)).toEqual({
      n: 0,
    });
  });
});

describe("ranking signals", () => {
  test("a name in the query prefers the memories that mention it", async () => {
    const p = h.newAccount();
    await storeAll(h, ["Rosa went hiking in the mountains.", "Tom went hiking in the mountains."], {}, p.key);
    const results = await search(h, "Where did Tom go hiking?", {}, p.key);
    expect(results[0]!.content).toBe("Tom went hiking in the mountains.");
  });

  test("a period in the query prefers memories that occurred in it", async () => {
    const p = h.newAccount();
    await storeAll(h, ["Mia visited the aquarium."], { occurred_at: "2023-03-10T10:00:00Z" }, p.key);
    await storeAll(h, ["Mia visited the aquarium again."], { occurred_at: "2023-07-02T10:00:00Z" }, p.key);
    expect((await search(h, "Mia aquarium in March 2023", {}, p.key))[0]!.content).toBe("Mia visited the aquarium.");
    expect((await search(h, "Mia aquarium in July 2023", {}, p.key))[0]!.content).toBe(
      "Mia visited the aquarium again.",
    );
  });

  test("negative feedback demotes; very_negative keeps a memory out of recall and context", async () => {
    const p = h.newAccount();
    const ids = await storeAll(h, ["Kim drinks green tea every morning.", "Kim drinks coffee after lunch."], {}, p.key);
    const tea = ids["Kim drinks green tea every morning."]!;
    const before = await search(h, "What does Kim drink?", {}, p.key);
    expect(before).toHaveLength(2);
    const first = before[0]!.id;
    await h.call("PUT", `/v1/memories/${first}/feedback`, { body: { rating: "negative" }, key: p.key });
    expect((await search(h, "What does Kim drink?", {}, p.key))[0]!.id).not.toBe(first);
    await h.call("PUT", `/v1/memories/${tea}/feedback`, { body: { rating: "very_negative" }, key: p.key });
    expect((await recall(h, "Kim green tea morning", {}, p.key)).id).not.toBe(tea);
    const c = (await (
      await h.call("POST", "/v1/memories/context", { body: { query: "Kim green tea morning" }, key: p.key })
    ).json()) as { memory_ids?: string[] };
    expect(c.memory_ids ?? []).not.toContain(tea);
  });
});
