// Opens the SQLite database: explicit pragmas in one place, migrations applied in order.
import { Database } from "bun:sqlite";
import { chmodSync, mkdirSync, statSync } from "node:fs";
import { MIGRATIONS } from "./migrations/index.ts";
import { loadVec, materialiseVecExtension } from "./sqlite-vec.ts";
import { assertEngramSchema, databaseFile, describeOpenError, inspectBeforeOpen } from "./integrity.ts";

export type Db = Database;

const PRAGMAS = [
  "PRAGMA journal_mode = WAL",
  // NORMAL in WAL mode: a commit survives a process crash (kill -9) without an fsync each time.
  // Commits that a 202 promises go through `durably`, which fsyncs (power loss too).
  "PRAGMA synchronous = NORMAL",
  "PRAGMA foreign_keys = ON",
  "PRAGMA temp_store = MEMORY",
  "PRAGMA cache_size = -65536",
  // Reads through a memory map (up to 2 GiB of the file): a memory's vector sits inside sqlite-vec's
  // 1 MB chunk blobs, and a read at an offset follows the blob's overflow pages; mapped, 100 scattered
  // vector reads at 100k memories take ~1 ms instead of ~13 (bench/retrieval-speed.ts). Writes are unchanged.
  "PRAGMA mmap_size = 2147483648",
];

/** Sets an exact mode (mkdir's and SQLite's are filtered by the umask) when it is not that already. */
function setMode(path: string, mode: number): void {
  try {
    if ((statSync(path).mode & 0o777) !== mode) chmodSync(path, mode);
  } catch (err) {
    // A WAL file may be gone: the server removes it when it closes its last connection.
    if ((err as { code?: string }).code !== "ENOENT") throw err;
  }
}

/**
 * Memories and key hashes are readable by the owner only: the directory 0700, the database and its
 * WAL files 0600 (SQLite gives the WAL files the database's mode). An older, looser directory is
 * tightened too.
 */
function restrictAccess(dataDir: string): void {
  setMode(dataDir, 0o700);
  const file = databaseFile(dataDir);
  for (const f of [file, `${file}-wal`, `${file}-shm`]) setMode(f, 0o600);
}

/**
 * How long a statement waits for another connection's write lock (the admin CLI, the formation
 * thread, a backup tool) before SQLITE_BUSY. The server's request thread waits briefly, since the wait
 * is synchronous and holds every request (storage/busy.ts: the transports try again on a timer, then 503);
 * background work and the CLI wait longer.
 */
export const BUSY_TIMEOUT_MS = { requests: 50, background: 5_000 } as const;

/**
 * Opens (or, on a new data directory, creates) the database. A database that is empty, reset or not
 * a database at all is refused with an UnusableDatabaseError instead of being started afresh.
 */
export async function openDatabase(dataDir: string, busyTimeoutMs: number = BUSY_TIMEOUT_MS.background): Promise<Db> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  restrictAccess(dataDir);
  const prior = inspectBeforeOpen(dataDir); // before the extension copy, which would look like an earlier start
  const vecPath = await materialiseVecExtension(dataDir);
  let db: Db | null = null;
  try {
    db = new Database(databaseFile(dataDir), { create: true, strict: true });
    restrictAccess(dataDir); // a new file, before the WAL files are made with its mode
    for (const p of PRAGMAS) db.run(p);
    db.run(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS.background}`); // opening may wait for another process
    loadVec(db, vecPath);
    assertEngramSchema(db, dataDir, prior);
    migrate(db);
    db.run(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(busyTimeoutMs))}`);
    return db;
  } catch (err) {
    db?.close();
    throw describeOpenError(err, dataDir);
  }
}

/**
 * Applies the migrations not yet recorded, each in its own IMMEDIATE transaction. The check is made
 * inside the transaction: the admin CLI and the server may open the same file at the same moment,
 * and the second to take the write lock must see the first one's work instead of re-running it.
 */
export function migrate(
  db: Db,
  migrations: ReadonlyArray<{ version: number; name: string; sql: string }> = MIGRATIONS,
): void {
  db.run(
    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)",
  );
  const isApplied = db.query<{ version: number }, [number]>("SELECT version FROM schema_migrations WHERE version = ?");
  for (const m of migrations) {
    db.transaction(() => {
      if (isApplied.get(m.version)) return;
      db.run(m.sql);
      db.run("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)", [
        m.version,
        m.name,
        new Date().toISOString(),
      ]);
    }).immediate();
  }
}

export function currentSchemaVersion(db: Db): number {
  return db.query<{ v: number | null }, []>("SELECT max(version) AS v FROM schema_migrations").get()?.v ?? 0;
}

/**
 * Runs a write transaction whose commit must survive power loss, not only a process crash:
 * the commit is fsynced (synchronous = FULL) before this returns. Used for accepted writes (202).
 */
export function durably<T>(db: Db, fn: () => T): T {
  db.run("PRAGMA synchronous = FULL");
  try {
    return db.transaction(fn).immediate();
  } finally {
    db.run("PRAGMA synchronous = NORMAL");
  }
}
