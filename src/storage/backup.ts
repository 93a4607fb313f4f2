// `engram admin backup`: a consistent copy of a data directory in one file (backup-format.ts), taken
// while the server runs and writes.
//
// The database is copied with `VACUUM INTO`, not `db.serialize()` (bun:sqlite has no sqlite3_backup).
// Both read a single snapshot inside one read transaction, so under WAL the server keeps committing
// while the copy runs and the copy holds exactly the commits before it began, never half of one. But
// serialize() builds the whole database in memory as one buffer, where VACUUM INTO writes the
// snapshot to the file as it reads it (free pages dropped), and its result is a self-contained
// database in rollback-journal mode: no -wal file beside it holding part of the data. It runs on a
// connection of its own in a worker thread (snapshot-worker.ts), which leaves this thread free to
// report progress: the file's growth against the pages the database uses.
//
// The extra files (vector files under <data>/vectors/, when there are any) are derived from SQLite
// and copied after the snapshot, as they are at that moment: at start the vector sync winds a table
// ahead of the snapshot's mark back to the mark's version (retrieval/lance-sync.ts).
import { Database } from "bun:sqlite";
import { closeSync, existsSync, fchmodSync, fsyncSync, openSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve, sep } from "node:path";
import { noProgress, type ProgressSink } from "../domain/progress.ts";
import { VERSION } from "../version.ts";
import { databaseFile } from "./integrity.ts";
import { type Manifest, schemaVersionOf, writeBackupTables } from "./backup-format.ts";
import type { SnapshotRequest, SnapshotResult } from "./snapshot-worker.ts";

export interface BackupReport extends Manifest {
  file: string;
  bytes: number;
}

const BUSY_TIMEOUT_MS = 5_000;
const POLL_MS = 100;
// The entry is also one of build.ts's entrypoints: in the compiled binary it is found by its path
// under src/ (the entrypoints' common root), in a source checkout beside this file.
const WORKER_ENTRY = import.meta.url.includes("/$bunfs/")
  ? "./storage/snapshot-worker.ts"
  : new URL("./snapshot-worker.ts", import.meta.url).href;

/** The pages the database uses, in bytes (what the copy will be, about), and its schema version. */
function inspectSource(file: string): { bytes: number; schemaVersion: number } {
  const db = new Database(file, { readwrite: true, create: false, strict: true });
  try {
    db.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const pragma = (name: string) => Object.values(db.query(`PRAGMA ${name}`).get() as object)[0] as number;
    const schemaVersion = schemaVersionOf(db);
    if (schemaVersion === null) throw new Error(`${file} is not an Engram database (it has no Engram tables).`);
    return { bytes: (pragma("page_count") - pragma("freelist_count")) * pragma("page_size"), schemaVersion };
  } finally {
    db.close();
  }
}

/** VACUUM INTO `into` on the worker thread; `onBytes` hears the file's size as it grows. */
function snapshot(
  source: string,
  into: string,
  onBytes: (bytes: number) => void,
  signal: AbortSignal | undefined,
): Promise<void> {
  return new Promise((done, fail) => {
    if (signal?.aborted) return fail(signal.reason);
    const worker = new Worker(WORKER_ENTRY);
    const timer = setInterval(() => {
      if (existsSync(into)) onBytes(statSync(into).size);
    }, POLL_MS);
    const abort = () => finish(signal?.reason as Error);
    const finish = (err?: Error) => {
      clearInterval(timer);
      signal?.removeEventListener("abort", abort);
      worker.terminate();
      if (err) fail(err);
      else done();
    };
    signal?.addEventListener("abort", abort);
    worker.onmessage = (event: MessageEvent<SnapshotResult>) => {
      const r = event.data;
      if (r.ok) finish();
      else finish(Object.assign(new Error(r.message), { code: r.code ?? undefined }));
    };
    worker.onerror = (event) => finish(new Error(`the copying thread failed: ${event.message}`));
    worker.postMessage({ source, into, busyTimeoutMs: BUSY_TIMEOUT_MS } satisfies SnapshotRequest);
  });
}

function fsyncPath(path: string, flags: "r" | "r+" = "r"): void {
  const fd = openSync(path, flags);
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Lets a pending signal handler run (they run between turns of the event loop), then stops if it aborted. */
export async function checkAborted(signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return;
  await new Promise((r) => setImmediate(r));
  signal.throwIfAborted();
}

/**
 * Backs the data directory up into the file `to` (0600: it holds memories and key hashes). The copy
 * is written beside `to` under a temporary name and renamed into place once complete and checked,
 * so `to` is never a partial backup. An existing `to` is replaced only with `force`.
 */
export async function backupDataDir(
  dataDir: string,
  to: string,
  opts: { force?: boolean; progress?: ProgressSink; now?: () => Date; signal?: AbortSignal } = {},
): Promise<BackupReport> {
  const progress = opts.progress ?? noProgress;
  const source = databaseFile(dataDir);
  if (!existsSync(source) || statSync(source).size === 0)
    throw new Error(`No Engram data in ${dataDir} (give --data DIR or set ENGRAM_DATA_DIR).`);
  const target = resolve(to);
  if (!existsSync(dirname(target))) throw new Error(`The directory ${dirname(target)} does not exist.`);
  if (`${target}${sep}`.startsWith(`${resolve(dataDir)}${sep}`))
    throw new Error(
      `Write the backup outside the data directory ${resolve(dataDir)} (a backup kept in it goes with it).`,
    );
  if (existsSync(target) && !opts.force) throw new Error(`${target} exists already; give --force to replace it.`);

  const { bytes: estimate } = inspectSource(source);
  const tmp = join(dirname(target), `.${basename(target)}.${process.pid}.partial`);
  try {
    const fd = openSync(tmp, "wx", 0o600); // VACUUM INTO accepts an empty file: this one is owner-only from the start
    fchmodSync(fd, 0o600);
    closeSync(fd);
    progress.stage("copying the database", estimate, "bytes");
    await snapshot(source, tmp, (bytes) => progress.update(Math.min(bytes, estimate)), opts.signal);
    progress.update(estimate);
    await checkAborted(opts.signal);

    const db = new Database(tmp, { readwrite: true, create: false, strict: true });
    let manifest: Manifest;
    try {
      db.run("PRAGMA journal_mode = DELETE"); // one file: nothing of the backup in a -wal beside it
      const schemaVersion = schemaVersionOf(db) ?? 0;
      const about = {
        created_at: (opts.now?.() ?? new Date()).toISOString(),
        engram_version: VERSION,
        schema_version: schemaVersion,
      };
      manifest = writeBackupTables(db, dataDir, about, progress);
      progress.stage("checking the copy", 1, "items");
      const verdict = db.query<{ quick_check: string }, []>("PRAGMA quick_check").all();
      if (verdict.length !== 1 || verdict[0]!.quick_check !== "ok")
        throw new Error(`the copy failed SQLite's check: ${verdict.map((r) => r.quick_check).join("; ")}`);
      progress.update(1);
    } finally {
      db.close();
    }
    fsyncPath(tmp, "r+");
    await checkAborted(opts.signal); // the last moment: once renamed, the backup is there
    renameSync(tmp, target);
    fsyncPath(dirname(target));
    return { ...manifest, file: target, bytes: statSync(target).size };
  } catch (err) {
    for (const f of [tmp, `${tmp}-journal`, `${tmp}-wal`, `${tmp}-shm`]) rmSync(f, { force: true });
    throw err;
  }
}
