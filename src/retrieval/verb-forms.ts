// The irregular forms of a question's verbs: "What did Caroline make for the church?" is answered by
// "Caroline made a stained glass window", and FTS5's Porter stemmer (like `stem`) joins "painted" to
// "paint" but never "made" to "make", "bought" to "buy" or "taught" to "teach". compromise conjugates.
import nlp from "compromise";
import { MONTHS } from "../domain/calendar.ts";
import { stem } from "../domain/text.ts";

/**
 * Verbs that say little of their own and whose forms are in very many memories ("went", "got",
 * "said", "felt"): measured on the LoCoMo dev questions, adding them took as many answers out of the
 * top 5 and top 25 as they brought in.
 */
const LIGHT = new Set(["go", "get", "say", "see", "feel", "think", "take", "come", "know", "give"]);

const known = new Map<string, string[]>();

/**
 * The forms of `word` (a verb's infinitive, past tense and participle) that its stem does not reach;
 * none for a light verb, a regular past ("partied") or a month ("may").
 */
export function irregularForms(word: string): string[] {
  const hit = known.get(word);
  if (hit) return hit;
  const forms: string[] = [];
  // Irregular verbs are short words.
  const verbs =
    word.length <= 8 && !/ed$/.test(word) && !(MONTHS as readonly string[]).includes(word) ? nlp(word).verbs() : null;
  const c = verbs?.found ? (verbs.conjugate()[0] as Record<string, string | undefined> | undefined) : undefined;
  if (c?.Infinitive && !LIGHT.has(c.Infinitive)) {
    const own = stem(word);
    for (const f of [c.Infinitive, c.PastTense, c.Participle]) {
      if (!f || /\s/.test(f) || f === word || forms.includes(f) || (f.length > 4 && f.endsWith("ed"))) continue;
      const s = stem(f);
      if (!s.startsWith(own) && !own.startsWith(s)) forms.push(f);
    }
  }
  if (known.size > 10_000) known.clear();
  known.set(word, forms);
  return forms;
}
