// What a clause holds, counted for deciding whether it is worth remembering (statements.ts): who it is
// about (the speaker, the listener, someone named), its numbers and dates, and how many content words.
import {
  CALENDAR,
  DAY_NAMED,
  FEELINGS,
  FIRST_PERSON,
  LIGHT_VERBS,
  SECOND_PERSON,
  SOCIAL_VERBS,
  TIME_WORDS,
  VAGUE_OBJECTS,
} from "./closed-classes.ts";
import type { Token } from "./nlp.ts";
import { WEEKDAYS as WEEKDAY_LIST } from "../../domain/calendar.ts";

const WEEKDAYS = new Set<string>(WEEKDAY_LIST);

export interface Weight {
  firstPerson: boolean;
  secondPerson: boolean;
  /** Someone or something named other than the conversation's participants. */
  names: boolean;
  participantNamed: boolean;
  /** A number, a time ("2pm"), or the day of something ("the interview is friday"). */
  numbers: boolean;
  nouns: number;
  /** Content words: nouns, adjectives, numbers and verbs of their own, and the weekdays of a schedule. */
  content: number;
  /** One content word is enough for a lasting fact of the speaker's own ("I am vegetarian"). */
  aboutSelf: boolean;
}

/** "one i can print", "one that fits": "one" standing for a thing said before, not a number. */
const PRONOUN_ONE_NEXT = /^(?:i|we|you|he|she|they|that|which|with|for|where|without)$/;

/** The weight of a clause's words (punctuation left out). */
export function weigh(words: Token[], participants: ReadonlySet<string>): Weight {
  const lower = words.map((w) => w.lower);
  // Neither a number nor a content word, but a word standing for something unsaid (vague).
  const pronounOne = lower[0] === "one" && PRONOUN_ONE_NEXT.test(lower[1] ?? "");
  const counts = (i: number) => i > 0 || !pronounOne;
  const firstPerson = lower.some((w) => FIRST_PERSON.has(w));
  const secondPerson = lower.some((w) => SECOND_PERSON.has(w));
  const names = words.some(
    (w) => w.pos === "PROPN" && /^\p{Lu}/u.test(w.text) && !participants.has(w.lower) && !CALENDAR.has(w.lower),
  );
  const participantNamed = words.some((w) => participants.has(w.lower));
  const nouns = words.filter(
    (w) => (w.pos === "NOUN" || w.pos === "PROPN") && !TIME_WORDS.has(w.lower) && !CALENDAR.has(w.lower),
  ).length;
  const vague = lower.some((w) => VAGUE_OBJECTS.has(w));
  // "we start saturday": a day named with a thing, or by the speaker of something said (not "I'll do it
  // tomorrow", nor "thinking the saturday after", which answers when).
  const dated = (i: number) => nouns > 0 || (firstPerson && !vague && lower[i - 1] !== "the");
  const numbers = words.some(
    (w, i) => counts(i) && (w.pos === "NUM" || /\d/.test(w.text) || (DAY_NAMED.has(w.lower) && dated(i))),
  );
  // "my days off are sunday, monday and tuesday": weekdays tell a schedule (one alone is a date).
  const days = words.filter((w) => WEEKDAYS.has(w.lower.replace(/s$/, ""))).length;
  const content =
    words.filter(
      (w, i) =>
        counts(i) &&
        !TIME_WORDS.has(w.lower) &&
        ((["NOUN", "PROPN", "NUM", "ADJ"].includes(w.pos) && !CALENDAR.has(w.lower)) ||
          (w.pos === "VERB" && !LIGHT_VERBS.has(w.lemma))),
    ).length +
    (days > 1 ? days : 0) +
    // "shipment_events": a name in code says what its parts say.
    words.reduce((n, w) => n + (w.pos === "NOUN" ? w.text.split("_").length - 1 : 0), 0);

  // "I am vegetarian", "I have a dog", "I got engaged": one noun or one verb of the speaker's own is
  // enough, with no "it" or "that" standing for something unsaid; "I am so happy" is not.
  // "I am vegetarian now": a lasting state of the speaker's own, not a feeling ("I am so happy").
  const state = words.some(
    (w, i) => w.pos === "ADJ" && !FEELINGS.has(w.lower) && i > 0 && words.slice(0, i).some((x) => x.lemma === "be"),
  );
  const aboutSelf =
    firstPerson &&
    content === 1 &&
    !vague &&
    (nouns === 1 ||
      state ||
      words.some((w) => w.pos === "VERB" && !LIGHT_VERBS.has(w.lemma) && !SOCIAL_VERBS.has(w.lemma)));
  return { firstPerson, secondPerson, names, participantNamed, numbers, nouns, content, aboutSelf };
}
