// A measure typed without its verb: "total budget 800 quid max", "hotel max 150 a night", "rent £950";
// and a note naming a role or a thing: "landlord mrs okonkwo", "vet = riverside vets".
// Chat users answer an assistant tersely; the fact is the speaker's thing and its amount, written
// with "is" so that it stands alone ("The user's total budget is 800 quid max").
import { anyVerb } from "./nlp.ts";
import { upperFirst } from "../../domain/text.ts";
import type { Token } from "./nlp.ts";
import { namesDayOrMonth } from "./dates.ts";
import { synthetic } from "./subjects.ts";
import { NOTED_ROLES } from "./closed-classes.ts";
import { lexicon } from "../../models/lexicon.ts";
import { DROPS } from "./corrections.ts";

/** Words between a thing and its amount ("max 150"): a bound or an estimate. */
const BOUND = /^(?:max|maximum|min|minimum|about|around|roughly|approx|under|over|below|above)$/;
const OWNER = /^(?:my|our)$/;

/**
 * The clause with "my" and "is" put in ("total budget 800 quid max" → "my total budget is 800 quid
 * max") when it has no verb and is a thing (adjectives and nouns) followed by an amount; else as it is.
 */
export function measureWithVerb(said: Token[]): Token[] {
  const named = namedWithVerb(said);
  if (named) return named;
  // "burn ~58k a month", "spend £300": a word that is also a verb names the thing before its amount.
  const [head, next] = said;
  const noun =
    head?.pos === "VERB" &&
    next?.pos === "SYM" &&
    lexicon()
      .tagsOf(head.lower)
      .some((t) => /^(?:Noun|Singular|Plural)$/.test(t));
  const tokens = noun ? [{ ...head, pos: "NOUN" }, ...said.slice(1)] : said;
  if (anyVerb(tokens)) return said;
  // "storekit 2 direct or revenuecat": a choice asked between two things, not an amount ("800 or 900" is one).
  if (tokens.some((t, j) => t.lower === "or" && !/^(?:NUM|SYM)$/.test(tokens[j + 1]?.pos ?? ""))) return said;
  let i = OWNER.test(tokens[0]?.lower ?? "") ? 1 : 0;
  while (tokens[i]?.pos === "ADJ") i++;
  const start = i;
  while (tokens[i]?.pos === "NOUN" && !BOUND.test(tokens[i]!.lower)) i++;
  // "oct 11", "march 3": a date, not a thing and its amount.
  if (i === start || tokens.slice(start, i).some((t) => namesDayOrMonth(t.lower))) return said;
  let amount = i;
  if (BOUND.test(tokens[amount]?.lower ?? "")) amount++;
  if (tokens[amount]?.pos === "SYM") amount++; // "£950"
  // "cook 3 times a week": how often, not an amount of a thing; "stage 2: bodmin": a label.
  if (tokens[amount]?.pos !== "NUM" || /^(?:times?|:)$/.test(tokens[amount + 1]?.lower ?? "")) return said;
  // "drop 2022", "keep 2019": a year after a word that may be a verb is what to do with it, not an amount.
  const year = /^(?:199\d|20[0-3]\d)$/.test(tokens[amount]!.text) && amount === i && start === 0;
  if (year && (lexicon().mayBeVerb(tokens[0]!.lower) || DROPS.has(tokens[0]!.lower))) return said;
  // "finger portions 1x1 inch": a plural thing "are".
  const plural = tokens[i - 1]!.lower !== tokens[i - 1]!.lemma && /s$/.test(tokens[i - 1]!.lower);
  return [...owned(tokens), ...tokens.slice(1, i), synthetic(plural ? "are" : "is", "AUX"), ...tokens.slice(i)];
}

/** The clause's first token with "my" before it unless it is "my" or "our" ("total" → "my total"). */
function owned(tokens: Token[]): Token[] {
  // A token's `space` is the white space before it.
  if (OWNER.test(tokens[0]!.lower)) return [tokens[0]!];
  return [
    { ...synthetic("my", "PRON"), space: "" },
    { ...tokens[0]!, text: tokens[0]!.lower, space: " " },
  ];
}

const ROLES = new RegExp(`^(?:${NOTED_ROLES})$`);
const TITLE = /^(?:mr|mrs|ms|miss|dr)\.?$/;

/**
 * "landlord mrs okonkwo", "vet = riverside vets", "cat = biscuit, 9, anxious": a role or a thing and who
 * or what it is, typed without a verb, written with "my" and "is" ("my landlord is mrs okonkwo"); null
 * when the clause is no such note.
 */
function namedWithVerb(tokens: Token[]): Token[] | null {
  // No verb before a comma ("vet = riverside vets, staying" has its own after it).
  const comma = tokens.findIndex((t) => t.text === ",");
  if (anyVerb(tokens.slice(0, comma < 0 ? undefined : comma))) return null;
  let i = OWNER.test(tokens[0]?.lower ?? "") || /^(?:new|old|current)$/.test(tokens[0]?.lower ?? "") ? 1 : 0;
  if (i === 1 && /^(?:new|old|current)$/.test(tokens[1]?.lower ?? "")) i = 2;
  const role = tokens[i];
  if (!role || !ROLES.test(role.lower)) return null;
  const equals = tokens[i + 1]?.text === "=";
  const rest = tokens.slice(i + (equals ? 2 : 1));
  const first = rest[0];
  // After "=", anything; without it, a title or a name (a word the tagger reads as a name or a noun).
  if (!first || (!equals && !TITLE.test(first.lower) && first.pos !== "PROPN")) return null;
  const be = synthetic("is", "AUX");
  // "mrs okonkwo" is written as a name: "Mrs Okonkwo".
  const cap = (t: Token) => ({ ...t, text: upperFirst(t.text) });
  const name = TITLE.test(first.lower) && rest[1] ? [cap(first), cap(rest[1]), ...rest.slice(2)] : rest;
  return [...owned(tokens), ...tokens.slice(1, i + 1), be, { ...name[0]!, space: " " }, ...name.slice(1)];
}
