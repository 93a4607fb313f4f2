// The hybrid retriever's weights and counts (hybrid.ts), each measured on LoCoMo dev with
// bench/retrieval-quality.ts; a deployment may override them (app.ts's `hybrid`).
import { DEFAULT_CONTEXT_WEIGHT } from "./lexical.ts";

export interface HybridOptions {
  /** RRF constant (rank offset). */
  rrfK: number;
  /** Weight of the vector list in the fusion (the lexical list weighs 1). */
  vectorWeight: number;
  /** Weight of the calibrated similarity added to the fused rank score (breaks near-ties by meaning). */
  semanticWeight: number;
  /** Multiplier per name of the query that a memory mentions (two at most count). */
  nameBoost: number;
  /** Multiplier for a memory whose occurred_at falls in the period the query names. */
  dateBoost: number;
  /** For a question asking an attribute ("Where does X live?"), a memory that states it ("moved to"). */
  attributeBoost: number;
  /**
   * Confidence multiplier for a memory that mentions none of the names the query asks about: weak
   * evidence for recall ("What did Melanie research?" answered by Caroline's research). Ranking is
   * unchanged. On LoCoMo dev: recall's not_found on questions about things never said 0% → 21%,
   * on answerable ones 1.3% → 2.6% (bench/retrieval-quality.ts).
   */
  unnamedFactor: number;
  /** BM25 score at which its part of lexical confidence is 0.5 (query-term coverage is the rest). */
  lexicalHalf: number;
  /** Calibrated similarity at which semantic confidence starts, and the span to full confidence. */
  semanticFloor: number;
  semanticSpan: number;
  /** Calibrated similarity a memory found only by its vector needs to be returned at all. */
  vectorGate: number;
  /** Candidates taken from each list (at least; more for large limits); fewer from LanceDB's (its time grows with k). */
  candidates: number;
  approximateCandidates: number;
  /** BM25 weight of a memory's search context against its own text (the lexical search applies it). */
  contextWeight: number;
  /** For a question asking what came first (or last): the best matches reordered by event time ... */
  orderWindow: number;
  /** ... the earliest (latest) moving up by this share of its rank score at most. */
  orderBoost: number;
  /**
   * A query naming a period of at most this many days ("on 3 June 2023", "in May 2023") also ranks that
   * period's memories by BM25 (any of its words): a memory of the day asked about seldom shares more
   * than the name with the question ("What new activity did Maria start, as mentioned on 3 June?"), and
   * among all of the person's memories it falls below the candidates; the date boost needs it there ...
   */
  periodDays: number;
  /** ... taking this many of them as candidates ... */
  periodCandidates: number;
  /** ... their rank in that list counting this much against the lexical list's. */
  periodWeight: number;
  /**
   * For a question asking for several things ("What has Melanie painted?"): among the memories returned
   * (`orderWindow` at least), one counts this much less for each memory of its day ranked above it.
   */
  spreadFactor: number;
}

export const DEFAULT_HYBRID: HybridOptions = {
  rrfK: 20,
  vectorWeight: 0.5,
  semanticWeight: 0.02,
  nameBoost: 0.3,
  dateBoost: 0.5,
  attributeBoost: 0.5,
  unnamedFactor: 0.3,
  lexicalHalf: 6,
  semanticFloor: 0.2,
  semanticSpan: 0.5,
  vectorGate: 0.3,
  candidates: 50,
  approximateCandidates: 50,
  contextWeight: DEFAULT_CONTEXT_WEIGHT,
  orderWindow: 10,
  orderBoost: 0.3,
  periodDays: 31,
  periodCandidates: 20,
  periodWeight: 1,
  spreadFactor: 0.9,
};
