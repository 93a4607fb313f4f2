// The vector indexer: makes the vectors that are missing or stale (a memory written while a remote
// provider was in use, a changed text, a sample, every memory after a change of model) in the
// background, a batch at a time. Embedding happens outside any transaction; each batch is written in
// one transaction, skipping memories that changed meanwhile. Provider failures are retried with
// backoff; search keeps answering (lexically for memories without a current vector) meanwhile.
// Tests step it with runOnce() / runUntilIdle().
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import type { Embedder } from "../models/embedder.ts";
import { embeddingText, type VectorStore } from "./vector-store.ts";
import type { VectorBookkeeping } from "./ports.ts";
import { createWorkLoop } from "../shared/work-loop.ts";

const POLL_MS = 30_000; // catches writes made without the vector hook (samples written by the admin CLI)
const BACKOFF_MAX_MS = 300_000;

export interface VectorIndexer {
  /** Embeds one batch. Returns how many vectors were written (0 = nothing to do). Throws on provider failure. */
  runOnce(): Promise<number>;
  runUntilIdle(): Promise<number>;
  start(): void;
  notify(): void;
  close(): Promise<void>;
}

export function createVectorIndexer(deps: {
  db: Db;
  clock: Clock;
  store: VectorStore;
  memories: Pick<VectorBookkeeping, "vectorBacklog" | "versionOf">;
  embedder: Embedder;
  logger: Logger;
  batchSize?: number;
}): VectorIndexer {
  const { db, clock, store, memories, embedder, logger } = deps;
  const batchSize = deps.batchSize ?? (embedder.embedSync ? 512 : 64);

  async function ensureModel(): Promise<void> {
    if (embedder.dims === 0) await embedder.embed(["engram"]); // a provider tells its vector size by answering
    if (store.model() !== embedder.model || store.dims() !== embedder.dims) {
      if (store.adopt(embedder.model, embedder.dims, clock.now().toISOString())) {
        logger.info(
          { model: embedder.model, dims: embedder.dims },
          "embedding model changed: re-embedding memories in the background",
        );
      }
    }
  }

  async function runOnce(): Promise<number> {
    await ensureModel();
    const batch = memories.vectorBacklog(store.model(), batchSize);
    if (batch.length === 0) return 0;
    const vectors = await embedder.embed(batch.map(embeddingText));
    const now = clock.now().toISOString();
    return db
      .transaction(() => {
        let written = 0;
        batch.forEach((m, i) => {
          const row = memories.versionOf(m.seq);
          if (row?.status !== "active" || row.version !== m.version) return; // changed while we embedded
          store.put(m, embedder.model, vectors[i]!, now);
          written++;
        });
        return written || batch.length; // progress even if every memory changed meanwhile
      })
      .immediate();
  }

  let failures = 0;
  const loop = createWorkLoop(async () => {
    try {
      const worked = (await runOnce()) > 0;
      failures = 0;
      return { worked, sleepMs: POLL_MS };
    } catch (err) {
      failures++;
      const delay = Math.min(1_000 * 2 ** (failures - 1), BACKOFF_MAX_MS);
      logger.warn({ err: String(err), retry_in_ms: delay }, "embedding failed; vectors will be made later");
      return { worked: false, sleepMs: delay };
    }
  });

  return {
    runOnce,
    async runUntilIdle() {
      let n = 0;
      for (let k = await runOnce(); k > 0; k = await runOnce()) n += k;
      return n;
    },
    start: () => loop.start(),
    notify() {
      if (failures === 0) loop.notify(); // during backoff, wait for the backoff
    },
    close: () => loop.close(),
  };
}
