// "deadline is sunday 20th", "starts monday 23rd", "on sat the 12th": a weekday with a day of the month
// and no month; and "pushed to the 29th", a day of the month after a preposition. chrono reads neither;
// the month is the one near the reference whose day falls on that weekday (ahead for a plan, before for
// a story): "Sunday, 20 September 2026", which the date resolver reads whole.
import { MONTHS, WEEKDAYS, writtenDay, writtenWeekday } from "../../domain/calendar.ts";
import { upperFirst } from "../../domain/text.ts";
import { WEEKDAY_FORMS } from "./shorthand.ts";
import { COUNTED_BEFORE, MONTH_WORD, toldPast, WEEKDAY_WORD } from "./date-cues.ts";

const DAY = `(?:${WEEKDAYS.join("|")})`;
const MONTH = MONTHS.map((m) => m.slice(0, 3)).join("|");
const WEEKDAY_AND_DAY = new RegExp(
  `\\b(${DAY}),?\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)\\b(?!\\s*(?:of\\s+)?(?:${MONTH}))`,
  "gi",
);
const DAY_MS = 86_400_000;
const THIS_WEEKDAY = new RegExp(`^this\\s+${WEEKDAY_WORD}$`, "i");
/**
 * "started this monday", "their assessment this thursday": that day of the reference's week (from
 * Monday), or of the next when it has passed and what is told lies `ahead` ("seeing her this tuesday",
 * said on a Thursday: asked only then); null for another phrase. `weekday`: as chrono parsed it (0 is Sunday).
 */
export function thisWeekday(matched: string, ref: Date, weekday: number | null, ahead: () => boolean): Date | null {
  if (!THIS_WEEKDAY.test(matched) || weekday === null) return null;
  const offset = ((weekday + 6) % 7) - ((ref.getUTCDay() + 6) % 7);
  const day = Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth(), ref.getUTCDate());
  return new Date(day + (offset + (offset < 0 && ahead() ? 7 : 0)) * DAY_MS);
}

/** The first day after `ms` (a UTC midnight) on `utcDay`, as `getUTCDay` counts (0 for Sunday). */
export function firstWeekdayAfter(ms: number, utcDay: number): Date {
  let at = ms;
  do at += DAY_MS;
  while (new Date(at).getUTCDay() !== utcDay);
  return new Date(at);
}
/** A month's index (0 for January) from its name or its first three letters, in any case. */
const monthOf = (word: string) => MONTHS.findIndex((m) => m.startsWith(word.slice(0, 3).toLowerCase()));
/** A weekday's index (0 for Monday) from its whole name, in any case. */
const weekdayOf = (day: string) => WEEKDAYS.indexOf(day.toLowerCase() as (typeof WEEKDAYS)[number]);

/** Things counted by an ordinal, not days ("the 4th floor", "for the 2nd time", "on the 3rd attempt"). */
const ORDINAL_OF =
  "(?:floor|storey|story|time|try|attempt|go|round|place|grade|year|generation|edition|anniversary|birthday|draft|version|stage|step|level|row|page|chapter|lap|game|match|leg|tier|gear|house|door|flat|child|kid|baby|pick|option|one)s?\\b";
/** "deadline moved to 31st btw": a day of the month typed without its "the", ending the clause. */
const BARE_DAY =
  /\b((?:on|by|to|until|till|before|from)\s+)(\d{1,2}(?:st|nd|rd|th))(?=\s*(?:[.,;!?)]|$|(?:btw|now|then|instead|and|so|or)\b))/gi;
/**
 * "pushed to the 29th", "due on the 5th": a day of the month after a preposition, with no month; not an
 * ordinal of a thing ("on the 4th floor"; but "turned 20 months on the 3rd lol time is a blur").
 */
const DAY_ONLY = new RegExp(
  `\\b((?:on|by|to|until|till|due|before|from|for)\\s+)the\\s+(\\d{1,2})(?:st|nd|rd|th)\\b(?!\\s*(?:of\\s+)?(?:${MONTH}))(?!\\s+${ORDINAL_OF}(?!\\s+(?:is|was)\\b))`,
  "gi",
);

/** "6th and 8th oct", "the 3rd, 5th", "the 8th to the 22nd of august": a day of the month before another one and its month. */
const DAYS_BEFORE_MONTH = new RegExp(
  `\\b(\\d{1,2})(?:st|nd|rd|th)?(\\s*(?:and|&|or|,)\\s*(?:the\\s+)?|\\s+(?:to|till|until)\\s+the\\s+)(?=\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH})[a-z]*\\b)`,
  "gi",
);

