// Minimal coreference, so that facts stand alone: a statement that opens with "She/He ..." or "Her/His <noun> ..."
// refers to the person last mentioned in the same message or passage (or, in a chat, carried from the message before
// when surely someone, see surelySomeone): a named subject ("Marta Silva moved to Lisbon. She ..."), a relative of
// the speaker ("a gift from my grandma. She gave it to me" → "Caroline's grandma gave it to Caroline"), or a name met
// as an object ("I met Anna at work. She ..."). Kinship nouns carry gender; names do not.
import { upperFirst } from "../../domain/text.ts";
import { lexicon } from "../../models/lexicon.ts";
import { properNames, type Token } from "./nlp.ts";
import { synthetic } from "./subjects.ts";
import { FEMALE, isKin, MALE, PETS } from "./kin.ts";
import { ORGANISATION, ownerOnly, placedIn, saidGender } from "./focus-cues.ts";

// Prepositions before a place rather than a person ("went to Paris with Anna": Anna, not Paris).
const PLACE_PREPOSITIONS = new Set("in to at from near around into through across visit visited visiting".split(" "));
const CALENDAR =
  /^(?:(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?|january|february|march|april|may|june|july|august|september|october|november|december)$/i;

export interface Person {
  /** How the person is written in a standalone fact ("Marta Silva", "Caroline's grandma"). */
  text: string;
  /** "p": a group ("Melanie's kids", "Luna and Oliver"), whom "they" stands for. */
  gender: "f" | "m" | "p" | null;
  /** The name facts about this person are linked by (the person's, or the speaker's for a relative). */
  entity: string;
  /** The other relatives the same statement named, last first ("my grandad ... married to my nan": the grandad). */
  beside?: Person[];
}

/** A given name's gender when compromise's lexicon is sure of it ("Tom", "Maria"); else null. */
export function nameGender(name: string): "f" | "m" | null {
  const tags = lexicon().tagsOf(name.split(/\s+/)[0]!.toLowerCase());
  return tags.includes("FemaleName") ? "f" : tags.includes("MaleName") ? "m" : null;
}

export function genderOf(kin: string): "f" | "m" | null {
  return FEMALE.has(kin) ? (kin === "cousin" ? null : "f") : MALE.has(kin) ? "m" : null;
}

/** The person a statement leaves in focus: its named subject, else its last relative or named object. */
export function personInFocus(
  tokens: Token[],
  resolved: string[],
  participants: ReadonlySet<string>,
  speaker: string | null = null,
): Person | null {
  const lead = properNames(tokens.slice(0, 4));
  if (
    tokens[0]?.pos === "PROPN" &&
    lead.length &&
    !/['’]s$/.test(lead[0]!) && // "Maria's pup's name is Shadow": the owner is not the subject
    !ownerOnly(tokens, lead[0]!) && // nor when "'s" is a token of its own ("Leah's father, Harold, ...")
    !CALENDAR.test(lead[0]!) &&
    !participants.has(lead[0]!.toLowerCase()) &&
    !placedIn(tokens) &&
    !lexicon().isPlace(lead[0]!.toLowerCase()) && // "Kyoto is the big one for Pauline. She ...": Pauline
    !lexicon() // "Reading is at the expected level. He ...": a word opening the sentence, no one
      .tagsOf(lead[0]!.toLowerCase())
      .some((t) => /^(?:Gerund|Singular|Plural|Uncountable)$/.test(t)) &&
    !ORGANISATION.test(lead[0]!)
  ) {
    return { text: lead[0]!, gender: nameGender(lead[0]!) ?? saidGender(tokens), entity: lead[0]! };
  }
  // A relative is more surely a person than a capitalised object (which may be a place or a brand).
  let relative: Person | null = null;
  let named: Person | null = null;
  const beside: Person[] = [];
  const meet = (p: Person) => {
    if (relative && relative.text !== p.text) beside.unshift(relative);
    relative = p;
  };
  for (let j = 0; j < tokens.length; j++) {
    const t = tokens[j]!;
    const kin = t.lower;
    // "dad" as the speaker calls him, written "the user's dad" (pronouns.ts).
    if (resolved[j]!.endsWith(`'s ${kin}`))
      meet({ text: resolved[j]!, gender: genderOf(kin), entity: resolved[j]!.slice(0, -kin.length - 3) });
    else if (j === 0) continue;
    else if (isKin(kin)) {
      // "my late husband": the owner before the words describing the relative.
      let o = j - 1;
      while (o > 0 && tokens[o]!.pos === "ADJ" && tokens[o]!.lower !== "other") o--; // not "your other dog"
      const owner = resolved[o]!;
      // "my late husband, Geoffrey,": the relative with the name said beside them.
      const called = tokens[j + 1]?.text === "," && tokens[j + 2]?.pos === "PROPN" ? ` ${tokens[j + 2]!.text}` : "";
      if (owner === "'s" && j >= 2)
        meet({ text: `${resolved[j - 2]}'s ${t.text}${called}`, gender: genderOf(kin), entity: resolved[j - 2]! });
      else if (owner.endsWith("'s"))
        meet({ text: `${owner} ${t.text}${called}`, gender: genderOf(kin), entity: owner.replace(/'s$/, "") });
      else if (PETS.has(kin) && speaker && !/^(?:his|her|their|your|its)$/.test(owner))
        meet({ text: `${speaker}'s ${t.text}`, gender: null, entity: speaker });
    } else if (
      t.pos === "PROPN" &&
      /^\p{Lu}[^\d]*$/u.test(t.text) && // not a code ("my A1C was 7.9")
      !CALENDAR.test(t.text) &&
      !participants.has(kin) &&
      tokens[j - 1]?.pos !== "PROPN" &&
      tokens.slice(j).find((x) => x.pos !== "PROPN")?.pos !== "NOUN" && // "the Ilkley Moor surgery": a kind
      !lexicon().isPlace(kin) // "it's Munich now": a city is no one "she" stands for
    ) {
      const name = properNames(tokens.slice(j))[0];
      const before = tokens[j - 1]!.lower;
      // "my brother Sam": the name takes the relative's gender.
      const kinGender = FEMALE.has(before) || MALE.has(before) ? genderOf(before) : null;
      // "a Spanish teacher here in Dublin, Lucía": a name after a comma is the person just spoken of.
      const apposed =
        before === "," &&
        tokens.slice(Math.max(0, j - 7), j - 1).some((x) => isSomeone(x) || FEMALE.has(x.lower) || MALE.has(x.lower));
      // "Jess from Lens & Lace", "from Lens and Lace": the second name of a firm, as the first is.
      const firm = before === "&" || (before === "and" && PLACE_PREPOSITIONS.has(tokens[j - 3]?.lower ?? ""));
      // "his class teacher, Mr Bell, raised it": someone of the one in focus, who stays in focus.
      const theirs = apposed && tokens.slice(Math.max(0, j - 7), j - 1).some((x) => /^(?:his|her)$/.test(x.lower));
      if (name && kinGender) meet({ text: name, gender: kinGender, entity: name });
      else if (theirs) continue;
      else if (name && !firm && !PLACE_PREPOSITIONS.has(before) && before !== "the" && (before !== "," || apposed))
        named = { text: name, gender: nameGender(name), entity: name };
    }
  }
  const found = relative as Person | null;
  // "Chloe's only requests: ...": the one whose things are told, when no one else is named.
  const owner =
    lead.length && ownerOnly(tokens, lead[0]!)
      ? { text: lead[0]!, gender: nameGender(lead[0]!), entity: lead[0]! }
      : null;
  return found ? { ...found, beside } : (named ?? owner);
}

// Words that would offer another antecedent before a pronoun.
const OTHER_PEOPLE = new Set("i me my you your we our they them their it its she he her his him".split(" "));

/** Verbs in the third person that only a person does: with no subject, they go on about the one in focus. */
const GOES_ON =
  /^(?:loves|likes|hates|adores|enjoys|prefers|refuses|lives|drives|eats|drinks|walks|sleeps|smokes|plays|struggles|misses|wants|needs)$/;

/**
 * Replaces the statement's subject "She/He" (the first word, or the first after an opening phrase
 * with no one else in it: "On weekends she volunteers") or an opening "Her/His <noun>" by the
 * person in focus, when the gender agrees; an opening "They" / "Their <noun>" by the group in focus.
 */
export function resolveOpeningPronoun(
  tokens: Token[],
  focus: Person | null,
  group: Person | null = null,
): { tokens: Token[]; person: Person | null } {
  if (group && /^(they|their)$/.test(tokens[0]?.lower ?? "")) return resolveThey(tokens, group);
  if (!focus || tokens.length < 2) return { tokens, person: null };
  // "(he HATES fish.) loves shepherds pie": a person's verb with no subject goes on about him or her.
  // (Not "wants knaresborough, near her friends" after a man: "her" says it is someone else.)
  const other = focus.gender === "m" ? "her" : "his";
  if (
    focus.gender &&
    focus.gender !== "p" &&
    GOES_ON.test(tokens[0]!.lower) &&
    tokens.at(-1)?.text !== "?" &&
    !tokens.some((t) => t.lower === other)
  )
    return {
      tokens: [
        { ...synthetic(upperFirst(focus.text), "PROPN"), space: "" },
        { ...tokens[0]!, space: " " },
        ...tokens.slice(1),
      ],
      person: focus,
    };
  let k = 0;
  while (k < tokens.length && !/^(she|he|her|his)$/.test(tokens[k]!.lower)) {
    const t = tokens[k]!;
    if (
      t.pos === "PROPN" ||
      (t.pos === "PUNCT" && t.text !== ",") ||
      OTHER_PEOPLE.has(t.lower) ||
      FEMALE.has(t.lower) ||
      MALE.has(t.lower) ||
      t.pos === "VERB" ||
      t.pos === "AUX"
    )
      return { tokens, person: null };
    k++;
  }
  const pronoun = tokens[k];
  if (!pronoun || (k > 0 && !/^(she|he)$/.test(pronoun.lower))) return { tokens, person: null };
  const gender: "f" | "m" = /^(she|her)$/.test(pronoun.lower) ? "f" : "m";
  if (focus.gender && focus.gender !== gender) return { tokens, person: null };
  // "The user's sister" opening the statement is written as a name is, capitalised.
  const replace = (name: string) => [
    ...tokens.slice(0, k),
    {
      ...pronoun,
      text: k === 0 ? upperFirst(name) : name,
      lower: name.toLowerCase(),
      pos: "PROPN",
    },
    ...tokens.slice(k + 1),
  ];
  const known = focus.gender ? focus : { ...focus, gender }; // "she" told us: a later "he" is someone else
  if (/^(she|he)$/.test(pronoun.lower)) return { tokens: replace(focus.text), person: known };
  if (tokens[k + 1]?.pos === "NOUN" || tokens[k + 1]?.pos === "ADJ")
    return { tokens: replace(`${focus.text}'s`), person: known };
  return { tokens, person: null };
}

/** Whom an opening she/he stands for: the focus, or if surely of the other gender the last one named before ("Maya ... Tom is a chef. She ..."). */
export function focusFor(tokens: Token[], focus: Person | null, earlier: readonly Person[]): Person | null {
  const pronoun = tokens.slice(0, 3).find((t) => /^(she|her|he|his)$/.test(t.lower))?.lower;
  const gender = pronoun ? (pronoun === "she" || pronoun === "her" ? "f" : "m") : null;
  if (!gender || !focus?.gender || focus.gender === gender) return focus;
  return earlier.find((p) => p.gender === gender) ?? focus;
}

/**
 * The focus moving from `was` to `now`: `was` joins `earlier` (most recent first) when surely a he or
 * she, and `now` keeps a gender said before ("our daughter Maya", later "before Maya gets up").
 */
export function stepAside(earlier: Person[], was: Person | null, now: Person | null): Person | null {
  if (!now) return now;
  const { beside = [], ...person } = now;
  const known = [was, ...earlier].find((p) => p?.text === now.text && p.gender);
  const focus = !now.gender && known ? { ...person, gender: known.gender } : person;
  const stepped = was && was.text !== now.text ? [was] : [];
  // Those the statement named beside the focus are nearer than the one before.
  const aside = [...beside, ...stepped];
  if (!aside.length) return focus;
  const kept = earlier.filter((p) => p.text !== now.text && !aside.some((a) => a.text === p.text));
  earlier.splice(
    0,
    earlier.length,
    ...[...aside.filter((p) => p.gender === "f" || p.gender === "m"), ...kept].slice(0, 4),
  );
  return focus;
}

/**
 * Whether a person is surely someone, to be carried into the next message: a relative or pet of
 * someone ("Maria's cousin"), a full name ("Taylor Swift"), or a name compromise's lexicon lists as a
 * given name ("Oscar"); not a capitalised word that opened a sentence ("Kudos for helping ...").
 */
export function surelySomeone(p: Person): boolean {
  if (p.gender || p.text.includes("'s ") || /\s/.test(p.text)) return true;
  return lexicon().isName(p.text.toLowerCase());
}

/** Someone new the statement names by a noun ("I noticed a little girl ..."): "she" after it may be them. */
const SOMEONE =
  /^(?:girl|boy|woman|man|lady|guy|kid|child|baby|person|teen|teenager|stranger|friend|neighbou?r|coworker|colleague|teacher|student|doctor|nurse|family|tutor|coach|contractor|physio|therapist|landlord|landlady|boss|manager|dentist|mentor|trainer|builder|plumber|electrician|lawyer|accountant|agent|recruiter)$/;
const isSomeone = (t: Token) => t.pos === "NOUN" && SOMEONE.test(t.lemma);
export const namesSomeoneNew = (tokens: Token[]): boolean => tokens.some(isSomeone);

/** Plural nouns that stand for no group ("Things have been tough", "The days are long"). */
const VAGUE_GROUPS = new Set(["thing", "time", "day", "week", "year", "way", "lot", "moment", "stuff", "word"]);
/** Determiners and possessives before a group's noun ("the kids", "my friends"); not "their". */
const GROUP_OPENERS = new Set(["the", "these", "those", "both", "all", "my", "our", "your", "his", "her"]);

/**
 * The group a statement opens with, whom a "they" after it stands for: two names joined ("Luna and
 * Oliver!") or a plural noun subject after a determiner or a possessive ("My kids love nature" →
 * "Melanie's kids", "The kids loved it").
 */
export function groupInFocus(tokens: Token[], resolved: string[]): Person | null {
  const [a, and, b, after] = tokens;
  if (a?.pos === "PROPN" && and?.lower === "and" && b?.pos === "PROPN" && after?.pos !== "PROPN")
    return { text: `${a.text} and ${b.text}`, gender: "p", entity: a.text };
  // A bare plural is people or things in general ("Kids are amazing"), not a group "they" goes on about.
  if (!tokens[0] || !GROUP_OPENERS.has(tokens[0].lower)) return null;
  let j = 1;
  while (tokens[j]?.pos === "ADJ" || tokens[j]?.pos === "NUM") j++;
  const head = tokens[j];
  const next = tokens[j + 1];
  if (head?.pos !== "NOUN" || head.lemma === head.lower || /(?:ing|ed)$/.test(head.lower)) return null;
  if (VAGUE_GROUPS.has(head.lemma)) return null;
  if (next?.pos !== "VERB" && next?.pos !== "AUX") return null;
  const text = resolved.slice(0, j + 1).join(" ");
  const owner = /^(.+)['’]s$/.exec(resolved[0] ?? "")?.[1];
  return { text, gender: "p", entity: owner ?? head.lemma };
}

/** An opening "They" (or "Their <noun>") replaced by the group in focus. */
function resolveThey(tokens: Token[], group: Person): { tokens: Token[]; person: Person | null } {
  const [first, second] = tokens;
  if (first?.pos !== "PRON" || !/^(they|their)$/.test(first.lower)) return { tokens, person: null };
  const possessive = first.lower === "their";
  if (possessive && second?.pos !== "NOUN" && second?.pos !== "ADJ") return { tokens, person: null };
  const named = upperFirst(group.text);
  const text = possessive ? (named.endsWith("s") ? `${named}'` : `${named}'s`) : named;
  return { tokens: [{ ...first, text, lower: text.toLowerCase(), pos: "PROPN" }, ...tokens.slice(1)], person: group };
}
