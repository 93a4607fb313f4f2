// Relative dates become absolute against the message's (or request's) time: "yesterday" in a
// message of 8 May 2023 becomes "on 7 May 2023". The first date in a statement is the event time.
import * as chrono from "chrono-node";

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

type Granularity = "day" | "week" | "month" | "year";

export interface ResolvedDates {
  text: string;
  /** The event's time (00:00 UTC of the day, or the first day of the month / year), when the statement has one. */
  eventAt: string | null;
}

const DAY_WORDS = /\b(yesterday|today|tonight|tomorrow|days? ago|(last|this|next|on) (mon|tues|wednes|thurs|fri|satur|sun)day|(last|this|next) (night|morning|evening|afternoon)|weekend|the other day|day before yesterday)\b/i;
const WEEK_WORDS = /\b(week|weeks)\b/i;
const MONTH_WORDS = /\b(month|months)\b/i;
const YEAR_WORDS = /\b(year|years)\b/i;
const HAS_YEAR = /\b(1[89]\d\d|2\d\d\d)\b/;
const MONTH_NAME = /\b(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)\b/i;
// Words chrono reads as dates that are not dates in conversation.
const NOT_A_DATE = /^(now|right now|sun|sat|second|a second|the moment|at the moment|currently|this time|a while|later|soon|past|present)$/i;
// A relative expression must point somewhere ("for 4 years" is a duration, not a date).
const RELATIVE_ANCHOR = /\b(ago|last|next|this|past|coming|yesterday|today|tonight|tomorrow|mon|tues|wednes|thurs|fri|satur|sun|day before|other day|weekend)/i;
const PREPOSITION_BEFORE = /\b(on|in|at|since|by|during|until|till|from|before|after|around|of|for)\s*$/i;

function fmtDay(d: Date): string {
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

function granularityOf(text: string, certainDay: boolean): Granularity {
  if (DAY_WORDS.test(text)) return "day";
  if (WEEK_WORDS.test(text)) return "week";
  if (MONTH_WORDS.test(text)) return "month";
  if (YEAR_WORDS.test(text)) return "year";
  return certainDay ? "day" : "month";
}

function phrase(d: Date, g: Granularity, bare: boolean): string {
  switch (g) {
    case "day":
      return `${bare ? "" : "on "}${fmtDay(d)}`;
    case "week":
      return `${bare ? "" : "in "}the week of ${fmtDay(d)}`;
    case "month":
      return `${bare ? "" : "in "}${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    case "year":
      return `${bare ? "" : "in "}${d.getUTCFullYear()}`;
  }
}

function startOf(d: Date, g: Granularity): Date {
  if (g === "year") return new Date(Date.UTC(d.getUTCFullYear(), 0, 1));
  if (g === "month") return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

export function resolveDates(text: string, reference: string | null): ResolvedDates {
  if (!reference) return { text, eventAt: null };
  const ref = new Date(reference);
  let results: chrono.ParsedResult[];
  try {
    results = chrono.parse(text, { instant: ref, timezone: 0 }, { forwardDate: false });
  } catch {
    return { text, eventAt: null };
  }
  let out = "";
  let last = 0;
  let eventAt: string | null = null;
  for (const r of results) {
    const matched = r.text;
    if (NOT_A_DATE.test(matched.trim())) continue;
    // "may" as a modal verb: accept a bare month name only after a preposition or beside a number.
    if (MONTH_NAME.test(matched) && !/\d/.test(matched) && !PREPOSITION_BEFORE.test(text.slice(0, r.index))) continue;
    const date = r.start.date();
    if (Number.isNaN(date.getTime())) continue;
    const absolute = HAS_YEAR.test(matched) || (MONTH_NAME.test(matched) && /\d/.test(matched));
    if (!absolute && !MONTH_NAME.test(matched) && !RELATIVE_ANCHOR.test(matched)) continue;
    const g = absolute
      ? r.start.isCertain("day") ? "day" : r.start.isCertain("month") ? "month" : "year"
      : MONTH_NAME.test(matched) ? "month" : granularityOf(matched, r.start.isCertain("day"));
    eventAt ??= startOf(date, g).toISOString();
    if (absolute) continue; // already stands alone
    const before = text.slice(last, r.index);
    const bare = PREPOSITION_BEFORE.test(text.slice(0, r.index));
    out += before + phrase(date, g, bare);
    last = r.index + matched.length;
  }
  return { text: out + text.slice(last), eventAt };
}
