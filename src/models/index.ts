// Chooses the embedder from configuration: a provider when one is configured, else the embedded model.
import type { EmbeddingsConfig } from "../config.ts";
import type { Embedder } from "./embedder.ts";
import { createOpenAiEmbedder } from "./openai-embedder.ts";
import { loadStaticEmbedder } from "./static-embedder.ts";

export async function createEmbedder(config: EmbeddingsConfig | null): Promise<Embedder> {
  if (!config) return loadStaticEmbedder();
  return createOpenAiEmbedder({ baseUrl: config.url, model: config.model, apiKey: config.apiKey, dimensions: config.dimensions, timeoutMs: config.timeoutMs });
}