/** "Saturday the 17th of October": the weekday of a day of the month, read as one date ("Saturday 17th October"). */
/** "thu 18 - fri 19 june": a span of days with their weekdays, the month said once (chrono reads "18" as an hour). */
const SPAN_WITH_WEEKDAYS = new RegExp(
  `\\b(${WEEKDAY_WORD}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?)(\\s*(?:-|–|to)\\s*)(?=${WEEKDAY_WORD}\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?((?:${MONTH})[a-z]*)\\b)`,
  "gi",
);

const WEEKDAY_THE_DAY_OF = new RegExp(
  `\\b(${DAY})\\s+the\\s+(\\d{1,2}(?:st|nd|rd|th)?)\\s+of\\s+(?=(?:${MONTH})[a-z]*\\b)`,
  "gi",
);

/** "apr 25 to apr 26": a month of one year to the same month of the next (a tax year), not two days. */
const MONTH_OF_YEARS = new RegExp(
  `\\b((?:${MONTH})[a-z]*)\\s+(\\d{2})\\s*(?:to|-|–|till|until)\\s*\\1\\s+(\\d{2})\\b`,
  "gi",
);

/** "the last week of May", "first week of june". */
const WEEK_OF_MONTH = new RegExp(
  `\\b(?:the\\s+)?(first|second|third|fourth|last|final)\\s+week\\s+of\\s+(${MONTH})[a-z]*\\b`,
  "gi",
);
/** A day of the month with its month: "14th may", "the 3rd of June", "may 14". */
const DAY_AND_MONTH = new RegExp(
  `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(${MONTH})[a-z]*\\b|\\b(${MONTH})[a-z]*\\s+\\d{1,2}\\b`,
  "gi",
);
/** A month named alone ("october is …"; not "may", which is mostly the verb). */
const MONTH_ALONE = new RegExp(`\\b(?!may\\b)(${MONTH_WORD})\\b`, "i");
/** "a week tomorrow", "a week today", "a fortnight on Saturday" (British). */
const WEEK_FROM = new RegExp(
  `\\b(?:a|one)\\s+(week|fortnight)\\s+(today|tomorrow|on\\s+(${DAY}))\\b|\\b(?:on\\s+)?(?:the\\s+)?(${DAY})\\s+(?:after\\s+next|week)\\b`,
  "gi",
);

const MONTHLY =
  /\b(?:rent|bills?|payday|paid|salary|wages?|mortgage|subscription|direct debit|standing order|every month|each month|monthly)\b/i;

/** The next day `n` of a month from the reference (the last before it for a story), or null. */
function dayOfMonth(n: number, ref: Date, today: number, past: boolean): Date | null {
  const months = past ? [0, -1, -2] : [0, 1, 2];
  for (const k of months) {
    const d = new Date(Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth() + k, n));
    if (d.getUTCDate() === n && (past ? d.getTime() < today : d.getTime() >= today)) return d;
  }
  return null;
}

/** "pushed from", "moved back from": a plan's day moved, told just before a day of the month. */
const MOVED_BEFORE =
  /\b(?:moved|pushed|postponed|delayed|rescheduled|brought|changed|shifted|bumped)(?:\s+(?:back|forward|it|them))?\s+$/i;

