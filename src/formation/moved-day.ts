// A day a new fact moves ("the deadline moved to 19 June 2026" after "thesis due on 12 June 2026"):
// which stored fact gives the old day, for changed-values.ts to version it; and the words that say what
// a fact is about, which the other changed values compare too.
import { MONTHS, WEEKDAYS } from "../domain/calendar.ts";
import type { MemoryRow } from "../domain/memory.ts";
import { escapeRegExp, significantTerms, splitSentences, upperFirst } from "../domain/text.ts";
import { MOVES } from "./embedded/closed-classes.ts";

/** Most words a stored fact may have for a new value to replace it whole (more: it says more). */
export const COUNT_FACT_TERMS = 8;

/** A day as the extractor writes it: "19 June 2026" (a weekday before it aside). */
const DAY = new RegExp(`\\b\\d{1,2} (?:${MONTHS.map(upperFirst).join("|")}) \\d{4}\\b`, "g");
/** The weekday a day may be written with: "Friday, " of "Friday, 19 June 2026". */
const WEEKDAY_LEAD = "(?:\\p{Lu}\\p{Ll}+day, )?";
/** "flights got moved so its the 8th to the 22nd of august now": the new day after "so it is". */
const SO_IT_IS = "so (?:it|they) (?:is|are)";
/**
 * A day said to be the new one: "moved to 19 June 2026", "moved it to ...", "is now Friday, 15 May 2026",
 * "moving the start to ...".
 */
const MOVED_TO = new RegExp(
  `\\b(?:${MOVES.join("|")}|brought forward|now|moving(?=(?: (?:the|my|our|his|her|their) \\p{L}+)? to))(?: (?:(?:the|my|our|his|her|their) )?(?!(?:back|forward|to|until|till|on|the|it|them)\\b)((?<=(?:the|my|our|his|her|their) )(?:[\\p{L}-]+['’]s )*(?:(?!(?:to|until|till|on|of|the|it|them|back|forward)\\b)[\\p{L}\\p{N}:]+ ){0,2}?(?!(?:of|on|to)\\b)[\\p{L}\\p{N}:]+|\\p{L}+))?(?: (?:it|them|that))?(?: back| forward)?(?= to| until| till| on| the| \\p{Lu}| \\d| ${SO_IT_IS})(?: to| until| till| ${SO_IT_IS}(?: now)?(?: from)?)?(?: on)?(?: the)? (${WEEKDAY_LEAD}(${DAY.source})(?: to ${WEEKDAY_LEAD}(${DAY.source}))?)`,
  "u",
);
/** A span of days as the extractor writes it: "Thursday, 18 June 2026 to Friday, 19 June 2026". */
const SPAN = new RegExp(`${DAY.source} to ${WEEKDAY_LEAD}${DAY.source}`, "u");
/** A day with the weekday written before it; a span of days ("18 June 2026 to 19 June 2026") with theirs. */
export const withWeekday = (day: string) =>
  new RegExp(
    day
      .split(" to ")
      .map((d) => `${WEEKDAY_LEAD}${escapeRegExp(d)}`)
      .join(" to "),
    "u",
  );
