// Words for a person's relatives and pets, by the gender they carry ("my sister ... she"): who "she",
// "he" or "it" may stand for (coreference.ts), and what a speaker owns (possession.ts).
import type { Token } from "./nlp.ts";

export const FEMALE = new Set([
  "mom",
  "mum",
  "mother",
  "sister",
  "grandma",
  "grandmother",
  "granny",
  "gran",
  "nan",
  "nana",
  "nanna",
  "mam",
  "mammy",
  "mummy",
  "mommy",
  "stepmum",
  "auntie",
  "aunty",
  "wife",
  "girlfriend",
  "daughter",
  "aunt",
  "niece",
  "stepmother",
  "stepmom",
  "fiancee",
  "fiancée",
  "cousin",
]);
export const MALE = new Set([
  "dad",
  "father",
  "brother",
  "grandpa",
  "grandfather",
  "grandad",
  "granddad",
  "grampa",
  "gramps",
  "daddy",
  "hubby",
  "husband",
  "boyfriend",
  "son",
  "uncle",
  "nephew",
  "stepfather",
  "stepdad",
  "fiance",
  "fiancé",
]);
// Animals are "he" or "she" too; an unowned one belongs to the speaker talking about it ("we adopted a dog").
export const PETS = new Set([
  "dog",
  "cat",
  "puppy",
  "pup",
  "kitten",
  "pet",
  "horse",
  "pony",
  "rabbit",
  "bunny",
  "hamster",
  "parrot",
  "bird",
  "tortoise",
  "turtle",
]);

/** Whether a word names a relative or a pet ("sister", "dad", "dog"). */
export const isKin = (word: string): boolean => FEMALE.has(word) || MALE.has(word) || PETS.has(word);

/** What a person calls their own parent or grandparent, with no one's before it ("dad can't drive", "Mum's 80"). */
const CALLED = new Set(
  "dad daddy mum mummy mom mommy mam mama papa nan nana nanna gran granny grandma grandpa grandad granddad".split(" "),
);

/** Whether the word at `i` is the speaker's own parent or grandparent, called as they call them ("till dad can walk"). */
export function calledKin(tokens: readonly Token[], i: number): boolean {
  const before = tokens[i - 1];
  const after = tokens[i + 1];
  if (!CALLED.has(tokens[i]!.lower)) return false;
  if (
    before &&
    (["DET", "PRON", "ADJ", "NUM", "PROPN", "NOUN", "SYM"].includes(before.pos) ||
      /^['’]s?$/.test(before.text) || // "the kids' dad"
      /^(?:am|'m|’m)$/.test(before.lower)) // "i'm mum": who the speaker is
  )
    return false;
  // "dad jokes", "Mum Jane" (not "asked Dad today")
  return (
    !after ||
    (after.pos !== "NOUN" && after.pos !== "PROPN") ||
    /^(?:today|tonight|tomorrow|yesterday)$/.test(after.lower)
  );
}
