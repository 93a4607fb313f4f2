// Whom a conversation is about, handed from one message to the next (index.ts): the person ("She had
// to leave" a message after "my cousin had a tough time", across the other's "How is she doing?"),
// the group of the same speaker ("They are 6 and 8" after "The kids loved it"), and the one a
// question asks about ("how's Pixel?" → "she's ok, the vet said ..." is about Pixel).
import { CALENDAR } from "./closed-classes.ts";
import { genderOf, nameGender, type Person } from "./coreference.ts";
import { isKin } from "./kin.ts";
import { lexicon } from "../../models/lexicon.ts";
import { escapeRegExp } from "../../domain/text.ts";
import { type Nlp, properNames } from "./nlp.ts";
import { notAName } from "../user-name.ts";

/** What a message's statements start from and write back (`fresh` when they named someone). */
export interface Carried {
  person: Person | null;
  group: Person | null;
  fresh: boolean;
  earlier: Person[];
}

/** What is carried between messages; `by`: who spoke of the group, `age`: messages since anyone was named. */
export type Carry = Carried & { age: number; by: string };

export const NO_ONE: Carry = { person: null, group: null, fresh: false, earlier: [], age: 0, by: "" };

/** What a message by `speaker` starts from: the person, and the group only when they named it. */
export function carriedInto(carry: Carry, speaker: string | null): Carried {
  return {
    person: carry.person,
    group: carry.by === speaker ? carry.group : null,
    fresh: false,
    earlier: [...carry.earlier],
  };
}

/**
 * What the next message starts from after this one (`carried`, as its statements left it): who they
 * named, else what came before for one more message; and the one person its last question asks about.
 */
export function handedOn(carry: Carry, carried: Carried, speaker: string, about: Person | null): Carry {
  const { person, group, fresh, earlier } = carried;
  const by = group && group !== carry.group ? speaker : carry.by;
  const next = fresh
    ? { person, group: group ?? carry.group, fresh, earlier, age: 0, by }
    : carry.age < 1
      ? { ...carry, age: 1 }
      : NO_ONE;
  return turnedTo(next, about);
}

/** The talk turned to `about` (a question asked of them), the one before kept as earlier. */
export function turnedTo(carry: Carry, about: Person | null): Carry {
  if (!about || about.text === carry.person?.text) return carry;
  const before = carry.person
    ? [carry.person, ...carry.earlier.filter((p) => p.text !== carry.person!.text)]
    : carry.earlier;
  return { ...carry, person: about, earlier: before.slice(0, 4), age: 0 };
}

/**
 * The user's relative an assistant's closing question asks about: "your dad" in it, or the one its
 * "he" or "she" stands for in the words just before it ("Your dad has to have mental capacity ...
 * Does he have capacity at the moment?"), written "the user's dad"; else the one by their role the
 * question's "he" or "she" follows ("... to the estate agent so he stops chasing you?").
 */
export function askedOfUser(said: string, question: string | undefined, user: string): Person | null {
  if (!question) return null;
  const at = Math.max(0, said.lastIndexOf(question));
  const pronoun = /\b(?:she|her)\b/i.test(question) ? "f" : /\b(?:he|him|his)\b/i.test(question) ? "m" : null;
  const kin = (text: string) =>
    [...text.matchAll(/\byour (\w+)/gi)]
      .map((m) => m[1]!.toLowerCase())
      .filter((k) => isKin(k) && (!pronoun || (genderOf(k) ?? pronoun) === pronoun));
  const asked = kin(question).at(-1) ?? (pronoun ? kin(said.slice(Math.max(0, at - 300), at)).at(-1) : undefined);
  if (asked) return { text: `${user}'s ${asked}`, gender: genderOf(asked) ?? pronoun, entity: user };
  // "... to the estate agent so he stops chasing you?": the one by their role the question's "he" follows.
  const role = pronoun && /\b(?:he|she|him|her|his)\b/i.exec(question);
  // "what are Finn's nap and bedtime, and how does he do on long drives?": the one named as owner before it.
  const owner = role && [...question.slice(0, role.index).matchAll(/\b(\p{Lu}\p{Ll}+)['’]s\b/gu)].at(-1)?.[1];
  if (owner && mayBeName(owner)) return { text: owner, gender: pronoun, entity: owner };
  const named = role ? [...question.slice(0, role.index).matchAll(/\bthe ((?:\p{Ll}+ )?(\p{Ll}+))\b/gu)].at(-1) : null;
  return named && isRole(named[2]!) ? { text: `the ${named[1]}`, gender: pronoun, entity: `the ${named[1]}` } : null;
}

/** A capitalised word that may be someone's name: "Finn", not "How" ("How's his room?") nor "Monday". */
const mayBeName = (word: string) => !CALENDAR.has(word.toLowerCase()) && !notAName(word);

/** A word for someone by what they do: "agent", "plumber", "surveyor". */
const isRole = (word: string) => {
  if (/[^s]s$/.test(word)) return false; // "the roofers" are no "he"
  const tags = lexicon().tagsOf(word);
  return tags.includes("Actor") || (/(?:er|or|ist|ian)$/.test(word) && !tags.length); // the lexicon lacks "surveyor"
};

/**
 * Whose thing a question asked of with "his" or "her" ("Who is his GP?" → "gp is dr okafor"): the one
 * the talk is about, when the pronoun fits them; or with a name ("What is Finn's GP called?").
 */
export function ownerAsked(question: string | undefined, person: Person | null): (noun: string) => string | null {
  return (noun) => {
    // "What is Finn's GP called?" → "gp is dr okafor": Finn's.
    const named = [...(question ?? "").matchAll(/\b(\p{Lu}\p{Ll}+)['’]s\s+(\p{L}+)/gu)].find(
      (m) => m[2]!.toLowerCase().replace(/s$/, "") === noun.replace(/s$/, "") && mayBeName(m[1]!),
    );
    if (named) return named[1]!;
    const m = question && person && new RegExp(`\\b(his|her)\\s+${escapeRegExp(noun)}\\b`, "i").exec(question);
    if (!m || !person || person.gender === "p") return null;
    return !person.gender || person.gender === (m[1]!.toLowerCase() === "his" ? "m" : "f") ? person.text : null;
  };
}

/**
 * The one person or pet a question names ("how's Pixel?", "is Dani coming?", "did u hear Rahul is
 * leaving?"): not the people talking, a day or a place; null when it names none or several.
 */
export function askedAbout(nlp: Nlp, question: string | undefined, participants: ReadonlySet<string>): Person | null {
  if (!question || !/\s\p{Lu}\p{Ll}/u.test(question)) return null; // a name is written with its capital
  const tokens = nlp.sentences(question).flatMap((s) => s.tokens);
  const names = properNames(tokens)
    .map((n) => n.replace(/['’]s$/, ""))
    .filter((n) => !participants.has(n.toLowerCase()) && !CALENDAR.has(n.toLowerCase()))
    .filter((n) => !/\s/.test(n) && !lexicon().isPlace(n.toLowerCase()));
  if (new Set(names).size !== 1) return null;
  return { text: names[0]!, gender: nameGender(names[0]!), entity: names[0]! };
}
