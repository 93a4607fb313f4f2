// An OpenAI-compatible embeddings provider (OpenAI, Ollama, TEI, vLLM, LM Studio...): POST
// {baseUrl}/embeddings with {model, input: [...]}, answered by {data: [{index, embedding}]}.
// Asynchronous: memory vectors are written by the background indexer, not in the write transaction.
import { EmbeddingError, normalise, type Embedder } from "./embedder.ts";

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

interface EmbeddingsResponse {
  data?: Array<{ index?: number; embedding?: unknown }>;
}

export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  const url = `${options.baseUrl.replace(/\/+$/, "")}/embeddings`;
  const batchSize = options.batchSize ?? 64;
  const doFetch = options.fetch ?? fetch;
  let dims = options.dimensions ?? 0;

  async function request(input: string[]): Promise<Float32Array[]> {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
    const body: Record<string, unknown> = { model: options.model, input, encoding_format: "float" };
    if (options.dimensions) body.dimensions = options.dimensions;
    let response: Response;
    try {
      response = await doFetch(url, { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(options.timeoutMs) });
    } catch (err) {
      const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
      throw new EmbeddingError(timedOut ? `embedding provider timed out after ${options.timeoutMs} ms` : `embedding provider unreachable: ${String(err)}`, timedOut);
    }
    if (!response.ok) {
      const text = (await response.text().catch(() => "")).slice(0, 200);
      throw new EmbeddingError(`embedding provider answered ${response.status}: ${text}`, false);
    }
    const json = (await response.json().catch(() => null)) as EmbeddingsResponse | null;
    const data = json?.data;
    if (!Array.isArray(data) || data.length !== input.length) throw new EmbeddingError("embedding provider answered with the wrong number of vectors", false);
    const out: Float32Array[] = new Array(input.length);
    data.forEach((item, position) => {
      const at = typeof item.index === "number" ? item.index : position;
      if (!Array.isArray(item.embedding) || !item.embedding.every((x) => typeof x === "number") || at < 0 || at >= input.length) {
        throw new EmbeddingError("embedding provider answered with a malformed vector", false);
      }
      out[at] = normalise(Float32Array.from(item.embedding as number[]));
    });
    for (const v of out) {
      if (!v) throw new EmbeddingError("embedding provider skipped an input", false);
      if (dims === 0) dims = v.length;
      if (v.length !== dims) throw new EmbeddingError(`embedding provider changed vector size (${v.length}, expected ${dims})`, false);
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
