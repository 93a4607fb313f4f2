// The approximate index for large projects answers like the exact path (sqlite-vec) on a fixed set,
// honours scope filters, and follows vectors written after it was built.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { createMemoryRepository } from "../../src/memories/repository.ts";
import { loadStaticEmbedder } from "../../src/models/static-embedder.ts";
import { createVectorStore, type VectorStore } from "../../src/retrieval/vector-store.ts";
import { createVectorWriter } from "../../src/retrieval/vector-hook.ts";
import { createVectorBookkeeping } from "../../src/memories/search-queries.ts";
import { createAnnIndex, type AnnIndex } from "../../src/retrieval/ann-index.ts";
import type { Embedder } from "../../src/models/embedder.ts";

const PEOPLE = ["Caroline", "Melanie", "Noor", "Omar", "Priya", "Jon", "Dana", "Mia"];
const VERBS = ["adopted", "bought", "visited", "painted", "started learning", "sold", "recommended", "fixed"];
const THINGS = [
  "a golden retriever",
  "a red bicycle",
  "the violin",
  "a vegetable garden",
  "a pottery class",
  "a mystery novel",
  "a kayak",
  "a telescope",
  "a jazz album",
  "an electric car",
];
const PLACES = ["in Lisbon", "at the lake", "with the kids", "on the weekend", "in the mountains", "at the beach"];

let h: Harness;
let embedder: Embedder;
let store: VectorStore;
let ann: AnnIndex;
let insert: (content: string, userId: string) => number;

beforeAll(async () => {
  h = await createHarness();
  embedder = await loadStaticEmbedder();
  store = createVectorStore(h.engram.db);
  ann = createAnnIndex({ store, counts: createVectorBookkeeping(h.engram.db), options: { minVectors: 1_000 } });
  const repo = createMemoryRepository(h.engram.db, {
    onWrite: createVectorWriter({ store, embedder, onMissing: () => {} }),
  });
  insert = (content, userId) =>
    repo.insert({
      projectId: h.project.projectId,
      content,
      scope: { user_id: userId },
      occurredAt: null,
      jobId: null,
      source: { type: "sample" },
      now: new Date().toISOString(),
    }).seq;
  let i = 0;
  h.engram.db.transaction(() => {
    for (const p of PEOPLE)
      for (const v of VERBS)
        for (const t of THINGS)
          for (const place of PLACES) insert(`${p} ${v} ${t} ${place}.`, i++ % 2 ? "odd" : "even");
  })();
});
afterAll(() => h.close());

const QUERIES = [
  "What pet does Caroline have?",
  "musician",
  "Who went kayaking at the lake?",
  "Jon's bicycle",
  "astronomy",
  "gardening with kids",
  "Which book did Priya recommend?",
  "Mia visited the beach",
];

describe("the approximate index", () => {
  test("is used only for projects with enough vectors", () => {
    expect(ann.nearest(h.demo.projectId, embedder.embedSync!(["x"])[0]!, 5, {})).toBeNull();
    expect(ann.covers(h.project.projectId)).toBe(true);
  });

  test.each(QUERIES)("returns the exact path's top result for %p", (query) => {
    const v = embedder.embedSync!([query])[0]!;
    const exact = store.nearest(h.project.projectId, v, 10, {});
    const approx = ann.nearest(h.project.projectId, v, 10, {})!;
    expect(approx[0]!.seq).toBe(exact[0]!.seq);
    expect(approx[0]!.similarity).toBeCloseTo(exact[0]!.similarity, 3);
    const overlap = approx.filter((a) => exact.some((e) => e.seq === a.seq)).length;
    expect(overlap).toBeGreaterThanOrEqual(8);
  });

  test("applies scope filters inside the search", () => {
    const v = embedder.embedSync!(["What pet does Caroline have?"])[0]!;
    const exact = store.nearest(h.project.projectId, v, 10, { user_id: "odd" });
    const approx = ann.nearest(h.project.projectId, v, 10, { user_id: "odd" })!;
    expect(approx[0]!.seq).toBe(exact[0]!.seq);
    const odd = new Set(
      h.engram.db
        .query<{ seq: number }, [string]>("SELECT seq FROM memories WHERE user_id = ?")
        .all("odd")
        .map((r) => r.seq),
    );
    expect(approx.every((a) => odd.has(a.seq))).toBe(true);
    expect(ann.nearest(h.project.projectId, v, 10, { user_id: "nobody" })).toEqual([]);
  });

  test("finds a vector written after it was built", () => {
    const seq = insert("Zelda keeps a tortoise named Atlas.", "even");
    const v = embedder.embedSync!(["Zelda keeps a tortoise named Atlas."])[0]!;
    expect(ann.nearest(h.project.projectId, v, 3, {})![0]!.seq).toBe(seq);
  });

  test("is dropped when the store adopts another model", () => {
    store.adopt("another-model", 8, new Date().toISOString());
    expect(ann.covers(h.project.projectId)).toBe(false);
  });
});

describe("search through the approximate index", () => {
  test("answers paraphrases as the exact path does, and never returns a forgotten memory", async () => {
    const { storeAll, search, PEOPLE: people } = await import("./support.ts");
    const indexed = await createHarness({ ann: { minVectors: 5 } });
    try {
      const ids = await storeAll(indexed, people);
      expect((await search(indexed, "musician"))[0]!.content).toBe("Omar plays the violin in a string quartet.");
      expect((await search(indexed, "What pet does Caroline have?"))[0]!.content).toBe(
        "Caroline adopted a golden retriever puppy last spring.",
      );
      const dog = ids["Caroline adopted a golden retriever puppy last spring."]!;
      expect((await indexed.call("DELETE", `/v1/memories/${dog}`)).status).toBe(202);
      expect((await search(indexed, "dog")).map((r) => r.id)).not.toContain(dog);
    } finally {
      await indexed.close();
    }
  });
});
