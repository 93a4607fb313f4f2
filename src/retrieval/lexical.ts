// Lexical retrieval over the FTS5 index (BM25). A first working version of search, recall and
// context; semantic retrieval builds on this in its own layer.
import type { MemoryRepository } from "../memories/repository.ts";
import type { MemoryRow, Scope } from "../memories/types.ts";

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

/** An FTS5 expression matching any of the terms; each term is quoted so user text is never syntax. */
export function toMatchExpression(terms: string[]): string | null {
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(" OR ");
}

export interface ScoredRow {
  row: MemoryRow;
  score: number; // 0..1, higher is better
}

/** BM25 is unbounded (and negative in FTS5); map it to 0..1 monotonically. */
function normalise(bm25: number): number {
  const s = Math.max(0, -bm25);
  return Math.round((s / (s + 2)) * 1e4) / 1e4;
}

export function createLexicalRetriever(memories: MemoryRepository) {
  return {
    search(projectId: string, query: string, scope: Scope, limit: number): ScoredRow[] {
      const match = toMatchExpression(queryTerms(query));
      if (!match) return [];
      return memories.searchText(projectId, match, scope, limit).map((r) => ({ row: r, score: normalise(r.rank) }));
    },
  };
}

export type LexicalRetriever = ReturnType<typeof createLexicalRetriever>;
