// The tense a clause is told in, which decides how its dates read: "on Friday" in a story is the one
// before, in a plan the one after (dates.ts).
import { APPOINTMENT, MUSING as MUSING_VERBS } from "./date-cues.ts";
import type { Token } from "./nlp.ts";
import { SAME_PAST } from "./pronouns.ts";
import { isPast, isThirdPerson, PRESENT_AUX } from "./subjects.ts";
import { isVerb } from "./token.ts";

/**
 * Whether a clause tells of the past: a past form, nothing pointing ahead, and no participle after its noun
 * once a present verb told the tense ("they have 2 saturdays left", "wants the books tidied by may") or
 * after a present "be" ("is pushed to the 29th").
 */
const GOT_AHEAD = new RegExp(`^(?:\\S+ ){0,2}${APPOINTMENT}s?\\b`);

/** Verbs of saying, whose clause after them tells its own tense. */
const SAYING = /^(?:said|told|reckoned|thought|mentioned|confirmed|emailed|texted|wrote|replied|promised)$/;

/** "i was thinking the nc500", "we were hoping for may": a plan mused on now, told in the past progressive. */
const MUSING = new RegExp(`^(?:${MUSING_VERBS})$`);

export function isPastTense(tokens: Token[]): boolean {
  // "Longest ride so far: 104 km, in April": a clause of no verb that counts up to now tells of the past.
  const said = tokens.map((t) => t.lower).join(" ");
  if (
    /\b(?:so far|to date|ever)\b/.test(said) &&
    !tokens.some((t) => isVerb(t) && !/^(?:ride|run|swim|walk)$/.test(t.lower))
  )
    return true;
  // "Ben, who wrote most of these tests, is back on Monday": a clause set off by commas tells its own tense.
  const aside = new Set<number>();
  for (let j = 1; j < tokens.length; j++)
    if (tokens[j - 1]!.lower === "," && /^(?:who|which|whom|whose)$/.test(tokens[j]!.lower)) {
      const end = tokens.findIndex((t, k) => k > j && t.lower === ",");
      if (end > 0) for (let k = j; k < end; k++) aside.add(k);
    }
  // "hartley said they can start the 8th june": what was said is told ahead (a modal after the saying, and no past after it).
  const saying = tokens.findIndex((t) => SAYING.test(t.lower));
  const modal =
    saying < 0 ? -1 : tokens.findIndex((t, j) => j > saying && /^(?:can|could|would|might|should)$/.test(t.lower));
  if (modal > 0 && !tokens.slice(modal).some((t) => isPast(t) || /^(?:was|were)$/.test(t.lower))) return false;
  // "will", "going to": told ahead, unless a past comes first ("my car failed its MOT ..., which is going to cost £900").
  const future = tokens.findIndex(
    (t, j) => /^(?:will|gonna)$/.test(t.lower) || (t.lower === "going" && tokens[j + 1]?.lower === "to"),
  );
  if (
    future >= 0 &&
    !tokens
      .slice(0, future)
      .some((t, j) => isPast(t) && !/^(?:was|were)$/.test(t.lower) && j < future - 1 && !aside.has(j))
  )
    return false;
  // "A £2,850 community grant from the council arrived": a base form after "a ..." is a noun the tagger read as a verb.
  const singularNoun = (j: number) => {
    let k = j - 1;
    while (k >= 0 && /^(?:NOUN|ADJ|NUM|SYM|PROPN)$/.test(tokens[k]!.pos)) k--;
    return k >= 0 && /^(?:a|an|each|every|another)$/.test(tokens[k]!.lower);
  };
  const firstPresent = tokens.findIndex(
    (x, j) => isVerb(x) && (isThirdPerson(x) || PRESENT_AUX.has(x.lower) || (x.lower === x.lemma && !singularNoun(j))),
  );
  const present = (j: number) => firstPresent >= 0 && firstPresent < j;
  const afterNoun = (j: number) => /^(?:NOUN|PROPN|NUM)$/.test(tokens[j - 1]?.pos ?? "") && present(j);
  // "camera ready is pushed to the 29th": a participle after a present "be" is told now.
  const passive = (j: number) =>
    /^(?:is|are|am|'s|'re|'m|be|being|gets|get)$/.test(tokens[j - 1]?.lower ?? "") || // "bath gets delivered"
    // "start mon 16th like we said": an aside about the talk tells no past of the plan.
    (/^(?:i|we|you)$/.test(tokens[j - 1]?.lower ?? "") && /^(?:like|as)$/.test(tokens[j - 2]?.lower ?? ""));
  // "got an mri on the 29th": has got one, ahead.
  const hasGot = (j: number) =>
    tokens[j]!.lower === "got" &&
    GOT_AHEAD.test(
      tokens
        .slice(j + 1, j + 5)
        .map((x) => x.lower)
        .join(" "),
    );
  // "the gp (dr okafor) put me on it": a past spelt as its base form, after one person or thing ("puts" is its present).
  const afterOne = (j: number) => {
    let k = j - 1;
    if (tokens[k]?.lower === ")") while (k > 0 && tokens[k]!.lower !== "(") k--;
    const t = tokens[tokens[k]?.lower === "(" ? k - 1 : k];
    return !!t && (/^(?:he|she|it)$/.test(t.lower) || (/^(?:NOUN|PROPN)$/.test(t.pos) && !/s$/.test(t.lower)));
  };
  return tokens.some(
    (t, j) =>
      !aside.has(j) &&
      ((isPast(t) && !afterNoun(j) && !passive(j) && !hasGot(j)) ||
        (/^(?:was|were)$/.test(t.lower) && !MUSING.test(tokens[j + 1]?.lower ?? "")) ||
        (isVerb(t) && SAME_PAST.has(t.lower) && afterOne(j))),
  );
}
