// A lost or damaged database is refused at start (never taken for a new install), and
// `engram admin check` finds damaged pages.
import { afterAll, describe, expect, test } from "bun:test";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { Database } from "bun:sqlite";
import { startServer as startInProcess } from "../../src/cli/serve.ts";
import { openDatabase } from "../../src/storage/db.ts";
import { killChildren, runCli, SOURCE_CLI, tempDir } from "../e2e/support.ts";

const dirs: string[] = [];
afterAll(async () => {
  await killChildren();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function newDir(): string {
  const dir = tempDir("engram-integrity-");
  dirs.push(dir);
  return dir;
}

/** Starts in this process; resolves with the lines it printed (it is stopped at once) or rejects. */
async function start(dataDir: string): Promise<string[]> {
  const printed: string[] = [];
  const s = await startInProcess(
    { dataDir, port: 0, host: "127.0.0.1", formationWorker: false, logLevel: "silent" },
    (line) => printed.push(line),
  );
  await s.stop();
  return printed;
}

/** A data directory that a server has used: an account, and memories over many pages. */
async function usedDataDir(): Promise<string> {
  const dir = newDir();
  await start(dir);
  const db = await openDatabase(dir);
  const project = db.query<{ id: string }, []>("SELECT id FROM projects LIMIT 1").get()!.id;
  const insert = db.query(
    "INSERT INTO memories (id, project_id, status, content, created_at, updated_at) VALUES (?, ?, 'active', ?, 'now', 'now')",
  );
  for (let i = 0; i < 300; i++) insert.run(`mem_t${i}`, project, `memory number ${i} `.repeat(10));
  db.close(); // checkpoints: every page is in engram.db
  return dir;
}

const check = (dir: string, ...flags: string[]) => runCli(SOURCE_CLI, ["admin", "check", "--data", dir, ...flags]);

describe("starting on a database that is not what the data directory held", () => {
  test("a zero-length engram.db is refused, and no new account is made in it", async () => {
    const dir = newDir();
    writeFileSync(join(dir, "engram.db"), "");
    const file = join(dir, "engram.db");
    await expect(start(dir)).rejects.toThrow(
      `The database file ${file} is empty (0 bytes) where an Engram database was expected. Restore it from a backup, or move it away`,
    );
    expect(statSync(file).size).toBe(0);
  });

  test("a file of garbage bytes is refused as not a database, with one line and no stack trace", async () => {
    const dir = newDir();
    const garbage = Buffer.alloc(10_000, "not sqlite ");
    writeFileSync(join(dir, "engram.db"), garbage);
    const r = await runCli(SOURCE_CLI, ["serve", "--host", "127.0.0.1", "--port", "0", "--data", dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toStartWith(
      `engram serve: The file ${join(dir, "engram.db")} is not an SQLite database (damaged or overwritten). Restore it from a backup`,
    );
    expect(r.stderr.trim().split("\n")).toHaveLength(1);
    expect(r.stdout).not.toContain("API key");
    expect(readFileSync(join(dir, "engram.db")).equals(garbage)).toBe(true);
  });

  test("a database without the Engram schema in a data directory used before is refused", async () => {
    const dir = newDir();
    mkdirSync(join(dir, "lib")); // an earlier start wrote the extension here
    const other = new Database(join(dir, "engram.db"), { create: true });
    other.run("CREATE TABLE something_else (x INTEGER)");
    other.close();
    await expect(start(dir)).rejects.toThrow(/has no Engram tables though this data directory was used before/);
  });

  test("with the database moved away (the extension copy left behind), a new one is started with a new account", async () => {
    const dir = await usedDataDir();
    for (const f of ["engram.db", "engram.db-wal", "engram.db-shm"]) rmSync(join(dir, f), { force: true });
    expect((await start(dir)).join("\n")).toContain("API key:");
  });
});

describe("engram admin check", () => {
  test("a sound database: exit 0, integrity ok, with its schema version and counts", async () => {
    const dir = await usedDataDir();
    const r = await check(dir, "--json");
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ ok: true, problems: [], accounts: 1, projects: 1, vec_extension: "ok" });
    expect(report.schema_version).toBe(report.expected_schema_version);
    expect(report.memories).toBeGreaterThanOrEqual(300);
    expect(report.size_bytes).toBeGreaterThan(100_000);
    const human = await check(dir);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain("integrity: ok");
    expect(human.stdout).toMatch(/accounts: 1, projects: 1, active memories: \d+/);
  }, 30_000);

  test("damaged pages in a table: exit 1 and the problems SQLite reports", async () => {
    const dir = await usedDataDir();
    const db = new Database(join(dir, "engram.db"), { readonly: true });
    const root = db
      .query<{ rootpage: number }, []>("SELECT rootpage FROM sqlite_master WHERE name = 'memories'")
      .get()!;
    const pageSize = db.query<{ page_size: number }, []>("PRAGMA page_size").get()!.page_size;
    db.close();
    expect(root.rootpage).toBeGreaterThanOrEqual(3);
    const fd = openSync(join(dir, "engram.db"), "r+");
    const at = (root.rootpage - 1) * pageSize;
    writeSync(fd, Buffer.alloc(8, 0xff), 0, 8, at); // the page header
    writeSync(fd, Buffer.alloc(200, 0xa5), 0, 200, at + pageSize / 2); // and the middle of the page
    closeSync(fd);

    const r = await check(dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("integrity: DAMAGED");
    expect(r.stdout).toContain(`page ${root.rootpage}`);
    const json = JSON.parse((await check(dir, "--json")).stdout);
    expect(json.ok).toBe(false);
    expect(json.problems.length).toBeGreaterThan(0);
  }, 30_000);

  test("a zero-length database: exit 1, reported as empty", async () => {
    const dir = newDir();
    writeFileSync(join(dir, "engram.db"), "");
    const r = await check(dir);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("the database file is empty (0 bytes)");
    expect(statSync(join(dir, "engram.db")).size).toBe(0);
  });

  test("no database at all: exit 1 with one line, and nothing is created", async () => {
    const dir = join(newDir(), "missing");
    const r = await check(dir);
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(
      `engram admin check: No Engram data in ${dir} (give --data DIR or set ENGRAM_DATA_DIR).`,
    );
    expect(existsSync(dir)).toBe(false);
  });
});