/** "so i can start on the 15th": a plan in its own clause lies ahead, though the sentence tells the past. */
const PLAN_BEFORE =
  /(?:\b(?:can|will|going to|gonna|shall|want to|plan to|planning to)|\w['’]ll)\b(?:(?![,;]|\b(?:so|and|but|because|bc)\b).)*$/i;

/**
 * The text with the month and year written after each "weekday Nth" and "on the Nth" that names none;
 * `storyTold`: the statement tells of the past, so the day is the last before `ref`.
 */
export function withMonthOfWeekday(said: string, ref: Date, storyTold: boolean): string {
  // "Saturday the 17th of October" is one date; "6th and 8th oct": the first day is in the month named after
  // the second; so is "thu 18 - fri 19 june" ("thu 18 june - fri 19 june").
  const text = said
    .replace(MONTH_OF_YEARS, (all, month: string, from: string, to: string, at: number, whole: string) => {
      const m = upperFirst(MONTHS[monthOf(month)]!);
      const lead = /\b(?:from|between)\s+$/i.test(whole.slice(0, at)) ? "" : "from ";
      return Number(to) === Number(from) + 1 ? `${lead}${m} 20${from} to ${m} 20${to}` : all;
    })
    .replace(SPAN_WITH_WEEKDAYS, "$1 $3$2")
    .replace(WEEKDAY_THE_DAY_OF, "$1 $2 ")
    .replace(DAYS_BEFORE_MONTH, (_, n: string, and: string, month: string) => {
      // "the 8th to the 22nd of august": a span, read as "8 August to 22nd of august".
      return `${Number(n)} ${upperFirst(MONTHS[monthOf(month)]!)}${and.replace(/^\s+(to|till|until)\s+the\s+$/i, " $1 ")}`;
    });
  const today = Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth(), ref.getUTCDate());
  // "the last week of May": that week of the month named (chrono would read "last week" alone).
  const ofMonth = text.replace(WEEK_OF_MONTH, (_, which: string, month: string) => {
    const m = monthOf(month);
    const ahead = !storyTold && Date.UTC(ref.getUTCFullYear(), m + 1, 0) < today ? 1 : 0;
    const back = storyTold && Date.UTC(ref.getUTCFullYear(), m, 1) > today ? 1 : 0;
    const year = ref.getUTCFullYear() + ahead - back;
    const nth = ["first", "second", "third", "fourth"].indexOf(which.toLowerCase());
    // The month's first Monday (and the weeks after), or the Monday of the week holding its last day.
    const day = new Date(nth >= 0 ? Date.UTC(year, m, 1 + 7 * nth) : Date.UTC(year, m + 1, 0));
    const monday =
      nth >= 0
        ? new Date(day.getTime() + ((8 - day.getUTCDay()) % 7) * DAY_MS)
        : new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
    return `the week of ${writtenDay(monday)}`;
  });
  // "a week tomorrow", "a fortnight on Saturday": a week or two after the day named; "thursday after
  // next", "saturday week": a week after the next Thursday or Saturday.
  const weeks = ofMonth.replace(
    WEEK_FROM,
    (all, span: string, from: string, day?: string, next?: string, at0?: number) => {
      if (!next && COUNTED_BEFORE.test(ofMonth.slice(0, at0))) return all; // "1 lesson a week on tuesday": how often
      // "booked for thursday after next": after a preposition the day takes no "on" of its own.
      const bare = next && /\b(?:for|by|until|till|from|to|on|before|after)\s+$/i.test(ofMonth.slice(0, at0));
      if (next) [span, from, day] = ["week", "on", next];
      let at = today + (from.toLowerCase() === "tomorrow" ? DAY_MS : 0);
      if (day) at = firstWeekdayAfter(at, (weekdayOf(day) + 1) % 7).getTime();
      const d = new Date(at + (span.toLowerCase() === "week" ? 7 : 14) * DAY_MS);
      return `${bare ? "" : "on "}${writtenWeekday(d)}`;
    },
  );
  // "I want them filed by the 31st": a deadline lies ahead, unless the clause tells it happened.
  // "pushed from the 8th": the day a plan was moved from was still ahead.
  const past = (at: number, lead = "") =>
    storyTold &&
    !(/^from\s/i.test(lead) && MOVED_BEFORE.test(text.slice(0, at))) &&
    !PLAN_BEFORE.test(text.slice(0, at)) &&
    (!/^(?:by|until|till|due|before)\s/i.test(lead) || toldPast(text.slice(0, at)));
  // "rent is due on the 1st": a day that comes back each month keeps no month.
  const days = MONTHLY.test(weeks)
    ? weeks
    : weeks
        .replace(BARE_DAY, "$1the $2")
        .replace(DAY_ONLY, (all, lead: string, n: string, at: number, whole: string) => {
          // "paper 1 is 14th may and bio paper 1 is on the 11th": the month the sentence named before it.
          const last = [...whole.slice(0, at).matchAll(DAY_AND_MONTH)].at(-1);
          // "october is home v Redcar Road on the 10th": the month the sentence opened with.
          const named =
            last?.[1] ??
            last?.[2] ??
            MONTH_ALONE.exec(
              whole
                .slice(0, at)
                .split(/[.!?]\s/)
                .at(-1)!,
            )?.[1];
          const month = named ? monthOf(named) : -1;
          const inMonth = month >= 0 ? new Date(Date.UTC(ref.getUTCFullYear(), month, Number(n))) : null;
          const d = inMonth?.getUTCDate() === Number(n) ? inMonth : dayOfMonth(Number(n), ref, today, past(at, lead));
          return d ? `${lead}${writtenDay(d)}` : all;
        });
  return days.replace(WEEKDAY_AND_DAY, (all, day: string, n: string, at: number) => {
    const weekday = weekdayOf(day);
    const fits = [-3, -2, -1, 0, 1, 2, 3, 4, 5, 6]
      .map((k) => new Date(Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth() + k, Number(n))))
      .filter((d) => d.getUTCDate() === Number(n) && (d.getUTCDay() + 6) % 7 === weekday);
    const ahead = fits.filter((d) => d.getTime() >= today);
    const before = fits.filter((d) => d.getTime() < today);
    const pick = past(at) ? (before.at(-1) ?? ahead[0]) : (ahead[0] ?? before.at(-1));
    // A plan's day may be half a year ahead ("fly out tuesday 6th" in April: October); a story's, four months back.
    if (
      !pick ||
      (pick.getTime() < today ? today - pick.getTime() > 130 * DAY_MS : pick.getTime() - today > 200 * DAY_MS)
    )
      return all;
    return writtenWeekday(pick); // its weekday is the one said: `ahead` and `before` hold only those
  });
}

