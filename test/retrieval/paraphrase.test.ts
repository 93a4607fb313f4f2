// Search, recall and context find a memory from a question that uses other words (issue 4).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { PEOPLE, recall, search, storeAll } from "./support.ts";

let h: Harness;
let ids: Record<string, string>;
beforeAll(async () => {
  h = await createHarness();
  ids = await storeAll(h, PEOPLE);
});
afterAll(() => h.close());

describe("paraphrase queries find their memory", () => {
  test.each([
    ["What pet does Caroline have?", "Caroline adopted a golden retriever puppy last spring."],
    ["dog", "Caroline adopted a golden retriever puppy last spring."],
    ["musician", "Omar plays the violin in a string quartet."],
    ["What instrument does Omar play?", "Omar plays the violin in a string quartet."],
    ["What kind of vehicle does Jon drive?", "Jon bought a red electric car."],
    ["Which language is Dana studying?", "Dana is learning to speak Japanese."],
    ["What does Caroline like to eat?", "Caroline's favourite food is sushi."],
    ["Which city does Noor live in?", "Noor moved to Lisbon in 2023."],
  ])("search %p ranks the memory first", async (query, expected) => {
    const results = await search(h, query);
    expect(results[0]?.id).toBe(ids[expected]!);
    expect(results[0]!.score).toBeGreaterThan(0);
    expect(results[0]!.score).toBeLessThanOrEqual(1);
  });

  test("a memory found only by meaning is returned when no word matches", async () => {
    const results = await search(h, "musician");
    expect(results.map((r) => r.content)).toContain("Omar plays the violin in a string quartet.");
  });

  test("scores never increase down the list", async () => {
    const scores = (await search(h, "What does Caroline do?", { limit: 10 })).map((r) => r.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  test("recall answers a paraphrase with the one memory", async () => {
    const m = await recall(h, "What pet does Caroline have?");
    expect(m.id).toBe(ids["Caroline adopted a golden retriever puppy last spring."]!);
    expect(m.object).toBe("memory");
  });
});

describe("a miss is a miss", () => {
  test("search for something never said is an empty list", async () => {
    expect(await search(h, "volcano eruption")).toEqual([]);
  });

  test("recall below the confidence threshold is 200 not_found", async () => {
    expect(await recall(h, "volcano eruption")).toEqual({ object: "memory", status: "not_found" });
  });

  test("recall about a person no memory names is not_found, though another person's memory matches the rest", async () => {
    expect((await recall(h, "What instrument does Omar play?")).id).toBe(
      ids["Omar plays the violin in a string quartet."]!,
    );
    expect(await recall(h, "What instrument does Zora play?")).toEqual({ object: "memory", status: "not_found" });
    // Search still lists it, ranked as before, with the lower confidence.
    const [top] = await search(h, "What instrument does Zora play?");
    expect(top?.content).toBe("Omar plays the violin in a string quartet.");
    expect(top!.score).toBeLessThan(0.35);
  });

  test("context with nothing relevant is a 404 not_found", async () => {
    const r = await h.call("POST", "/v1/memories/context", { body: { query: "volcano eruption" } });
    expect(r.status).toBe(404);
    expect(((await r.json()) as { code: string }).code).toBe("not_found");
  });
});

describe("context", () => {
  test("starts with the best match, with its date when known, within 1,000 characters", async () => {
    const r = await h.call("POST", "/v1/memories/context", { body: { query: "What pet does Caroline have?" } });
    expect(r.status).toBe(200);
    const c = (await r.json()) as { context: string; memory_ids: string[] };
    expect(c.memory_ids[0]).toBe(ids["Caroline adopted a golden retriever puppy last spring."]!);
    expect(c.context.split("\n")[0]).toContain("golden retriever");
    expect(c.context.length).toBeLessThanOrEqual(1_000);
  });

  test("adds the memories related to the best match", async () => {
    const best = ids["Noor moved to Lisbon in 2023."]!;
    const other = ids["Dana is learning to speak Japanese."]!;
    const seq = (id: string) =>
      h.engram.db.query<{ seq: number }, [string]>("SELECT seq FROM memories WHERE id = ?").get(id)!.seq;
    expect(seq(best)).toBeGreaterThan(0);
    h.engram.db.run(
      "INSERT INTO memory_relationships (memory_id, target_id, type, strength, created_at) VALUES (?, ?, 'related', 0.9, ?)",
      [best, other, new Date().toISOString()],
    );
    const c = (await (
      await h.call("POST", "/v1/memories/context", { body: { query: "Which city does Noor live in?" } })
    ).json()) as { memory_ids: string[] };
    expect(c.memory_ids.slice(0, 2)).toEqual([best, other]);
  });
});
