// Whether the best memory answers what was asked of whom it was asked: recall answers not_found when
// the asked attribute is said of someone else ("What did Melanie make for the church?" when only
// Caroline made something for a church). The memories about the asked person or thing then cover
// fewer of the question's other words (a rare word weighing more) than a memory about another one
// does. Measured on LoCoMo dev (bench/retrieval-quality.ts): not_found on questions about things
// never said 17% → 65%, on answerable questions 2.6% → 7.6%. Since a memory may tell a story of several
// sentences (formation's stories.ts), each sentence is read on its own: 57.1% → 64.3% and 6.8% → 8.1%.
import type { MemoryRow } from "../domain/memory.ts";
import { queryTerms, splitSentences, stem } from "../domain/text.ts";
import { askedAttributeWords } from "../domain/attributes.ts";
import { coveredWithAlternatives, namePattern } from "./matching.ts";
import { queryNames } from "./query.ts";

/**
 * True when the question names someone or something and a memory among `ranked` that is not about
 * them covers more of the question's other words than every memory that is about them.
 * `aboutAsked` says whether a row is about an asked person beyond naming them (a scope user's "The
 * user ..." memories when the question names that user).
 */
export function saidOfSomeoneElse(
  question: string,
  ranked: readonly MemoryRow[],
  aboutAsked: (row: MemoryRow) => boolean,
  specificity: (term: string) => number,
): boolean {
  const names = queryNames(question);
  if (names.length === 0) return false;
  const asked = queryTerms(question).filter((t) => !names.includes(t));
  const weights = asked.map(specificity);
  const total = weights.reduce((s, w) => s + w, 0);
  if (total === 0) return false;
  const stems = asked.map(stem);
  const patterns = names.map(namePattern);
  /** The share of the question's other words a memory has, a rare word weighing more than a common one. */
  const alternatives = askedAttributeWords(question, asked).map((a) => a.map(stem));
  const share = (text: string) =>
    coveredWithAlternatives(stems, alternatives, text).reduce((s, has, i) => s + (has ? weights[i]! : 0), 0) / total;
  let mine = 0;
  let others = 0;
  for (const row of ranked) {
    // Sentence by sentence: a memory telling a story names the person asked about in one sentence
    // and may say the asked thing of someone else in another.
    for (const text of splitSentences(row.content)) {
      const c = share(text);
      if (aboutAsked(row) || patterns.some((p) => p.test(text))) mine = Math.max(mine, c);
      else others = Math.max(others, c);
    }
  }
  return others > mine;
}
