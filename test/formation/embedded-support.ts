// Shared by the embedded extractor's tests: one extractor (the NLP model loads once), helpers to
// extract a chat message or a passage, and real turns from the LoCoMo dev conversations
// (../shared/eval-data beside the repository, as in CI).
import { readFileSync } from "node:fs";
import { createEmbeddedExtractor } from "../../src/formation/embedded/index.ts";
import { DEFAULT_POLICY, type ExtractionPolicy, type Fact } from "../../src/formation/extractor.ts";

export const extractor = createEmbeddedExtractor();

export function say(
  speaker: string | null,
  content: string,
  opts: { at?: string | null; participants?: string[]; role?: string; policy?: ExtractionPolicy } = {},
): Fact[] {
  return extractor.extract(
    {
      kind: "messages",
      participants: opts.participants ?? (speaker ? [speaker] : []),
      messages: [
        {
          index: 0,
          role: opts.role ?? "user",
          speaker,
          content,
          occurredAt: opts.at === undefined ? "2024-03-15T10:00:00.000Z" : opts.at,
        },
      ],
    },
    opts.policy ?? DEFAULT_POLICY,
  ) as Fact[];
}

export function passage(
  text: string,
  at: string | null = "2024-03-15T10:00:00.000Z",
  policy: ExtractionPolicy = DEFAULT_POLICY,
): Fact[] {
  return extractor.extract({ kind: "passage", text, occurredAt: at }, policy) as Fact[];
}

export const contents = (facts: Fact[]) => facts.map((f) => f.content);

/** What a user's chat with an assistant forms: unnamed messages in turn, `first` speaking first. */
export function withAssistant(said: string[], first: "user" | "assistant", occurredAt: string): string[] {
  const other = first === "user" ? "assistant" : "user";
  return contents(
    extractor.extract({
      kind: "messages",
      messages: said.map((content, index) => ({
        index,
        role: index % 2 ? other : first,
        speaker: null,
        content,
        occurredAt,
      })),
    }) as Fact[],
  );
}

/** A conversation between named people at `occurredAt`: each line "Speaker: text". */
export function betweenPeople(occurredAt: string, ...lines: string[]): string[] {
  const messages = lines.map((line, index) => {
    const [speaker, ...text] = line.split(": ");
    return { index, role: "user", speaker: speaker!, content: text.join(": "), occurredAt };
  });
  const participants = [...new Set(messages.map((m) => m.speaker))];
  return contents(extractor.extract({ kind: "messages", participants, messages }) as Fact[]);
}

export interface Turn {
  sample_id: string;
  dia_id: string;
  timestamp: string;
  speaker: string;
  text: string;
}

export const LOCOMO_TURNS = new URL("../../../shared/eval-data/locomo-dev/turns.jsonl", import.meta.url);

let turns: Turn[] | null = null;
export function locomoTurns(): Turn[] {
  turns ??= readFileSync(LOCOMO_TURNS, "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Turn);
  return turns;
}

export function turn(sample: string, dia: string): Turn {
  const t = locomoTurns().find((x) => x.sample_id === sample && x.dia_id === dia);
  if (!t) throw new Error(`no turn ${sample} ${dia}`);
  return t;
}

/** The facts of one real turn, extracted as on import (the conversation's two speakers, the session's time). */
export function factsOfTurn(sample: string, dia: string): Fact[] {
  const t = turn(sample, dia);
  const participants = [
    ...new Set(
      locomoTurns()
        .filter((x) => x.sample_id === sample)
        .map((x) => x.speaker),
    ),
  ];
  return say(t.speaker, t.text, { at: `${t.timestamp}Z`, participants });
}

/** The Monday of 4 May 2026, the time of the user's chats with an assistant in these tests. */
export const CHAT_AT = "2026-05-04T10:00:00.000Z";

/** What a user's chat with an assistant forms: the user's and the assistant's messages in turn (the assistant last, "Noted." when not given). */
export function chat(...said: string[]): string[] {
  return withAssistant(said.length % 2 ? [...said, "Noted."] : said, "user", CHAT_AT);
}
