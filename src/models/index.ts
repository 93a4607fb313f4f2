// Chooses the embedder from configuration: a provider when one is configured, else the embedded model.
import type { Embedder } from "./embedder.ts";
import { createOpenAiEmbedder } from "./openai-embedder.ts";
import { loadStaticEmbedder } from "./static-embedder.ts";

/** An OpenAI-compatible embeddings provider (ENGRAM_EMBEDDINGS_*). */
export interface EmbeddingsConfig {
  readonly url: string;
  readonly model: string;
  readonly apiKey: string | null;
  readonly dimensions: number | null;
  readonly timeoutMs: number;
}

export async function createEmbedder(config: EmbeddingsConfig | null): Promise<Embedder> {
  if (!config) return loadStaticEmbedder();
  return createOpenAiEmbedder({
    baseUrl: config.url,
    model: config.model,
    apiKey: config.apiKey,
    dimensions: config.dimensions,
    timeoutMs: config.timeoutMs,
  });
}
