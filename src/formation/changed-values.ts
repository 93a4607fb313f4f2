// A stored value a new fact changes (reconcile.ts updates the memory with it): a value corrected by
// naming the old one ("barclaycard is 27.9 not 24.9"); a count said to have changed ("we'll up the
// budget to 450" after "budget is about 300", "17 plants not 12"), kept with the value it replaced
// ("... to 450 (was 300)"); a day said to move ("the deadline moved to 19 June 2026" after "thesis due
// on 12 June 2026": "... (was 12 June 2026)"); a choice given up ("switching to onesignal, firebase was
// a pain" after 'answered "firebase"'); and a named plan called off ("the Cotswold Hundred is off").
import type { MemoryRow } from "../domain/memory.ts";
import { CALENDAR } from "./embedded/closed-classes.ts";
import { escapeRegExp, saysWord, significantTerms, splitSentences } from "../domain/text.ts";
import { COUNT_FACT_TERMS, movedDay, movedSlot, partsOf, things, withWeekday } from "./moved-day.ts";
import { counts, GOES_UP_TO, UNITS } from "./counts.ts";

/** Words a new value says a change with: "the budget is now 450", "3 volunteers instead", "3 to 4 now not 2.30" (not "for now"). */
const CHANGED = new RegExp(
  String.raw`\b(?:(?<!\bfor )now|instead|actually|anymore|changed?|upped|up the|raised?|lowered?|push(?:ed|ing)?|bump(?:ed|ing)?|increased?|reduced?|revised|updated?)\b|\b${GOES_UP_TO} [£$€]?\d|\bnot\s+[£$€]?\d`,
  "i",
);
/** Words saying the value after them is the one replaced. */
const INSTEAD = "(?:not|instead of|rather than)";
/** The value a fact says it replaces: "instead of 400", "not 24.9", "rather than £5.50". */
const REPLACED = new RegExp(String.raw`\b${INSTEAD}\s+[£$€]?(\d[\d,.]*)`, "gi");
/** Names inside a sentence (not its first word, nor a day's or a month's): "Cotswold", "Hundred". */
const namesIn = (text: string) =>
  new Set(
    [...text.matchAll(/(?<=[\p{L}\p{N},;:'’)]\s+)\p{Lu}\p{Ll}+/gu)]
      .map((m) => m[0].toLowerCase())
      .filter((w) => !CALENDAR.has(w)),
  );
/** Two sentences each naming something the other does not: of two named things. */
function namedApart(a: string, b: string): boolean {
  const [x, y] = [namesIn(a), namesIn(b)];
  return [...x].some((w) => !y.has(w)) && [...y].some((w) => !x.has(w));
}

/** A value as a number: "15,000" 15000, "12k" 12000. */
const amount = (v: string) => Number.parseFloat(v.replace(/,/g, "")) * (/k$/i.test(v) ? 1000 : 1);
/** Two amounts of one thing, the new one at most twice the old or half of it. */
const near = (a: number, b: number) => a > 0 && b > 0 && a <= 2 * b && b <= 2 * a;
/** The period a count is by, "" when none: "/month" for "10 a month". */
const rateOf = (pairs: ReadonlyArray<readonly [string, string, ...unknown[]]>, value: string) =>
  pairs.find(([h, v]) => h.startsWith("/") && v === value)?.[0] ?? "";

/**
 * A stored fact whose count the new fact changes ("The user's budget is about 300", then "we'll up
 * the budget to 450"): the same word counted, another value, the old value gone (or said "not 2.30"),
 * and the new fact saying it changed. In a stored fact that says more ("The user's daughter lily is 9.
 * She loves drawing horses."), only the sentence giving the count: `sentence` is returned then.
 */
function changedCount(
  content: string,
  candidates: MemoryRow[],
): { memory: MemoryRow; was: string; now: string; sentence?: string } | undefined {
  // The counts of the sentences that say a change: "budget around 1500" is no change for "lasts 40 mins now. budget around 1500".
  const mine = splitSentences(content).flatMap((said) =>
    CHANGED.test(said) ? counts(said).map(([h, v]) => [h, v, said] as [string, string, string]) : [],
  );
  if (mine.length === 0) return undefined;
  const replaced = [...content.matchAll(REPLACED)].map((m) => m[1]!.replace(/[.,]$/, ""));
  const kept = (value: string) =>
    new RegExp(`(?<![\\d.,]|\\bnot\\s+[£$€]?)${escapeRegExp(value)}(?!\\d)`).test(content);
  for (const { memory, text: sentence, sentence: inside } of partsOf(
    candidates,
    (stored) => significantTerms(stored).size <= COUNT_FACT_TERMS,
  )) {
    const theirs = counts(sentence);
    const named = new Set([...namesIn(content), ...namesIn(sentence)]);
    for (const [head, was] of theirs) {
      // A fact naming the value it replaces ("500 a month on the cards instead of 400") changes that one only.
      if (replaced.length && !replaced.some((r) => amount(r) === amount(was) || amount(r) * 1000 === amount(was)))
        continue;
      // The same period or none: "go to 20 a week" is no "10 a month", "go to 1800" no "20 a month".
      // Nor is the count of another named thing: "the Mendip 100 ... instead: 160 km" after "the Cotswold Hundred: 161 km".
      // A unit alone says not of what ("160 km" of an event, "90 km" of a ride): something else in common too,
      // not a name, and a value near it ("3 weeks starting 1 September" is no change of "Nearly 13 weeks, Niamh ...").
      const same = ([h, v, said]: [string, string, string]) =>
        h === head &&
        v !== was &&
        // "budget 320 now" after "300 quid a month": a count without its period, near the one it changes.
        (rateOf(mine, v) === rateOf(theirs, was) || (!rateOf(mine, v) && near(amount(v), amount(was)))) &&
        !namedApart(said, sentence) &&
        (!UNITS.has(h) ||
          (near(amount(v), amount(was)) &&
            [...things(said)].some((w) => w !== h && things(sentence).has(w) && !named.has(w))));
      const now = kept(was) ? undefined : mine.find(same)?.[1];
      if (now) return { memory, was, now, sentence: inside };
    }
  }
  return undefined;
}

/** A fact saying a choice was given up: "switching to onesignal, firebase was a pain", "pasta instead of rice". */
const SWITCHED =
  /\b(?:switch(?:ing|ed)?|instead|replac(?:e|es|ing|ed)|dropp(?:ing|ed)|scrapp(?:ing|ed)|ditch(?:ing|ed))\b/i;
/** The choice a stored fact records: 'answered "firebase"', 'chose "Drop 2022"', "settled on sqlite", "thinking switch to evri". */
const CHOICE =
  /(?:answered|chose) "([^"]{2,40})"\.?$|(?:settled on|(?:is|are) thinking (?:of |about )?(?:switch(?:ing)? to|going with)) ([^.,\s]+(?: (?!(?:from|on|in|at|by|for|to|next|this)\b)[^.,\s]+)?)/;

/**
 * A stored choice that the new fact gives up ("Asked "Any preference?", the user answered "firebase"",
 * then "switching to onesignal, firebase was a pain"): the new fact names the old choice and says it
 * switched, dropped or replaced it.
 */
function switchedChoice(content: string, candidates: MemoryRow[]): MemoryRow | undefined {
  if (!SWITCHED.test(content)) return undefined;
  return candidates.find((c) => {
    const m = CHOICE.exec(c.content);
    const choice = (m?.[1] ?? m?.[2])?.trim();
    // "yes", "ok", "both" choose nothing a later fact could name as given up.
    const nothing = /^(?:yes|yeah|yep|no|nope|nah|ok|okay|sure|maybe|both|none|all|neither)$/i;
    return !!choice && !nothing.test(choice) && saysWord(content, choice, "i");
  });
}

/** A named plan called off: "the Cotswold Hundred is off", "the Lisbon trip has been cancelled" (not "Maria is off to ..."). */
const CALLED_OFF =
  /\b((?:\p{Lu}[\p{L}\p{N}'’]*\s+){2,}|(?:\p{Lu}[\p{L}\p{N}'’]*\s+)+\p{Ll}+\s+)(?:is|are|has been|have been|was)\s+(?:now\s+)?(?:off|cancell?ed|called off|scrapped|not happening)(?=\s*(?:[.,;:!?)]|$))/u;

/** A stored memory naming the plan a new fact calls off (every word of its name, a name inside a sentence). */
function calledOff(content: string, candidates: MemoryRow[]): MemoryRow | undefined {
  const named = CALLED_OFF.exec(content)?.[1]?.trim();
  const words = named
    ?.split(/\s+/)
    .filter((w) => namesIn(`, ${w}`).size > 0 && !/^(?:the|a|an|my|our|his|her|their|this|that|it|we|i)$/i.test(w));
  if (!words?.length) return undefined;
  return candidates.find((c) => words.every((w) => saysWord(c.content, w)));
}

/** A value as a number of its own ("300", not the "300" of "1300" or "3.00"). */
const alone = (value: string) => new RegExp(`(?<![\\d.,])${escapeRegExp(value)}(?!\\d)`);
/** The value with a unit written onto it ("30m"), kept with both values: "34m (was 30m)". */
const withUnit = (value: string) => new RegExp(`${alone(value).source}(${ATTACHED})?`);
const ATTACHED = "(?:km|kg|mm|cm|ml|m|g|l)(?![a-z])";
/** The new value with the old after it, a unit written onto either kept with both ("34m (was 30m)", "27.9% (was 24.9%)"). */
const changedTo =
  (now: string, was: string) =>
  (_: string, unit = "") =>
    `${now}${unit} (was ${was}${unit})`;

/** The fact with the value it replaced after the new one: "... up the budget to 450 (was 300) and book ...". */
function wasSaid(content: string, was: string, now: string): string {
  return alone(was).test(content) ? content : content.replace(withUnit(now), changedTo(now, was));
}

/**
 * The new version of a longer stored memory: its `sentence` with the old value changed (`from` → `to`);
 * `alsoNew` when the new fact says more than the value (three words the memory lacks), and is a memory of its own too.
 */
function changedInside(
  memory: MemoryRow,
  sentence: string,
  from: RegExp,
  to: (said: string, unit?: string) => string,
  content: string,
) {
  const theirs = things(memory.content);
  const alsoNew = [...things(content)].filter((w) => !theirs.has(w)).length > 2;
  return { memory, content: memory.content.replace(sentence, sentence.replace(from, to)), alsoNew };
}

/** "barclaycard is 27.9 not 24.9", "17 plants not 12": a value corrected, with the one it replaces. */
const NOT_WAS = new RegExp(String.raw`(\d[\d,.]*?k?)%?,?\s+${INSTEAD}\s+[£$€]?(\d[\d,.]*?k?)%?(?![\d,.]*\d)`);

/**
 * A sentence of a stored memory giving the value a new fact corrects by naming it ("barclaycard is 27.9
 * not 24.9" after "The user's barclaycard is 4200 at 24.9% ..."): the old value alone there, the new one
 * not, and a word of what it is of in common, or the same currency.
 */
function correctedValue(content: string, candidates: MemoryRow[]) {
  const [, now, was] = NOT_WAS.exec(content) ?? [];
  if (!now || !was || now === was) return undefined;
  const mine = things(content);
  // "budget is now £800 not 600" after "we've said £600 total": the same money needs no word in common.
  const money = new RegExp(`[£$€]${escapeRegExp(now)}(?!\\d)`).exec(content)?.[0][0];
  const oldMoney = money && new RegExp(`\\${money}${escapeRegExp(was)}(?![\\d.,]*\\d)`);
  const sameMoney = (sentence: string) => !!oldMoney && oldMoney.test(sentence);
  const giving = candidates.flatMap((memory) =>
    splitSentences(memory.content).flatMap((sentence) =>
      alone(was).test(sentence) && !alone(now).test(sentence) ? [{ memory, sentence, was, now }] : [],
    ),
  );
  // "its actually 8k not 3k" after "~3k jobs": a count in thousands, given by one stored sentence alone, is that one.
  if (/k$/i.test(was) && giving.length === 1) return giving[0];
  return giving.find(({ sentence }) => [...things(sentence)].some((w) => mine.has(w)) || sameMoney(sentence));
}

/**
 * A value changed (a count, a weekly slot): in a longer memory its sentence giving the value, else the new
 * fact saying what it was.
 */
function valueChanged(changed: { memory: MemoryRow; was: string; now: string; sentence?: string }, content: string) {
  const { memory, was, now, sentence } = changed;
  return sentence
    ? changedInside(memory, sentence, withUnit(was), changedTo(now, was), content)
    : { memory, content: wasSaid(content, was, now) };
}

/**
 * The stored memory the new fact supersedes, and the text its new version says (the old value kept:
 * "450 (was 300)"), or undefined. A longer stored memory keeps what else it says (changedInside).
 */
export function supersededValue(
  content: string,
  candidates: MemoryRow[],
): { memory: MemoryRow; content?: string; alsoNew?: boolean } | undefined {
  const corrected = correctedValue(content, candidates);
  if (corrected) {
    const { memory, sentence, was, now } = corrected;
    // Its unit goes with both: "2.4m (was 2.3m)", "27.9% (was 24.9%)".
    const from = new RegExp(`(?<![\\d.,])${escapeRegExp(was)}(%|\\p{L}+)?(?![\\p{L}\\p{N}])`, "u");
    return changedInside(memory, sentence, from, changedTo(now, was), content);
  }
  const count = changedCount(content, candidates);
  if (count) return valueChanged(count, content);
  const moved = movedDay(content, candidates);
  if (moved?.sentence)
    return changedInside(
      moved.memory,
      moved.sentence,
      withWeekday(moved.was),
      () => `${moved.said} (was ${moved.was})`,
      content,
    );
  if (moved) return { memory: moved.memory, content: wasSaid(content, moved.was, moved.now) };
  const slot = movedSlot(content, candidates);
  if (slot) return valueChanged(slot, content);
  const given = switchedChoice(content, candidates) ?? calledOff(content, candidates);
  return given && { memory: given };
}
