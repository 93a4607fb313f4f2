// Answers from several sessions: a question asking for several things ("What has Melanie painted?",
// "How many times ...") is answered by memories said on different days, which one day's many
// memories about the same topic would push out of the top results.

/**
 * Reorders the first `window` of `ranked` (best first, by `fused`) greedily: each memory's score
 * counts `factor` times less for every memory of its day (the date of `occurredAt`) already placed
 * above it; memories without a date count as one day each. The rest of the list is unchanged.
 */
export function spreadOverDays<T extends { fused: number }>(
  ranked: T[],
  occurredAt: (r: T) => string | null,
  factor: number,
  window: number,
): void {
  const pool = ranked.slice(0, window).map((r, i) => ({ r, day: occurredAt(r)?.slice(0, 10) ?? `#${i}` }));
  const placed = new Map<string, number>();
  for (let at = 0; at < pool.length; at++) {
    let best = at;
    let bestScore = Number.NEGATIVE_INFINITY;
    for (let i = at; i < pool.length; i++) {
      const score = pool[i]!.r.fused * factor ** (placed.get(pool[i]!.day) ?? 0);
      if (score > bestScore) {
        bestScore = score;
        best = i;
      }
    }
    [pool[at], pool[best]] = [pool[best]!, pool[at]!];
    placed.set(pool[at]!.day, (placed.get(pool[at]!.day) ?? 0) + 1);
  }
  ranked.splice(0, pool.length, ...pool.map((p) => p.r));
}