const MONTH_NAME = new RegExp(`\\b(${MONTHS.join("|")}|${MONTH})\\b`, "gi");
/** A line of a typed schedule opening on a day of the month: "- 12th leeds (the wardrobe)", "13th: york". */
const DAY_LINE = new RegExp(`^(\\s*(?:[-*•]\\s*)?)(\\d{1,2})(?:st|nd|rd|th)\\b(?!\\s*(?:of\\s+)?(?:${MONTH}))`, "gim");

/**
 * A schedule typed one day a line under the month it is in ("here's the run, all october:\n- 12th
 * leeds\n- 13th york"): each day gets the month ("- 12 October leeds"), when the text before the list
 * names one month only.
 */
export function withListedMonth(text: string): string {
  const first = text.search(DAY_LINE);
  if (first < 0) return text;
  const months = new Set([...text.slice(0, first).matchAll(MONTH_NAME)].map((m) => monthOf(m[1]!)));
  if (months.size !== 1) return text;
  const month = upperFirst(MONTHS[[...months][0]!]!);
  return text.replace(DAY_LINE, (_, lead: string, n: string) => `${lead}${Number(n)} ${month}`);
}

/** A weekday as written, in full or short ("Friday", "fri", "Thurs"). */
const ANY_DAY = `(?:${[...WEEKDAYS, ...Object.keys(WEEKDAY_FORMS)].join("|")})`;
/** A line of a week typed one day a line: "tue 8k easy", "- Sunday: long run". */
const WEEKDAY_LINE = new RegExp(`^(\\s*(?:[-*•]\\s*)?)(${ANY_DAY})\\b[:.-]?\\s*`, "gim");

/**
 * A week typed one day a line ("mon rest\ntue 8k easy\nwed intervals"), three lines or more: what is
 * done each week, each line a note of its weekday ("Tuesdays: 8k easy"), none of them a date.
 */
export function asWeeklyPlan(text: string): string {
  if ((text.match(WEEKDAY_LINE) ?? []).length < 3) return text;
  return text.replace(WEEKDAY_LINE, (_, lead: string, day: string) => {
    return `${lead}${WEEKDAY_FORMS[day.toLowerCase()] ?? upperFirst(day.toLowerCase())}s: `;
  });
}

/** A weekday with its day of the month: "Fri 19", "**Thu 18**", "Friday 19th", "Friday, the 19th". */
const DAY_WITH_NUMBER = new RegExp(`\\b(${ANY_DAY})\\.?,?\\s+(?:the\\s+)?(\\d{1,2})(?:st|nd|rd|th)?\\b`, "gi");
const dayIndex = (word: string) => weekdayOf(WEEKDAY_FORMS[word.toLowerCase()] ?? word);

/**
 * The day of the month an assistant's message gives a weekday, when it gives it one only ("| **Fri 19** |
 * Louisiana", "Move Louisiana to Friday 19th"): what a reply's bare "friday" means.
 */
export function weekdayDays(markdown: string): Map<number, number> {
  const seen = new Map<number, Set<number>>();
  for (const [, day, n] of markdown.replace(/[*_]/g, "").matchAll(DAY_WITH_NUMBER)) {
    const at = dayIndex(day!);
    if (at >= 0) seen.set(at, (seen.get(at) ?? new Set()).add(Number(n)));
  }
  return new Map([...seen].flatMap(([at, ns]) => (ns.size === 1 ? [[at, [...ns][0]!] as [number, number]] : [])));
}

/** Every weekday a text names, and one after "to", "on" or "the" that is no schedule's nor dated already. */
const EVERY_DAY = new RegExp(`\\b${ANY_DAY}\\b`, "gi");
const PLAN_DAY = new RegExp(
  `(?<=\\b(?:to|on|the|for)\\s+)(${ANY_DAY})\\b(?!['’]?s\\b|\\.?,?\\s+(?:the\\s+)?\\d|\\s+(?:morning|afternoon|evening|night|lunch)s?\\b)`,
  "gi",
);

/**
 * A reply's one weekday, after "to", "on" or "the" ("move louisiana to friday then", "day trip on the
 * thursday"), with the day of the month the message before gave it. Not a schedule ("open Wednesday to
 * Sunday", "Tuesday and Friday mornings") nor a day that is not the plan's ("off Thursday luckily").
 */
export function withWeekdaysDated(text: string, days: ReadonlyMap<number, number> | null | undefined): string {
  if (!days?.size || (text.match(EVERY_DAY) ?? []).length !== 1) return text;
  return text.replace(PLAN_DAY, (day: string) => {
    const n = days.get(dayIndex(day));
    if (!n) return day;
    return `${day} ${n}${Math.floor(n / 10) === 1 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th")}`;
  });
}
