// A change of embedding model never mixes vectors of two models or sizes and never stops search: the
// service answers lexically for memories without a current vector while the indexer re-embeds.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { createEngram, type Engram } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import type { EmbeddingsConfig } from "../../src/models/index.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { STATIC_MODEL_ID } from "../../src/models/static-embedder.ts";
import { tempDir } from "../helpers.ts";
import { startFakeProvider } from "../models/fake-provider.ts";

const fake = startFakeProvider(64);
const dataDir = tempDir();
let key = "";
const provider = (timeoutMs = 1_000): EmbeddingsConfig => ({
  url: fake.url,
  model: "fake-embed",
  apiKey: null,
  dimensions: null,
  timeoutMs,
});

async function open(embeddings: EmbeddingsConfig | null): Promise<Engram> {
  return createEngram(loadConfig({ dataDir, formationWorker: false, embeddings }, {}), {
    logger: silentLogger,
    startWorker: false,
  });
}

async function call(e: Engram, path: string, body: unknown): Promise<Response> {
  return e.handle(
    new Request(`http://localhost${path}`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    }),
  );
}

async function contents(e: Engram, query: string): Promise<string[]> {
  const r = await call(e, "/v1/memories/search", { query });
  expect(r.status).toBe(200);
  return ((await r.json()) as { data: Array<{ content: string }> }).data.map((m) => m.content);
}

function vectorState(e: Engram) {
  return e.db
    .query<{ model: string; dims: number; books: number; models: number; active: number }, []>(
      `SELECT model, dims, (SELECT count(*) FROM memory_embeddings) AS books, (SELECT count(DISTINCT model) FROM memory_embeddings) AS models,
       (SELECT count(*) FROM memories WHERE status = 'active') AS active FROM vector_index`,
    )
    .get()!;
}

beforeAll(async () => {
  const e = await open(null);
  const account = e.accounts.createAccount({ name: "Model change", plan: "scale" });
  const p = e.accounts.createProject({ accountId: account.id, name: "P" });
  key = e.accounts.createKey({ projectId: p.id, name: "k" }).key;
  for (const content of ["Caroline adopted a golden retriever puppy.", "Omar plays the violin in a string quartet."]) {
    expect((await call(e, "/v1/memories", { content, infer: false })).status).toBe(202);
  }
  await e.formation.runUntilIdle();
  expect(vectorState(e)).toMatchObject({ model: STATIC_MODEL_ID, dims: 256 });
  await e.close();
});
afterAll(() => {
  fake.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("changing the embedding model", () => {
  test("to a provider: search answers lexically at once, then by meaning once the indexer has re-embedded", async () => {
    const e = await open(provider());
    try {
      // The provider has not answered yet: the stored vectors are the old model's and are not used.
      expect(await contents(e, "golden retriever")).toEqual(["Caroline adopted a golden retriever puppy."]);
      expect(await contents(e, "musician")).toEqual([]);
      await e.vectors.runUntilIdle();
      const state = vectorState(e);
      expect(state).toMatchObject({ model: "openai-compatible:fake-embed", dims: 64, books: state.active, models: 1 });
      expect(e.db.query<{ n: number }, []>("SELECT count(*) AS n FROM memory_vectors").get()!.n).toBe(state.active);
      expect(await contents(e, "golden retriever")).toContain("Caroline adopted a golden retriever puppy.");
    } finally {
      await e.close();
    }
  });

  test("a memory formed while the provider is down is found lexically, and embedded once it is back", async () => {
    const e = await open(provider());
    try {
      fake.mode = "fail";
      expect((await call(e, "/v1/memories", { content: "Priya is allergic to peanuts.", infer: false })).status).toBe(
        202,
      );
      await e.formation.runUntilIdle();
      await expect(e.vectors.runOnce()).rejects.toThrow("503");
      fake.mode = "ok";
      expect(await contents(e, "Priya peanuts")).toEqual(["Priya is allergic to peanuts."]);
      expect(await e.vectors.runUntilIdle()).toBe(1);
    } finally {
      fake.mode = "ok";
      await e.close();
    }
  });

  test("a provider failing during a search is 502 upstream_failure, a timeout 504, and no read is charged", async () => {
    const e = await open(provider(100));
    try {
      await e.vectors.runUntilIdle();
      fake.mode = "fail";
      const failed = await call(e, "/v1/memories/search", { query: "violin" });
      expect(failed.status).toBe(502);
      expect(((await failed.json()) as { code: string }).code).toBe("upstream_failure");
      expect(failed.headers.get("service-usage")).toBe("reads=0");
      fake.mode = "stall";
      expect((await call(e, "/v1/memories/recall", { query: "violin" })).status).toBe(504);
    } finally {
      fake.mode = "ok";
      await e.close();
    }
  });

  test("back to the embedded model: the provider's vectors are dropped at start, never compared with the new ones", async () => {
    const e = await open(null);
    try {
      expect(vectorState(e)).toMatchObject({ model: STATIC_MODEL_ID, dims: 256, books: 0 });
      expect(await contents(e, "golden retriever")).toEqual(["Caroline adopted a golden retriever puppy."]);
      await e.vectors.runUntilIdle();
      const state = vectorState(e);
      expect(state).toMatchObject({ model: STATIC_MODEL_ID, dims: 256, books: state.active, models: 1 });
      expect(await contents(e, "musician")).toEqual(["Omar plays the violin in a string quartet."]);
    } finally {
      await e.close();
    }
  });
});
