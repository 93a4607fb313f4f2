// `engram admin reindex`: marks memories' vectors for re-making from their text (all projects, or
// one). Only the bookkeeping is cleared: search keeps using the current vectors until the server's
// indexer (within its 30 s poll) has replaced each one, and the approximate index follows each
// replacement. Works on the data directory directly, also while the server runs.
import type { Db } from "../storage/db.ts";
import { ApiError } from "../errors/api-error.ts";

export function markForReindex(db: Db, projectId: string | null): number {
  return db.transaction(() => {
    if (projectId === null) return db.run("DELETE FROM memory_embeddings").changes;
    if (!db.query("SELECT 1 FROM projects WHERE id = ? AND deleted_at IS NULL").get(projectId)) {
      throw new ApiError("not_found", { detail: `No project ${projectId}.` });
    }
    return db.run("DELETE FROM memory_embeddings WHERE memory_seq IN (SELECT seq FROM memories WHERE project_id = ?)", [projectId]).changes;
  }).immediate();
}
