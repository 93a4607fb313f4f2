// Where a clause starts and what does not end one: a label before it ("plan: if dev is happy, ..."), the
// word it opens on, a dash between two days of the month ("20–24 July", "Friday 12 – Monday 15 June"),
// in tokens and in a text.
import { DISCOURSE } from "./closed-classes.ts";
import { MONTH_WORD, WEEKDAY_ALONE, WEEKDAY_WORD } from "./date-cues.ts";
import type { Token } from "./nlp.ts";

/** Where a clause starts after its label ("plan: if dev is happy", "Budget update: Grace and I have agreed"). */
export function afterLabel(tokens: readonly Token[]): number {
  const colon = tokens.findIndex((t) => t.text === ":");
  return colon > 0 && colon <= 3 ? colon + 1 : 0;
}

/** The word a clause opens on, after a label ("plan: if dev is happy, ...") and a discourse word ("so if ..."). */
export function openingWord(tokens: readonly Token[]): string {
  return tokens.slice(afterLabel(tokens)).find((t) => !DISCOURSE.has(t.lower) && t.pos !== "PUNCT")?.lower ?? "";
}

/** "20–24 July", "Friday 12 – Monday 15 June", "thu 18 - fri 19 june", "dec 14 – jan 11", "3 - 5pm": a dash (token `i`) between two numbers. */
export function numberRange(tokens: readonly Token[], i: number): boolean {
  const [before, after, then] = [tokens[i - 1], tokens[i + 1], tokens[i + 2]].map((t) => t?.text ?? "");
  const named = WEEKDAY_ALONE.test(after) || MONTH_ALONE.test(after); // "dec 14 – jan 11"
  return /^\d/.test(before) && (/^\d/.test(after) || (named && /^\d/.test(then)));
}
const MONTH_ALONE = new RegExp(`^(?:${MONTH_WORD})$`, "i");

/** In a text, a dash between clauses ("18 - it was fine"), not one in a span ("thu 18 - fri 19 june"; numberRange in tokens). */
export const CLAUSE_DASH = new RegExp(
  `(?<!\\d)\\s+[-–—]\\s+|(?<=\\d)\\s+[-–—]\\s+(?!(?:(?:${WEEKDAY_WORD}|${MONTH_WORD})\\s+)?\\d)`,
  "i",
);
