// Relative dates become absolute against the message's (or request's) time: "yesterday" in a
// message of 8 May 2023 becomes "on 7 May 2023". The first date in a statement is the event time.
import * as chrono from "chrono-node";
import { withHolidaysDated } from "./holidays.ts";
import { firstWeekdayAfter, thisWeekday, withMonthOfWeekday } from "./weekday-dates.ts";
import {
  DUE,
  WEEKDAY_WORD,
  WHICH_WEEKEND,
  DEADLINE_BEFORE,
  WANTED_BY,
  AHEAD_BEFORE,
  MOVED_TO,
  BOOKED,
  BOOKED_FOR,
  MOVED_TO_DAY,
  planChanged,
  SPAN_TO_NOW,
  SPAN_COUNTED,
  forChrono,
  WEEKDAY_ALONE,
  weekdayAsSaid,
  dayOfSomethingElse,
  toldNow,
  toldPast,
  withYearOfMonth,
  spanOfDays,
  PREPOSITION_BEFORE,
  bareDate,
  dayFirst,
} from "./date-cues.ts";
import { resolveSeason } from "./seasons.ts";
import { MONTHS as CALENDAR_MONTHS, writtenDay, writtenWeekday } from "../../domain/calendar.ts";

/** Month names as a memory writes them ("7 May 2023"). */
const MONTHS = CALENDAR_MONTHS.map((m) => m[0]!.toUpperCase() + m.slice(1));
type Granularity = "day" | "weekend" | "week" | "month" | "year";
export interface ResolvedDates {
  text: string;
  /** The event's time (00:00 UTC of the day, or the first day of the month / year), when the statement has one. */
  eventAt: string | null;
}

const DAY_WORDS = new RegExp(
  `\\b(yesterday|today|tonight|tomorrow|days? ago|${WEEKDAY_WORD}|(last|this|next) (night|morning|evening|afternoon)|weekend|the other day|day before yesterday)\\b`,
  "i",
);
const WEEKDAY = new RegExp(`\\b${WEEKDAY_WORD}\\b`, "i");
const THIS_DAY = /^(?:this (?:week|morning|afternoon|evening)|today|tonight)$/i;
const HAS_YEAR = /\b(1[89]\d\d|2\d\d\d)\b/;
/** Days that come back each year: a month and day beside them keeps no year. */
const YEARLY = /\b(?:birthdays?|b-?days?|anniversar(?:y|ies)|every year|each year|annually|yearly)\b/i;
const MONTH_NAME =
  /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)\b/i;
const DAY_OR_MONTH = new RegExp(`^(?:${WEEKDAY_WORD}|${MONTH_NAME.source.slice(2, -2)})$`, "i");
/** Whether one word names a weekday or a month, as chat writes them ("fri", "jan", "September"). */
export const namesDayOrMonth = (word: string): boolean => DAY_OR_MONTH.test(word);
// Words chrono reads as dates that are not dates in conversation.
const NOT_A_DATE =
  /^(now|right now|sun|sat|second|a second|the moment|at the moment|currently|this time|a while|later|soon|past|present|last day|the last day|\d{1,2}\s+today)$/i;
/** "the April 15 deadline": a deadline lies ahead, however the sentence is told. */
const DEADLINE_AFTER = /^\s+(?:deadline|due date|cut-?off)\b/i;
// A relative expression must point somewhere ("for 4 years" is a duration, not a date).
// "In 6 months" points ahead; "the first 6 months" does not ("months" is no "mon"), nor do "in a day"
// (an idiom) or "in 15 minutes" (a time, not a date).
const IN_SPAN =
  "^(?:in|within)\\s+(?:\\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\\s+(?:weeks?|months?|years?)\\b";
