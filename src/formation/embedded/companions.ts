// Whom a speaker's "we" takes in with them. A message that names the speaker's people ("my kids",
// "my wife and I", "me and Jamal") says who "we" is: "We went to the beach. My kids had a blast" is
// Melanie and her kids, and "we went camping with my fam" is Melanie, with her family. Without such
// a word "we" stays "<speaker> and others".
import { MONTHS, WEEKDAYS } from "../../domain/calendar.ts";
import type { Token } from "./nlp.ts";

/** The speaker's people a "we" stands with, by the word the speaker uses, as a memory writes them. */
const PEOPLE: Record<string, string> = {
  family: "family",
  fam: "family",
  kids: "kids",
  kiddos: "kids",
  children: "children",
  husband: "husband",
  hubby: "husband",
  wife: "wife",
  partner: "partner",
  boyfriend: "boyfriend",
  bf: "boyfriend",
  girlfriend: "girlfriend",
  gf: "girlfriend",
  fiance: "fiancé",
  fiancé: "fiancé",
  fiancee: "fiancée",
  fiancée: "fiancée",
  parents: "parents",
  friends: "friends",
  mates: "mates",
  team: "team",
  son: "son",
  daughter: "daughter",
};

const KINDS = Object.keys(PEOPLE).join("|");
const OWNED = new RegExp(`\\b(?:my|our)\\s+(${KINDS})\\b`, "i");
/** "Jamal and I", "me and Jamal": a name joined to the speaker (not "My name is Margaret and I am 76"). */
const JOINED = /(?<!\b(?:is|am|called|name['’]s|I['’]m)\s+)\b([A-Z][a-z]+) and I\b|\b[Mm]e and ([A-Z][a-z]+)\b/;
/** Not a name: "... since January and I don't miss it". */
const NOT_A_NAME = new RegExp(
  `^(?:me|my|and|but|so|then|now|yes|no|oh|well|also|mom|dad|${[...MONTHS, ...WEEKDAYS].join("|")})$`,
  "i",
);

/** The kinds of people a text speaks of, any determiner ("the friends I have", "my fam", "the kids"). */
const ANY = new RegExp(`\\b(${KINDS})\\b`, "gi");
/** Kinds that one family takes in: "my fam ... the kids" is still the family. */
const FAMILY = new Set(["family", "kids", "children", "son", "daughter"]);

/**
 * Who "we" is beside the speaker in this text, written with the speaker's name ("Melanie's kids"); null
 * when unsaid, or when the text speaks of people of two kinds ("my family" and "the friends I have").
 */
export function companionsIn(text: string, speaker: string): string | null {
  const owned = OWNED.exec(text);
  const joined = JOINED.exec(text);
  const name = joined ? (joined[1] ?? joined[2])! : null;
  const byName = name && !NOT_A_NAME.test(name) && name !== speaker ? { at: joined!.index, text: name } : null;
  const byWord = owned ? { at: owned.index, text: `${speaker}'s ${PEOPLE[owned[1]!.toLowerCase()]}` } : null;
  const kinds = new Set([...text.matchAll(ANY)].map((m) => PEOPLE[m[1]!.toLowerCase()]!));
  const family = [...kinds].every((k) => FAMILY.has(k));
  if (kinds.size > 1 && !family) return byName?.text ?? null;
  const word = family && kinds.has("family") ? `${speaker}'s family` : byWord?.text;
  const first = [byName, byWord && { at: byWord.at, text: word! }].filter((c) => !!c).sort((a, b) => a!.at - b!.at)[0];
  return first?.text ?? null;
}

/** "we went camping with my fam": the "we" at `at` is the speaker, and the clause names who came along. */
export function withOwnPeople(tokens: Token[], at: number): boolean {
  for (let j = at + 1; j < tokens.length - 1; j++) {
    if (/^[.;:!?]$/.test(tokens[j]!.text) || tokens[j]!.lower === "but") return false;
    if (tokens[j]!.lower === "with" && /^(?:my|our)$/.test(tokens[j + 1]!.lower)) return true;
  }
  return false;
}

/** "split it with my boyfriend", "my wife and I", "its me, my husband marco, ella ...", "our team": the speaker's people with them. */
const TOGETHER = new RegExp(
  String.raw`\b(?:with|me,?)\s+(?:my|our)\s+(?:${KINDS})\b|\b(?:my|our)\s+(?:${KINDS})\s+and\s+(?:i|me)\b|\bour\s+(?:\w+\s+)?(?:${KINDS})|\b(?:me and|and i)\b`,
  "i",
);

/**
 * Whether a message's people are the speaker's "we" in later messages too: said together with the
 * speaker ("i split the rent with my boyfriend"), not only spoken of ("my husband dev said hell do the
 * bbq", "my son arjun is in yr4": the PTA chair's later "we" is the PTA).
 */
export function together(text: string): boolean {
  return TOGETHER.test(text);
}
