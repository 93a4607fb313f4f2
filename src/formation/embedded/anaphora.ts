// A statement that leans on something said before it ("I love it", "They motivate me") does not
// stand alone: the extractor joins it to the statement before it in the same message, or drops it.
import type { Token } from "./nlp.ts";

const ANAPHORS = new Set(["it", "its", "they", "them", "their", "theirs", "he", "she", "him", "his", "her", "hers"]);
const DEMONSTRATIVES = new Set(["this", "that", "these", "those"]);
/** Nouns that name nothing on their own ("a big fan of them", "those things"). */
const GENERIC_NOUNS = new Set([
  "thing",
  "one",
  "stuff",
  "fan",
  "lot",
  "kind",
  "sort",
  "way",
  "bit",
  "idea",
  "fun",
  "part",
]);

/**
 * Whether the statement leans on something said before it: a pronoun ("it", "they", "this") with no
 * noun or name before it in the statement to stand for ("I love it", "They motivate me").
 */
export function danglingPronoun(tokens: Token[]): boolean {
  for (const [j, t] of tokens.entries()) {
    const next = tokens[j + 1];
    if ((t.pos === "NOUN" && !GENERIC_NOUNS.has(t.lemma)) || t.pos === "PROPN") return false;
    if (ANAPHORS.has(t.lower) && t.pos === "PRON") return true;
    // "hear that.", "love that one", "those things": a demonstrative standing for something said before.
    if (
      DEMONSTRATIVES.has(t.lower) &&
      (!next || !["NOUN", "ADJ", "PROPN"].includes(next.pos) || GENERIC_NOUNS.has(next.lemma))
    )
      return t.pos !== "SCONJ" || !next || next.pos === "PUNCT" || next.pos === "NUM";
    if (t.lower === "there" && t.pos === "ADV" && !/^(is|are|was|were|'s)$/.test(tokens[j + 1]?.lower ?? ""))
      return true;
  }
  return false;
}