const RELATIVE_ANCHOR = new RegExp(
  `${IN_SPAN}|\\b(?:ago|last|next|this|past|coming|yesterday|today|tonight|tomorrow|day before|other day|weekend|${WEEKDAY_WORD})\\b`,
  "i",
);
const BARE_YEAR =
  /\b(?:in|since|during|by|from|until|of)\s+(?:the\s+)?(?:(?:early|late|mid|summer|spring|autumn|fall|winter)\s+(?:of\s+)?)?(1[89]\d\d|20\d\d)\b(?!\s*(?:%|dollars|euros|pounds|people|km|miles|meters|metres|words|pages))/i;
/** After a date's 's, words that make the 's an "is" ("Tomorrow's going to be ...", "today's a big day"). */
const IS_AFTER =
  /^\s+(?:going|gonna|a|an|the|so|really|very|not|just|all|about|almost|finally|too|pretty|quite|such|my|our|your|his|her|their|when|been|got|gotten)\b/i;
// A vague span ("a few years ago", "the next couple of weeks", "for the last 6 months") stays vague,
// anchored to the reference.
const vague = (matched: string) => /\b(few|couple|several)\b/i.test(matched) || SPAN_TO_NOW.test(matched.trim());

function granularityOf(text: string, certainDay: boolean): Granularity {
  if (/\bweekend\b/i.test(text)) return "weekend";
  if (DAY_WORDS.test(text)) return "day";
  const unit = /\b(week|month|year)s?\b/i.exec(text)?.[1]?.toLowerCase() as Granularity | undefined;
  return unit ?? (certainDay ? "day" : "month");
}