/** Words a day goes with that name no thing: the day's, the date-change verbs', the saying. */
const DATE_WORDS = significantTerms(`${[...MONTHS, ...WEEKDAYS, ...MOVES].join(" ")} user now said says back forward`);
/** The same thing under another name: a thesis "due" on a day is its deadline. */
const thing = (w: string) => (w === "due" ? "deadline" : w);
/** "The user's move day", "my move is pushed": the move as a thing of one's own, not a word of moving. */
const OWN_MOVE =
  /\b(?:my|our|the|\p{L}+['’]s) (?:house |flat |home |office )?move\b(?! (?:to|in|out|back|forward)\b)/iu;
export const things = (text: string) =>
  new Set([
    ...[...significantTerms(text)].filter((w) => !/\d/.test(w) && !DATE_WORDS.has(w)).map(thing),
    ...(OWN_MOVE.test(text) ? ["move"] : []),
  ]);

/**
 * Whether a new fact (`said`: its things) replaces a stored one whole: the stored one is short and names
 * nothing the new one does not ("Flights booked for 4 August, lisbon" keeps its Lisbon when "moved
 * flights to 6 August").
 */
function replacedWhole(stored: string, said: ReadonlySet<string>): boolean {
  const theirs = things(stored);
  return theirs.size <= COUNT_FACT_TERMS && [...theirs].every((w) => said.has(w));
}

/**
 * What of each stored fact a new value may change: the whole fact when `whole` says so, else each of its
 * sentences (`sentence`: the one to change inside the fact).
 */
export function* partsOf(candidates: MemoryRow[], whole: (content: string) => boolean) {
  for (const memory of candidates) {
    const all = whole(memory.content);
    for (const text of all ? [memory.content] : splitSentences(memory.content))
      yield { memory, text, sentence: all ? undefined : text };
  }
}

/**
 * A stored fact whose day the new fact moves ("Thesis due on 12 June 2026", then "the deadline moved to
 * 19 June 2026"): a short fact naming a thing the new fact names, on one other day the new fact does
 * not give as the new one; in a stored fact that says more, a sentence of it that does so (`sentence`).
 * Returns the old day, and the new one with its weekday (`said`).
 */
export function movedDay(
  content: string,
  candidates: MemoryRow[],
): { memory: MemoryRow; was: string; now: string; said: string; sentence?: string } | undefined {
  const moved = MOVED_TO.exec(content);
  if (!moved) return undefined;
  const [, object, said, first, end] = moved as unknown as [string, string | undefined, string, string, string?];
  // A span moved ("moved to Thursday, 25 June 2026 to Friday, 26 June 2026"): the old day, or span, is said after it.
  const now = end ?? first;
  // What moved is what it names ("moving the start to ...") or its clause names before the move ("My sister's
  // wedding has been moved to ..."), when it names something ("the organisers emailed and its moved": all the
  // fact names), and what it is now ("..., so that is the new deadline"); not what the rest of the fact goes
  // on about ("so the Cotswold Hundred is off").
  const clauses = content.slice(0, moved.index).split(/[.!?;,]\s+|\b(?:and|so|but|then)\s+/);
  const renamed = /\bthe new (\p{L}+)/iu.exec(content.slice(moved.index))?.[1] ?? "";
  // Whose it is names no thing: "Jonas's trip moved" moves the trip, not the physio Jonas saw.
  const named = (object ?? clauses.at(-1)!)
    .replace(/\b(?:it|its|it['’]s|they|they['’]re|this|that|has|have|had|is|are|was|were|been|got)\b/gi, "")
    .replace(/[\p{L}-]+['’]s\s+(?=\p{L})/gu, "");
  const subject = things(`${named} ${renamed}`);
  const all = things(content);
  const mine = subject.size ? subject : all;
  // "cant do the 18th, moved to ...": the old day named by its number before the move.
  const gone = /\bthe (\d{1,2})(?:st|nd|rd|th)\b/.exec(content.slice(0, moved.index))?.[1];
  const move: Move = { all, gone, first, now, said };
  // A subject no stored fact names ("On crete, flights got moved so its ..."): what the fact names before the
  // move, the user aside ("so Rafael and others moved them" moves nothing else of Rafael's); not when the
  // move named its object ("Tom's brother wants the kids there, so the user moved the user's trip to ...").
  const we = /\b(\p{L}+) and others\b/u.exec(content)?.[1]?.toLowerCase();
  const before = new Set([...things(content.slice(0, moved.index))].filter((w) => w !== we));
  return dayMoved(candidates, mine, move) ?? (subject.size && !object ? dayMoved(candidates, before, move) : undefined);
}

/** A day, or a span of days, said to be the new one: its first day, its last (`now`), as said, and the fact's things. */
interface Move {
  all: ReadonlySet<string>;
  /** The day of the month named before the move ("cant do the 18th"). */
  gone: string | undefined;
  first: string;
  now: string;
  said: string;
}

/** The stored fact naming one of `mine` (or the day `gone`) on another day, or span of days, than the new one. */
function dayMoved(candidates: MemoryRow[], mine: ReadonlySet<string>, { all, gone, first, now, said }: Move) {
  const end = now !== first;
  for (const { memory, text, sentence } of partsOf(candidates, (stored) => replacedWhole(stored, all))) {
    const days = [...new Set(text.match(DAY) ?? [])];
    const span = end && days.length === 2 && SPAN.test(text);
    if (!(days.length === 1 || span) || days.includes(first) || days.includes(now)) continue;
    const was = span ? `${days[0]} to ${days[1]}` : days[0]!;
    if ([...things(text)].some((w) => mine.has(w)) || gone === String(Number.parseInt(days[0]!, 10)))
      return { memory, was, now, said, sentence };
  }
  return undefined;
}

/** A weekly slot said to be the new one: "moved the lessons to wednesdays", "training is now on thursdays". */
const SLOT_TO = new RegExp(
  `(?:\\b(?:${MOVES.join("|")}|switched)\\b[^.!?]*?\\bto|\\bnow(?: on| every)?) ((${WEEKDAYS.join("|")})s?)\\b`,
  "iu",
);
/** A weekday in a stored fact, as written ("tuesdays", "Tuesday"). */
const WEEKDAY = new RegExp(`\\b(?:${WEEKDAYS.join("|")})s?\\b`, "giu");

/**
 * A stored fact whose weekly slot the new fact moves ("The user's son's swimming lessons are on tuesdays
 * after school", then "... moved the lessons to wednesdays"): a fact of no date naming one other weekday
 * and a thing the new fact names before the move; in a stored fact that says more, its sentence that does.
 */
export function movedSlot(
  content: string,
  candidates: MemoryRow[],
): { memory: MemoryRow; was: string; now: string; sentence?: string } | undefined {
  const moved = SLOT_TO.exec(content);
  if (!moved || (content.match(DAY) ?? []).some((d) => content.includes(`${moved[1]}, ${d}`))) return undefined;
  const [, now, day] = moved as unknown as [string, string, string];
  const mine = things(content.slice(0, moved.index + moved[0].length));
  const all = things(content);
  const same = (d: string) => d.toLowerCase().replace(/s$/, "") === day.toLowerCase();
  for (const { memory, text, sentence } of partsOf(candidates, (stored) => replacedWhole(stored, all))) {
    const days = [...new Set(text.match(WEEKDAY) ?? [])];
    if (days.length !== 1 || same(days[0]!) || (text.match(DAY) ?? []).length > 0) continue;
    if ([...things(text)].some((w) => mine.has(w))) return { memory, was: days[0]!, now, sentence };
  }
  return undefined;
}
