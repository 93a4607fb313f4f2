// Whether a text has a query's terms or names: the tests ranking (coverage, the name boost), recall's
// answerability and context's subjects share.
import { escapeRegExp, stem } from "../domain/text.ts";

/** Which of the terms (their stems) the text has: a stem that starts a word of it, or a word's stem that starts the term's. */
export function covered(stems: readonly string[], text: string): boolean[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const wordStems = words.map((w) => (w.length >= 3 ? stem(w) : null));
  return stems.map((s) =>
    words.some((w, i) => w.startsWith(s) || (wordStems[i] !== null && s.startsWith(wordStems[i]!))),
  );
}

/** Which of the terms (stems) a text has, a term counting as had when one of its alternatives' stems is ("live": "moved"). */
export function coveredWithAlternatives(
  stems: readonly string[],
  alternativeStems: ReadonlyArray<readonly string[]>,
  text: string,
): boolean[] {
  const has = covered(stems, text);
  return has.map(
    (h, i) => h || (alternativeStems[i]?.length ? covered(alternativeStems[i]!, text).some(Boolean) : false),
  );
}

/** A test for `name` as a word of its own (any case); its match's group 1 is what precedes the name. */
export const namePattern = (name: string) =>
  new RegExp(`(^|[^\\p{L}\\p{N}])${escapeRegExp(name)}($|[^\\p{L}\\p{N}])`, "iu");
