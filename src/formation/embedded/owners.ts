// A user's note to an assistant drops the possessive ("salary is 72k gross", "lease ends oct 15"): the
// owner a bare noun opening the statement had, the speaker's or the one the question before asked of.
import { upperFirst } from "../../domain/text.ts";
import { lexicon } from "../../models/lexicon.ts";
import { isKin } from "./kin.ts";
import type { Token } from "./token.ts";
import { ROLE } from "./typed-names.ts";
import { isPast, isThirdPerson, synthetic } from "./subjects.ts";

/** Nouns that are no one's in particular ("Time flies", "Life is good", "Everything is fine"). */
export const NO_OWNER = new Set(
  "time life everything nothing something anything weather today tomorrow tonight nature world news".split(" "),
);

/** Words in "-ing" that name a thing, not an activity ("wedding is in june", not "swimming is fun"). */
const ING_THINGS =
  /^(?:wedding|meeting|building|morning|evening|ring|thing|booking|ceiling|clothing|housing|funding|parking|heating|lighting|plumbing|wiring|flooring|bedding|setting|listing|filing|offering|siding|railing|pudding|stuffing|frosting|icing|dressing|topping|filling|seating|wording|ranking|rating|earring|spring|string|king|sibling|offspring|duckling|dumpling)$/;

const A_ROLE = new RegExp(`^(?:${ROLE})$`); // someone of the user's by role ("partner", "conductor")

/**
 * A user's note to an assistant drops the possessive: "salary is 72k gross", "lease ends oct 15",
 * "notice is 4 weeks" tell of the user's salary, lease and notice. A bare singular noun opening the
 * statement before its verb gets its "my" back (and then the user's name, in pronouns.ts), or the
 * owner the question before asked of (`ownerAsked`).
 */
export function restoreOwner(tokens: Token[], ownerAsked?: (noun: string) => string | null): Token[] {
  const [noun, second] = tokens;
  if (!noun) return tokens;
  // "coop budget is like 350", "car lease ends march 2027": a noun before the noun the verb agrees with.
  // ("market lady emailed": a person named by what they do is nobody's thing.)
  const compound =
    noun.pos === "NOUN" &&
    second?.pos === "NOUN" &&
    second.lemma === second.lower &&
    !lexicon().tagsOf(second.lower).includes("Actor");
  const verb = compound ? tokens[2] : second;
  // "oh yeah budget is 9k", "ok budget can go to 220": after a stripped "oh yeah" the tagger may read the
  // noun as a verb; "is" or a modal after it says not.
  // "Husband works nights": a word for a person, capitalised at the start, is tagged as a name.
  const role =
    noun.pos === "PROPN" && /^\p{Lu}\p{Ll}+$/u.test(noun.text) && lexicon().tagsOf(noun.lower).includes("Actor");
  const asNoun =
    noun.pos === "NOUN" || role || (noun.pos === "VERB" && /^(?:is|was|can|will)$/.test(verb?.lower ?? ""));
  // "swimming is fun": an activity, nobody's thing ("wedding is in june" is a thing).
  const activity = /ing$/.test(noun.lower) && !ING_THINGS.test(noun.lower);
  // ("TXN_TYPE is SALE/REFUND": a name in code is the code's, written as it is.)
  if (!asNoun || noun.lemma !== noun.lower || NO_OWNER.has(noun.lower) || activity || noun.text.includes("_"))
    return tokens;
  // "lena is vegan": a name written in lower case is nobody's; "name is humo tacos" names what the
  // talk is about (a user's own name is said with "my" or "I'm").
  if (lexicon().isName(noun.lower) || noun.lower === "name") return tokens;
  // "lease ends", "salary is": a verb that agrees with a subject; not "Use fetch" (an imperative).
  if (!verb || !(verb.pos === "AUX" || isThirdPerson(verb) || isPast(verb))) return tokens;
  // "kev said 340": a word the lexicon lacks, saying something, is someone ("landlord said yes" is the user's).
  // ("luigis do 12 inch pizzas": one the lexicon lacks before a plural verb is a shop's name.)
  const says =
    /^(?:say|tell|ask|think|reckon|reply|email|call|text|agree)$/.test(verb.lemma) || /^(?:do|have)$/.test(verb.lower);
  if (says && lexicon().tagsOf(noun.lower).length === 0) return tokens;
  // "jono is my partner": one who is someone of the user's is a person (a name in lower case), nobody's.
  const whose = tokens[3]?.lower ?? "";
  const someone = isKin(whose) || A_ROLE.test(whose);
  if (verb.lower === "is" && /^(?:my|our)$/.test(tokens[2]?.lower ?? "") && someone) return tokens;
  if (isThirdPerson(verb) && tokens[compound ? 3 : 2]?.pos === "AUX") return tokens; // "window functions are": a plural
  // "avalanche makes more sense", "snowball sounds easier": an option weighed, not a thing of the user's.
  if (/^(?:sound|seem|look)$/.test(verb.lemma) || (verb.lemma === "make" && tokens.some((t) => t.lower === "sense")))
    return tokens;
  // "gp is dr okafor" to "Who is his GP?": the one the question asked about ("the user's dad").
  const owner = ownerAsked?.(noun.lower);
  return [
    { ...(owner ? synthetic(`${upperFirst(owner)}'s`, "PROPN") : synthetic("My", "PRON", "my")), space: "" },
    { ...noun, text: noun.lower, pos: "NOUN", space: " " },
    ...tokens.slice(1),
  ];
}
