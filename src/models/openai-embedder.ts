// An OpenAI-compatible embeddings provider (OpenAI, Ollama, TEI, vLLM, LM Studio...) through the
// shared client: {model, input: [...]} answered by {data: [{index, embedding}]}. Asynchronous:
// memory vectors are written by the background indexer, not in the write transaction. No retries
// here: a search fails fast (502/504) and the indexer retries with its own backoff.
import { EmbeddingError, normalise, type Embedder } from "./embedder.ts";
import { createOpenAiClient, describeFailure } from "./openai-client.ts";

export interface OpenAiEmbedderOptions {
  /** Base URL of the API, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  model: string;
  apiKey: string | null;
  /** Asked of the provider when set (OpenAI's `dimensions`); otherwise learnt from its first answer. */
  dimensions: number | null;
  timeoutMs: number;
  /** Texts per request. */
  batchSize?: number;
  fetch?: typeof fetch;
}

export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  const client = createOpenAiClient({
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    timeoutMs: options.timeoutMs,
    maxRetries: 0,
    fetch: options.fetch,
  });
  const batchSize = options.batchSize ?? 64;
  let dims = options.dimensions ?? 0;

  async function call(input: string[]): Promise<Array<{ index?: unknown; embedding?: unknown }>> {
    try {
      const answer = await client.embeddings.create({
        model: options.model,
        input,
        encoding_format: "float",
        ...(options.dimensions ? { dimensions: options.dimensions } : {}),
      });
      return answer?.data as never;
    } catch (err) {
      const failure = describeFailure(err);
      if (!failure) throw new EmbeddingError(`embedding provider failed: ${String(err)}`, false);
      throw new EmbeddingError(
        failure.timedOut
          ? `embedding provider timed out after ${options.timeoutMs} ms`
          : `embedding provider ${failure.message}`,
        failure.timedOut,
      );
    }
  }

  async function request(input: string[]): Promise<Float32Array[]> {
    const data = await call(input);
    if (!Array.isArray(data) || data.length !== input.length)
      throw new EmbeddingError("embedding provider answered with the wrong number of vectors", false);
    const out: Float32Array[] = new Array(input.length);
    data.forEach((item, position) => {
      const at = typeof item.index === "number" ? item.index : position;
      if (
        !Array.isArray(item.embedding) ||
        !item.embedding.every((x) => typeof x === "number") ||
        at < 0 ||
        at >= input.length
      ) {
        throw new EmbeddingError("embedding provider answered with a malformed vector", false);
      }
      out[at] = normalise(Float32Array.from(item.embedding as number[]));
    });
    for (const v of out) {
      if (!v) throw new EmbeddingError("embedding provider skipped an input", false);
      if (dims === 0) dims = v.length;
      if (v.length !== dims)
        throw new EmbeddingError(`embedding provider changed vector size (${v.length}, expected ${dims})`, false);
    }
    return out;
  }

  return {
    model: `openai-compatible:${options.model}${options.dimensions ? `:${options.dimensions}` : ""}`,
    get dims() {
      return dims;
    },
    async embed(texts: string[]): Promise<Float32Array[]> {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) out.push(...(await request(texts.slice(i, i + batchSize))));
      return out;
    },
  };
}
