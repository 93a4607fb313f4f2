// Hybrid retrieval: BM25 (FTS5) and vector similarity (sqlite-vec) fused by reciprocal rank, then
// boosted by what conversation memory needs: the names a query mentions and the period it asks
// about (against occurred_at). Scope filters apply inside both candidate searches, before ranking;
// only active memories of the project are ever candidates. Feedback is applied by the caller.
//
// Two similarities: the raw cosine ranks (measured best), while a calibrated one (the cosine once the
// embedder's common direction is removed) decides whether a memory found only by its vector is
// related at all, and feeds the confidence. The returned `score` (0..1) is that confidence, capped so
// that it never increases down the list: a client (and recall) can cut at a threshold.
import type { MemoryRow } from "../domain/memory.ts";
import type { Scope } from "../domain/scope.ts";
import { stem } from "../domain/text.ts";
import { covered, coveredWithAlternatives, namePattern } from "./matching.ts";
import { spreadOverDays } from "./spread.ts";
import type { VectorHit, VectorStore } from "./vector-store.ts";
import type { LexicalHit, MemoryReader } from "./ports.ts";
import type { VectorIndex } from "./vector-index.ts";
import type { LexicalSearch } from "./lexical.ts";
import { DEFAULT_HYBRID, type HybridOptions } from "./hybrid-options.ts";
import type { QueryAnalysis } from "./query.ts";

export { DEFAULT_HYBRID, type HybridOptions };

export interface Ranked {
  row: MemoryRow;
  score: number;
}

interface Candidate {
  row: MemoryRow;
  bm25: number; // 0 when not a lexical candidate
  coverage: number; // share of the query's terms the memory contains
  lexRank: number | null;
  /** Rank among the memories of the period the query names (BM25 within it), when it names a short one. */
  periodRank: number | null;
  vecRank: number | null;
  semantic: number; // calibrated similarity, 0 without a vector
}

function dot(a: Float32Array, b: Float32Array): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
}

/** Cosine of x and y once the common direction u is removed from both (x, y, u unit length). */
export function calibrated(x: Float32Array, y: Float32Array, u: Float32Array | undefined): number {
  const sim = dot(x, y);
  if (!u) return sim;
  const a = dot(x, u);
  const b = dot(y, u);
  const norm = Math.sqrt(Math.max(1e-9, (1 - a * a) * (1 - b * b)));
  return (sim - a * b) / norm;
}

