// The LLM extractor (optional): any OpenAI-compatible chat completions endpoint (OpenAI, Ollama,
// vLLM, llama.cpp server, LM Studio) through models/llm.ts. The answer must be JSON matching
// FACTS_SCHEMA; anything else throws, and the formation job is retried later: a failure never loses
// an accepted write. Then deterministic checks (llm-checks.ts): a fact from the assistant's words alone
// is dropped, and a bare "I" becomes the user (issue 11).
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
import { saidByPeople, withoutFirstPerson } from "./llm-checks.ts";
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

const SYSTEM = `You extract durable facts about people for the long-term memory of an AI agent.

Who said it decides:
- Facts come only from what the people say about themselves, each other and their world: messages with role "user", named human speakers, and the text of a passage.
- Messages with role "assistant", "system" or "tool" are context only: use them to understand the user's short answers and confirmations ("Which department?" → "Pediatrics." gives "Maya's new job at the hospital is in Pediatrics"; "Shall I book the 9:00 train?" → "Yes please" gives "Maya decided to take the 9:00 train"), but their explanations, advice, code and questions never become facts on their own.
{{commitments}}

The user is a person, not "I":
- In a passage, first person is the user; in a conversation, a "user" message without a speaker is the user, and a named speaker is that person.
- Name the user with user_name when it is given; otherwise write "The user" ("The user is allergic to peanuts"). Never write I, me, my or mine in a fact.
- "We" is the speaker with the people they name ("We went to the beach, my kids loved it" gives "Melanie and her kids went to the beach"); a user who says only their name ("btw im Sophie") gives "The user's name is Sophie".

Each fact stands alone and is complete:
- No unresolved it, them, there, that or this: write what they refer to; fuse an answer with its question.
- Keep negations and qualifiers ("does not eat meat", "vegetarian since January 2024").
- Turn relative dates ("yesterday", "last March", "next Friday") into absolute dates using the occurred_at of the message or passage ("last March" written on 20 November 2026 → "in March 2026"), and give a month and day typed without a year the year it falls in ("launch is march 3" written on 10 February 2027 → "3 March 2027").
- A reply to a numbered list of questions answers each of them, in its order or by its numbers ("22.9% i think. car finance 2 years left" to "1. What's the interest rate? 2. How long is left on the car finance?" gives two facts).
- A sentence holding several facts gives several facts ("I am vegetarian now, and I sold my old Honda" gives two). Never a bare fragment ("Pediatrics.", "My whole life.").
- In a chat between people (named speakers, no assistant), what one message tells of one story is one fact with its details, feelings and reasons ("I'm going to a transgender conference this month. I'm so excited to meet other people in the community and learn about advocacy." gives "Caroline is going to a transgender conference in July 2023 and is excited to meet other people in the community and learn about advocacy"); a standing attribute (where someone lives, their job, their diet, a pet's name), each of a list of standing facts ("I play the piano. I like to sing." gives two) and an event with a date of its own are facts of their own.

What to keep:
- Keep every durable statement: preferences, instructions to the assistant ("always format code with syntax highlighting" gives "Dana wants code always formatted with syntax highlighting"), decisions, plans, deadlines, numbers, changes of plan, biography, relationships, health, possessions, skills, events, opinions.
- An instruction asked as a question is still an instruction ("can you always give prices including VAT pls" gives "Dana wants prices always given including VAT"); a plan dropped in a later message is a change of plan ("actually scrap the quartz, we're going with laminate" gives "Dana dropped the quartz worktop and chose laminate").
- Skip small talk, greetings, thanks, other questions, filler and pure reactions.
- On average at most about 1.5 facts per user message; fewer when little is durable.

occurred_at is the event's time (RFC 3339) when the text says when it happened, otherwise null.
message_indexes lists the indexes of the messages the fact comes from (the user's message, and the assistant's question it answers).
Never include secrets (passwords, API keys, card numbers).
Answer with JSON only: {"facts": [{"content": "...", "occurred_at": null, "message_indexes": [0], "category": "preference"}]}. Categories: ${CATEGORIES.join(", ")}.`;

const COMMITMENTS_OFF = "- Never write a fact about what the assistant said, suggested, offered or will do.";
const COMMITMENTS_ON = `- One exception: a commitment the assistant makes to the user is a fact ("I will remind you on Friday" gives "The assistant will remind Maya on Friday 27 November 2026"); write it about "The assistant" and list the assistant's message.`;

/** The system prompt under the project's policy. */
export function systemPrompt(policy: ExtractionPolicy): string {
  const base = SYSTEM.replace("{{commitments}}", policy.assistantCommitments ? COMMITMENTS_ON : COMMITMENTS_OFF);
  return policy.instructions ? `${base}\n\nProject instructions:\n${policy.instructions}` : base;
}

function userPrompt(input: PassageInput | MessagesInput): string {
  if (input.kind === "passage") {
    return JSON.stringify({
      kind: "passage",
      user_name: input.user?.name ?? null,
      occurred_at: input.occurredAt ?? input.receivedAt ?? null,
      text: input.text,
    });
  }
  return JSON.stringify({
    kind: "conversation",
    user_name: input.user?.name ?? null,
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
      const system = systemPrompt(policy);
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
        const indexes = input.kind === "messages" ? f.message_indexes.filter((i) => allowed.has(i)) : [];
        if (input.kind === "messages" && indexes.length === 0) return; // a fact must come from this chunk
        if (!saidByPeople(input, indexes, f.content, policy)) return; // the assistant's words are context
        const named = withoutFirstPerson(input, indexes, f.content.trim()); // "I" becomes the user
        if (named === null) return;
        const content = policy.redactSecrets ? scrubStatement(named) : named;
        if (content === null) return;
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
