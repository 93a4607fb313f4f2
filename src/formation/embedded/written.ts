// A statement as a memory's text: finished as a sentence, its relative dates made absolute, its
// secrets scrubbed and its category checked against the project's policy.
import type { ExtractionPolicy } from "../extractor.ts";
import { scrubStatement } from "../secrets.ts";
import { categorise } from "./categories.ts";
import { resolveDates } from "./dates.ts";

export interface WritingContext {
  /** The time relative dates resolve against. */
  reference: string | null;
  /** The memory's time when the statement names none (the message's or request's occurred_at). */
  occurredAt: string | null;
  policy: ExtractionPolicy;
}

/** Trimmed, spaces tidied, trailing punctuation replaced by one full stop, the first letter upper case. */
export function finish(text: string): string {
  let t = text
    .trim()
    .replace(/\s+/g, " ")
    .replace(/\s+([,.!?;:])/g, "$1")
    .replace(/,(\s*,)+/g, ",");
  t = t.replace(/[!?.…]+$/, "").replace(/[,;:\s-]+$/, "");
  // Code marks the statement lost one of ("CheckoutForm.test.tsx` > ... fails").
  if ((t.match(/`/g) ?? []).length % 2 === 1) t = t.replace(/`/g, "");
  // A bracket the statement closes but never opened ("sorry for the essays, 3rd year teaching)").
  if (/\)$/.test(t) && (t.match(/\(/g) ?? []).length < (t.match(/\)/g) ?? []).length)
    t = t.slice(0, -1).replace(/[,;:\s!?.…-]+$/, "");
  // A bracket the statement opens but never closes ("Tom has mon-tue (his day off is monday"), not in a quote.
  if ((t.match(/\(/g) ?? []).length > (t.match(/\)/g) ?? []).length && !/\($|"/.test(t)) t = `${t})`;
  if (!t) return t;
  // A sentence the user began in lower case ("longest run is 8k. i run 5k in 31 min") starts with a capital.
  t = t.replace(
    /(?<!\b(?:e\.g|i\.e|vs|approx|etc|incl|ca|no|St|Dr|Mr|Mrs|Ms))([.!?]\s+)(\p{Ll})(?!\p{Ll}*\p{Lu})/gu,
    (_, end: string, c: string) => end + c.toUpperCase(),
  );
  // Not a name written in code's camel case ("useCart fetches /api/cart").
  return /^\p{Ll}+\p{Lu}/u.test(t) ? `${t}.` : `${t[0]!.toUpperCase()}${t.slice(1)}.`;
}

/**
 * A statement as a memory's text: dates made absolute (the first is the event's time), finished as a
 * sentence, secrets scrubbed (null: a statement about a credential has no value without it), and
 * categorised (null: the project excludes the category).
 */
export function written(
  text: string,
  ctx: WritingContext,
  past: boolean,
): { content: string; occurredAt: string | null; category: string } | null {
  const dated = resolveDates(text, ctx.reference, past);
  const content = ctx.policy.redactSecrets ? scrubStatement(finish(dated.text)) : finish(dated.text);
  if (!content) return null;
  const category = categorise(content);
  if (ctx.policy.excludeCategories.includes(category)) return null;
  return { content, occurredAt: dated.eventAt ?? ctx.occurredAt, category };
}
