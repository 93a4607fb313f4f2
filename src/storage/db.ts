// Opens the SQLite database: explicit pragmas in one place, migrations applied in order.
import { Database } from "bun:sqlite";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { MIGRATIONS } from "./migrations/index.ts";
import { loadVec, materialiseVecExtension } from "./sqlite-vec.ts";

export type Db = Database;

const PRAGMAS = [
  "PRAGMA journal_mode = WAL",
  // NORMAL in WAL mode: a commit survives a process crash (kill -9) without an fsync each time.
  // Commits that a 202 promises go through `durably`, which fsyncs (power loss too).
  "PRAGMA synchronous = NORMAL",
  "PRAGMA foreign_keys = ON",
  "PRAGMA busy_timeout = 5000", // the admin CLI writes to the same file while the server runs
  "PRAGMA temp_store = MEMORY",
  "PRAGMA cache_size = -65536",
];

export async function openDatabase(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const vecPath = await materialiseVecExtension(dataDir);
  const db = new Database(join(dataDir, "engram.db"), { create: true, strict: true });
  for (const p of PRAGMAS) db.run(p);
  loadVec(db, vecPath);
  migrate(db);
  return db;
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
