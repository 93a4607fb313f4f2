// What a query says beyond its words: the names it mentions and the period it asks about.
import * as chrono from "chrono-node";
import { queryTerms } from "../domain/text.ts";
import { askedAttributeWords } from "../domain/attributes.ts";
import { irregularForms } from "./verb-forms.ts";
import { MONTHS, WEEKDAYS } from "../domain/calendar.ts";

export interface DateRange {
  /** Inclusive start and exclusive end, ISO 8601 UTC. */
  from: string;
  to: string;
}

export interface QueryAnalysis {
  terms: string[];
  /** Per term, the other words an answer may say it with ("live" → moved, based, ...; mostly empty). */
  alternatives: string[][];
  /** Per term, its irregular forms ("make" → made; "bought" → buy; mostly empty). */
  forms: string[][];
  /** Capitalised words that are not sentence openers or question words: likely people, places, things. */
  names: string[];
  dates: DateRange | null;
  /** "What did Caroline do first?" asks for the earliest event, "... most recently?" the latest. */
  order: "first" | "last" | null;
  /** The project's scope users the query names ("Where does Dana live?"): their memories are about them. */
  users: ReadonlySet<string>;
  /** The question asks for several things, perhaps said on several days ("What has Melanie painted?"). */
  several: boolean;
}

const NOT_NAMES =
  "what when where which who whom whose why how did does do is are was were will would can could should has have had " +
  "i i'm i've me my we our you your he she it they them their the a an and or but if in on at for to of with by from " +
  "tell give list name describe remind please any anything everything something";
const NOT_NAMES_SET = new Set([...NOT_NAMES.split(" "), ...MONTHS, ...WEEKDAYS]);

export function queryNames(query: string): string[] {
  const names = new Set<string>();
  for (const m of query.matchAll(/\p{Lu}[\p{L}\p{M}'’-]*/gu)) {
    const word = m[0].replace(/['’]s$/u, "");
    if (word.length < 2 || NOT_NAMES_SET.has(word.toLowerCase())) continue;
    names.add(word.toLowerCase());
  }
  return [...names];
}

const DAY = 86_400_000;

/** The period a query names ("in May 2023", "yesterday", "in 2022"), against the reference time. */
export function queryDates(query: string, reference: Date): DateRange | null {
  const parsed = chrono.parse(query, reference)[0];
  if (parsed) {
    const start = parsed.start.date();
    const end = parsed.end?.date();
    const c = parsed.start;
    let from: Date;
    let to: Date;
    if (end) {
      from = startOfDay(start);
      to = new Date(startOfDay(end).getTime() + DAY);
    } else if (c.isCertain("day")) {
      from = new Date(startOfDay(start).getTime() - DAY); // a day said loosely: one either side
      to = new Date(startOfDay(start).getTime() + 2 * DAY);
    } else if (c.isCertain("month")) {
      from = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 1));
      to = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));
    } else {
      from = new Date(Date.UTC(start.getUTCFullYear(), 0, 1));
      to = new Date(Date.UTC(start.getUTCFullYear() + 1, 0, 1));
    }
    return { from: from.toISOString(), to: to.toISOString() };
  }
  const year = /\b(1[89]\d\d|20\d\d)\b/.exec(query);
  if (year) {
    const y = Number(year[1]);
    return { from: new Date(Date.UTC(y, 0, 1)).toISOString(), to: new Date(Date.UTC(y + 1, 0, 1)).toISOString() };
  }
  return null;
}

function startOfDay(d: Date): Date {
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

const TIME_UNITS =
  "time|times|place|week|weekend|month|year|summer|winter|spring|fall|autumn|night|day|weeks|months|years";
const FIRST = new RegExp(`\\b(?:earliest|at first|first(?!\\s+(?:${TIME_UNITS})\\b))\\b`, "i");
const LAST = new RegExp(`\\b(?:latest|most recent(?:ly)?|recently|last(?!\\s+(?:${TIME_UNITS})\\b))\\b`, "i");

/** Whether the query asks for the earliest or the latest of what matches. */
export function queryOrder(query: string): "first" | "last" | null {
  if (FIRST.test(query)) return "first";
  if (LAST.test(query)) return "last";
  return null;
}

/** Words ending in "s" that are no plural noun after "What" or "Which". */
const NOT_PLURALS = new Set(["is", "was", "does", "has", "this", "his", "hers", "its", "yours", "us", "as", "always"]);
const PRESENT_PERFECT =
  /\b(?:has|have)\s+\p{Lu}[\p{L}'’-]*(?:\s+and\s+\p{Lu}[\p{L}'’-]*)?\s+(?:ever\s+)?\p{L}+(?:ed|en|ne|de|ht|wn)\b/u;
const WHAT_WORDS = /^(?:in\s+)?(?:what|which)\s+(?:(?:kind|type|sort)s?\s+of\s+)?([\p{L}+-]+)(?:\s+([\p{L}+-]+))?/iu;

/**
 * Whether a question asks for several things, which may have been said on several days: "How many
 * times ...", "What kinds of ...", "What has Melanie painted?" (a present perfect of someone named),
 * "What books has Melanie read?", "Which cities ..." (a plural after What or Which).
 */
export function asksForSeveral(query: string): boolean {
  if (/\b(?:how many|(?:kind|type|sort)s of)\b/i.test(query) || PRESENT_PERFECT.test(query)) return true;
  const m = WHAT_WORDS.exec(query.trim());
  const plural = (w: string | undefined) => !!w && /[^s]s$/i.test(w) && !NOT_PLURALS.has(w.toLowerCase());
  return !!m && (plural(m[1]) || (plural(m[2]) && !NOT_PLURALS.has(m[1]!.toLowerCase())));
}

export function analyseQuery(
  query: string,
  reference: Date,
  users: ReadonlySet<string> = new Set(),
  several = asksForSeveral(query),
): QueryAnalysis {
  const terms = queryTerms(query);
  const names = queryNames(query);
  return {
    terms,
    alternatives: askedAttributeWords(query, terms),
    forms: terms.map((t) => (names.includes(t) ? [] : irregularForms(t))),
    names,
    dates: queryDates(query, reference),
    order: queryOrder(query),
    users,
    several,
  };
}
