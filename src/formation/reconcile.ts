// Reconciliation of a new fact with what is already stored (both extractors):
// - the same fact again forms nothing; a near-duplicate that adds detail merges into the existing
//   memory (a new version, change "merged");
// - a fact that changes a single-valued attribute of the same subject ("moved to Berlin" after
//   "lives in Paris") becomes a new version of that memory (change "updated", superseding the old);
//   so does a new value of a count said to have changed, or a choice given up (changed-values.ts:
//   "we'll up the budget to 450 (was 300)" after "budget is about 300");
// - otherwise a new memory, linked to memories about the same people and things.
// Guards keep different facts apart however alike their words: names, numbers and negation must
// agree, and a merge needs the stored fact's words, in order, inside the new one.
import type { MemoryRow } from "../domain/memory.ts";
import { queryTerms, stem } from "../domain/text.ts";
import { supersededValue } from "./changed-values.ts";

export type Decision =
  | { action: "skip"; memory: MemoryRow }
  | { action: "merge"; memory: MemoryRow }
  | { action: "update"; memory: MemoryRow; content?: string; alsoNew?: boolean }
  | { action: "create" };

const DUPLICATE = 0.85;
/** A merge needs at least this many words of the stored fact, so that "Family is important" absorbs nothing. */
const MERGE_MIN_TERMS = 3;

// Dates are compared as anchors, not as words ("on 7 May 2023" adds no meaning to a match).
const DATE_WORDS =
  /^(\d+|january|february|march|april|may|june|july|august|september|october|november|december|week|on|in)$/;

/** The fact's meaningful words, stemmed, in order of first appearance. */
function orderedTerms(text: string): string[] {
  return [
    ...new Set(
      queryTerms(text)
        .filter((w) => !DATE_WORDS.test(w))
        .map(stem),
    ),
  ];
}

export function similarity(a: Set<string>, b: Set<string>): { jaccard: number; containment: number } {
  let inter = 0;
  for (const t of a) if (b.has(t)) inter++;
  const union = a.size + b.size - inter;
  return {
    jaccard: union ? inter / union : 0,
    containment: Math.min(a.size, b.size) ? inter / Math.min(a.size, b.size) : 0,
  };
}

/** Length of the longest common subsequence: how many of `a`'s words appear in `b` in the same order. */
function inOrder(a: string[], b: string[]): number {
  const row = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    let diag = 0;
    for (let j = 1; j <= b.length; j++) {
      const up = row[j]!;
      row[j] = x === b[j - 1] ? diag + 1 : Math.max(row[j]!, row[j - 1]!);
      diag = up;
    }
  }
  return row[b.length]!;
}

/** Whether every word of `small` is in `big`, in order (one word out of place allowed from four words on). */
function containedInOrder(small: string[], big: string[]): boolean {
  const needed = small.length >= 4 ? small.length - 1 : small.length;
  return small.every((t) => big.includes(t)) && inOrder(small, big) >= needed;
}

const NAME = String.raw`(?<s>[\p{Lu}][\p{L}'’.-]*(?: [\p{Lu}][\p{L}'’.-]*)*|I|We)`;
const ADVERB = "(?: (?:now|just|recently|finally|also|currently|still|officially))?";
const ATTRIBUTES: Array<[string, RegExp]> = [
  [
    "location",
    new RegExp(
      `^${NAME}${ADVERB} (?:lives?|is living|has lived|lived|moved|has moved|is moving|relocated|has relocated|is based|resides|settled|is settling)(?: back)? (?:in|to) (?:the )?(?<v>[\\p{Lu}][\\p{L} .'-]*)`,
      "u",
    ),
  ],
  [
    "job:title",
    new RegExp(
      `^${NAME}${ADVERB} (?:works|is working|started working|has started working|got a job|has a new job|began working|took a job|is employed) as (?:an? )?(?<v>[^,.;]+?)(?= at | for | in |[,.;]|$)`,
      "u",
    ),
  ],
  [
    "job:employer",
    new RegExp(
      `^${NAME}${ADVERB} (?:works|is working|started working|has started working|got a job|has a new job|began working|took a job|is employed)(?: as [^,.;]+?)? (?:at|for|with|by) (?<v>[^,.;]+)`,
      "u",
    ),
  ],
  [
    "relationship_status",
    new RegExp(
      `^${NAME}${ADVERB} (?:is|got|has been|just got|became) (?<v>married|engaged|single|divorced|separated|widowed)`,
      "u",
    ),
  ],
  [
    "age",
    new RegExp(
      `^${NAME}${ADVERB} (?:is|turned|has turned) (?<v>\\d{1,3})(?: years old| years of age|[,.;]|$| on | in )`,
      "u",
    ),
  ],
  [
    "diet",
    new RegExp(
      `^${NAME}${ADVERB} (?:is|has become|became|went|has gone) (?:a )?(?<v>vegetarian|vegan|pescatarian|keto|gluten-free|carnivore)`,
      "u",
    ),
  ],
  [
    "children",
    new RegExp(`^${NAME}${ADVERB} has (?<v>\\d+|one|two|three|four|five|six|no) (?:kids|children|child|kid)\\b`, "u"),
  ],
  ["favorite", new RegExp(`^${NAME}'s favou?rite (?<a>[\\p{L}]+(?: [\\p{L}]+)?) is (?:now )?(?<v>[^,.;]+)`, "u")],
  [
    "name",
    new RegExp(
      `^${NAME}'s (?<a>dog|cat|pet|puppy|kitten|partner|wife|husband|boyfriend|girlfriend|son|daughter)(?:'s name)? is (?:named |called )?(?<v>[\\p{Lu}][\\p{L}]+)`,
      "u",
    ),
  ],
];

