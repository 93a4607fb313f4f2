// The words around a date that say how to read it (dates.ts): a habit or a schedule rather than a date,
// a deadline or a plan that lies ahead, a date moved to.
import { MONTHS, writtenDay, writtenWeekday } from "../../domain/calendar.ts";
import { upperFirst } from "../../domain/text.ts";
/** What one has, not had, when one has "got" it: "got an mri on the 29th". */
export const APPOINTMENT =
  "(?:appointment|appt|mri|scan|interview|exam|test|surgery|operation|check-?up|follow[- ]?up|consultation|assessment|viewing|hearing)(?!\\s+results?)";
/** A weekday, also as chat writes it ("mon", "Fri"). */
export const WEEKDAY_WORD =
  "(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)";
/**
 * A weekday that recurs ("every Sunday morning", "on Thursdays", "Thursday evenings", "the first Thursday
 * of every month", "every second Saturday") is a habit, not a date; so is one of many ("falls on a
 * Saturday", "any Tuesday"). "last Friday" is a date; "the last Friday of the month" is not.
 */
export const EVERY_BEFORE =
  /\b(?:(?:every|each|a|any)\s+(?:other\s+)?|(?:(?:every|each|the)\s+)?(?:first|second|third|fourth|fifth|1st|2nd|3rd|4th|5th)\s+|(?:every|each|the)\s+(?:last|final)\s+)$/i;
/** How often a thing is done: "1 lesson", "twice", "3 sessions", "two evenings". */
const COUNTED =
  "(?:once|twice|thrice|\\d+\\s*x|(?:\\d+|one|two|three|four|five|several)\\s+times|(?:\\d+|one|two|three|four|five|a|an)\\s+(?:lessons?|sessions?|class(?:es)?|shifts?|games?|match(?:es)?|runs?|swims?|rides?|visits?|appointments?|meetings?|trainings?|practices?|days?|nights?|evenings?|mornings?))";
/** "1 lesson a week on Tuesday" is how often, not "a week on Tuesday" (a day a week after the next Tuesday). */
export const COUNTED_BEFORE = new RegExp(`\\b${COUNTED}\\s+$`, "i");
/** "1 lesson a week tues 7pm", "twice a week on mondays": a weekday of a thing done so many times a week. */
const PER_WEEK = new RegExp(`\\b${COUNTED}\\s+(?:a|per|each|every)\\s+week,?\\s+(?:on\\s+)?$`, "i");
export const PLURAL_AFTER = /^(s\b|\s+(mornings|afternoons|evenings|nights|lunchtimes|lunches)\b)/i;
/** Weekdays in a list ("gym mon wed fri", "Mon/Thu", "wed and thurs now not tues") are a schedule, not dates. */
const BETWEEN_DAYS = "(?:,|/|&|\\+|-|–|and|or|to|through|thru|(?:now|but|and) not|instead of|rather than)?";
export const WEEKDAY_NEXT = new RegExp(`^\\.?\\s*${BETWEEN_DAYS}\\s*${WEEKDAY_WORD}\\b`, "i");
export const WEEKDAY_PREVIOUS = new RegExp(`\\b${WEEKDAY_WORD}\\.?\\s*${BETWEEN_DAYS}\\s*$`, "i");
/** A weekday before the date it falls on ("fri 4 dec", "Friday, the 4th"): the date says it; so does
 * the date said before "that friday". */
export const DATE_AFTER = /^\.?,?\s*(?:the\s+)?\d{1,2}(?:st|nd|rd|th)?\b/i;
/** "weekend" with no word saying which ("no weekend work", "weekend plans") is no date, nor "that weekend" (one said before). */
export const WHICH_WEEKEND = /\b(?:the|this|last|next|past|coming)\s+$/i;
/**
 * A deadline ("by Friday", "until Monday") looks forward even in a statement of the past ("promised to send it by
 * Friday"); so does what someone wants done by a month ("wants the books tidied by end of may").
 */