export function createHybridRetriever(deps: {
  lexical: LexicalSearch;
  vectors: VectorStore;
  memories: Pick<MemoryReader, "activeRows">;
  /** Approximate search for large projects (LanceDB; exact sqlite-vec KNN otherwise). */
  ann?: VectorIndex;
  /** The embedder's common direction (read when a search needs it: the embedded table loads on first use). */
  commonDirection?: () => Float32Array | undefined;
  options?: Partial<HybridOptions>;
}) {
  const { lexical, vectors, memories, ann } = deps;
  const o: HybridOptions = { ...DEFAULT_HYBRID, ...deps.options };

  /**
   * Lexical evidence is mostly coverage (how many of the query's terms the memory has): BM25 alone
   * is not comparable across projects (its IDF is near zero in a small or uniform project).
   */
  function confidence(c: Candidate): number {
    const lex = c.coverage * (0.7 + (0.3 * c.bm25) / (c.bm25 + o.lexicalHalf));
    const sem = Math.min(1, Math.max(0, (c.semantic - o.semanticFloor) / o.semanticSpan));
    return 1 - (1 - lex) * (1 - sem);
  }

  /** The BM25 candidates, by seq, with their lexical rank (and their rank in the period the query names). */
  function lexicalCandidates(projectId: string, q: QueryAnalysis, scope: Scope, n: number): Map<number, Candidate> {
    const bySeq = new Map<number, Candidate>();
    const stems = q.terms.map(stem);
    const others = q.terms.map((_, i) => [...(q.alternatives[i] ?? []), ...(q.forms[i] ?? [])]);
    const alternativeStems = others.map((a) => a.map(stem));
    const groups = q.terms.map((t, i) => [t, ...others[i]!]);
    const hits = lexical.search(
      projectId,
      groups,
      scope,
      n,
      // A scope user's memories may say "The user" rather than the name the question asks about.
      q.users.size ? [] : q.names,
    );
    const span = q.dates ? Date.parse(q.dates.to) - Date.parse(q.dates.from) : 0;
    const ofPeriod =
      q.dates && span <= o.periodDays * 86_400_000
        ? lexical.during(projectId, groups, scope, o.periodCandidates, q.dates)
        : [];
    const rows = memories.activeRows(projectId, [...new Set([...hits, ...ofPeriod].map((h) => h.seq))]);
    const add = (h: LexicalHit, rank: { lexRank: number | null; periodRank: number | null }) => {
      const known = bySeq.get(h.seq);
      if (known) {
        known.periodRank = rank.periodRank;
        return;
      }
      const r = rows.get(h.seq);
      if (!r) return;
      const has = coveredWithAlternatives(stems, alternativeStems, r.content);
      const coverageOf = q.terms.length ? has.filter(Boolean).length / q.terms.length : 0;
      bySeq.set(r.seq, {
        row: r,
        bm25: Math.max(0, h.bm25),
        coverage: coverageOf,
        ...rank,
        vecRank: null,
        semantic: 0,
      });
    };
    for (const [i, h] of hits.entries()) add(h, { lexRank: i + 1, periodRank: null });
    for (const [i, h] of ofPeriod.entries()) add(h, { lexRank: null, periodRank: i + 1 });
    return bySeq;
  }

  /** Adds the vector candidates' ranks and every candidate's calibrated similarity to `bySeq`. */
  function addVectorCandidates(
    bySeq: Map<number, Candidate>,
    projectId: string,
    vector: Float32Array,
    scope: Scope,
    n: number,
    approximate: VectorHit[] | null,
  ) {
    const commonDirection = deps.commonDirection?.();
    const hits = approximate ?? vectors.nearest(projectId, vector, n, scope);
    const fresh = hits.filter((h) => !bySeq.has(h.seq)).map((h) => h.seq);
    const rows = memories.activeRows(projectId, fresh);
    const wanted = [...bySeq.keys(), ...fresh];
    const stored = new Map(hits.flatMap((h) => (h.vector ? [[h.seq, h.vector] as const] : [])));
    for (const [seq, x] of vectors.vectorsOf(wanted.filter((s) => !stored.has(s)))) stored.set(seq, x);
    for (const [seq, c] of bySeq) {
      const x = stored.get(seq);
      if (x) c.semantic = calibrated(x, vector, commonDirection);
    }
    let rank = 0;
    for (const h of hits) {
      const known = bySeq.get(h.seq);
      const row = known?.row ?? rows.get(h.seq);
      if (!row) continue; // forgotten or changed since: never returned
      rank++;
      if (known) {
        known.vecRank = rank;
        continue;
      }
      const x = stored.get(h.seq);
      const semantic = x ? calibrated(x, vector, commonDirection) : h.similarity;
      if (semantic < o.vectorGate) continue; // near only in the way all texts are near
      bySeq.set(h.seq, { row, bm25: 0, coverage: 0, lexRank: null, periodRank: null, vecRank: rank, semantic });
    }
  }

  /** The query's name tests, made once per query. */
  const namePatterns = new WeakMap<QueryAnalysis, RegExp[]>();
  function patterns(q: QueryAnalysis): RegExp[] {
    if (!namePatterns.has(q)) namePatterns.set(q, q.names.map(namePattern));
    return namePatterns.get(q)!;
  }

  /** The words of the attributes a query asks for (empty for most queries), made once per query. */
  const attributeWords = new WeakMap<QueryAnalysis, string[]>();
  function statesAskedAttribute(q: QueryAnalysis, text: string): boolean {
    let words = attributeWords.get(q);
    if (!words) {
      words = q.alternatives.flatMap((a, i) => (a.length ? [q.terms[i]!, ...a] : [])).map(stem);
      attributeWords.set(q, words);
    }
    return words.length > 0 && covered(words, text).some(Boolean);
  }

  /** Reciprocal-rank fusion with the name, date and attribute boosts, and the candidate's confidence. */
  function fuse(c: Candidate, q: QueryAnalysis): { c: Candidate; fused: number; conf: number } {
    let fused =
      (c.lexRank ? 1 / (o.rrfK + c.lexRank) : 0) +
      (c.periodRank ? o.periodWeight / (o.rrfK + c.periodRank) : 0) +
      (c.vecRank ? o.vectorWeight / (o.rrfK + c.vecRank) : 0) +
      o.semanticWeight * Math.max(0, c.semantic);
    let boost = 1;
    // A memory of a scope user the query names is about them ("The user lives in Berlin" for Dana).
    const ofUser = c.row.user_id !== null && q.users.has(c.row.user_id) ? 1 : 0;
    const named = patterns(q).filter((p) => p.test(c.row.content)).length + ofUser;
    if (named > 0) boost *= 1 + o.nameBoost * Math.min(named, 2);
    if (q.dates && c.row.occurred_at && c.row.occurred_at >= q.dates.from && c.row.occurred_at < q.dates.to)
      boost *= 1 + o.dateBoost;
    if (statesAskedAttribute(q, c.row.content)) boost *= 1 + o.attributeBoost;
    fused *= boost;
    const unnamed = q.names.length > 0 && named === 0 ? o.unnamedFactor : 1;
    return { c, fused, conf: Math.min(1, confidence(c) * Math.min(boost, 1.25) * unnamed) };
  }

  /**
   * "What did X do first?": among the best matches, the earlier (or, for "last", the later) a memory's
   * event, the higher it moves (up to `orderBoost`), then the list is sorted again.
   */
  function inTimeOrder(ranked: Array<{ c: Candidate; fused: number }>, order: "first" | "last") {
    const top = ranked.slice(0, o.orderWindow).filter((r) => r.c.row.occurred_at);
    const byTime = [...top].sort((a, b) => a.c.row.occurred_at!.localeCompare(b.c.row.occurred_at!));
    if (order === "last") byTime.reverse();
    byTime.forEach((r, i) => {
      r.fused *= 1 + o.orderBoost * (1 - i / Math.max(1, byTime.length - 1));
    });
    ranked.sort((a, b) => b.fused - a.fused || b.c.row.seq - a.c.row.seq);
  }

  return {
    options: o,
    /** Best first. `vector`: the query's embedding by the store's model (null: lexical only, none of that model yet). */
    async search(
      projectId: string,
      q: QueryAnalysis,
      vector: Float32Array | null,
      scope: Scope,
      limit: number,
    ): Promise<Ranked[]> {
      const n = Math.max(o.candidates, limit * 2);
      // The approximate search (LanceDB, large projects) scans on LanceDB's threads while BM25 runs here.
      const approximate =
        vector && ann ? await ann.begin(projectId, vector, Math.max(o.approximateCandidates, limit * 2), scope) : null;
      const bySeq = lexicalCandidates(projectId, q, scope, n);
      if (vector) addVectorCandidates(bySeq, projectId, vector, scope, n, approximate && (await approximate.hits));
      const ranked = [...bySeq.values()].map((c) => fuse(c, q));
      ranked.sort((a, b) => b.fused - a.fused || b.c.row.seq - a.c.row.seq);
      if (q.order) inTimeOrder(ranked, q.order);
      if (q.several) spreadOverDays(ranked, (r) => r.c.row.occurred_at, o.spreadFactor, Math.max(limit, o.orderWindow));
      let ceiling = 1;
      return ranked.slice(0, limit).map(({ c, conf }) => {
        ceiling = Math.min(ceiling, conf);
        return { row: c.row, score: Math.round(ceiling * 1e4) / 1e4 };
      });
    },
  };
}

export type HybridRetriever = ReturnType<typeof createHybridRetriever>;
