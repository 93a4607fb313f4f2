// A user's terse dated note to an assistant ("so last day dec 22", "first shift jan 4th", "surgery 14th
// march"): a thing of theirs and its day, written as what it is ("The user's last day is on dec 22");
// and an amount of theirs ("budget about 300 quid all in" ⇒ "The user's budget is about 300 quid all in").
import { anyVerb } from "./nlp.ts";
import { CALENDAR, DISCOURSE, SHORT_MONTHS } from "./closed-classes.ts";
import { lexicon } from "../../models/lexicon.ts";
import type { Token } from "./nlp.ts";

const OPENERS = new Set(["so", "and", "ok", "okay", "also", "oh", "btw", "then", "plus", "anyway"]);
const OWNERS = new Set(["my", "the", "our"]);
/** Words a date phrase is made of besides months, weekdays and numbers ("on the 4th", "end of jan"). */
const DATE_WORDS = new Set(["on", "the", "of", "end", "start", "mid", "early", "late", "at", "this", "next", "coming"]);
/** Words that open a reminder of a thing to do ("call mum dec 22", "pay rent on the 1st"), not a thing. */
const TO_DO = new Set(
  "call phone ring text email book pay visit buy send renew cancel submit order collect pick post file finish get see meet".split(
    " ",
  ),
);
const ORDINAL = /^\d{1,2}(?:st|nd|rd|th)$/;
/** Nouns a verb before them names a kind of ("start date", "move day", "return flight"). */
const KIND_OF_DAY = /^(?:date|day|time|flight|shift)$/;
const TIME = /^\d{1,2}(?::\d{2})?(?:am|pm)?$/;

const dayWord = (w: string) => CALENDAR.has(w) || SHORT_MONTHS.has(w) || ORDINAL.test(w);
/** "end of jan", "early march": a date's first word, not the thing's last ("start date jan 4" is a thing). */
const opensDate = (words: Token[], i: number) =>
  DATE_WORDS.has(words[i]!.lower) && (words[i + 1]?.lower === "of" || dayWord(words[i + 1]?.lower ?? ""));

/**
 * The verbless note as a statement of the user's (`who`: "the user" or their name), or null when it is
 * not a thing and its day: one to three words, the first an adjective ("last day", "first shift") or a
 * noun that opens no reminder ("surgery", not "call mum dec 22"), then only a date naming a month, a
 * weekday or a day of the month.
 */
export function datedThing(said: Token[], who: string | null): string | null {
  // "start date jan 4": the tagger reads "start" as a verb before the noun it names a kind of.
  const tokens = said.map((t, i) =>
    t.pos === "VERB" && KIND_OF_DAY.test(said[i + 1]?.lower ?? "") ? { ...t, pos: "NOUN" } : t,
  );
  if (!who || anyVerb(tokens)) return null;
  const words = tokens.filter((t) => t.pos !== "PUNCT");
  let i = 0;
  while (i < words.length && OPENERS.has(words[i]!.lower)) i++;
  if (i < words.length && OWNERS.has(words[i]!.lower)) i++;
  const start = i;
  const inThing = (t: Token) => /^(?:ADJ|NOUN)$/.test(t.pos) && !dayWord(t.lower) && !opensDate(words, i);
  while (i < words.length && i - start < 3 && inThing(words[i]!)) i++;
  const thing = words.slice(start, i);
  const date = words.slice(i);
  const first = thing[0];
  if (!first || date.length === 0 || thing.some((t) => DISCOURSE.has(t.lower))) return null;
  if (first.pos !== "ADJ" && (lexicon().mayBeVerb(first.lower) || (TO_DO.has(first.lower) && thing.length > 1)))
    return null;
  if (!date.some((t) => dayWord(t.lower))) return null;
  if (!date.every((t) => dayWord(t.lower) || DATE_WORDS.has(t.lower) || /^\d+$/.test(t.text) || TIME.test(t.lower)))
    return null;
  const when = date.map((t) => t.text).join(" ");
  const on = /^(?:on|at|end|start|mid|early|late|this|next|coming)\b/i.test(when) ? "" : "on ";
  // "thesis due 12 june": the thing is due on the day.
  const due = thing.length > 1 && thing.at(-1)!.lower === "due" ? thing.pop() && "due " : "";
  return `${who}'s ${thing.map((t) => t.lower).join(" ")} is ${due}${on}${when}`;
}

/** A thing of the user's that is an amount: "budget about 300 quid all in", "rent 1100 a month", "budget for the bungalow 300k". */
const AMOUNT_NOTE =
  /^(?:(?:so|and|ok|okay|also|oh|btw|plus|anyway)[,\s]+)*(?:(?:my|our|the)\s+)?((?:[a-z-]+\s+){0,2}(?:budget|rent|salary|pay|income|deposit|mortgage|savings|target|goal|limit|weight|height|bills?|costs?|price|fees?|allowance|wage|commute|mileage|debt|overdraft)(?:\s+for\s+(?:the\s+|a\s+|my\s+|our\s+)?[a-z-]+)?)\s+(?:is\s+)?((?:(?:about|around|roughly|approx(?:imately)?|like|max|under|over|at most|at least|~)\s*)?[£$€]?\d[\d,.]*k?(?:\s*(?:quid|pounds|euros|dollars|bucks|grand|kg|lbs|km|miles|mins|minutes|hours|a month|a week|a year|per month|per week|pm|pw|each way))*(?:\s+(?:all in|max|tops|total|ish|or so|now))?)[\s.!]*$/i;

/** The verbless note of an amount as a statement of the user's ("The user's budget is about 300 quid all in"), or null. */
export function amountThing(text: string, who: string | null): string | null {
  const m = who ? AMOUNT_NOTE.exec(text.trim()) : null;
  if (m) return `${who}'s ${m[1]!.toLowerCase()} is ${m[2]}`;
  // "prices a bit higher so budget 320 now": the amount, with the reason the user gave in brackets.
  const so = /^([^,;:]{3,60}?),?\s+so\s+(.+)$/i.exec(text.trim());
  const amount = so && !/\?/.test(so[1]!) ? amountThing(so[2]!, who) : null;
  return amount && `${amount} (${so![1]!.replace(/^\p{Lu}/u, (c) => c.toLowerCase())})`;
}
