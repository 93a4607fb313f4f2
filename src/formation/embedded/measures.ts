// A measure typed without its verb: "total budget 800 quid max", "hotel max 150 a night", "rent £950".
// Chat users answer an assistant tersely; the fact is the speaker's thing and its amount, written
// with "is" so that it stands alone ("The user's total budget is 800 quid max").
import type { Token } from "./nlp.ts";
import { namesDayOrMonth } from "./dates.ts";
import { synthetic } from "./subjects.ts";

/** Words between a thing and its amount ("max 150"): a bound or an estimate. */
const BOUND = /^(?:max|maximum|min|minimum|about|around|roughly|approx|under|over|below|above)$/;
const OWNER = /^(?:my|our)$/;

/**
 * The clause with "my" and "is" put in ("total budget 800 quid max" → "my total budget is 800 quid
 * max") when it has no verb and is a thing (adjectives and nouns) followed by an amount; else as it is.
 */
export function measureWithVerb(tokens: Token[]): Token[] {
  if (tokens.some((t) => t.pos === "VERB" || t.pos === "AUX")) return tokens;
  let i = OWNER.test(tokens[0]?.lower ?? "") ? 1 : 0;
  while (tokens[i]?.pos === "ADJ") i++;
  const start = i;
  while (tokens[i]?.pos === "NOUN" && !BOUND.test(tokens[i]!.lower)) i++;
  // "oct 11", "march 3": a date, not a thing and its amount.
  if (i === start || tokens.slice(start, i).some((t) => namesDayOrMonth(t.lower))) return tokens;
  let amount = i;
  if (BOUND.test(tokens[amount]?.lower ?? "")) amount++;
  if (tokens[amount]?.pos === "SYM") amount++; // "£950"
  if (tokens[amount]?.pos !== "NUM") return tokens;
  // A token's `space` is the white space before it.
  const owner = OWNER.test(tokens[0]!.lower) ? [] : [{ ...synthetic("my", "PRON"), space: "" }];
  const head = owner.length ? { ...tokens[0]!, text: tokens[0]!.lower, space: " " } : tokens[0]!;
  return [...owner, head, ...tokens.slice(1, i), synthetic("is", "AUX"), ...tokens.slice(i)];
}
