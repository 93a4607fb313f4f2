// What the read path needs of the memories it ranks. memories/ owns those tables and implements
// these (repository.ts, search-queries.ts); app.ts hands them in.
import type { MemoryRow, Rating, RelatedMemory } from "../domain/memory.ts";
import type { Scope } from "../domain/scope.ts";

/** Rows, relationships and feedback of memories. */
export interface MemoryReader {
  /** The active memories of the project among `seqs`, by seq. */
  activeRows(projectId: string, seqs: number[]): Map<number, MemoryRow>;
  getActive(projectId: string, id: string): MemoryRow | null;
  /** Relationships in either direction, to active memories only, strongest first. */
  relationships(id: string): Array<Pick<RelatedMemory, "memory_id" | "type">>;
  /** The entities (lower-case names) each of the given memories is about. */
  entitiesOf(ids: string[]): Map<string, string[]>;
  /** Latest rating per memory among the given ids. */
  latestRatings(ids: string[]): Map<string, Rating>;
}

export interface LexicalHit {
  seq: number;
  /** BM25 (FTS5's sign flipped: higher is better). */
  bm25: number;
}

/** The full-text index over memories (FTS5: their text, then their search context). */
export interface LexicalIndex {
  /**
   * The project's active memories matching `scope` and the FTS5 expression, best BM25 first (or newest
   * first). `rankFirst` (worth it when the project holds much of the index): rank the best that many
   * matches of every project first and filter them, falling back to the full join when too few are left.
   */
  matches(
    projectId: string,
    match: string,
    scope: Scope,
    limit: number,
    order: "bm25" | "recent",
    weights: readonly [number, number],
    rankFirst?: number,
    /** Only memories whose event falls in this period (ISO 8601: from inclusive, to exclusive). */
    during?: { from: string; to: string },
  ): LexicalHit[];
  /** Active memories of the project. */
  activeCount(projectId: string): number;
  /** Memories ever indexed, every project together (the highest seq). */
  indexedCount(): number;
  /** Memories of every project matching the FTS5 expression. */
  matchCount(match: string): number;
}

/** A memory as its vector is filed: by seq, with the scope columns vector search filters on. */
export interface VectorTarget {
  seq: number;
  project_id: string;
  version: number;
  organization_id: string | null;
  user_id: string | null;
  application_id: string | null;
  agent_id: string | null;
  team_id: string | null;
}

/** Which memories need a vector, and how many a project has. */
export interface VectorBookkeeping {
  /** Active memories whose vector is missing, of another model or of an older version (oldest first). */
  vectorBacklog(model: string, limit: number): Array<VectorTarget & { content: string; context: string }>;
  /** A memory's current version and status (null when there is none). */
  versionOf(seq: number): { version: number; status: string } | null;
  /** Vectors of the project's memories. */
  vectorCount(projectId: string): number;
  /** Vectors per project, for every project that has any. */
  vectorCounts(): Array<{ project_id: string; n: number }>;
  /** Every memory of the project, by seq (forgotten ones too). */
  seqsOf(projectId: string): number[];
}

/** The project's named scope users (memories/people.ts): a question naming one asks about "the user". */
export interface UserDirectory {
  named(projectId: string): Array<{ userId: string; name: string }>;
}
