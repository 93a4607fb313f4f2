// Whom a conversation is about, handed from one message to the next (index.ts): the person ("She had
// to leave" a message after "my cousin had a tough time", across the other's "How is she doing?"),
// the group of the same speaker ("They are 6 and 8" after "The kids loved it"), and the one a
// question asks about ("how's Pixel?" → "she's ok, the vet said ..." is about Pixel).
import { CALENDAR } from "./closed-classes.ts";
import { nameGender, type Person } from "./coreference.ts";
import { lexicon } from "./lexicon.ts";
import { type Nlp, properNames } from "./nlp.ts";

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
  if (!about || about.text === next.person?.text) return next;
  const before = next.person
    ? [next.person, ...next.earlier.filter((p) => p.text !== next.person!.text)]
    : next.earlier;
  return { ...next, person: about, earlier: before.slice(0, 4), age: 0 };
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
