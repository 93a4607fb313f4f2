// One memory per story. In a chat between people a message mostly tells one thing, sentence after
// sentence: "I'm going to a transgender conference this month. I'm so excited to meet other people in
// the community and learn more about advocacy." Split into a memory a sentence, the second loses what
// it is about (an agent reading "Caroline is so excited to meet other people" cannot tell why), and
// the question "What is Caroline looking forward to at the conference?" finds half of the answer. So a
// statement continues the memory of the statement before it in the same message, unless it is a fact
// that lives on its own: a standing attribute (where someone lives, their job, their pet's name), which
// a later change versions by itself; a standing fact after another (a list of what the speaker likes,
// can do or has, each of which a later change may undo alone); or a statement with a date of its own,
// which tells another event. A user's message to an assistant tells a story line by line: a new line
// of it opens a new memory.
import type { Category } from "../../domain/categories.ts";
import type { Fact } from "../extractor.ts";
import { attributeKey } from "../reconcile.ts";
import { escapeRegExp, lowerFirst } from "../../domain/text.ts";
import { CALENDAR } from "./closed-classes.ts";
import type { Person } from "./coreference.ts";
import { properNames, type Token } from "./nlp.ts";
import type { Resolved, Speakers } from "./pronouns.ts";

type Formed = Omit<Fact, "messageIndexes">;

/** The categories of facts that hold until they change, rather than tell what happened. */
const STANDING: ReadonlySet<string> = new Set<Category>([
  "preference",
  "skill",
  "biography",
  "possession",
  "health",
  "relationship",
]);

/** What the user wants of the assistant ("... wants the assistant to ...", "... the assistant's answers"). */
export const TO_ASSISTANT = /\bthe assistant\b|\bassistant's answers\b/;
/** An instruction that points back at what was just said ("... does not want the assistant to suggest anything like that"). */
export const LIKE_THAT =
  /\bthe assistant to (?:never |always )?\p{L}+ (?:(?:anything|something|stuff|things) like (?:that|this)\b|any(?: of (?:that|those|them|these))?[.!]?$)/iu;
/** A labelled note of the user's ("Tortillas: tortilleria ixta sheffield", "According to the user, meat: ..."). */
const LABELLED = /^(?:According to [^,]+, )?[\p{L}\p{N} +'’]{1,24}: /u;
/** A statement that only says someone's name. */
const NAMED = /^(?:[Tt]he user|\p{Lu}\p{Ll}+)(?:'s name)? is \p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)?\.?$/u;

/** At most this many characters in a memory that continues a statement leaning on it ("I love it"). */
export const MAX_FUSED = 400;
/** At most this many characters in a memory that tells one story over several statements. */
export const MAX_STORY = 300;

/** A statement continuing `prev` as one memory: the text appended, the first named date the event's. */
export function continued(prev: Formed, next: Formed, messageTime: string | null, apposed = false): Formed {
  if (prev.content.endsWith(next.content)) return prev; // "The user's name is Renata" said twice over
  return {
    ...prev,
    // "Darren booked the medical, a place in Rotherham on 23 April 2026, £65.": a note of what it names, after a comma.
    content: apposed
      ? `${prev.content.replace(/[.!]+$/, "")}, ${lowerFirst(next.content)}`
      : `${prev.content} ${next.content}`,
    // The event's time: the continuation's date when the statement it continues named none.
    occurredAt: prev.occurredAt === messageTime ? next.occurredAt : prev.occurredAt,
    entities: [...new Set([...(prev.entities ?? []), ...(next.entities ?? [])])],
  };
}

/** Whether `next` goes on with the story `prev` began, in one message of a chat between people. */
export function sameStory(prev: Formed, next: Formed, messageTime: string | null): boolean {
  if (prev.content.length + 1 + next.content.length > MAX_STORY) return false;
  if (attributeKey(prev.content) || attributeKey(next.content)) return false;
  // "The user wants the assistant to always answer in typescript": how to answer is a memory of its own,
  // and so are a name ("The user's name is Carla.", "The user is Joel.") and a labelled note ("Meat: haighs butchers").
  if ([prev, next].some((f) => TO_ASSISTANT.test(f.content) || NAMED.test(f.content) || LABELLED.test(f.content)))
    return false;
  // "I play the piano. I like to sing. I also know a little Spanish.": a list of standing facts, no story.
  if (STANDING.has(prev.category ?? "") && STANDING.has(next.category ?? "")) return false;
  // "Tom is still job hunting. Tom had an interview at Spotify yesterday.": a statement with a date of
  // its own tells another event (and the memory's occurred_at stays the story's).
  const dated = next.occurredAt !== null && next.occurredAt !== messageTime;
  return !dated || prev.occurredAt === next.occurredAt;
}

/**
 * Whether each statement of `text`, in order, opens a line of its own: a user's note to an assistant
 * typed line by line ("day 1 - lands end to bodmin 95km", "flat B: bedminster, £925 pcm") is a list of
 * facts, not a story. Called with each statement's first words; words not found count as the same line.
 */
export function lineOpenings(text: string): (firstWords: string[]) => boolean {
  let cursor = 0;
  return (firstWords) => {
    const words = firstWords.filter((w) => /[\p{L}\p{N}]/u.test(w)).slice(0, 3);
    if (!words.length) return false;
    const found = new RegExp(words.map(escapeRegExp).join("\\W+"), "giu");
    found.lastIndex = cursor;
    const at = found.exec(text);
    if (!at) return false;
    const opens = text.slice(cursor, at.index).includes("\n");
    cursor = at.index + at[0].length;
    return opens;
  };
}

/** The names a memory is linked by: the names in it, the person its "she" stood for, and the speakers it is about. */
export function factEntities(tokens: Token[], person: Person | null, who: Speakers, resolved: Resolved): string[] {
  const names = properNames(tokens)
    .filter((n) => !n.includes("'s ") && !CALENDAR.has(n.toLowerCase()))
    .map((n) => n.replace(/['’]s$/, ""));
  return [
    ...new Set([
      ...names,
      ...(person ? [person.entity] : []),
      ...(who.speaker && resolved.aboutSpeaker ? [who.speaker] : []),
      ...(who.other && resolved.aboutOther ? [who.other] : []),
    ]),
  ];
}
