// Lexical retrieval over the full-text index (BM25): the candidates of the hybrid retriever. Query
// words arrive without stop words; each is quoted so user text is never FTS syntax.
import { onContent, toMatchExpression } from "../storage/sql.ts";
import type { Scope } from "../domain/scope.ts";
import type { LexicalHit, LexicalIndex } from "./ports.ts";

/** Weight of a memory's search context against its own text in BM25 (measured on LoCoMo dev). */
export const DEFAULT_CONTEXT_WEIGHT = 0.4;

/**
 * BM25 over the project's active memories matching `scope`, best first, for memories that have any of
 * the terms. BM25 scores every match (about 1 µs each with the join to `memories`), so large projects
 * need care with common words (a name, or any word of a small vocabulary, can match tens of thousands
 * of memories and their search contexts):
 * - when at least `limit` memories have every term, those are the candidates (the memories with only
 *   some terms would rank below nearly all of them);
 * - in a project of at least `largeProject` memories, a term in more than `commonShare` of all indexed
 *   memories is never searched on its own, and only in the memory's own text: the candidates are the
 *   memories with every term (the newest of them when every term is common), then those with any of
 *   the rarer terms. A common word adds little to BM25 anyway; it still counts in
 *   the hybrid's term coverage and name boost, and the vector search finds memories by meaning;
 * - there, when the rarer terms together still match more than `pairsShare` of the indexed memories
 *   (a question with several mid-frequency words, or an attribute's many alternatives), those with
 *   one of them alone are not candidates either: only memories with words of two of the query's
 *   groups (a group: a term and its alternatives) are. BM25's time grows with its matches, and a
 *   memory sharing one such word with the question is rarely among the best;
 * - there, a question that names someone or something (`names`, rarer than common) ranks the memories
 *   with the name and another of its rarer words next, and searches further only when those are
 *   fewer than `limit`: other people's memories with the question's words compete with the named one's
 *   in a large project, and BM25 over every memory with the name or any word is what costs.
 * Only (seq, score) pairs go through the sort; rows are read for the winners afterwards.
 */
