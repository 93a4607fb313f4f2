// A thing of the one answering, asked about and then named in the reply: "are you still working on your
// pixel art game?" → "Every night. It's called Mossbound." ⇒ "Kenji's pixel art game is called Mossbound".
import type { Fact } from "../extractor.ts";
import { written, type WritingContext } from "./written.ts";

/** "your pixel art game" in the question, up to a preposition or an adverb after it. */
const WORD = String.raw`(?!(?:at|in|on|for|with|to|from|now|still|yet|again|lately|these|this|going|coming|and|or)\b)[\p{L}'’-]+`;
const ASKED_THING = new RegExp(String.raw`\byour\s+(${WORD}(?:\s+${WORD}){0,3})`, "iu");
/** "It's called Mossbound", "it is named Pip": the reply names it. */
const CALLED = /(?:^|[.!?]\s+)(it(?:['’]s| is)\s+(called|named)\s+([^.,!?;\n]{1,40}))/i;

/** The fact naming the thing asked about, and the reply's sentence it replaces; null when the reply names nothing. */
export function namedAsAsked(
  question: string,
  reply: string,
  who: string,
  ctx: WritingContext,
): { fact: Omit<Fact, "messageIndexes">; sentence: string } | null {
  const thing = ASKED_THING.exec(question)?.[1]?.trim();
  const called = CALLED.exec(reply);
  if (!thing || !called) return null;
  const fact = written(`${who}'s ${thing} is ${called[2]!.toLowerCase()} ${called[3]!.trim()}`, ctx, false);
  return fact && { fact: { ...fact, entities: [who] }, sentence: called[1]! };
}
