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
 *   the hybrid's term coverage and name boost, and the vector search finds memories by meaning.
 * Only (seq, score) pairs go through the sort; rows are read for the winners afterwards.
 */
export function createLexicalSearch(
  index: LexicalIndex,
  options: { contextWeight?: number; largeProject?: number; commonShare?: number } = {},
) {
  // BM25 column weights: the memory's own text, then its search context (migration 005).
  const weights = [1.0, options.contextWeight ?? DEFAULT_CONTEXT_WEIGHT] as const;
  const largeProject = options.largeProject ?? 5_000;
  const commonShare = options.commonShare ?? 0.05;
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
  /** Terms in more than `commonShare` of every indexed memory (all projects: one cheap count per term). */
  function commonTerms(terms: string[]): Set<string> {
    const indexed = index.indexedCount();
    return new Set(
      terms.filter(
        (t) => cached(frequencies, t, () => index.matchCount(toMatchExpression([t])!)) > commonShare * indexed,
      ),
    );
  }
  return {
    /** How telling a term is: log(1 + memories indexed / memories having it), every project together. */
    specificity(term: string): number {
      const match = toMatchExpression([term]);
      if (!match) return 0;
      const df = cached(frequencies, term, () => index.matchCount(match));
      return Math.log(1 + index.indexedCount() / (1 + df));
    },

    search(projectId: string, terms: string[], scope: Scope, limit: number): LexicalHit[] {
      const any = toMatchExpression(terms);
      if (!any) return [];
      const size = cached(projectSizes, projectId, () => index.activeCount(projectId));
      const large = size >= largeProject;
      // In a project holding much of the index, FTS5 ranks alone first (joining every match to its row
      // costs more than ranking it); elsewhere the best of all projects would mostly be other projects'.
      const rankFirst = large && size >= rankFirstShare * index.indexedCount() ? Math.max(400, 4 * limit) : 0;
      const run = (match: string, order: "bm25" | "recent" = "bm25") =>
        index.matches(projectId, match, scope, limit, order, weights, rankFirst);
      const common = large ? commonTerms(terms) : new Set<string>();
      // Every term; a common one only in the memory's own text, not in its (four times longer) context.
      const every = terms
        .map((t) => (common.has(t) ? onContent(toMatchExpression([t])!) : toMatchExpression([t])!))
        .join(" AND ");
      // When every term is common, the memories with all of them are many and alike: the newest are
      // taken without scoring them all (BM25 is then computed for those alone).
      const all = terms.length > 1 || common.size ? run(every, common.size === terms.length ? "recent" : "bm25") : [];
      if (all.length >= limit) return all;
      if (common.size === 0) return run(any);
      const rare = terms.filter((t) => !common.has(t));
      const seen = new Set(all.map((h) => h.seq));
      const rest = rare.length ? run(toMatchExpression(rare)!).filter((h) => !seen.has(h.seq)) : [];
      return [...all, ...rest].slice(0, limit);
    },
  };
}

export type LexicalSearch = ReturnType<typeof createLexicalSearch>;