export function createLexicalSearch(
  index: LexicalIndex,
  options: { contextWeight?: number; largeProject?: number; commonShare?: number; pairsShare?: number } = {},
) {
  // BM25 column weights: the memory's own text, then its search context (migration 005).
  const weights = [1.0, options.contextWeight ?? DEFAULT_CONTEXT_WEIGHT] as const;
  const largeProject = options.largeProject ?? 5_000;
  const commonShare = options.commonShare ?? 0.05;
  const pairsShare = options.pairsShare ?? 0.08;
  const rankFirstShare = 0.2;
  // Sizes and document frequencies move slowly; a minute-old figure is good enough to pick a plan.
  const TTL_MS = 60_000;
  const projectSizes = new Map<string, { n: number; at: number }>();
  const frequencies = new Map<string, { n: number; at: number }>();
  function cached(cache: Map<string, { n: number; at: number }>, key: string, count: () => number): number {
    const now = Date.now();
    const hit = cache.get(key);
    if (hit && now - hit.at < TTL_MS) return hit.n;
    if (cache.size > 10_000) cache.clear();
    const n = count();
    cache.set(key, { n, at: now });
    return n;
  }
  /** The project's active memories (a minute-old count will do). */
  const sizeOf = (projectId: string) => cached(projectSizes, projectId, () => index.activeCount(projectId));
  /** Memories (of every project) having `term`, in their text or search context. */
  const documents = (term: string) => cached(frequencies, term, () => index.matchCount(toMatchExpression([term])!));
  /** Terms in more than `commonShare` of every indexed memory (all projects: one cheap count per term). */
  function commonTerms(terms: string[], indexed: number): Set<string> {
    return new Set(terms.filter((t) => documents(t) > commonShare * indexed));
  }
  /** Groups paired at most (the rarest): FTS5's time grows with the pairs (105 for 15 groups: 100 ms at 100k). */
  const PAIRED_GROUPS = 5;
  /**
   * Memories with words of two groups, when the rarer terms alone would match more than `pairsShare`
   * of the index (null otherwise, or with fewer than two groups having a rarer term).
   */
  function twoGroups(groups: string[][], rare: string[], indexed: number): string | null {
    const df = (ts: string[]) => ts.reduce((n, t) => n + documents(t), 0);
    if (df(rare) <= pairsShare * indexed) return null;
    const kept = groups
      .map((g) => g.filter((t) => rare.includes(t)))
      .filter((g) => g.length > 0)
      .sort((a, b) => df(a) - df(b))
      .slice(0, PAIRED_GROUPS)
      .map((g) => toMatchExpression(g)!);
    if (kept.length < 2) return null;
    const pairs = kept.flatMap((a, i) => kept.slice(i + 1).map((b) => `((${a}) AND (${b}))`));
    return pairs.join(" OR ");
  }
  /** Memories with one of the rarer terms that are names and one that is not (null without both). */
  function named(rare: string[], names: readonly string[]): string | null {
    const [some, others] = [rare.filter((t) => names.includes(t)), rare.filter((t) => !names.includes(t))];
    return some.length && others.length ? `(${toMatchExpression(some)}) AND (${toMatchExpression(others)})` : null;
  }
  return {
    /** How telling a term is: log(1 + memories indexed / memories having it), every project together. */
    specificity(term: string): number {
      if (!toMatchExpression([term])) return 0;
      return Math.log(1 + index.indexedCount() / (1 + documents(term)));
    },

    /**
     * BM25 over the project's memories of one period (a question naming a day: "What did Maria say on
     * 3 June 2023?"), any term: in a project below `largeProject` a period's memories are few, so no
     * tiers are needed. None in a larger one: there every match of the question's words is joined to
     * its row before the period filters it (about 30 ms at 100k memories, whose one day held 717).
     */
    during(
      projectId: string,
      query: ReadonlyArray<readonly string[]>,
      scope: Scope,
      limit: number,
      period: { from: string; to: string },
    ): LexicalHit[] {
      const any = toMatchExpression([...new Set(query.flat())]);
      if (!any || sizeOf(projectId) >= largeProject) return [];
      return index.matches(projectId, any, scope, limit, "bm25", weights, 0, period);
    },

    /**
     * `query`: the terms, each alone or in a group with its alternatives (the first the term asked);
     * `names`: those of its terms that name someone or something.
     */
    search(
      projectId: string,
      query: ReadonlyArray<string | readonly string[]>,
      scope: Scope,
      limit: number,
      names: readonly string[] = [],
    ): LexicalHit[] {
      const groups = query.map((g) => (typeof g === "string" ? [g] : [...g]));
      const terms = [...new Set(groups.flat())];
      const any = toMatchExpression(terms);
      if (!any) return [];
      const size = sizeOf(projectId);
      const large = size >= largeProject;
      // In a project holding much of the index, FTS5 ranks alone first (joining every match to its row
      // costs more than ranking it); elsewhere the best of all projects would mostly be other projects'.
      const rankFirst = large && size >= rankFirstShare * index.indexedCount() ? Math.max(400, 4 * limit) : 0;
      const run = (match: string, order: "bm25" | "recent" = "bm25") =>
        index.matches(projectId, match, scope, limit, order, weights, rankFirst);
      const indexed = large ? index.indexedCount() : 0; // every project's memories: one count per search
      const common = large ? commonTerms(terms, indexed) : new Set<string>();
      // Every term (or one of its alternatives); a common one only in the memory's own text, not in its
      // (four times longer) context.
      const word = (t: string) => (common.has(t) ? onContent(toMatchExpression([t])!) : toMatchExpression([t])!);
      const every = groups.map((g) => (g.length > 1 ? `(${g.map(word).join(" OR ")})` : word(g[0]!))).join(" AND ");
      // When every term is common, the memories with all of them are many and alike: the newest are
      // taken without scoring them all (BM25 is then computed for those alone).
      const all = groups.length > 1 || common.size ? run(every, common.size === terms.length ? "recent" : "bm25") : [];
      if (all.length >= limit) return all;
      const rare = terms.filter((t) => !common.has(t));
      const ofNamed = large ? named(rare, names) : null;
      const pairs = large ? twoGroups(groups, rare, indexed) : null;
      if (common.size === 0 && !pairs && !ofNamed) return run(any);
      // Tiers, each searched while the ones before it hold fewer than `limit`.
      const found = [...all];
      const seen = new Set(all.map((h) => h.seq));
      for (const match of [ofNamed, pairs ?? toMatchExpression(rare)]) {
        if (!match || found.length >= limit) continue;
        for (const h of run(match)) if (!seen.has(h.seq) && seen.add(h.seq)) found.push(h);
      }
      return found.slice(0, limit);
    },
  };
}

export type LexicalSearch = ReturnType<typeof createLexicalSearch>;