export interface AttributeKey {
  subject: string;
  attribute: string;
  value: string;
  /** Whether the statement is about the attribute alone (then a change may replace it). */
  alone: boolean;
}

/** The single-valued attribute a fact states, when it states one ("Caroline lives in Paris" → location of Caroline). */
export function attributeKey(text: string): AttributeKey | null {
  for (const [attr, re] of ATTRIBUTES) {
    const m = re.exec(text);
    if (!m?.groups) continue;
    const attribute = m.groups.a ? `${attr}:${m.groups.a.toLowerCase()}` : attr;
    const value = m.groups
      .v!.trim()
      .toLowerCase()
      .replace(/\s+(in|on|at|since|with|and|from|for)\s.*$/, "");
    // Words after the attribute beyond a short tail ("since 2019", "with her partner") are another fact.
    const end = text.toLowerCase().indexOf(value, m.index) + value.length;
    const alone = text.slice(end).split(/\s+/).filter(Boolean).length <= 5;
    return { subject: m.groups.s!.toLowerCase(), attribute, value, alone };
  }
  return null;
}

/** Numbers and capitalised names: two texts that differ in these are different facts however alike the rest. */
function anchors(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of text.match(/\d+(?:[.,]\d+)?|(?<!^)\b\p{Lu}[\p{L}]+/gu) ?? [])
    counts.set(a.toLowerCase(), (counts.get(a.toLowerCase()) ?? 0) + 1);
  return counts;
}

/** Every anchor of `a`, as often as it occurs there, is in `b`. */
function subset(a: Map<string, number>, b: Map<string, number>): boolean {
  for (const [x, n] of a) if ((b.get(x) ?? 0) < n) return false;
  return true;
}

const NEGATION = /\b(not|never|no|nor|cannot|none|nobody|nothing|neither|without|n't|anymore|stopped|quit)\b/i;

/** Decides what a new fact does to the candidates (active memories of the same project and scope). */
export function decide(content: string, candidates: MemoryRow[]): Decision {
  const normalised = content.trim().toLowerCase();
  const mine = { terms: orderedTerms(content), anchors: anchors(content), negated: NEGATION.test(content) };
  for (const c of candidates) {
    if (c.content.trim().toLowerCase() === normalised) return { action: "skip", memory: c };
    // "likes tea" and "does not like tea" share every meaningful word.
    if (NEGATION.test(c.content) !== mine.negated) continue;
    const theirs = { terms: orderedTerms(c.content), anchors: anchors(c.content) };
    const adds = subset(theirs.anchors, mine.anchors); // the new fact keeps every name and number of the old
    const within = subset(mine.anchors, theirs.anchors); // the new fact brings no name or number of its own
    const { jaccard } = similarity(new Set(mine.terms), new Set(theirs.terms));
    if (adds && within && jaccard >= DUPLICATE) return { action: "skip", memory: c };
    // Nothing new: the new fact is part of the stored one.
    if (within && mine.terms.length >= 2 && containedInOrder(mine.terms, theirs.terms))
      return { action: "skip", memory: c };
    // More detail: the stored fact, in order, inside the new one.
    if (
      adds &&
      theirs.terms.length >= MERGE_MIN_TERMS &&
      mine.terms.length > theirs.terms.length &&
      containedInOrder(theirs.terms, mine.terms)
    ) {
      return { action: "merge", memory: c };
    }
  }
  const changed = supersededValue(content, candidates);
  if (changed) return { action: "update", ...changed };
  const key = attributeKey(content);
  if (key) {
    for (const c of candidates) {
      const k = attributeKey(c.content);
      if (k?.alone && k.subject === key.subject && k.attribute === key.attribute && k.value !== key.value)
        return { action: "update", memory: c };
    }
  }
  return { action: "create" };
}
