// Storage faults the request path must survive: another connection holding SQLite's write lock (the
// admin CLI, the formation thread, a backup tool) and a full disk.
// The request thread's connection waits only briefly for a lock (storage/db.ts BUSY_TIMEOUT_MS),
// because the wait is synchronous and holds every request; both transports try again on a timer
// instead. A full disk cannot be waited out within a request: the write is refused at once.
import { statfsSync } from "node:fs";
import { ApiError } from "../errors/api-error.ts";

/** Waits between tries: ~1.6 s in all, the request thread serving others meanwhile. */
const BUSY_WAITS_MS = [25, 50, 100, 200, 400, 800];

/** Seconds a client is asked to wait before writing again to a full disk. */
export const FULL_RETRY_AFTER_S = 30;

function codeOf(err: unknown): string | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : null;
}

/** Whether an error is SQLite's "database is locked". */
export function isBusy(err: unknown): boolean {
  const code = codeOf(err);
  return code !== null && (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_"));
}

/**
 * Whether an error is a full disk: SQLite's "database or disk is full", or a write the file system
 * refused for want of space (ENOSPC, which SQLite may report as an I/O error).
 */
export function isFull(err: unknown): boolean {
  const code = codeOf(err);
  if (code === "SQLITE_FULL" || code === "ENOSPC") return true;
  return code?.startsWith("SQLITE_IOERR") === true && /no space|disk is full/i.test(String(err));
}

/** Bytes free for this user on the file system holding `dir`; null when it cannot be told. */
export function freeBytes(dir: string): number | null {
  try {
    const s = statfsSync(dir);
    return Number(s.bavail) * Number(s.bsize);
  } catch {
    return null;
  }
}

/**
 * SQLite cannot open a WAL database on a file system with no room for its shared-memory file, so a
 * start on a full disk fails with "disk I/O error"; this says what it is and what to do.
 */
export function explainStartFailure(dataDir: string, err: unknown): unknown {
  const free = freeBytes(dataDir);
  if (free === null || free >= 1024 * 1024) return err;
  return new Error(
    `the file system holding ${dataDir} is full (${free} bytes free), so the database cannot be opened (${err instanceof Error ? err.message : String(err)}). Free some space and start again; nothing stored was lost.`,
  );
}

/** The refusal of a write while the disk is full: 503 with Retry-After, naming storage. */
export function storageFull(): ApiError {
  return new ApiError("capacity_exceeded", {
    reason: "storage_full",
    detail:
      "The server's disk is full, so nothing can be stored; reads are still served. Retry once the operator has freed space.",
    retryAfter: FULL_RETRY_AFTER_S,
  });
}

/**
 * Runs `fn`, trying again after a timer while SQLite answers "database is locked"; then 503
 * capacity_exceeded naming storage. A busy error comes from a transaction's first write, so nothing
 * of a failed try was kept. A full disk is 503 capacity_exceeded, reason storage_full, at once (the
 * failed transaction was rolled back, so nothing of it was kept either).
 */
export async function retryBusy<T>(fn: () => T | Promise<T>, onFull?: (err: unknown) => void): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (err) {
      if (isFull(err)) {
        onFull?.(err);
        throw storageFull();
      }
      if (!isBusy(err)) throw err;
      const wait = BUSY_WAITS_MS[i];
      if (wait === undefined)
        throw new ApiError("capacity_exceeded", {
          reason: "storage_busy",
          detail: "The database is locked by another process (an admin command or a backup); retry shortly.",
          retryAfter: 1,
        });
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}
