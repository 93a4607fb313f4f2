// The backup file (`engram admin backup`, `engram admin restore`): always one SQLite file. It is the
// database as VACUUM INTO copied it, plus two tables of its own:
//   engram_backup        one row: format, when, which Engram and schema made it, and what it holds
//                        (counts that restore checks again);
//   engram_backup_files  the data directory's other files (the directories in EXTRA_DIRS, such as
//                        the vector files under <data>/vectors/ once there are any), in parts of
//                        PART_BYTES: path relative to the data directory, part number, bytes.
// Restore takes the files out and drops both tables. A plain copy of engram.db (sqlite3 .backup)
// restores too: it is the same file without these tables.
import type { Database } from "bun:sqlite";
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
  statSync,
  writeSync,
} from "node:fs";
import { dirname, join, normalize, relative, sep } from "node:path";
import type { ProgressSink } from "../domain/progress.ts";

export const BACKUP_FORMAT = 1;

/** Directories of the data directory, beside engram.db, whose files a backup carries. */
export const EXTRA_DIRS = ["vectors"] as const;

const PART_BYTES = 8 * 1024 * 1024;

export interface BackupCounts {
  accounts: number;
  projects: number;
  api_keys: number;
  memories: number;
  memory_versions: number;
  jobs: number;
  usage_reads: number;
  usage_writes: number;
}

export interface Manifest {
  format: number;
  created_at: string;
  engram_version: string;
  schema_version: number;
  counts: BackupCounts;
  /** Extra files and their total size. */
  files: number;
  file_bytes: number;
}

/** What the database holds, for the manifest and for restore to check it again. */
export function countRows(db: Database): BackupCounts {
  const n = (sql: string) => db.query<{ n: number | null }, []>(sql).get()?.n ?? 0;
  return {
    accounts: n("SELECT count(*) AS n FROM accounts"),
    projects: n("SELECT count(*) AS n FROM projects"),
    api_keys: n("SELECT count(*) AS n FROM api_keys"),
    memories: n("SELECT count(*) AS n FROM memories"),
    memory_versions: n("SELECT count(*) AS n FROM memory_versions"),
    jobs: n("SELECT count(*) AS n FROM jobs"),
    usage_reads: n("SELECT sum(reads) AS n FROM usage"),
    usage_writes: n("SELECT sum(writes) AS n FROM usage"),
  };
}

export function schemaVersionOf(db: Database): number | null {
  const table = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!table) return null;
  return db.query<{ v: number | null }, []>("SELECT max(version) AS v FROM schema_migrations").get()?.v ?? 0;
}

/** The extra files of a data directory: paths relative to it, with their sizes. */
export function listExtraFiles(dataDir: string): Array<{ path: string; bytes: number }> {
  const out: Array<{ path: string; bytes: number }> = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) out.push({ path: relative(dataDir, full), bytes: statSync(full).size });
    }
  };
  for (const d of EXTRA_DIRS) if (existsSync(join(dataDir, d))) walk(join(dataDir, d));
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** Adds the manifest and the extra files to the backup database `db` (still a temporary file). */
export function writeBackupTables(
  db: Database,
  dataDir: string,
  about: { created_at: string; engram_version: string; schema_version: number },
  progress: ProgressSink,
): Manifest {
  db.run("CREATE TABLE engram_backup (manifest TEXT NOT NULL)");
  db.run(
    "CREATE TABLE engram_backup_files (path TEXT NOT NULL, part INTEGER NOT NULL, data BLOB NOT NULL, PRIMARY KEY (path, part))",
  );
  const files = listExtraFiles(dataDir);
  const total = files.reduce((s, f) => s + f.bytes, 0);
  const insert = db.query("INSERT INTO engram_backup_files (path, part, data) VALUES (?, ?, ?)");
  let copied = 0;
  if (files.length > 0) progress.stage("copying the vector files", total, "bytes");
  const buffer = Buffer.alloc(PART_BYTES);
  for (const f of files) {
    const fd = openSync(join(dataDir, f.path), "r");
    try {
      // A file with no bytes still gets its part 0, so restore makes it.
      for (let part = 0; ; part++) {
        const read = readSync(fd, buffer, 0, PART_BYTES, null);
        if (read === 0 && part > 0) break;
        insert.run(f.path.split(sep).join("/"), part, buffer.subarray(0, read));
        copied += read;
        progress.update(Math.min(copied, total));
        if (read < PART_BYTES) break;
      }
    } finally {
      closeSync(fd);
    }
  }
  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    ...about,
    counts: countRows(db),
    files: files.length,
    file_bytes: copied,
  };
  db.run("INSERT INTO engram_backup (manifest) VALUES (?)", [JSON.stringify(manifest)]);
  return manifest;
}

/** The manifest of a backup file, or null for a plain copy of engram.db. */
export function readManifest(db: Database): Manifest | null {
  const table = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'engram_backup'").get();
  if (!table) return null;
  const row = db.query<{ manifest: string }, []>("SELECT manifest FROM engram_backup").get();
  if (!row) throw new Error("the backup's manifest is empty: the file is damaged");
  return JSON.parse(row.manifest) as Manifest;
}

/** A path from the backup, made safe: relative, inside one of EXTRA_DIRS, no `..`. */
function safePath(path: string): string {
  const p = normalize(path);
  const top = p.split(sep)[0];
  if (p.startsWith(sep) || p.split(sep).includes("..") || !EXTRA_DIRS.some((d) => d === top))
    throw new Error(`the backup holds a file outside the data directory's own (${path}); refusing it`);
  return p;
}

/** Makes each directory of `relativeDir` under `dataDir` that is missing, 0700 (mkdir's mode is filtered by the umask). */
function ownerOnlyDirs(dataDir: string, relativeDir: string): void {
  let dir = dataDir;
  for (const part of relativeDir.split(sep)) {
    dir = join(dir, part);
    if (existsSync(dir)) continue;
    mkdirSync(dir, { mode: 0o700 });
    chmodSync(dir, 0o700);
  }
}

/**
 * Writes the backup's extra files into the data directory (directories 0700, files 0600, as the
 * server keeps its own), then drops the backup's tables from `db` (the restored database).
 */
export function extractBackupTables(db: Database, dataDir: string, progress: ProgressSink): number {
  const has = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'engram_backup_files'").get();
  let written = 0;
  if (has) {
    const total =
      db.query<{ n: number | null }, []>("SELECT sum(length(data)) AS n FROM engram_backup_files").get()?.n ?? 0;
    const files = db
      .query<{ path: string }, []>("SELECT DISTINCT path FROM engram_backup_files ORDER BY path")
      .all()
      .map((r) => r.path);
    if (files.length > 0) progress.stage("writing the vector files", total, "bytes");
    const parts = db.query<{ data: Uint8Array }, [string]>(
      "SELECT data FROM engram_backup_files WHERE path = ? ORDER BY part",
    );
    for (const path of files) {
      const relativePath = safePath(path);
      const target = join(dataDir, relativePath);
      ownerOnlyDirs(dataDir, dirname(relativePath));
      const fd = openSync(target, "wx", 0o600);
      try {
        fchmodSync(fd, 0o600); // the mode given to open is filtered by the umask
        for (const { data } of parts.iterate(path)) {
          writeSync(fd, data);
          written += data.length;
          progress.update(Math.min(written, total));
        }
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
  }
  db.run("DROP TABLE IF EXISTS engram_backup_files");
  db.run("DROP TABLE IF EXISTS engram_backup");
  if (written > 0) db.run("VACUUM"); // the files' pages would otherwise stay in engram.db, free but taken
  return written;
}
