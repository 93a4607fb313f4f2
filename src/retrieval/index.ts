// The read path's entry: embeds the query (when the stored vectors are the embedder's), analyses it
// (names, dates), and ranks with the hybrid retriever. The service applies feedback on top.
import type { Clock } from "../shared/clock.ts";
import type { Meter } from "../shared/meter.ts";
import type { Scope } from "../memories/types.ts";
import type { Db } from "../storage/db.ts";
import { createLexicalSearch } from "./lexical.ts";
import { EmbeddingError, type Embedder } from "../models/embedder.ts";
import { ApiError } from "../errors/api-error.ts";
import { createHybridRetriever, DEFAULT_HYBRID, type HybridOptions, type Ranked } from "./hybrid.ts";
import { analyseQuery } from "./query.ts";
import type { VectorStore } from "./vector-store.ts";
import type { AnnIndex } from "./ann-index.ts";
import { CONTEXT_THRESHOLD, RECALL_THRESHOLD } from "../config.ts";

export interface Retrieval {
  search(projectId: string, query: string, scope: Scope, limit: number, meter: Meter): Promise<Ranked[]>;
  readonly recallThreshold: number;
  readonly contextThreshold: number;
}

export function createRetrieval(deps: {
  db: Db;
  vectors: VectorStore;
  embedder: Embedder;
  clock: Clock;
  options?: Partial<HybridOptions>;
  ann?: AnnIndex;
  recallThreshold?: number;
  contextThreshold?: number;
}): Retrieval {
  const { vectors, embedder, clock } = deps;
  const options: HybridOptions = { ...DEFAULT_HYBRID, ...deps.options };
  const lexical = createLexicalSearch(deps.db, { contextWeight: options.contextWeight });
  const hybrid = createHybridRetriever({ lexical, vectors, ann: deps.ann, commonDirection: () => embedder.commonDirection, options });

  /** The query's vector, or null while the store holds no vectors of this embedder (lexical only). */
  async function embedQuery(query: string, meter: Meter): Promise<Float32Array | null> {
    if (vectors.model() !== embedder.model) return null;
    const started = performance.now();
    try {
      if (embedder.embedSync) return embedder.embedSync([query])[0]!;
      return (await embedder.embed([query]))[0]!;
    } catch (err) {
      if (!(err instanceof EmbeddingError)) throw err;
      throw new ApiError("upstream_failure", {
        status: err.timedOut ? 504 : 502,
        detail: err.timedOut ? "The embedding provider timed out." : "The embedding provider failed.",
        cause: err,
      });
    } finally {
      meter.timings.set("embed", (meter.timings.get("embed") ?? 0) + performance.now() - started);
    }
  }

  return {
    recallThreshold: deps.recallThreshold ?? RECALL_THRESHOLD,
    contextThreshold: deps.contextThreshold ?? CONTEXT_THRESHOLD,
    async search(projectId, query, scope, limit, meter) {
      const vector = await embedQuery(query, meter);
      const analysis = analyseQuery(query, clock.now());
      return meter.time("search", () => hybrid.search(projectId, analysis, vector, scope, limit));
    },
  };
}
