// `engram admin restore`: puts a backup (backup.ts, or a plain copy of engram.db) back into an empty
// data directory, which then serves as the one it was taken from: same accounts, keys, memories,
// queue and counters. Nothing is ever overwritten: a directory holding anything is refused.
//
// The backup is copied in under a temporary name, its extra files are written out and its own
// tables dropped, SQLite checks it, and only then is it renamed to engram.db and opened as the server
// opens it (migrations of an older backup applied, the sqlite-vec library written, modes 0700/0600).
// The data directory's lock is held throughout, so no server starts on it halfway. A failure removes
// what the restore wrote, leaving the directory as empty as it was.
import { Database } from "bun:sqlite";
import {
  chmodSync,
  closeSync,
  existsSync,
  fchmodSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { join, resolve } from "node:path";
import { noProgress, type ProgressSink } from "../domain/progress.ts";
import { openDatabase } from "./db.ts";
import { lockDataDir } from "./data-lock.ts";
import { checkDatabase, databaseFile } from "./integrity.ts";
import { MIGRATIONS } from "./migrations/index.ts";
import { checkAborted } from "./backup.ts";
import {
  BACKUP_FORMAT,
  type BackupCounts,
  countRows,
  EXTRA_DIRS,
  extractBackupTables,
  readManifest,
  schemaVersionOf,
} from "./backup-format.ts";

export interface RestoreReport {
  data_dir: string;
  /** When the backup was taken (null for a plain copy of engram.db). */
  backup_created_at: string | null;
  /** The schema of the backup, and of the restored database (later when migrations were applied). */
  backup_schema_version: number;
  schema_version: number;
  counts: BackupCounts;
  files: number;
  file_bytes: number;
}

const COPY_CHUNK = 4 * 1024 * 1024;
const STAGING = "engram.db.restoring";

/** Refuses anything but a missing or empty directory; makes a missing one. Returns whether it was made. */
function prepareDir(dataDir: string): boolean {
  if (!existsSync(dataDir)) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    chmodSync(dataDir, 0o700);
    return true;
  }
  if (!statSync(dataDir).isDirectory()) throw new Error(`${dataDir} is not a directory.`);
  const entries = readdirSync(dataDir);
  if (entries.length > 0) {
    const shown = entries.slice(0, 5).join(", ") + (entries.length > 5 ? ", …" : "");
    throw new Error(
      `The data directory ${dataDir} is not empty (it holds ${shown}). Restore only goes into an empty directory, so that nothing is overwritten: give another --data, or stop the server and move this directory away first.`,
    );
  }
  chmodSync(dataDir, 0o700);
  return false;
}

/** Copies the backup file in (0600), reporting bytes. */
function copyIn(from: string, to: string, progress: ProgressSink): void {
  const size = statSync(from).size;
  progress.stage("copying the backup", size, "bytes");
  const src = openSync(from, "r");
  const dst = openSync(to, "wx", 0o600);
  try {
    fchmodSync(dst, 0o600);
    const buffer = Buffer.alloc(COPY_CHUNK);
    let copied = 0;
    for (;;) {
      const n = readSync(src, buffer, 0, COPY_CHUNK, null);
      if (n === 0) break;
      writeSync(dst, buffer.subarray(0, n));
      copied += n;
      progress.update(Math.min(copied, size));
    }
    fsyncSync(dst);
  } finally {
    closeSync(src);
    closeSync(dst);
  }
}

function openBackup(file: string, from: string): Database {
  try {
    const db = new Database(file, { readwrite: true, create: false, strict: true });
    db.run("PRAGMA journal_mode = DELETE"); // a copy of a WAL database keeps no -wal beside it
    return db;
  } catch (err) {
    if ((err as { code?: string }).code === "SQLITE_NOTADB")
      throw new Error(`${from} is not an Engram backup (not an SQLite database).`);
    throw err;
  }
}

/** Checks the staged copy, writes its extra files out and drops its own tables. */
function unpack(
  db: Database,
  dataDir: string,
  from: string,
  progress: ProgressSink,
): Omit<RestoreReport, "data_dir" | "schema_version"> {
  const schema = schemaVersionOf(db);
  if (schema === null) throw new Error(`${from} is not an Engram backup (it has no Engram tables).`);
  if (schema > MIGRATIONS.length)
    throw new Error(
      `${from} was made by a newer Engram (schema ${schema}; this one knows up to ${MIGRATIONS.length}): restore it with that version or a later one.`,
    );
  const manifest = readManifest(db);
  if (manifest && manifest.format > BACKUP_FORMAT)
    throw new Error(
      `${from} is a backup of format ${manifest.format}, newer than this Engram reads (${BACKUP_FORMAT}).`,
    );
  const counts = countRows(db);
  if (manifest && JSON.stringify(counts) !== JSON.stringify(manifest.counts))
    throw new Error(
      `${from} does not hold what its manifest says (${JSON.stringify(counts)} against ${JSON.stringify(manifest.counts)}): it is damaged.`,
    );
  const file_bytes = extractBackupTables(db, dataDir, progress);
  return {
    backup_created_at: manifest?.created_at ?? null,
    backup_schema_version: schema,
    counts,
    files: manifest?.files ?? 0,
    file_bytes,
  };
}

export async function restoreDataDir(
  from: string,
  dataDir: string,
  opts: { progress?: ProgressSink; signal?: AbortSignal } = {},
): Promise<RestoreReport> {
  const progress = opts.progress ?? noProgress;
  if (!existsSync(from) || !statSync(from).isFile()) throw new Error(`No backup file at ${from}.`);
  if (statSync(from).size === 0) throw new Error(`${from} is empty (0 bytes): it is not a backup.`);
  const made = prepareDir(dataDir);
  const lock = lockDataDir(dataDir);
  const staging = join(dataDir, STAGING);
  try {
    copyIn(from, staging, progress);
    await checkAborted(opts.signal);
    const db = openBackup(staging, from);
    let unpacked: ReturnType<typeof unpack>;
    try {
      unpacked = unpack(db, dataDir, from, progress);
    } finally {
      db.close();
    }
    await checkAborted(opts.signal);
    renameSync(staging, databaseFile(dataDir));
    progress.stage("checking the restored database", 1, "items");
    // Opened as the server opens it: migrations, the sqlite-vec library, owner-only modes.
    const opened = await openDatabase(dataDir);
    let schemaVersion: number;
    try {
      schemaVersion = schemaVersionOf(opened) ?? 0;
    } finally {
      opened.close();
    }
    const check = checkDatabase(dataDir);
    if (!check.ok) throw new Error(`the restored database failed its check: ${check.problems.join("; ")}`);
    progress.update(1);
    return { data_dir: resolve(dataDir), schema_version: schemaVersion, ...unpacked };
  } catch (err) {
    lock.release();
    removeRestored(dataDir, made);
    throw err;
  } finally {
    lock.release();
  }
}

/** Removes what a failed restore wrote (the directory was empty before it). */
function removeRestored(dataDir: string, made: boolean): void {
  if (made) {
    rmSync(dataDir, { recursive: true, force: true });
    return;
  }
  const db = databaseFile(dataDir);
  const staging = join(dataDir, STAGING);
  const names = [db, staging].flatMap((f) => [f, `${f}-journal`, `${f}-wal`, `${f}-shm`]);
  for (const p of [...names, ...EXTRA_DIRS.map((d) => join(dataDir, d)), join(dataDir, "lib")])
    rmSync(p, { recursive: true, force: true });
  rmSync(join(dataDir, "engram.lock"), { force: true });
}
