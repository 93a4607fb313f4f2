// An OpenAI-compatible chat completions model (ENGRAM_LLM_*) asked for an answer in a JSON schema,
// through the shared client.
import type OpenAI from "openai";
import { createOpenAiClient } from "./openai-client.ts";

export interface LlmConfig {
  baseUrl: string;
  model: string;
  apiKey: string | null;
  timeoutMs: number;
  maxRetries: number;
}

export interface ChatModel {
  /** The model's answer (text that should be JSON of `schema`) to a system and a user message. */
  answerJson(
    system: string,
    user: string,
    schema: { name: string; schema: object },
  ): Promise<string | null | undefined>;
}

export function createChatModel(config: LlmConfig, client?: OpenAI): ChatModel {
  const openai = client ?? createOpenAiClient(config);
  return {
    async answerJson(system, user, schema) {
      const completion = await openai.chat.completions.create({
        model: config.model,
        temperature: 0,
        messages: [
          { role: "system", content: system },
          { role: "user", content: user },
        ],
        response_format: {
          type: "json_schema",
          json_schema: { name: schema.name, strict: true, schema: schema.schema as Record<string, unknown> },
        },
      });
      return completion.choices[0]?.message?.content;
    },
  };
}
