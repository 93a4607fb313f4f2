// Reconciliation of a new fact with what is already stored (both extractors):
// - the same fact again forms nothing; a near-duplicate that adds detail merges into the existing
//   memory (a new version, change "merged");
// - a fact that changes a single-valued attribute of the same subject ("moved to Berlin" after
//   "lives in Paris") becomes a new version of that memory (change "updated", superseding the old);
// - otherwise a new memory, linked to memories about the same people and things.
import type { MemoryRow } from "../memories/types.ts";
import { queryTerms } from "../retrieval/lexical.ts";

export type Decision =
  | { action: "skip"; memory: MemoryRow }
  | { action: "merge"; memory: MemoryRow }
  | { action: "update"; memory: MemoryRow }
  | { action: "create" };

const DUPLICATE = 0.85;
const CONTAINED = 0.85;

function stem(w: string): string {
  return w.replace(/'s$/, "").replace(/(ies)$/, "y").replace(/(?<=\w{3})(es|s)$/, "").replace(/(?<=\w{3})(ed|ing)$/, "");
}

export function significantTerms(text: string): Set<string> {
  return new Set(queryTerms(text).map(stem));
}

export function similarity(a: Set<string>, b: Set<string>): { jaccard: number; containment: number } {
  let inter = 0;
  for (const t of a) if (b.has(t)) inter++;
  const union = a.size + b.size - inter;
  return { jaccard: union ? inter / union : 0, containment: Math.min(a.size, b.size) ? inter / Math.min(a.size, b.size) : 0 };
}

const NAME = String.raw`(?<s>[\p{Lu}][\p{L}'’.-]*(?: [\p{Lu}][\p{L}'’.-]*)*|I|We)`;
const ATTRIBUTES: Array<[string, RegExp]> = [
  ["location", new RegExp(`^${NAME}(?: (?:now|just|recently|finally|also))? (?:lives?|is living|has lived|lived|moved|has moved|relocated|is moving|is based|resides|settled)(?: back)? (?:in|to) (?:the )?(?<v>[\\p{Lu}][\\p{L} .'-]*)`, "u")],
  ["job", new RegExp(`^${NAME}(?: (?:now|just|recently|also))? (?:works|is working|started working|got a job|has a new job|began working) (?:as|at|for) (?<v>[^,.;]+)`, "u")],
  ["relationship_status", new RegExp(`^${NAME} (?:is|got|has been|just got) (?<v>married|engaged|single|divorced|separated|widowed)`, "u")],
  ["age", new RegExp(`^${NAME} (?:is|turned) (?<v>\\d{1,3}) (?:years old|years of age)`, "u")],
  ["favorite", new RegExp(`^${NAME}'s favou?rite (?<a>[\\p{L}]+(?: [\\p{L}]+)?) is (?<v>[^,.;]+)`, "u")],
  ["name", new RegExp(`^${NAME}'s (?<a>dog|cat|pet|puppy|kitten|partner|wife|husband|boyfriend|girlfriend|son|daughter)(?:'s name)? is (?:named |called )?(?<v>[\\p{Lu}][\\p{L}]+)`, "u")],
];

export interface AttributeKey {
  subject: string;
  attribute: string;
  value: string;
}

/** The single-valued attribute a fact states, when it states one ("Caroline lives in Paris" → location of Caroline). */
export function attributeKey(text: string): AttributeKey | null {
  for (const [attr, re] of ATTRIBUTES) {
    const m = re.exec(text);
    if (!m?.groups) continue;
    const attribute = m.groups.a ? `${attr}:${m.groups.a.toLowerCase()}` : attr;
    return { subject: m.groups.s!.toLowerCase(), attribute, value: m.groups.v!.trim().toLowerCase().replace(/\s+(in|on|at|since|with|and)\s.*$/, "") };
  }
  return null;
}

/** Numbers and capitalised names: two texts that differ in these are different facts however alike the rest. */
function anchors(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const a of text.match(/\d+(?:[.,]\d+)?|(?<!^)\b\p{Lu}[\p{L}]+/gu) ?? []) counts.set(a.toLowerCase(), (counts.get(a.toLowerCase()) ?? 0) + 1);
  return counts;
}

/** Every anchor of `a`, as often as it occurs there, is in `b`. */
function subset(a: Map<string, number>, b: Map<string, number>): boolean {
  for (const [x, n] of a) if ((b.get(x) ?? 0) < n) return false;
  return true;
}

/** Decides what a new fact does to the candidates (active memories of the same project and scope). */
export function decide(content: string, candidates: MemoryRow[]): Decision {
  const terms = significantTerms(content);
  const normalised = content.trim().toLowerCase();
  const mine = anchors(content);
  for (const c of candidates) {
    if (c.content.trim().toLowerCase() === normalised) return { action: "skip", memory: c };
    // A near-duplicate may add names or numbers, never contradict them.
    if (!subset(anchors(c.content), mine)) continue;
    const other = significantTerms(c.content);
    const { jaccard, containment } = similarity(terms, other);
    if (jaccard >= DUPLICATE) return { action: "skip", memory: c };
    if (containment >= CONTAINED && terms.size >= 2 && other.size >= 2) {
      return terms.size > other.size ? { action: "merge", memory: c } : { action: "skip", memory: c };
    }
  }
  const key = attributeKey(content);
  if (key) {
    for (const c of candidates) {
      const k = attributeKey(c.content);
      if (k && k.subject === key.subject && k.attribute === key.attribute && k.value !== key.value) return { action: "update", memory: c };
    }
  }
  return { action: "create" };
}
