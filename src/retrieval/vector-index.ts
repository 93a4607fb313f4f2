// The approximate path of vector search: projects with many vectors are searched in the LanceDB table
// (lance-sync.ts keeps it, lance-table.ts indexes it), prefiltered by project and scope inside
// LanceDB; small projects keep the exact path (sqlite-vec), and so does every project while no table
// of the current model is ready (first fill, a change of model) or when LanceDB fails: search keeps
// answering. The caller keeps only hits that are active rows, so a memory forgotten a moment ago
// never comes back even before its row leaves the table.
import type { Scope } from "../domain/scope.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import type { VectorBookkeeping } from "./ports.ts";
import type { LanceSync } from "./lance-sync.ts";
import type { VectorHit, VectorStore } from "./vector-store.ts";

export interface VectorIndexOptions {
  /** Projects with at least this many vectors are searched through the approximate index. */
  minVectors: number;
}

export const DEFAULT_VECTOR_INDEX: VectorIndexOptions = { minVectors: 5_000 };

const SIZE_TTL_MS = 60_000;

type Counts = Pick<VectorBookkeeping, "vectorCount" | "vectorCounts">;

/** Whether any project is large enough for the approximate index (the total first: cheap when small). */
export function anyLargeProject(store: Pick<VectorStore, "count">, counts: Counts, minVectors: number): boolean {
  return store.count() >= minVectors && counts.vectorCounts().some((p) => p.n >= minVectors);
}

export interface ApproximateSearch {
  hits: Promise<VectorHit[] | null>;
}

export interface VectorIndex {
  readonly options: VectorIndexOptions;
  /**
   * Starts the approximate k-nearest search and resolves once it runs on LanceDB's threads, to the
   * promise of its hits (null, never a rejection: the exact path answers after a failure); null at once
   * when the exact path answers (small project, no table ready).
   */
  begin(projectId: string, vector: Float32Array, k: number, scope: Scope): Promise<ApproximateSearch | null>;
}

export function createVectorIndex(deps: {
  store: Pick<VectorStore, "model" | "dims">;
  counts: Counts;
  sync: Pick<LanceSync, "serving" | "want">;
  clock: Clock;
  logger: Logger;
  options?: Partial<VectorIndexOptions>;
}): VectorIndex {
  const { store, counts, sync, clock, logger } = deps;
  const options: VectorIndexOptions = { ...DEFAULT_VECTOR_INDEX, ...deps.options };
  const sizes = new Map<string, { n: number; at: number }>();

  function large(projectId: string): boolean {
    const now = clock.now().getTime();
    const cached = sizes.get(projectId);
    if (cached && now - cached.at < SIZE_TTL_MS) return cached.n >= options.minVectors;
    const n = counts.vectorCount(projectId);
    sizes.set(projectId, { n, at: now });
    return n >= options.minVectors;
  }

  return {
    options,
    async begin(projectId, vector, k, scope) {
      if (!large(projectId)) return null;
      const table = sync.serving(store.model());
      if (!table) {
        sync.want(); // a project has grown large: the table is made (or opened) in the background
        return null;
      }
      if (vector.length !== store.dims()) return { hits: Promise.resolve([]) };
      const failed = (err: unknown) => {
        logger.warn({ err: String(err) }, "LanceDB search failed; answered by exact search");
        return null;
      };
      try {
        const search = await table.begin(projectId, vector, k, scope);
        return { hits: search.hits.catch(failed) };
      } catch (err) {
        return failed(err);
      }
    },
  };
}
