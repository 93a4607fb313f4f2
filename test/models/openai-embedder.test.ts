import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { createOpenAiEmbedder } from "../../src/models/openai-embedder.ts";
import { EmbeddingError } from "../../src/models/embedder.ts";
import { fakeVector, startFakeProvider } from "./fake-provider.ts";

const fake = startFakeProvider(16);
afterAll(() => fake.stop());
beforeEach(() => {
  fake.mode = "ok";
  fake.requests.length = 0;
});

const embedder = (over: Partial<Parameters<typeof createOpenAiEmbedder>[0]> = {}) =>
  createOpenAiEmbedder({
    baseUrl: fake.url,
    model: "fake-embed",
    apiKey: "sk-test",
    dimensions: null,
    timeoutMs: 500,
    ...over,
  });

function unit(v: number[]): number[] {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
}

describe("the OpenAI-compatible embedder", () => {
  test("posts the model and the texts with the key, and places each vector by its index", async () => {
    const e = embedder();
    const [a, b] = await e.embed(["otters nest", "bridge"]);
    expect(fake.requests[0]).toEqual({
      authorization: "Bearer sk-test",
      body: { model: "fake-embed", input: ["otters nest", "bridge"], encoding_format: "float" } as never,
    });
    expect([...a!].map((x) => +x.toFixed(5))).toEqual(unit(fakeVector("otters nest", 16)).map((x) => +x.toFixed(5)));
    expect([...b!].map((x) => +x.toFixed(5))).toEqual(unit(fakeVector("bridge", 16)).map((x) => +x.toFixed(5)));
  });

  test("learns the vector size from the first answer and names the model it records", async () => {
    const e = embedder();
    expect(e.dims).toBe(0);
    await e.embed(["x"]);
    expect(e.dims).toBe(16);
    expect(e.model).toBe("openai-compatible:fake-embed");
    expect(e.embedSync).toBeUndefined();
  });

  test("asks for a size when one is configured, and the size is part of the model id", async () => {
    const e = embedder({ dimensions: 16 });
    await e.embed(["x"]);
    expect(fake.requests[0]!.body.dimensions).toBe(16);
    expect(e.model).toBe("openai-compatible:fake-embed:16");
  });

  test("sends no Authorization header without a key", async () => {
    await embedder({ apiKey: null }).embed(["x"]);
    expect(fake.requests[0]!.authorization).toBeNull();
  });

  test("splits long inputs into batches", async () => {
    const out = await embedder({ batchSize: 2 }).embed(["a", "b", "c", "d", "e"]);
    expect(out).toHaveLength(5);
    expect(fake.requests.map((r) => r.body.input.length)).toEqual([2, 2, 1]);
  });

  test("a provider error is an EmbeddingError that is not a timeout", async () => {
    fake.mode = "fail";
    const err = await embedder()
      .embed(["x"])
      .catch((e) => e);
    expect(err).toBeInstanceOf(EmbeddingError);
    expect(err.timedOut).toBe(false);
    expect(err.message).toContain("503");
  });

  test("a provider that does not answer in time is an EmbeddingError marked as a timeout", async () => {
    fake.mode = "stall";
    const err = await embedder({ timeoutMs: 50 })
      .embed(["x"])
      .catch((e) => e);
    expect(err).toBeInstanceOf(EmbeddingError);
    expect(err.timedOut).toBe(true);
  });

  test("an unreachable provider is an EmbeddingError", async () => {
    const err = await embedder({ baseUrl: "http://127.0.0.1:9/v1" })
      .embed(["x"])
      .catch((e) => e);
    expect(err).toBeInstanceOf(EmbeddingError);
  });

  test("a malformed answer is an EmbeddingError, never a vector", async () => {
    const e = createOpenAiEmbedder({
      baseUrl: "http://fake/v1",
      model: "m",
      apiKey: null,
      dimensions: null,
      timeoutMs: 500,
      fetch: (async () => Response.json({ data: [{ index: 0, embedding: ["x"] }] })) as unknown as typeof fetch,
    });
    expect(await e.embed(["x"]).catch((err) => err)).toBeInstanceOf(EmbeddingError);
  });
});
