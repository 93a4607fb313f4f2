// Lexical retrieval over the FTS5 index (BM25): query words (stop words dropped, each quoted so user
// text is never FTS syntax) and the BM25 candidates of the hybrid retriever.
import type { Db } from "../storage/db.ts";
import { scopeClause, type Scope } from "../memories/types.ts";

// Words that carry no meaning for matching memories (questions are full of them).
const STOPWORDS = new Set(
  (
    "a an and are as at be been being but by can could did do does doing for from had has have having he her hers him his how i if in into is it its " +
    "me my no nor not of on or our ours she so some than that the their theirs them then there these they this those to too us was we were what when " +
    "where which while who whom why will with would you your yours about any all also just more most other over such only own same very s t don should now"
  ).split(" "),
);

export function queryTerms(query: string): string[] {
  const words = (query.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 0);
  const meaningful = words.filter((w) => !STOPWORDS.has(w));
  return [...new Set(meaningful.length ? meaningful : words)];
}

/** An FTS5 expression matching any (OR) or every (AND) term; each term is quoted so user text is never syntax. */
export function toMatchExpression(terms: string[], operator: "OR" | "AND" = "OR"): string | null {
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(` ${operator} `);
}

/** Weight of a memory's search context against its own text in BM25 (measured on LoCoMo dev). */
export const DEFAULT_CONTEXT_WEIGHT = 0.4;

/** A match expression restricted to the memory's own text (not its search context). */
export function onContent(match: string): string {
  return `content : (${match})`;
}

export interface LexicalHit {
  seq: number;
  /** BM25 (FTS5's sign flipped: higher is better). */
  bm25: number;
}

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
export function createLexicalSearch(db: Db, options: { contextWeight?: number; largeProject?: number; commonShare?: number } = {}) {
  // BM25 column weights: the memory's own text, then its search context (migration 005).
  const weights = `1.0, ${Number(options.contextWeight ?? DEFAULT_CONTEXT_WEIGHT)}`;
  const largeProject = options.largeProject ?? 5_000;
  const commonShare = options.commonShare ?? 0.05;
  // Sizes and document frequencies move slowly; a minute-old figure is good enough to pick a plan.
  const TTL_MS = 60_000;
  const projectSizes = new Map<string, { n: number; at: number }>();
  const frequencies = new Map<string, { n: number; at: number }>();
  const countProject = db.query<{ n: number }, [string]>("SELECT count(*) AS n FROM memories WHERE project_id = ? AND status = 'active'");
  const countIndexed = db.query<{ n: number }, []>("SELECT coalesce(max(seq), 0) AS n FROM memories");
  const countMatches = db.query<{ n: number }, [string]>("SELECT count(*) AS n FROM memories_fts WHERE memories_fts MATCH ?");
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
    const indexed = countIndexed.get()!.n;
    return new Set(terms.filter((t) => cached(frequencies, t, () => countMatches.get(toMatchExpression([t])!)!.n) > commonShare * indexed));
  }
  function run(projectId: string, match: string, scope: Scope, limit: number, order: "bm25" | "recent" = "bm25"): LexicalHit[] {
    const { sql: scopeSql, params } = scopeClause(scope);
    return db
      .query<LexicalHit, (string | number)[]>(
        `SELECT f.rowid AS seq, -bm25(memories_fts, ${weights}) AS bm25 FROM memories_fts f JOIN memories m ON m.seq = f.rowid
         WHERE memories_fts MATCH ? AND m.project_id = ? AND m.status = 'active'${scopeSql}
         ORDER BY ${order === "bm25" ? "bm25 DESC" : "f.rowid DESC"} LIMIT ?`,
      )
      .all(match, projectId, ...params, limit);
  }

  return {
    search(projectId: string, terms: string[], scope: Scope, limit: number): LexicalHit[] {
      const any = toMatchExpression(terms);
      if (!any) return [];
      const large = cached(projectSizes, projectId, () => countProject.get(projectId)!.n) >= largeProject;
      const common = large ? commonTerms(terms) : new Set<string>();
      // Every term; a common one only in the memory's own text, not in its (four times longer) context.
      const every = terms.map((t) => (common.has(t) ? onContent(toMatchExpression([t])!) : toMatchExpression([t])!)).join(" AND ");
      // When every term is common, the memories with all of them are many and alike: the newest are
      // taken without scoring them all (BM25 is then computed for those alone).
      const all = terms.length > 1 || common.size ? run(projectId, every, scope, limit, common.size === terms.length ? "recent" : "bm25") : [];
      if (all.length >= limit) return all;
      if (common.size === 0) return run(projectId, any, scope, limit);
      const rare = terms.filter((t) => !common.has(t));
      const seen = new Set(all.map((h) => h.seq));
      const rest = rare.length ? run(projectId, toMatchExpression(rare)!, scope, limit).filter((h) => !seen.has(h.seq)) : [];
      return [...all, ...rest].slice(0, limit);
    },
  };
}

export type LexicalSearch = ReturnType<typeof createLexicalSearch>;
