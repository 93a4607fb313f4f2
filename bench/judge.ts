// The dev data's judge rules (../shared/eval-data/README.md), unchanged, so that figures compare
// across the team: content words, "found" (a gold fact with ≥ 60% of its content words in one
// memory), "on target" (a memory with ≥ 50% of its content words in one gold fact) and "answer
// words returned".
import { MONTHS } from "../src/domain/calendar.ts";

const STOP = new Set(
  `a an the and or but if of to in on at for with by from is are was were be been being do does did i i'm im you he
   she it we they me him her them my your his its our their this that these those what when where who whom which why
   how as about into than then so can could would should will just have has had am very really also too like love`
    .split(/\s+/)
    .filter(Boolean),
);

/** Strips "-ing" and a plural "s" (the rule's only normalisation). */
function normalise(w: string): string {
  let t = w;
  if (t.length > 5 && t.endsWith("ing")) t = t.slice(0, -3);
  if (t.length > 3 && t.endsWith("s") && !t.endsWith("ss")) t = t.slice(0, -1);
  return t;
}

/** Content words of a text: lower-case alphanumeric tokens, n't read as not, minus stop words and the given names. */
export function contentWords(text: string, names: Iterable<string> = []): Set<string> {
  const excluded = new Set<string>();
  for (const n of names) for (const part of n.toLowerCase().split(/[^a-z0-9]+/)) if (part) excluded.add(part);
  const out = new Set<string>();
  const lower = text.toLowerCase().replace(/n['’]t\b/g, " not");
  for (const raw of lower.match(/[a-z0-9]+(?:['’][a-z]+)?/g) ?? []) {
    const w = raw.replace(/['’]s$/, "");
    if (STOP.has(w) || excluded.has(w)) continue;
    const bare = normalise(w.replace(/['’]/g, ""));
    if (!bare || STOP.has(bare) || excluded.has(bare)) continue;
    out.add(bare);
  }
  return out;
}

const share = (of: Set<string>, inside: Set<string>) => {
  if (of.size === 0) return 0;
  let n = 0;
  for (const w of of) if (inside.has(w)) n++;
  return n / of.size;
};

/** A gold fact is found when one memory holds at least 60% of its content words. */
export function found(gold: Set<string>, memories: Set<string>[]): boolean {
  return gold.size > 0 && memories.some((m) => share(gold, m) >= 0.6);
}

/** A memory is on target when at least 50% of its content words are in one gold fact. */
export function onTarget(memory: Set<string>, gold: Set<string>[]): boolean {
  return memory.size > 0 && gold.some((g) => share(memory, g) >= 0.5);
}

export interface ExtractionScore {
  gold: number;
  found: number;
  memories: number;
  onTarget: number;
}

/** Scores groups (a turn, a speaker): each group's memories against its own gold facts. */
export function scoreGroups(
  groups: Iterable<{ gold: string[]; memories: string[]; names?: string[] }>,
): ExtractionScore {
  const s: ExtractionScore = { gold: 0, found: 0, memories: 0, onTarget: 0 };
  for (const g of groups) {
    const gold = g.gold.map((f) => contentWords(f, g.names)).filter((w) => w.size > 0);
    const mems = g.memories.map((m) => contentWords(m, g.names)).filter((w) => w.size > 0);
    s.gold += gold.length;
    s.found += gold.filter((f) => found(f, mems)).length;
    s.memories += mems.length;
    s.onTarget += mems.filter((m) => onTarget(m, gold)).length;
  }
  return s;
}

/** An occurred_at as the rule writes it: "7 may 2023". */
export function spokenDate(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** The share of the answer's content words present in the returned text. */
export function answerWordsReturned(answer: string, returned: string): number | null {
  const want = contentWords(answer);
  if (want.size === 0) return null;
  return share(want, contentWords(returned));
}
