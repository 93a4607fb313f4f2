// Search context: a memory formed from an import is also found by the words of the conversation
// around it (its messages, the two before, the one after), which are never returned.
import { afterEach, describe, expect, test } from "bun:test";
import { createPolicyStore } from "../../src/formation/policy.ts";
import { createMemoryGraph } from "../../src/memories/graph.ts";
import { MIGRATIONS } from "../../src/storage/migrations/index.ts";
import { migrate } from "../../src/storage/db.ts";
import { loadVec, materialiseVecExtension } from "../../src/storage/sqlite-vec.ts";
import { Database } from "bun:sqlite";
import { rmSync } from "node:fs";
import { tempDir, type Harness } from "../helpers.ts";
import { active, harness, importMessages, NOW, remember } from "../formation/api-support.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const contextOf = (hh: Harness, id: string) =>
  hh.engram.db.query<{ context: string }, [string]>("SELECT context FROM memories WHERE id = ?").get(id)!.context;

const CHAT = [
  { speaker: "Melanie", content: "Morning! How is the new greenhouse coming along?" },
  { speaker: "Caroline", content: "Slowly, the glass panels arrived broken." },
  { speaker: "Melanie", content: "Oh no, that's annoying." },
  { speaker: "Caroline", content: "I planted tomatoes and basil anyway." },
  { speaker: "Melanie", content: "Good for you!" },
];

async function search(
  hh: Harness,
  query: string,
): Promise<Array<{ id: string; content: string; [k: string]: unknown }>> {
  const r = await hh.call("POST", "/v1/memories/search", { body: { query, limit: 10 } });
  expect(r.status).toBe(200);
  return ((await r.json()) as { data: Array<{ id: string; content: string }> }).data;
}

describe("search context of imported memories", () => {
  test("holds the fact's message, the two before and the one after, and nothing further", async () => {
    h = await harness();
    await importMessages(h, CHAT);
    const planted = active(h).find((m) => m.content.includes("tomatoes"))!;
    expect(planted.content).toBe("Caroline planted tomatoes and basil anyway.");
    expect(contextOf(h, planted.id).split("\n")).toEqual([
      CHAT[1]!.content,
      CHAT[2]!.content,
      CHAT[3]!.content,
      CHAT[4]!.content,
    ]);
  });

  test("finds a memory by words only its conversation has, and never returns them", async () => {
    h = await harness();
    await importMessages(h, CHAT);
    const hits = await search(h, "glass panels");
    const planted = hits.find((m) => m.content.includes("tomatoes"));
    expect(planted).toBeDefined();
    expect(JSON.stringify(hits)).not.toContain("greenhouse");
    expect(Object.keys(planted!)).not.toContain("context");
    // A memory's own words still rank above words of its context.
    await importMessages(h, [{ speaker: "Caroline", content: "I ordered new glass panels for the roof." }]);
    expect((await search(h, "glass panels"))[0]!.content).toBe("Caroline ordered new glass panels for the roof.");
  });

  test("a memory written with POST /v1/memories has no context; a project that excludes categories keeps none", async () => {
    h = await harness();
    await remember(h, "Caroline planted tomatoes and basil.");
    expect(contextOf(h, active(h)[0]!.id)).toBe("");
    createPolicyStore(h.engram.db).set(h.project.projectId, { excludeCategories: ["health"] }, NOW);
    await importMessages(h, CHAT);
    for (const m of active(h)) expect(contextOf(h, m.id)).toBe("");
  });

  test("reconciliation looks for candidates by their own text, not their context", async () => {
    h = await harness();
    await importMessages(h, CHAT);
    const graph = createMemoryGraph(h.engram.db);
    expect(graph.candidates(h.project.projectId, {}, ["greenhouse"], 10)).toEqual([]); // only in the context of the memories after it
    expect(graph.candidates(h.project.projectId, {}, ["tomatoes"], 10).map((m) => m.content)).toEqual([
      "Caroline planted tomatoes and basil anyway.",
    ]);
  });
});

describe("migration 005", () => {
  test("re-indexes memories stored before it: their text is still found", async () => {
    const dir = tempDir();
    try {
      const db = new Database(":memory:", { strict: true });
      loadVec(db, await materialiseVecExtension(dir));
      migrate(
        db,
        MIGRATIONS.filter((m) => m.version < 5),
      );
      db.run("INSERT INTO accounts (id, name, plan, created_at) VALUES ('acct_1', 'A', 'free', 'now')");
      db.run("INSERT INTO projects (id, account_id, name, created_at) VALUES ('prj_1', 'acct_1', 'P', 'now')");
      db.run(
        "INSERT INTO memories (id, project_id, status, content, created_at, updated_at) VALUES ('mem_1', 'prj_1', 'active', 'Ada adopted a greyhound.', 'now', 'now')",
      );
      migrate(db);
      const match = (q: string) =>
        db
          .query<{ id: string }, [string]>(
            "SELECT m.id FROM memories_fts f JOIN memories m ON m.seq = f.rowid WHERE memories_fts MATCH ?",
          )
          .all(q)
          .map((r) => r.id);
      expect(match("greyhound")).toEqual(["mem_1"]);
      db.run("UPDATE memories SET context = 'at the shelter on Sunday' WHERE id = 'mem_1'");
      expect(match("shelter")).toEqual(["mem_1"]);
      expect(match("content : shelter")).toEqual([]);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