/** `named`: the text named the weekday ("last Friday"), which the date keeps: "on Friday, 14 July 2023". */
function phrase(d: Date, g: Granularity, bare: boolean, named = false): string {
  switch (g) {
    case "day":
      return `${bare ? "" : "on "}${named ? writtenWeekday(d) : writtenDay(d)}`;
    case "weekend":
      return `${bare ? "" : "on "}the weekend of ${writtenDay(d)}`;
    case "week":
      return `${bare ? "" : "in "}the week of ${writtenDay(startOf(d, "week"))}`;
    case "month":
      return `${bare ? "" : "in "}${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    case "year":
      return `${bare ? "" : "in "}${d.getUTCFullYear()}`;
  }
}

/** The first day of the period (a week starts on Monday). */
function startOf(d: Date, g: Granularity): Date {
  if (g === "year") return new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  if (g === "month") return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  const back = g === "week" ? (d.getUTCDay() + 6) % 7 : 0;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - back));
}

/** The date a year (or a week) earlier; `by` -1 moves it later. */
function shiftBack(d: Date, byYear: boolean, by = 1): Date {
  return byYear
    ? new Date(Date.UTC(d.getUTCFullYear() - by, d.getUTCMonth(), d.getUTCDate()))
    : new Date(d.getTime() - by * 7 * 86_400_000);
}

function anchorVague(matched: string, ref: Date, g: Granularity): string {
  const anchor =
    g === "year"
      ? `${ref.getUTCFullYear()}`
      : g === "month"
        ? `${MONTHS[ref.getUTCMonth()]} ${ref.getUTCFullYear()}`
        : writtenDay(ref);
  if (/\bago\b/i.test(matched)) return `${matched.replace(/\s*\bago\b/i, "")} before ${anchor}`;
  return `${matched} ${/\b(last|past)\b/i.test(matched) ? "before" : "after"} ${anchor}`;
}

/**
 * `past`: whether the statement tells of the past. A bare month or weekday ("in October", "on
 * Saturday") is then the last one before the reference; otherwise the next one ("is training
 * for a half marathon in October").
 */
export function resolveDates(said: string, reference: string | null, past = true): ResolvedDates {
  if (!reference) return { text: said, eventAt: null };
  const ref = new Date(reference);
  // "van booked sat 25th", "moved to fri 24th": what was booked or moved to lies ahead.
  const text = withMonthOfWeekday(
    withHolidaysDated(withYearOfMonth(said, ref), ref, !past),
    ref,
    past && !BOOKED.test(said) && !MOVED_TO_DAY.test(said),
  );
  const season = resolveSeason(text, ref);
  if (season) {
    const rest = resolveDates(season.text, reference, past);
    return { text: rest.text, eventAt: season.eventAt };
  }
  let results: chrono.ParsedResult[];
  try {
    results = chrono.parse(forChrono(text), { instant: ref, timezone: 0 }, { forwardDate: !past });
  } catch {
    return { text, eventAt: null };
  }
  let out = "";
  let last = 0;
  let eventAt: string | null = null;
  let dayBefore: Date | null = null; // the last day the text named, which "the Wednesday" after it counts from
  for (const r of results) {
    const matched = r.text.replace(/[\s,;:.!?]+$|\s+(?:they|then|there)$/i, ""); // chrono may take the punctuation (or "they") after it
    if (NOT_A_DATE.test(matched.trim().replace(/^(?:in|within)\s+/i, ""))) continue; // "in a second"
    if (/^['’]s\s/.test(text.slice(r.index + matched.length)) && /^(?:in\s+)?(?:a|an|one)\s+\w+$/i.test(matched))
      continue; // "fills in a week's rota"
    const [textBefore, textAfter] = [text.slice(0, r.index), text.slice(r.index + matched.length)];
    if (/^in\s/i.test(matched) && SPAN_COUNTED.test(textBefore)) continue; // "never done before in six years"
    if (dayOfSomethingElse(matched, textBefore, textAfter)) continue; // "feels like yesterday", "the day before the block"
    const span = r.start.isCertain("day") && r.start.isCertain("month") && r.end?.isCertain("day"); // "Fri 12 – Mon 15 June"
    if (WEEKDAY.test(matched) && !span && weekdayAsSaid(matched, text, r.index, !!dayBefore)) continue;
    // "the weekend of the 21st": the day after it says which.
    if (/^weekend$/i.test(matched) && (!WHICH_WEEKEND.test(textBefore) || /^\s+of\s+(?:the\s+)?\d/i.test(textAfter)))
      continue;
    // "may" as a modal verb: a bare month only after a preposition or beside a number; "last March": the word before says which.
    const lead = MONTH_NAME.test(matched) && !/\d/.test(matched) ? /\b(last|next|this)\s+$/i.exec(textBefore) : null;
    if (MONTH_NAME.test(matched) && !/\d/.test(matched) && !lead && !PREPOSITION_BEFORE.test(textBefore)) continue;
    // "this week" (chrono may take the Sunday before), "this morning" said at noon: the reference's day.
    let date = THIS_DAY.test(matched.trim()) ? new Date(ref) : r.start.date();
    const ahead = () => !past && !toldPast(textBefore) && !/\bsince\s+$/i.test(textBefore); // not what has been
    date = thisWeekday(matched.trim(), ref, r.start.get("weekday"), ahead) ?? date;
    if (Number.isNaN(date.getTime())) continue;
    // "sat 16th may": of the years around, the one whose 16 May is a Saturday.
    const weekday =
      r.start.isCertain("weekday") && r.start.isCertain("month") && /\d/.test(matched) && !HAS_YEAR.test(matched);
    if (weekday) date = sameWeekday([...dayFirst(matched, date), date], r.start.get("weekday")!, ref);
    // "march 17" has its day but not its year: written out with the year it falls in ("17 March 2027"),
    // unless it comes back each year ("my birthday is on October 1st").
    const dated = HAS_YEAR.test(matched) || (MONTH_NAME.test(matched) && /\d/.test(matched));
    const absolute = HAS_YEAR.test(matched) || (dated && YEARLY.test(text));
    if (!absolute && !MONTH_NAME.test(matched) && !RELATIVE_ANCHOR.test(matched)) continue;
    const g = dated
      ? r.start.isCertain("day")
        ? "day"
        : r.start.isCertain("month")
          ? "month"
          : "year"
      : MONTH_NAME.test(matched)
        ? "month"
        : granularityOf(matched, r.start.isCertain("day"));
    // chrono takes the nearest October or Saturday; a past statement means the one before the reference.
    const direction = lead?.[1]?.toLowerCase();
    // "away most of april", said on 2 April: the month begun, not next year's (chrono skips it ahead).
    const later = date.getUTCFullYear() > ref.getUTCFullYear() && date.getUTCMonth() === ref.getUTCMonth();
    if (g === "month" && !dated && direction !== "next" && later) date = startOf(ref, "month");
    // "by friday", "booked tues for survey", "thesis due 12 june, im 40% done": a deadline or a booking lies ahead.
    const deadline =
      (DEADLINE_BEFORE.test(textBefore) &&
        (WEEKDAY.test(matched) ||
          WANTED_BY.test(textBefore) ||
          DUE.test(textBefore) ||
          /\bdeadline\b/i.test(textBefore))) ||
      (BOOKED.test(textBefore) && (WEEKDAY.test(matched) || (dated && BOOKED_FOR.test(textBefore)))) ||
      DEADLINE_AFTER.test(textAfter);
    // "membership paused till jan": a state that lasts until a date lies ahead, unless told of the past ("I lived there until March").
    const until = /\b(?:until|till|til)\s+$/i.test(textBefore) && !toldPast(textBefore);
    const since = /\bsince\s+$/i.test(textBefore);
    while (deadline && !absolute && date < startOf(ref, "day")) date = shiftBack(date, !WEEKDAY.test(matched), -1);
    const moved = (WEEKDAY.test(matched) || dated) && !absolute && MOVED_TO.test(textBefore);
    while (moved && startOf(date, "day") <= startOf(ref, "day"))
      date = dated ? new Date(date.setUTCFullYear(date.getUTCFullYear() + 1)) : shiftBack(date, false, -1);
    // "last March", "registered since January": the one before the reference.
    if (direction === "last" || (since && MONTH_NAME.test(matched))) while (date > ref) date = shiftBack(date, true);
    else if (/\blast\b/i.test(matched))
      while (date > ref) date = shiftBack(date, false); // "last weekend"
    else if (direction === "next")
      while (date < ref) date = new Date(Date.UTC(date.getUTCFullYear() + 1, date.getUTCMonth(), 1));
    else if (
      ((past && !toldNow(textBefore)) || since || /\bas of\s+$/i.test(textBefore) || toldPast(textBefore)) && // "as of Tuesday I'm down to a cane"
      !deadline &&
      !until &&
      !moved &&
      !planChanged(textBefore, textAfter) &&
      !BOOKED.test(textBefore) &&
      !absolute &&
      !weekday &&
      !AHEAD_BEFORE.test(textBefore) &&
      date > ref &&
      !/^(?:in|within)\s/i.test(matched) && // "in 6 months" counts from the reference either way
      !/\b(next|this|coming|tomorrow|tonight)\b/i.test(matched)
    )
      date = shiftBack(date, MONTH_NAME.test(matched));
    if (g === "weekend" && date.getUTCDay() === 0) date = new Date(date.getTime() - 86_400_000); // its Saturday
    // "the Wednesday" after a day named: the first Wednesday after it.
    if (dayBefore && WEEKDAY_ALONE.test(matched) && /\bthe\s+$/i.test(textBefore))
      date = firstWeekdayAfter(dayBefore.getTime(), date.getUTCDay());
    if (g === "day") dayBefore = startOf(date, "day");
    if (!vague(matched)) eventAt ??= startOf(date, g).toISOString();
    if (absolute) continue; // already stands alone
    // "in the next month": the article goes with the relative phrase it introduced.
    const the = /\bthe\s+$/i.exec(text.slice(last, r.index));
    const start = lead ? r.index - lead[0].length : the && !vague(matched) ? r.index - the[0].length : r.index;
    const before = text.slice(last, start);
    // "Tomorrow's going to be a blast" (is), "tomorrow's opening" (the opening of that day).
    const owner = vague(matched) ? null : /^['’]s\b/.exec(textAfter);
    const is = owner && IS_AFTER.test(textAfter.slice(2));
    // "moved it to Thursday, ...", not "to on Thursday" (a month after "to" is no date: "talked to May").
    const bare = !!owner || bareDate(text.slice(0, start), textAfter);
    let replacement = vague(matched) ? anchorVague(matched, ref, g) : phrase(date, g, bare, WEEKDAY.test(matched));
    if (g === "day" && r.end?.isCertain("day"))
      replacement = spanOfDays(date, r.start.date(), r.end.date(), bare, WEEKDAY.test(matched)) ?? replacement;
    if (owner) replacement = is ? `${replacement} is` : replacement.replace(/^(?!the )/, "the ");
    else replacement += timeOfDay(matched, past);
    if (/^end of\b/i.test(matched)) replacement = `${bare ? "" : "at "}the end of ${replacement.replace(/^in /, "")}`;
    out += before + (start === 0 ? replacement[0]!.toUpperCase() + replacement.slice(1) : replacement);
    last = r.index + matched.length + (owner ? owner[0].length : 0);
  }
  // chrono reads no bare year ("moved to Lisbon in 2019"): a year after a preposition dates the event.
  if (!eventAt) {
    const year = BARE_YEAR.exec(text);
    if (year && Number(year[1]) <= ref.getUTCFullYear() + 10)
      eventAt = new Date(Date.UTC(Number(year[1]), 0, 1)).toISOString();
  }
  // "May 15th next year": the year is said once ("on 15 May 2027", not "… 2027 in 2027"); so is a date
  // the user wrote beside the words it resolves ("next year, 2027": "2027", not "2027, 2027"; "tomorrow,
  // Thursday 20 Aug": "on Thursday, 20 August 2026", once).
  const resolved = (out + text.slice(last))
    .replace(/\b(\d{1,2} \p{L}+) \d{4} in (\d{4})\b/gu, "$1 $2")
    .replace(/\b(?:on )?((?:\d{1,2} \p{Lu}\p{Ll}+ )?\d{4})(?: now)?, (?:in |(on \p{Lu}\p{Ll}+day, ))?\1\b/gu, "$2$1");
  return { text: resolved, eventAt };
}

/** A time of day ("2pm", "14:00", "noon"), or for what lies ahead a part of it ("tomorrow morning"). */
const CLOCK = /\b(?:\d{1,2}(?:[:.]\d{2})?\s*(?:am|pm|o'?clock)|\d{1,2}:\d{2}|noon|midday|midnight)\b|(?<=\bat )\d\d?$/i;
const PART_OF_DAY = /\b(morning|afternoon|evening|night)\b/i;

/** The time of day chrono read with a date, which its replacement would otherwise drop: " at 2pm". */
function timeOfDay(matched: string, past: boolean): string {
  const clock = CLOCK.exec(matched);
  if (clock) return ` at ${clock[0]}`;
  const part = past ? null : PART_OF_DAY.exec(matched);
  if (!part) return "";
  return part[1]!.toLowerCase() === "night" ? " at night" : ` in the ${part[1]!.toLowerCase()}`;
}

/** The date with the same month and day in the year nearest `ref` on which it falls on `weekday`. */
function sameWeekday(dates: Date[], weekday: number, ref: Date): Date {
  const years = [0, 1, -1].flatMap((k) =>
    dates.map((date) => new Date(Date.UTC(ref.getUTCFullYear() + k, date.getUTCMonth(), date.getUTCDate()))),
  );
  return years.find((d) => d.getUTCDay() === weekday) ?? dates.at(-1)!;
}
