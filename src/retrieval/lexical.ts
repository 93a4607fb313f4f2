// Lexical retrieval over the FTS5 index (BM25): query words (stop words dropped, each quoted so user
// text is never FTS syntax) and the BM25 candidates of the hybrid retriever.
import type { Db } from "../storage/db.ts";
import { SCOPE_FIELDS, type Scope } from "../memories/types.ts";

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
 * the terms. Two savings for large projects, where a common word matches tens of thousands of
 * memories and BM25 scores every match: when at least `limit` memories have every term, those are the
 * candidates (the memories with only some terms would rank below nearly all of them); and only
 * (seq, score) pairs go through the sort, rows are read for the winners afterwards.
 */
export function createLexicalSearch(db: Db, options: { contextWeight?: number } = {}) {
  // BM25 column weights: the memory's own text, then its search context (migration 005).
  const weights = `1.0, ${Number(options.contextWeight ?? DEFAULT_CONTEXT_WEIGHT)}`;
  function run(projectId: string, match: string, scope: Scope, limit: number): LexicalHit[] {
    const filters: string[] = [];
    const params: string[] = [];
    for (const f of SCOPE_FIELDS) {
      const v = scope[f];
      if (v !== undefined && v !== "") {
        filters.push(` AND m.${f} = ?`);
        params.push(v);
      }
    }
    return db
      .query<LexicalHit, (string | number)[]>(
        `SELECT f.rowid AS seq, -bm25(memories_fts, ${weights}) AS bm25 FROM memories_fts f JOIN memories m ON m.seq = f.rowid
         WHERE memories_fts MATCH ? AND m.project_id = ? AND m.status = 'active'${filters.join("")}
         ORDER BY bm25 DESC LIMIT ?`,
      )
      .all(match, projectId, ...params, limit);
  }

  return {
    search(projectId: string, terms: string[], scope: Scope, limit: number): LexicalHit[] {
      const any = toMatchExpression(terms);
      if (!any) return [];
      if (terms.length > 1) {
        const all = run(projectId, toMatchExpression(terms, "AND")!, scope, limit);
        if (all.length >= limit) return all;
      }
      return run(projectId, any, scope, limit);
    },
  };
}

export type LexicalSearch = ReturnType<typeof createLexicalSearch>;
