// Reactions, not reports: what a speaker says of what they see, hear or were told ("It is amazing
// how ...", "The studio looks awesome", "I am so glad to hear that"). statements.ts drops them.
import type { Token } from "./nlp.ts";
import { FEELINGS, FIRST_PERSON, REACTION_SUBJECTS } from "./closed-classes.ts";

/**
 * "It is amazing how ...", "That was an awesome way to ...", "Here is a pic of ...", "Nothing beats
 * ...", "The studio looks awesome", "Loving the support": a reaction, a show-and-tell, a truism or a
 * fragment, not a report of something.
 */
const GENERALITIES = new Set([
  "nothing",
  "everything",
  "everyone",
  "everybody",
  "nobody",
  "anything",
  "anyone",
  "something",
  "life",
]);

const APPEARANCE_VERBS = new Set(["look", "seem", "sound", "feel"]);

export function evaluative(words: Token[]): boolean {
  const [a, b, c, d] = words;
  if (!a || !b) return false;
  if (/^(here|there)('s)?$/.test(a.lower) || GENERALITIES.has(a.lower)) return true;
  // "Loving the inclusivity", "Just creating an experience": a fragment with no subject.
  const lead = words.find((w) => w.pos !== "ADV");
  if (lead && /ing$/.test(lead.lower) && (lead.pos === "VERB" || lead === a)) return true;
  // "The dance studio looks awesome", "It sounds so fun": a reaction to something shown or told.
  const verb = words.findIndex((w) => w.pos === "VERB" || w.pos === "AUX");
  if (verb > 0 && APPEARANCE_VERBS.has(words[verb]!.lemma)) {
    const next = words.slice(verb + 1).find((w) => w.pos !== "ADV");
    if (next?.pos === "ADJ") return true;
  }
  if (!REACTION_SUBJECTS.has(a.lower) || (!["is", "was", "'s", "be"].includes(b.lower) && b.lemma !== "be"))
    return false;
  return c?.pos === "ADJ" || ((c?.pos === "ADV" || c?.pos === "DET") && d?.pos === "ADJ");
}

/**
 * "I am glad to hear that", "I'm so sorry you lost your job", "I am sure you will have fun": the
 * speaker's feeling about what the other said, not a fact about either.
 */
export function reactsToListener(words: Token[], secondPerson: boolean): boolean {
  if (!FIRST_PERSON.has(words[0]?.lower ?? "") || words[1]?.lemma !== "be") return false;
  let k = 2;
  while (words[k]?.pos === "ADV") k++;
  const feeling = words[k];
  if (!feeling || !FEELINGS.has(feeling.lower)) return false;
  const next = words[k + 1]?.lower;
  return (
    secondPerson || (next === "to" && /^(hear|see|know|talk|meet|help|chat|read)$/.test(words[k + 2]?.lemma ?? ""))
  );
}

/**
 * "It is great to see the love and support for the community", "It is amazing how much they have
 * grown": the speaker's appraisal of what they see, hear or know now, not a fact (a first person
 * aside: "It is amazing how yoga helped my back" tells of the speaker; so does an experience told in
 * the past: "It was great to watch them make this", told after what they made).
 */
export function appraisal(words: Token[]): boolean {
  if (words[0]?.lower !== "it" || !/^(is|'s|’s)$/.test(words[1]?.lower ?? "")) return false;
  let k = 2;
  while (words[k]?.pos === "ADV") k++;
  if (words[k]?.pos !== "ADJ") return false;
  const next = words[k + 1]?.lower;
  return (
    next === "how" || (next === "to" && /^(see|hear|know|watch|read|learn|witness)$/.test(words[k + 2]?.lemma ?? ""))
  );
}
