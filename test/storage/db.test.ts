import { afterEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { currentSchemaVersion, durably, migrate, openDatabase, type Db } from "../../src/storage/db.ts";
import { MIGRATIONS } from "../../src/storage/migrations/index.ts";
import { tempDir } from "../helpers.ts";

const dirs: string[] = [];
const open: Db[] = [];
async function fresh(dir = tempDir()): Promise<Db> {
  if (!dirs.includes(dir)) dirs.push(dir);
  const db = await openDatabase(dir);
  open.push(db);
  return db;
}
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const tables = (db: Db) =>
  db
    .query<{ name: string }, []>(
      "SELECT name FROM sqlite_master WHERE type IN ('table', 'index', 'trigger') ORDER BY name",
    )
    .all()
    .map((r) => r.name);

/** Inserts the rows a memory needs (account, project) and returns the project id. */
function seedProject(db: Db): string {
  db.run(
    "INSERT INTO accounts (id, name, plan, created_at) VALUES ('acct_1', 'A', 'free', '2026-01-01T00:00:00.000Z')",
  );
  db.run(
    "INSERT INTO projects (id, account_id, name, created_at) VALUES ('prj_1', 'acct_1', 'P', '2026-01-01T00:00:00.000Z')",
  );
  return "prj_1";
}
function insertMemory(db: Db, id: string, content: string): number {
  return Number(
    db.run(
      `INSERT INTO memories (id, project_id, status, content, created_at, updated_at) VALUES (?, 'prj_1', 'active', ?, 'now', 'now')`,
      [id, content],
    ).lastInsertRowid,
  );
}
const ftsMatch = (db: Db, term: string) =>
  db
    .query<{ rowid: number }, [string]>("SELECT rowid FROM memories_fts WHERE memories_fts MATCH ? ORDER BY rowid")
    .all(term)
    .map((r) => r.rowid);

describe("openDatabase", () => {
  test("creates the data directory and the database file", async () => {
    const dir = join(tempDir(), "nested", "data");
    dirs.push(dir);
    const db = await fresh(dir);
    expect(await Bun.file(join(dir, "engram.db")).exists()).toBe(true);
    expect(db.filename).toBe(join(dir, "engram.db"));
  });

  test("sets WAL, foreign keys and synchronous NORMAL on every connection", async () => {
    const db = await fresh();
    expect(db.query<{ journal_mode: string }, []>("PRAGMA journal_mode").get()!.journal_mode).toBe("wal");
    expect(db.query<{ foreign_keys: number }, []>("PRAGMA foreign_keys").get()!.foreign_keys).toBe(1);
    expect(db.query<{ synchronous: number }, []>("PRAGMA synchronous").get()!.synchronous).toBe(1);
    expect(db.query<{ timeout: number }, []>("PRAGMA busy_timeout").get()!.timeout).toBe(5000);
  });

  test("durably commits with synchronous FULL and restores NORMAL afterwards, also when the transaction throws", async () => {
    const db = await fresh();
    const sync = () => db.query<{ synchronous: number }, []>("PRAGMA synchronous").get()!.synchronous;
    expect(durably(db, () => sync())).toBe(2);
    expect(sync()).toBe(1);
    expect(() =>
      durably(db, () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(sync()).toBe(1);
  });

  test("foreign keys are enforced", async () => {
    const db = await fresh();
    expect(() =>
      db.run("INSERT INTO projects (id, account_id, name, created_at) VALUES ('prj_x', 'acct_missing', 'P', 'now')"),
    ).toThrow(/FOREIGN KEY/);
  });

  test("loads sqlite-vec: vec_version() answers and vector functions work", async () => {
    const db = await fresh();
    expect(db.query<{ v: string }, []>("SELECT vec_version() AS v").get()!.v).toMatch(/^v\d+\.\d+\.\d+/);
    const d = db.query<{ d: number }, []>("SELECT vec_distance_l2('[0, 0]', '[3, 4]') AS d").get()!.d;
    expect(d).toBeCloseTo(5);
  });
});

describe("migrations", () => {
  test("are numbered 1, 2, ... without gaps and recorded in schema_migrations", async () => {
    expect(MIGRATIONS.map((m) => m.version)).toEqual(MIGRATIONS.map((_, i) => i + 1));
    const db = await fresh();
    const rows = db
      .query<{ version: number; name: string; applied_at: string }, []>(
        "SELECT * FROM schema_migrations ORDER BY version",
      )
      .all();
    expect(rows.map((r) => [r.version, r.name])).toEqual(MIGRATIONS.map((m) => [m.version, m.name]));
    for (const r of rows) expect(Number.isNaN(Date.parse(r.applied_at))).toBe(false);
    expect(currentSchemaVersion(db)).toBe(MIGRATIONS.length);
  });

  test("create the tables the service uses", async () => {
    const db = await fresh();
    const names = tables(db);
    for (const t of [
      "accounts",
      "projects",
      "api_keys",
      "memories",
      "memory_versions",
      "memory_relationships",
      "feedback",
      "memories_fts",
      "jobs",
      "usage",
      "memories_counted",
    ]) {
      expect(names).toContain(t);
    }
  });

  test("opening the same directory twice applies nothing again and keeps the data", async () => {
    const dir = tempDir();
    const first = await fresh(dir);
    seedProject(first);
    insertMemory(first, "mem_a", "kept across opens");
    const schema = tables(first);
    first.close();
    open.splice(open.indexOf(first), 1);

    const second = await fresh(dir);
    expect(tables(second)).toEqual(schema);
    expect(second.query<{ n: number }, []>("SELECT count(*) AS n FROM schema_migrations").get()!.n).toBe(
      MIGRATIONS.length,
    );
    expect(second.query<{ content: string }, []>("SELECT content FROM memories").all()).toEqual([
      { content: "kept across opens" },
    ]);
  });

  test("two connections open at once agree, and migrating again is a no-op", async () => {
    const dir = tempDir();
    const a = await fresh(dir);
    const b = await fresh(dir);
    migrate(a);
    migrate(b);
    expect(currentSchemaVersion(a)).toBe(MIGRATIONS.length);
    expect(b.query<{ n: number }, []>("SELECT count(*) AS n FROM schema_migrations").get()!.n).toBe(MIGRATIONS.length);
  });

  test("a migration another connection recorded after this one opened is not applied twice", async () => {
    const dir = tempDir();
    const a = await fresh(dir);
    const b = await fresh(dir);
    const next = { version: MIGRATIONS.length + 1, name: "extra", sql: "CREATE TABLE extra (x INTEGER)" };
    migrate(a, [...MIGRATIONS, next]);
    // Re-running the CREATE TABLE would throw "table extra already exists".
    expect(() => migrate(b, [...MIGRATIONS, next])).not.toThrow();
    expect(currentSchemaVersion(b)).toBe(next.version);
  });

  test("a failing migration leaves nothing half-applied and is not recorded", async () => {
    const db = await fresh();
    const broken = {
      version: MIGRATIONS.length + 1,
      name: "broken",
      sql: "CREATE TABLE half (x INTEGER); INSERT INTO no_such_table VALUES (1);",
    };
    expect(() => migrate(db, [...MIGRATIONS, broken])).toThrow();
    expect(tables(db)).not.toContain("half");
    expect(currentSchemaVersion(db)).toBe(MIGRATIONS.length);
  });
});

describe("the full-text index", () => {
  test("follows inserts, updates of content and deletes of memories", async () => {
    const db = await fresh();
    seedProject(db);
    const seq = insertMemory(db, "mem_a", "Caroline adopted a golden retriever");
    const other = insertMemory(db, "mem_b", "Bob likes coffee");
    expect(ftsMatch(db, "retriever")).toEqual([seq]);
    expect(ftsMatch(db, "adopt")).toEqual([seq]); // porter stemming

    db.run("UPDATE memories SET content = 'Caroline adopted a black cat' WHERE id = 'mem_a'");
    expect(ftsMatch(db, "retriever")).toEqual([]);
    expect(ftsMatch(db, "cat")).toEqual([seq]);

    db.run("UPDATE memories SET status = 'forgotten' WHERE id = 'mem_a'"); // not a content change
    expect(ftsMatch(db, "cat")).toEqual([seq]);

    db.run("DELETE FROM memories WHERE id = 'mem_b'");
    expect(ftsMatch(db, "coffee")).toEqual([]);
    expect(other).not.toBe(seq);

    // The external-content index is consistent with its table.
    expect(() => db.run("INSERT INTO memories_fts(memories_fts, rank) VALUES ('integrity-check', 1)")).not.toThrow();
  });

  test("folds diacritics and case", async () => {
    const db = await fresh();
    seedProject(db);
    const seq = insertMemory(db, "mem_a", "Zoë lives in São Paulo");
    expect(ftsMatch(db, "zoe")).toEqual([seq]);
    expect(ftsMatch(db, "SAO")).toEqual([seq]);
  });
});

describe("a database opened by plain bun:sqlite", () => {
  test("is a normal SQLite file other tools can read", async () => {
    const dir = tempDir();
    const db = await fresh(dir);
    db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    const plain = new Database(join(dir, "engram.db"), { readonly: true });
    try {
      expect(plain.query<{ n: number }, []>("SELECT count(*) AS n FROM schema_migrations").get()!.n).toBe(
        MIGRATIONS.length,
      );
    } finally {
      plain.close();
    }
  });
});
