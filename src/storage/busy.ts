// Another connection holding SQLite's write lock (the admin CLI, the formation thread, a backup tool).
// The request thread's connection waits only briefly (storage/db.ts BUSY_TIMEOUT_MS), because the wait
// is synchronous and holds every request; both transports try again on a timer instead.
import { ApiError } from "../errors/api-error.ts";

/** Waits between tries: ~1.6 s in all, the request thread serving others meanwhile. */
const BUSY_WAITS_MS = [25, 50, 100, 200, 400, 800];

/** Whether an error is SQLite's "database is locked". */
export function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && (code === "SQLITE_BUSY" || code.startsWith("SQLITE_BUSY_"));
}

/**
 * Runs `fn`, trying again after a timer while SQLite answers "database is locked"; then 503
 * capacity_exceeded naming storage. A busy error comes from a transaction's first write, so nothing
 * of a failed try was kept.
 */
export async function retryBusy<T>(fn: () => T | Promise<T>): Promise<T> {
  for (let i = 0; ; i++) {
    try {
      return await fn();
    } catch (err) {
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
