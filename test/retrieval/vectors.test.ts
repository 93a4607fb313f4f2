// Vectors live with their memory: written in the memory's transaction, re-made when its text changes,
// made by the indexer for memories written elsewhere.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { createMemoryRepository } from "../../src/memories/repository.ts";
import { loadStaticEmbedder, STATIC_MODEL_ID } from "../../src/models/static-embedder.ts";
import { createVectorStore } from "../../src/retrieval/vector-store.ts";
import { createVectorWriter } from "../../src/retrieval/vector-hook.ts";
import { search, storeAll } from "./support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const embeddingsOf = (ids: string[]) =>
  h.engram.db
    .query<{ id: string; model: string; version: number }, string[]>(
      `SELECT m.id, e.model, e.version FROM memories m JOIN memory_embeddings e ON e.memory_seq = m.seq WHERE m.id IN (${ids.map(() => "?").join(",")})`,
    )
    .all(...ids);

describe("vectors", () => {
  test("formation writes each memory's vector with it, recording the model and the version", async () => {
    const ids = Object.values(await storeAll(h, ["Eli repairs old bicycles.", "Eli grows tomatoes on the balcony."]));
    // The indexer never ran (the harness does not start it): the vectors came with the memories.
    expect(embeddingsOf(ids).map((e) => [e.model, e.version])).toEqual([
      [STATIC_MODEL_ID, 1],
      [STATIC_MODEL_ID, 1],
    ]);
    const seqs = h.engram.db
      .query<{ seq: number }, string[]>(`SELECT seq FROM memories WHERE id IN (?, ?)`)
      .all(...ids)
      .map((r) => r.seq);
    expect(
      h.engram.db.query(`SELECT count(*) AS n FROM memory_vectors WHERE memory_seq IN (${seqs.join(",")})`).get(),
    ).toEqual({ n: 2 });
  });

  test("a new version of a memory gets a new vector in the same transaction", async () => {
    const db = h.engram.db;
    const embedder = await loadStaticEmbedder();
    const store = createVectorStore(db);
    let missing = 0;
    const repo = createMemoryRepository(db, {
      onWrite: createVectorWriter({ store, embedder, onMissing: () => missing++ }),
    });
    const now = new Date().toISOString();
    const row = db.transaction(() => {
      const m = repo.insert({
        projectId: h.project.projectId,
        content: "Eli lives in Porto.",
        scope: {},
        occurredAt: null,
        jobId: null,
        source: { type: "sample" },
        now,
      });
      return repo.addVersion(m.id, {
        content: "Eli lives in Madrid.",
        occurredAt: null,
        change: "updated",
        source: { type: "sample" },
        supersedes: 1,
        now,
      });
    })();
    expect(missing).toBe(0);
    expect(embeddingsOf([row.id])).toEqual([{ id: row.id, model: STATIC_MODEL_ID, version: 2 }]);
    const stored = store.vectorsOf([row.seq]).get(row.seq)!;
    const expected = embedder.embedSync!(["Eli lives in Madrid."])[0]!;
    expect([...stored].map((x) => x.toFixed(5))).toEqual([...expected].map((x) => x.toFixed(5)));
  });

  test("a text changed behind the repository's back loses its stale vector until the indexer re-makes it", async () => {
    const ids = await storeAll(h, ["Eli sings in a choir."]);
    const id = ids["Eli sings in a choir."]!;
    h.engram.db.run("UPDATE memories SET content = 'Eli sings in a rock band.', version = version + 1 WHERE id = ?", [
      id,
    ]);
    expect(embeddingsOf([id])).toEqual([]);
    expect(await h.engram.vectors.runUntilIdle()).toBeGreaterThan(0);
    expect(embeddingsOf([id])).toEqual([{ id, model: STATIC_MODEL_ID, version: 2 }]);
  });

  test("sample memories, written outside the repository, are embedded by the indexer and found by meaning", async () => {
    await h.engram.vectors.runUntilIdle();
    const { vectors, active } = h.engram.db
      .query<{ vectors: number; active: number }, []>(
        "SELECT (SELECT count(*) FROM memory_embeddings) AS vectors, (SELECT count(*) FROM memories WHERE status = 'active') AS active",
      )
      .get()!;
    expect(vectors).toBe(active);
    expect(await h.engram.vectors.runOnce()).toBe(0);
    expect((await search(h, "Eli bicycles", {}, h.demo.key)).length).toBe(0); // the harness project's memories are not the demo's
  });
});