export const DEADLINE_BEFORE = /\b(by|until|till|before|due(?: on| in)?)\s+$/i;
/** "thesis due 12 june" (not "the baby was due on 3 March"): what is due lies ahead. */
export const DUE = /^(?:(?!\b(?:was|were|had)\b).)*\bdue(?: on| in)?\s+$/i;
export const WANTED_BY = /\b(?:wants?|needs?|has to|have to|must|should|will|going to|due)\b[^.!?]*\bby\s+$/i;
/**
 * "... by my next appt in september", "pushed to july bc the lead is on leave most of june", "wants to see
 * her on the 2nd of June": ahead, told now; so is a date the plan is now ("first week now 24 sept not 17th").
 */
export const AHEAD_BEFORE =
  /\bnow\s+(?:on\s+|the\s+)?$|\b(?:next|upcoming|coming)\b[^.,;!?]{0,30}$|\b(?:wants?|plans?|hopes?|intends?|needs?|going) to\b[^.,;!?]{0,40}$|(?:\b(?:should|shall|will|gonna|wanna)|['’]ll)\b[^.,;!?]{0,40}$|\b(?:is|are|am)\b(?:(?!\b(?:because|bc|but|and|so|was|were)\b)[^.,;!?]){0,40}$/i;
/** "moved it to thursday", "pushed the call back to Monday", "moved it to the 27th of july": a new date, after today. */
export const MOVED_TO =
  /\b(?:moved?|moving|changed?|changing|push(?:ed)?|pull(?:ed)?|shift(?:ed)?|bump(?:ed)?|delay(?:ed)?|brought|postponed|rescheduled|put (?:it |that )?off)\b[^.!?]*\bto\s+(?:the\s+)?$/i;
/** "friday takeaway", "sunday roast", "tuesday training": a weekday before a habit's noun is no date. */
export const HABIT_AFTER =
  /^\s+(?:takeaways?|dinners?|lunch(?:es)?|breakfasts?|brunch(?:es)?|roasts?|drinks|class(?:es)?|sessions?|meetings?|shifts?|routines?|rituals?|games?|services?|markets?|clubs?|training|practi[cs]es?|lessons?|rehearsals?|swimming|football|(?:long\s+)?(?:rides?|runs?|walks?|swims?)|workouts?|gym|parkrun)\b/i;
/** "I've booked a weekend away in November": what was booked (planned, bought) lies ahead. */
export const BOOKED =
  /\b(?:(?:re-?)?booked|reserved|(?:re)?scheduled|planned|arranged|ordered|signed up|registered|enrolled|bought (?:the )?tickets?|(?:an? )?(?:enquiry|inquiry|request|quote|invite|invitation|offer) for)\b/i;
/** "moved to fri 24th" anywhere in the statement: a day of the month moved to lies ahead (weekday-dates.ts). */
export const MOVED_TO_DAY = /\b(?:moved?|pushed|changed|rescheduled|postponed)\b[^.!?]*\bto\b/i;
/** "flights booked for 4 August": the day booked, in the clause of the booking, lies ahead. */
export const BOOKED_FOR = new RegExp(`${BOOKED.source}[^.;!?]{0,40}\\b(?:for|on)\\s+(?:the\\s+)?$`, "i");

/** "for the last 6 months", "over the next two weeks": a span up to or from now, vague as a date. */
export const SPAN_TO_NOW =
  /^(?:the\s+)?(?:last|past|next|coming)\s+(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\s+(?:days|weeks|months|years)$/i;

/** "never done before in six years": a span after a perfect counts how long, it dates nothing. */
const PERFECT_BEFORE =
  /\b(?:have|has|['’]ve)\s+(?:(?:never|not|already|always|just|ever)\s+)?(?:\p{L}+ed|been|done|gone|seen|had|made|lost|grown|known|worked|lived)\b[^.;!?]*$/iu;
/** "Eighteen cities in five weeks": a count opening its clause, then how long it takes. */
const COUNT_BEFORE =
  /(?:^|[.,;:!?]\s*|\b(?:is|was|it['’]s|that['’]s)\s+)(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|\p{L}+teen|twenty|thirty|forty|fifty|a dozen|a hundred)\s+[\p{L}-]+s\s+$/iu;
/** "said it paid for itself in a week", "lost 5kg in a month": a span after what it took that long to do. */
const DONE_BEFORE =
  /\b(?:paid for (?:itself|themselves)|paid (?:it |them )?(?:off|back)|(?:lost|gained|dropped) \d+\s?(?:kg|kgs|lbs?|stone|pounds)|finished (?:it|them)|did it|done it)\s+$/iu;
/** Any: a span after a perfect, a count or a deed, which dates nothing. */
export const SPAN_COUNTED = new RegExp(`${PERFECT_BEFORE.source}|${COUNT_BEFORE.source}|${DONE_BEFORE.source}`, "iu");
/** "long runs have to be saturday now": the "now" of a weekday, which chrono would read as today. */
const WEEKDAY_NOW = new RegExp(`\\b(${WEEKDAY_WORD})\\s+now\\b`, "gi");

/**
 * "jan, 88": a month, a comma and two digits, which chrono would read as a year; "fri 4 dec, 2 nights": a
 * day and its month, a comma and a count, which chrono would read as the 2nd of the month.
 */
const MONTH_COMMA_NUMBER = (() => {
  const month = `(?:${MONTHS.map((m) => m.slice(0, 3)).join("|")})[a-z]*`;
  const count = String.raw`\b(?!\s*(?:st|nd|rd|th)|[:.]\d)`; // a number that is no day nor a time
  return new RegExp(
    String.raw`(\b${month}),(?=\s*\d{2}${count})|(\b\d{1,2}(?:st|nd|rd|th)?\s+${month}),(?=\s*\d{1,2}${count})`,
    "gi",
  );
})();

/** "from 17 to 20 July": the "from" before two days, after which chrono would read the days as hours. */
const FROM_DAYS = /\bfrom(?=\s+\d{1,2}(?:st|nd|rd|th)?\s*(?:to|-|–|until|till)\s*\d{1,2}(?:st|nd|rd|th)?\s+\p{L})/giu;

/**
 * The text as chrono should read it, the same length (each index the same): "94kg in jan, 88 now" (a
 * number after a month and a comma is no year of it), "saturday now", "from 17 to 20 July".
 */
export function forChrono(text: string): string {
  const blank = (m: string) => "\u0001".repeat(m.length);
  return text
    .replace(MONTH_COMMA_NUMBER, (_, month, day) => (month ? `${month}\u0001` : `${day};`))
    .replace(WEEKDAY_NOW, (m) => `${m.slice(0, -3)}\u0001\u0001\u0001`)
    .replace(FROM_DAYS, blank);
}

/** A weekday alone, without a day of the month or "next": "on Tuesday", "wed". */
export const WEEKDAY_ALONE = new RegExp(`^(?:on\\s+)?${WEEKDAY_WORD}$`, "i");
/** Every weekday a text names. */
export const WEEKDAYS_IN = new RegExp(`\\b${WEEKDAY_WORD}\\b`, "gi");
/** Whether the sentence around `at` names three weekdays or more: a week told day by day. */
export const weekTold = (text: string, at: number) =>
  (text.slice(text.lastIndexOf(". ", at) + 1, text.indexOf(". ", at) + 1 || undefined).match(WEEKDAYS_IN) ?? [])
    .length >= 3;

/** A preposition a date phrase goes with ("on Friday", "in May"): the phrase is written without its own. */
export const PREPOSITION_BEFORE =
  /\b(on|in|since|by|during|until|till|from|before|after|around|about|throughout|of|for|over)\s*$/i;
/** "tomorrow works", "friday suits us", "the 14th is fine": the date is what the sentence is about. */
const SUBJECT_OF = /^\s+(?:works|suits|is (?:fine|good|better|best|ok|okay|perfect|great))\b/i;

/**
 * Whether a date phrase between `before` and `after` is written without a preposition of its own: one
 * stands before it ("moved it to Thursday", not "to on Thursday"), or the date is the subject.
 */
export const bareDate = (before: string, after: string) =>
  PREPOSITION_BEFORE.test(before) ||
  /\bto\s*$/i.test(before) ||
  SUBJECT_OF.test(after) ||
  (before.trim() === "" && /^\s+(?:is|was|will|has)\b/i.test(after)); // "Friday is going to be a tapas evening"

/** Verbs of a plan mused on after "was" ("I was thinking 1st june"): no past told (tense.ts reads them too). */
export const MUSING = "thinking|wondering|hoping|planning|considering";
/** Past forms not spelt with -ed, which PAST_CLAUSE and toldNow both read. */
const STRONG_PAST = "went|came|had|did|was|were|made|took|paid|bought|sold|left|began|met";
/**
 * A subject and a past verb ("the landlord increased it in …"): what the clause tells happened; not a
 * past that points ahead ("The user settled on November", "we booked it for May", "she promised …"),
 * nor "got" of an appointment, which is "have got" ("got an mri on the 29th"), nor a plan mused on ("i was
 * thinking 1st june").
 */
const PAST_CLAUSE = new RegExp(
  String.raw`\b(?:i|we|he|she|they|the\s+\p{L}+|my\s+\p{L}+)\s+(?:(?!(?:settl|decid|agre|plann|want|hop|ask|need|book|schedul|arrang|sign|register|promis|offer|invit|confirm|expect|aim|intend)ed\b)\p{L}+ed|went|got(?!\s+(?:(?:an?|my|his|her|their|our|your|the|another)\s+)?(?:\p{L}+\s+)?${APPOINTMENT}s?\b)|(?:${STRONG_PAST})(?!\s+(?:${MUSING})\b)|moved)\b`,
  "iu",
);
/**
 * Whether the clause a date ends (after the last comma, semicolon or open quote before it) tells of
 * the past: in 'the user answered "last day dec 22"' the answer is its own clause, not "answered".
 */
export function toldPast(textBefore: string): boolean {
  const quoted = (textBefore.match(/"/g) ?? []).length % 2 === 1 ? textBefore.lastIndexOf('"') : -1;
  const opened = Math.max(
    quoted,
    textBefore.lastIndexOf("“"),
    textBefore.lastIndexOf(","),
    textBefore.lastIndexOf(";"),
  );
  return PAST_CLAUSE.test(textBefore.slice(opened + 1)) || BACK_IN.test(textBefore);
}

/** Verbs that tell now or ahead ("it is 3 months unpaid, from sept 1", "forgot i get my bonus in august"). */
const NOW_VERB =
  /\b(?:is|are|am|gets|starts|runs|begins|ends|finishes|will|going to|gonna|lands|flies|leaves|has to|have to|needs? to|wants? to|plans? to|(?:i|we|they) (?:get|start|finish|leave|fly))\b/gi;
const PAST_VERB = new RegExp(String.raw`\b(?:${STRONG_PAST}|got|forgot|said|told|\p{L}+ed)\b`, "giu");

/**
 * Whether the verb nearest before a date in its sentence (in the clause it ends, else the one before
 * that comma) tells now or ahead, though the statement as a whole tells of the past: "my boss signed it
 * off last week, it is 3 months unpaid, from sept 1 to nov 30"; "completely forgot i get my bonus in august".
 */
export function toldNow(textBefore: string): boolean {
  const sentence = textBefore.slice(Math.max(...[".", "!", "?", ";", "\n"].map((c) => textBefore.lastIndexOf(c))) + 1);
  for (const clause of sentence.split(",").reverse()) {
    const last = (re: RegExp) => Math.max(-1, ...[...clause.matchAll(re)].map((m) => m.index));
    const [now, past] = [last(NOW_VERB), last(PAST_VERB)];
    if (now >= 0 || past >= 0) return now > past;
  }
  return false;
}

/** "put me on it back in june": a time looked back to (not "I'll be back in June"). */
const BACK_IN = /(?<!\b(?:be|been|being|come|coming|get|getting|go|going)\s)\bback\s+in\s+$/i;

/**
 * Whether a weekday chrono read (`matched`, at `index` of `text`) stays as said rather than becoming a
 * date: every week ("every friday"), a schedule ("mon-fri", a week told day by day), a day the date after
 * it says ("fri 4 dec"), a habit, "the last Friday of ...". "The Friday meeting" and "day trip on the
 * thursday" name the day of a thing talked about, not the next one, unless the text named a day before
 * it (`dayBefore`: "scan on Monday 20 April, injections on the Wednesday"); "the Monday after my fit
 * note ends" tells which itself.
 */
export function weekdayAsSaid(matched: string, text: string, index: number, dayBefore: boolean): boolean {
  const [textBefore, textAfter] = [text.slice(0, index), text.slice(index + matched.length)];
  return (
    EVERY_BEFORE.test(textBefore) ||
    PER_WEEK.test(textBefore) ||
    (/\b(?:moves|switches|shifts|changes)\s+to\s+$/i.test(textBefore) && !/\d/.test(matched)) || // "in August the long ride moves to Sunday"
    USUALLY_AFTER.test(textAfter) || // "sunday afternoon is my prep day usually"
    USUALLY_BEFORE.test(textBefore) || // "and usually sunday afternoon"
    /\b(?:ash|black|cyber|super|shrove|maundy|holy|palm)\s+$/i.test(textBefore) || // "the Ash Wednesday fires", a name
    (matched.match(WEEKDAYS_IN) ?? []).length > 1 ||
    (WEEKDAY_ALONE.test(matched) && weekTold(text, index)) ||
    PLURAL_AFTER.test(textAfter) ||
    (!/\d|\b(?:this|next|last|coming)\b/i.test(matched) &&
      (ROTA_BEFORE.test(textBefore) || ROTA_AFTER.test(textAfter))) ||
    WEEKDAY_NEXT.test(textAfter) ||
    WEEKDAY_PREVIOUS.test(textBefore) ||
    (DATE_AFTER.test(textAfter) && !/\d/.test(matched)) ||
    (HABIT_AFTER.test(textAfter) && !/\b(?:on|this|next|last|by|until|till)\s+$/i.test(textBefore)) ||
    /\b(?:that|the same|the last)\s+$/i.test(textBefore + matched.replace(/\S+$/, "")) ||
    /^\s+of\s+(?:the|each|every)\s+month\b/i.test(textAfter) || // "paid last friday of the month": each month's
    (/\bthe\s+$/i.test(textBefore) && (!dayBefore || /^\s+(?:after|before|of)\b/i.test(textAfter)))
  );
}

/** A weekday of a standing rota: "that week's Monday", "closed Sunday", "Saturday: one shift, 09:00–13:00", "Saturday needs 2 RVNs". */
const ROTA_BEFORE = /\b(?:week|month)['’]s\s+$|\b(?:closed|open|shut)\s+(?:on\s+)?$/i;
const ROTA_AFTER = /^\s*:\s*[^.!?]*\d{1,2}[:.]\d{2}\s*[–-]\s*\d|^\s+(?:needs|requires|included)\b/i;
/** A habit's word later in the weekday's clause: "sunday afternoon is my prep day usually". */
const USUALLY_AFTER = /^[^.!?;,]*\b(?:usually|normally|generally|typically|as a rule)\b/i;
/** A habit's word right before the weekday: "i go over tuesday and friday and usually sunday afternoon". */
const USUALLY_BEFORE = /\b(?:usually|normally|generally|typically|always|often|sometimes)\s+(?:on\s+)?$/i;

/**
 * Words chrono reads as a day that name none: "it feels like yesterday" (an idiom), "the day before the
 * block", "the day after her birthday" (a day counted from another thing, not from today).
 */
export function dayOfSomethingElse(matched: string, textBefore: string, textAfter: string): boolean {
  if (/^yesterday$/i.test(matched) && /\b(?:feels?|felt|seems?|seemed) like\s+$/i.test(textBefore)) return true;
  return (
    /^(?:the\s+)?day\s+(?:before|after)$/i.test(matched) &&
    /^\s+(?:the|my|her|his|our|their|your|a|an|each|every)\b/i.test(textAfter)
  );
}

/** A month's name as chat writes it, whole or short ("october", "oct", "sept"): a regular expression's source. */
export const MONTH_WORD =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";

const SHIFT: Record<string, number> = { next: 1, this: 0, last: -1 };
/** "mid jan (14th)": a month's middle, and its day in brackets. */
const MID_MONTH_DAY = new RegExp(`\\bmid[- ]?(${MONTH_WORD})\\s*\\((\\d{1,2})(?:st|nd|rd|th)?\\)`, "gi");
/**
 * "october next year", "march this year": the month of that year, written as one date ("October 2027");
 * "the 14th of next month": that day of the month after the reference's ("14 June 2026").
 */
export function withYearOfMonth(text: string, ref: Date): string {
  // "baby due mid jan (14th)": the day in brackets says which.
  return text
    .replace(MID_MONTH_DAY, "$2 $1")
    .replace(
      /\b(?:the\s+)?(\d{1,2})(?:st|nd|rd|th)?\s+of\s+(next|this|last)\s+month\b/gi,
      (_, day: string, which: string) => {
        const month = new Date(Date.UTC(ref.getUTCFullYear(), ref.getUTCMonth() + SHIFT[which.toLowerCase()]!, 1));
        return `${Number(day)} ${upperFirst(MONTHS[month.getUTCMonth()]!)} ${month.getUTCFullYear()}`;
      },
    )
    .replace(
      new RegExp(`\\b(${MONTH_WORD})\\s+(next|this|last)\\s+year\\b`, "gi"),
      (_, month: string, which: string) => {
        const shift = SHIFT[which.toLowerCase()]!;
        const whole = MONTHS.find((m) => m.startsWith(month.toLowerCase().slice(0, 3)))!; // "may" → "May"
        return `${upperFirst(whole)} ${ref.getUTCFullYear() + shift}`;
      },
    );
}

/**
 * "away 22-24 may", "aug 8 to 22": a span of days written with its last day, moved as its first was
 * (`date`: the first day as resolved, `from` and `to` as parsed; `weekdays`: written with theirs); null
 * when it ends no later.
 */
export function spanOfDays(date: Date, from: Date, to: Date, bare: boolean, weekdays = false): string | null {
  const end = to.getTime() + date.getTime() - from.getTime();
  // "Friday 12 – Monday 15 June": written with the weekdays said.
  const day = weekdays ? writtenWeekday : writtenDay;
  return end > date.getTime() ? `${bare ? "" : "from "}${day(date)} to ${day(new Date(end))}` : null;
}

/**
 * "Saturday 02/01" read day first too (chrono reads it month first): the day it may be, of the two
 * the weekday decides between, tried first ("2 January 2027", a Saturday, not "1 February 2025").
 */
export const dayFirst = (matched: string, date: Date): Date[] =>
  /\b\d{1,2}[/.]\d{1,2}\b/.test(matched) && date.getUTCDate() <= 12
    ? [new Date(Date.UTC(date.getUTCFullYear(), date.getUTCDate() - 1, date.getUTCMonth() + 1))]
    : [];

/** "it was end of sprint on 26 June, now 10 July", "was the 3rd but now its the 5th": a plan's days before and after "now". */
const NOW_AFTER = new RegExp(
  `^[\\s,;:—–-]*(?:(?:but|and|so)\\s+)?(?:it['’]?s\\s+|it is\\s+)?now\\s+(?:it['’]?s\\s+|it is\\s+)?(?:on\\s+)?(?:the\\s+)?(?:\\d|(?:${MONTH_WORD}|${WEEKDAY_WORD})\\b)`,
  "i",
);
const NOW_BEFORE = /\bnow\s+(?:it['’]?s\s+|it is\s+)?(?:on\s+)?(?:the\s+)?$/i;
/** Whether a date is one of a plan changed (neither the old day nor the new one is told of the past: each the nearest). */
export const planChanged = (textBefore: string, textAfter: string): boolean =>
  NOW_AFTER.test(textAfter) || NOW_BEFORE.test(textBefore) || /^\s+instead\b/i.test(textAfter); // "on 12 july instead"
