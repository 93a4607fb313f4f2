// The thread that copies the database for a backup (storage/backup.ts): VACUUM INTO on a connection
// of its own, so that the main thread stays free to show how far the copy is. Also one of build.ts's
// entrypoints, so the compiled binary carries it.
import { Database } from "bun:sqlite";

export interface SnapshotRequest {
  source: string;
  into: string;
  busyTimeoutMs: number;
}

export type SnapshotResult = { ok: true } | { ok: false; message: string; code: string | null };

declare const self: Worker;

self.onmessage = (event: MessageEvent<SnapshotRequest>) => {
  const { source, into, busyTimeoutMs } = event.data;
  let db: Database | null = null;
  let result: SnapshotResult = { ok: true };
  try {
    // Read-write but never written: VACUUM INTO only reads the source, inside one read transaction.
    db = new Database(source, { readwrite: true, create: false, strict: true });
    db.run(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    db.run("VACUUM INTO ?", [into]);
  } catch (err) {
    const code = (err as { code?: unknown }).code;
    result = {
      ok: false,
      message: err instanceof Error ? err.message : String(err),
      code: typeof code === "string" ? code : null,
    };
  } finally {
    db?.close();
  }
  self.postMessage(result);
};
