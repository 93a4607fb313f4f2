// `engram admin reindex` marks vectors for re-making; search keeps its vectors meanwhile and the
// indexer re-makes them from the memories' text.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { PEOPLE, search, storeAll } from "./support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
  await storeAll(h, PEOPLE);
  await h.engram.vectors.runUntilIdle();
});
afterAll(() => h.close());

const books = () => h.engram.db.query<{ n: number }, []>("SELECT count(*) AS n FROM memory_embeddings").get()!.n;

describe("reindex", () => {
  test("one project: its vectors are re-made, search by meaning keeps working throughout", async () => {
    const before = books();
    expect(h.engram.reindex(h.project.projectId)).toBe(PEOPLE.length);
    expect(books()).toBe(before - PEOPLE.length);
    expect((await search(h, "musician"))[0]!.content).toBe("Omar plays the violin in a string quartet.");
    expect(await h.engram.vectors.runUntilIdle()).toBe(PEOPLE.length);
    expect(books()).toBe(before);
  });

  test("all projects, and an unknown project is not_found", async () => {
    const before = books();
    expect(h.engram.reindex(null)).toBe(before);
    expect(await h.engram.vectors.runUntilIdle()).toBe(before);
    expect(() => h.engram.reindex("prj_01m83wcn2jen99p3qaxr9vh3zt")).toThrow("No project");
  });
});
