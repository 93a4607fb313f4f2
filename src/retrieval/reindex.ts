// `engram admin reindex`: marks memories' vectors for re-making from their text (all projects, or
// one). Only the bookkeeping is cleared: search keeps using the current vectors until the server's
// indexer (within its 30 s poll) has replaced each one, and the approximate index follows each
// replacement. Works on the data directory directly, also while the server runs.
import type { Db } from "../storage/db.ts";
import type { VectorStore } from "./vector-store.ts";
import type { VectorBookkeeping } from "./ports.ts";

export function markForReindex(
  deps: { db: Db; store: VectorStore; memories: Pick<VectorBookkeeping, "seqsOf"> },
  projectId: string | null,
): number {
  return deps.db
    .transaction(() => deps.store.forgetMade(projectId === null ? null : deps.memories.seqsOf(projectId)))
    .immediate();
}

/** Asks the running server to fill a fresh LanceDB table from SQLite (lance-sync.ts). Returns whether one exists. */
export function requestTableRebuild(db: Db): boolean {
  return db.run("UPDATE vector_table SET rebuild = 1 WHERE id = 1").changes > 0;
}
