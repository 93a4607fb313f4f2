// The one OpenAI-compatible client (the official `openai` package: timeouts, retries with backoff,
// typed errors), shared by the embeddings provider and the LLM extractor. It speaks to OpenAI and
// to every server of the same protocol (Ollama, vLLM, llama.cpp server, LM Studio, TEI).
import OpenAI from "openai";

export interface ProviderConnection {
  /** Base URL of the API, e.g. https://api.openai.com/v1 or http://127.0.0.1:11434/v1. */
  baseUrl: string;
  /** Sent as a Bearer token; null sends no Authorization header (local servers need none). */
  apiKey: string | null;
  timeoutMs: number;
  maxRetries: number;
  fetch?: typeof fetch;
}

export function createOpenAiClient(c: ProviderConnection): OpenAI {
  return new OpenAI({
    baseURL: c.baseUrl,
    apiKey: c.apiKey ?? "none",
    timeout: c.timeoutMs,
    maxRetries: c.maxRetries,
    ...(c.fetch ? { fetch: c.fetch } : {}),
    ...(c.apiKey ? {} : { defaultHeaders: { Authorization: null } }),
  });
}

/** What a failed call was: no answer in time, no connection, or an answer with an error status. */
export function describeFailure(err: unknown): { timedOut: boolean; message: string } | null {
  if (err instanceof OpenAI.APIConnectionTimeoutError) return { timedOut: true, message: "timed out" };
  if (err instanceof OpenAI.APIConnectionError) return { timedOut: false, message: `unreachable: ${err.message}` };
  if (err instanceof OpenAI.APIError)
    return { timedOut: false, message: `answered ${err.status}: ${err.message.slice(0, 200)}` };
  return null;
}
