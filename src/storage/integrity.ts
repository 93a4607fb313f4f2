// Telling a lost or damaged database from a new install. SQLite quietly makes an empty database of a
// missing or zero-length file; on a data directory that held data, that would be a new account and
// every old key answering 401. Such a directory is refused instead, with what to do about it.
import { Database } from "bun:sqlite";
import { existsSync, statSync } from "node:fs";
import { join } from "node:path";

export class UnusableDatabaseError extends Error {
  override name = "UnusableDatabaseError";
}

const ADVICE =
  "Restore it from a backup, or move it away (with engram.db-wal and engram.db-shm if present) to start afresh with a new database.";

const sizeOf = (path: string) => (existsSync(path) ? statSync(path).size : -1);

export const databaseFile = (dataDir: string) => join(dataDir, "engram.db");

/** What the data directory showed before SQLite touched it. */
export interface Prior {
  /** engram.db existed (and was not empty). */
  existed: boolean;
  /** Other traces of an earlier start: the extension copy or a write-ahead log. */
  usedBefore: boolean;
}

/** Before opening: an empty database file, or a write-ahead log without its database, is not a new install. */
export function inspectBeforeOpen(dataDir: string): Prior {
  const file = databaseFile(dataDir);
  const wal = sizeOf(`${file}-wal`) > 0;
  const size = sizeOf(file);
  if (size < 0 && wal)
    throw new UnusableDatabaseError(
      `The database file ${file} is missing but its write-ahead log ${file}-wal is there: the database was moved or deleted. Restore it from a backup, or move engram.db-wal and engram.db-shm away to start afresh.`,
    );
  if (size === 0)
    throw new UnusableDatabaseError(
      `The database file ${file} is empty (0 bytes) where an Engram database was expected. ${ADVICE}`,
    );
  return { existed: size > 0, usedBefore: wal || existsSync(join(dataDir, "lib")) };
}

/** After opening, before migrating: a used data directory whose database has no Engram schema was reset. */
export function assertEngramSchema(db: Database, dataDir: string, prior: Prior): void {
  if (!prior.existed || !prior.usedBefore) return;
  const found = db.query("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema_migrations'").get();
  if (!found)
    throw new UnusableDatabaseError(
      `The database ${databaseFile(dataDir)} has no Engram tables though this data directory was used before: it is damaged or was replaced. ${ADVICE}`,
    );
}

/** SQLite's verdict on a damaged file, as one line for the operator rather than a stack trace. */
export function describeOpenError(err: unknown, dataDir: string): unknown {
  const code = (err as { code?: unknown } | null)?.code;
  const file = databaseFile(dataDir);
  if (code === "SQLITE_NOTADB")
    return new UnusableDatabaseError(`The file ${file} is not an SQLite database (damaged or overwritten). ${ADVICE}`);
  if (typeof code === "string" && code.startsWith("SQLITE_CORRUPT"))
    return new UnusableDatabaseError(
      `The database ${file} is damaged (${(err as Error).message}); \`engram admin check\` lists the problems. ${ADVICE}`,
    );
  return err;
}

export interface CheckReport {
  path: string;
  ok: boolean;
  /** The first problems SQLite found (empty when ok). */
  problems: string[];
  schema_version: number | null;
  accounts: number | null;
  projects: number | null;
  memories: number | null;
  /** engram.db and its write-ahead log. */
  size_bytes: number;
}

const MAX_PROBLEMS = 20;

/**
 * `PRAGMA integrity_check` and a summary, on the file as it is: nothing is created, migrated or
 * repaired. It reads every page (seconds on a large database), so it is not run at every start.
 */
export function checkDatabase(dataDir: string): CheckReport {
  const path = databaseFile(dataDir);
  const report: CheckReport = {
    path,
    ok: false,
    problems: [],
    schema_version: null,
    accounts: null,
    projects: null,
    memories: null,
    size_bytes: Math.max(0, sizeOf(path)) + Math.max(0, sizeOf(`${path}-wal`)),
  };
  if (sizeOf(path) === 0) {
    report.problems.push("the database file is empty (0 bytes)");
    return report;
  }
  let db: Database | null = null;
  const attempt = <T>(fn: (db: Database) => T): T | null => {
    try {
      return db ? fn(db) : null;
    } catch (err) {
      report.problems.push(err instanceof Error ? err.message : String(err));
      return null;
    }
  };
  try {
    db = new Database(path, { readwrite: true, create: false, strict: true });
    db.run("PRAGMA busy_timeout = 5000"); // the server may be writing
  } catch (err) {
    report.problems.push(err instanceof Error ? err.message : String(err));
    return report;
  }
  try {
    const rows = attempt((d) => d.query<Record<string, string>, []>(`PRAGMA integrity_check(${MAX_PROBLEMS})`).all());
    // One row may hold several lines under a "*** in database main ***" heading.
    const lines = (rows ?? []).flatMap((r) => String(Object.values(r)[0]).split("\n"));
    report.problems.push(...lines.filter((l) => l !== "ok" && !l.startsWith("***")));
    const count = (sql: string) => attempt((d) => d.query<{ n: number }, []>(sql).get()?.n ?? 0);
    report.schema_version = count("SELECT max(version) AS n FROM schema_migrations");
    report.accounts = count("SELECT count(*) AS n FROM accounts");
    report.projects = count("SELECT count(*) AS n FROM projects");
    report.memories = count("SELECT count(*) AS n FROM memories WHERE status = 'active'");
  } finally {
    db.close();
  }
  report.problems = report.problems.slice(0, MAX_PROBLEMS);
  report.ok = report.problems.length === 0;
  return report;
}
