// Questions that join two people or things ("What do Jon and Gina both have in common?", "Which city
// have both Jean and John visited?") are asked once per name: each part finds its own person's facts,
// which one query for both would let the better-matched person crowd out. The parts' rankings are
// interleaved (the first of each, then the second of each, ...), each memory once.
import type { Ranked } from "./hybrid.ts";

const JOINED = /\b(?:both|in common|each|together|also)\b/i;

/** One question per name when the question joins several names, else null. */
export function decompose(question: string, names: readonly string[]): string[] | null {
  if (names.length < 2 || !JOINED.test(question)) return null;
  return names.map((keep) =>
    names
      .filter((n) => n !== keep)
      .reduce(
        (q, n) =>
          q.replace(new RegExp(`\\s*(?:\\band\\s+|,\\s*|&\\s*)?\\b${n}(?:['’]s)?\\b(?:\\s+and\\b)?`, "iu"), (m) =>
            /^\s*(and|,|&)/i.test(m) || /\band$/i.test(m) ? "" : " ",
          ),
        question,
      )
      .replace(/\bboth\s+/i, "")
      .replace(/\s+/g, " ")
      .trim(),
  );
}

/** The rankings interleaved, each memory once, scores capped so that they never increase down the list. */
export function interleave(rankings: readonly Ranked[][], limit: number): Ranked[] {
  const out: Ranked[] = [];
  const seen = new Set<string>();
  let ceiling = 1;
  for (let i = 0; out.length < limit && rankings.some((r) => i < r.length); i++) {
    for (const r of rankings) {
      const hit = r[i];
      if (!hit || seen.has(hit.row.id) || out.length >= limit) continue;
      seen.add(hit.row.id);
      ceiling = Math.min(ceiling, hit.score);
      out.push({ row: hit.row, score: ceiling });
    }
  }
  return out;
}
