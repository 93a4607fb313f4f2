// The LLM extractor (optional): any OpenAI-compatible chat completions endpoint (OpenAI, Ollama,
// vLLM, llama.cpp server, LM Studio) through models/llm.ts. The answer must be JSON matching
// FACTS_SCHEMA; anything else throws, and the formation job is retried later: a failure never loses
// an accepted write.
import { Type, type Static } from "@sinclair/typebox";
import { createChatModel, type LlmConfig } from "../models/llm.ts";
import { createValidator } from "../shared/validate.ts";
import {
  DEFAULT_POLICY,
  type ExtractionPolicy,
  type Extractor,
  type Fact,
  type MessagesInput,
  type PassageInput,
} from "./extractor.ts";
import { CATEGORIES } from "../domain/categories.ts";
import { MONTHS, WEEKDAYS } from "../domain/calendar.ts";
import { scrubStatement } from "./secrets.ts";
import { parseTimestamp } from "../shared/time.ts";

const FactItem = Type.Object(
  {
    content: Type.String({ minLength: 1, maxLength: 1_000 }),
    occurred_at: Type.Union([Type.String(), Type.Null()]),
    message_indexes: Type.Array(Type.Integer({ minimum: 0 })),
    category: Type.Union(CATEGORIES.map((c) => Type.Literal(c))),
  },
  { additionalProperties: false },
);
export const FACTS_SCHEMA = Type.Object(
  { facts: Type.Array(FactItem, { maxItems: 200 }) },
  { additionalProperties: false },
);
type FactsAnswer = Static<typeof FACTS_SCHEMA>;
const validator = createValidator(FACTS_SCHEMA);

const SYSTEM = `You extract durable facts for a long-term memory store.
Return one fact per durable piece of knowledge: preferences, biography, relationships, plans, events, opinions, possessions, skills, health.
Skip greetings, thanks, questions, filler, small talk and pure reactions.
Each fact must stand alone: write people's names instead of pronouns (use the speaker's name for "I", "me", "my"), and turn relative dates ("yesterday", "last year") into absolute dates using the message time.
occurred_at is the event's time (RFC 3339) when the text says when it happened, otherwise null.
message_indexes lists the indexes of the messages the fact comes from.
Never include secrets (passwords, API keys, card numbers).
Answer with JSON only: {"facts": [{"content": "...", "occurred_at": null, "message_indexes": [0], "category": "preference"}]}. Categories: ${CATEGORIES.join(", ")}.`;

function userPrompt(input: PassageInput | MessagesInput): string {
  if (input.kind === "passage") {
    return JSON.stringify({
      kind: "passage",
      occurred_at: input.occurredAt ?? input.receivedAt ?? null,
      text: input.text,
    });
  }
  return JSON.stringify({
    kind: "conversation",
    participants: input.participants ?? [],
    messages: input.messages.map((m) => ({
      index: m.index,
      role: m.role,
      speaker: m.speaker,
      occurred_at: m.occurredAt ?? input.receivedAt ?? null,
      content: m.content,
    })),
  });
}

/** Parses and checks the model's answer; throws (so the job is retried) when it is not what was asked. */
export function parseAnswer(text: string | null | undefined): FactsAnswer {
  if (!text) throw new Error("LLM extractor: empty answer");
  const json = text
    .trim()
    .replace(/^```(?:json)?\s*/i, "")
    .replace(/```\s*$/, "");
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw new Error(`LLM extractor: the answer is not JSON: ${json.slice(0, 200)}`);
  }
  try {
    return validator.parse(value);
  } catch (err) {
    throw new Error(
      `LLM extractor: the answer does not match the schema: ${JSON.stringify((err as { errors?: unknown }).errors ?? err)}`,
    );
  }
}

const NOT_NAMES = new Set<string>([
  "the",
  "a",
  "an",
  "in",
  "on",
  "at",
  "it",
  "this",
  "that",
  "they",
  "he",
  "she",
  "we",
  "i",
  "my",
  "her",
  "his",
  "their",
  "our",
  ...MONTHS,
  ...WEEKDAYS,
]);

/** Capitalised words and runs of them: the people, places and things a fact names. */
function namesIn(text: string): string[] {
  const found = (text.match(/\b\p{Lu}[\p{L}'’-]+(?: \p{Lu}[\p{L}'’-]+)*/gu) ?? []).map((e) => e.replace(/['’]s$/, ""));
  return [...new Set(found.filter((e) => !NOT_NAMES.has(e.toLowerCase())))];
}

export function createLlmExtractor(config: LlmConfig): Extractor {
  const model = createChatModel(config);
  return {
    name: "llm",
    async extract(input: PassageInput | MessagesInput, policy: ExtractionPolicy = DEFAULT_POLICY): Promise<Fact[]> {
      const system = policy.instructions ? `${SYSTEM}\n\nProject instructions:\n${policy.instructions}` : SYSTEM;
      const answer = parseAnswer(
        await model.answerJson(system, userPrompt(input), {
          name: "facts",
          schema: JSON.parse(JSON.stringify(FACTS_SCHEMA)),
        }),
      );
      const allowed = new Set(input.kind === "messages" ? input.messages.map((m) => m.index) : []);
      const fallbackTime = (indexes: number[]) =>
        input.kind === "passage"
          ? input.occurredAt
          : (input.messages.find((m) => indexes.includes(m.index))?.occurredAt ?? null);
      const facts: Fact[] = [];
      answer.facts.forEach((f, sentence) => {
        if (policy.excludeCategories.includes(f.category)) return;
        const content = policy.redactSecrets ? scrubStatement(f.content.trim()) : f.content.trim();
        if (content === null) return;
        const indexes = input.kind === "messages" ? f.message_indexes.filter((i) => allowed.has(i)) : [];
        if (input.kind === "messages" && indexes.length === 0) return; // a fact must come from this chunk
        const time = f.occurred_at ? parseTimestamp(f.occurred_at) : null;
        facts.push({
          content,
          occurredAt: time ? time.toISOString() : fallbackTime(indexes),
          messageIndexes: indexes,
          category: f.category,
          entities: namesIn(content),
          ...(input.kind === "passage" ? { sentence } : {}),
        });
      });
      return facts;
    },
  };
}
