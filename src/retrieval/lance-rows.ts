// Reads memory vectors out of SQLite as the LanceDB table files them: the current vector of each
// memory (none for a forgotten, changed or deleted one, nor for a deleted project's), with its
// project and scope columns. Point lookups by seq (~10 µs each in sqlite-vec), so no read
// transaction is held across the table's asynchronous writes.
import type { Db } from "../storage/db.ts";
import { SCOPE_FIELDS } from "../domain/scope.ts";
import type { LanceRow } from "./lance-table.ts";

type StoredRow = Record<(typeof SCOPE_FIELDS)[number], string> & {
  memory_seq: number;
  project_id: string;
  embedding: Uint8Array;
};

/** Projects deleted (their vectors stay in SQLite with their memories, but leave the table). */
function deletedProjects(db: Db): Set<string> {
  return new Set(
    db
      .query<{ id: string }, []>("SELECT id FROM projects WHERE deleted_at IS NOT NULL")
      .all()
      .map((r) => r.id),
  );
}

/** Seqs of every vector the table should hold, in order. */
export function vectorSeqs(db: Db): number[] {
  const deleted = deletedProjects(db);
  return db
    .query<{ memory_seq: number; project_id: string }, []>("SELECT memory_seq, project_id FROM memory_vectors")
    .all()
    .filter((r) => !deleted.has(r.project_id))
    .map((r) => r.memory_seq)
    .sort((a, b) => a - b);
}

/** The current rows of the given memories (those that have a vector of `dims` in a live project). */
export function readVectorRows(db: Db, seqs: number[], dims: number): LanceRow[] {
  const deleted = deletedProjects(db);
  const get = db.query<StoredRow, [number]>(
    `SELECT memory_seq, project_id, ${SCOPE_FIELDS.join(", ")}, embedding FROM memory_vectors WHERE memory_seq = ?`,
  );
  const rows: LanceRow[] = [];
  for (const seq of seqs) {
    const r = get.get(seq);
    if (!r || deleted.has(r.project_id) || r.embedding.byteLength !== dims * 4) continue;
    const e = r.embedding;
    rows.push({
      memory_seq: r.memory_seq,
      project_id: r.project_id,
      organization_id: r.organization_id ?? "",
      user_id: r.user_id ?? "",
      application_id: r.application_id ?? "",
      agent_id: r.agent_id ?? "",
      team_id: r.team_id ?? "",
      vector: new Float32Array(e.buffer.slice(e.byteOffset, e.byteOffset + e.byteLength)),
    });
  }
  return rows;
}
