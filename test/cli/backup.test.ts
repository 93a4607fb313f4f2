// `engram admin backup` and `engram admin restore` against a real server under write load: the copy is
// one consistent snapshot (every write acknowledged before it began, none half-made), it restores into
// an empty directory only, with the server's modes, passes `admin check` and serves with the old key.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import {
  client,
  killChildren,
  listAll,
  pollUntil,
  runCli,
  runJson,
  SOURCE_CLI,
  startServer,
  tempDir,
  type ServerProcess,
} from "../e2e/support.ts";
import { expectChunkAtomic, readStored, sendWorkload, waitUntilFormed, workload } from "../e2e/workload.ts";

let root: string;
let dirA: string;
let server: ServerProcess;
let key: string;
let accountId: string;
let projectId: string;

beforeAll(async () => {
  root = tempDir("engram-cli-backup-");
  dirA = join(root, "a");
  server = await startServer(SOURCE_CLI, { dataDir: dirA });
  key = /API key:\s+(\S+)/.exec(server.stdout())![1]!;
  accountId = /account:\s+(acct_\S+)/.exec(server.stdout())![1]!;
  projectId = /project:\s+(prj_\S+)/.exec(server.stdout())![1]!;
});

afterAll(async () => {
  await killChildren();
  rmSync(root, { recursive: true, force: true });
});

const admin = (dir: string, ...args: string[]) => runJson(SOURCE_CLI, ["admin", ...args, "--data", dir]);
const cli = (...args: string[]) => runCli(SOURCE_CLI, ["admin", ...args]);
const mode = (path: string) => statSync(path).mode & 0o777;

/** Every path under `dir`, relative, with its mode. */
function modes(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      out[relative(dir, p)] = mode(p);
      if (e.isDirectory()) walk(p);
    }
  };
  walk(dir);
  return out;
}

function rows<T>(dir: string, sql: string): T[] {
  const db = new Database(join(dir, "engram.db"), { readonly: true });
  try {
    return db.query<T, []>(sql).all();
  } finally {
    db.close();
  }
}

const VECTOR_FILE = Buffer.from(Array.from({ length: 3 * 1024 * 1024 + 17 }, (_, i) => (i * 7919) % 251));

describe("backup and restore", () => {
  let backupFile: string;
  let dirB: string;
  const acked: string[] = [];
  let ackedBefore = 0;
  let ackedAfter = 0;
  const inspected = new Map<string, unknown>();

  test("a backup taken while writes run is one consistent snapshot, restored whole with the server's modes", async () => {
    const api = client(server.url, key);
    await admin(dirA, "key", "create", "--project", projectId, "--name", "second");
    const before = workload("before", 12, [3]);
    await sendWorkload(api, before);
    await waitUntilFormed(api, before);
    const listed = await listAll(api);
    const own = listed.filter((m) => m.content.startsWith("Note before") || m.content.startsWith("Import before"));
    expect((await api.call("DELETE", `/v1/memories/${own[0]!.id}`)).status).toBe(202);
    expect((await api.call("PUT", `/v1/memories/${own[1]!.id}/feedback`, { rating: "negative" })).status).toBe(204);
    for (const m of own.slice(1, 5)) inspected.set(m.id, (await api.json("GET", `/v1/memories/${m.id}/inspect`)).body);
    // Extra files of the data directory (the vector files to come): carried as they are.
    mkdirSync(join(dirA, "vectors", "lance"), { recursive: true });
    writeFileSync(join(dirA, "vectors", "lance", "part-0.bin"), VECTOR_FILE);
    writeFileSync(join(dirA, "vectors", "empty.bin"), "");
    const usageBefore = await admin(dirA, "usage", "--account", accountId);

    // A reader holding one snapshot keeps every later commit in the write-ahead log (no checkpoint
    // passes it): a copy of engram.db alone would miss the load below, only SQLite's own copy has it.
    const reader = new Database(join(dirA, "engram.db"), { readonly: true });
    reader.run("BEGIN");
    reader.query("SELECT count(*) FROM memories").get();
    // Writes (and reads) keep coming while the backup runs.
    let stop = false;
    const waiters: Array<{ n: number; resolve: () => void }> = [];
    const reached = (n: number) => new Promise<void>((resolve) => waiters.push({ n, resolve }));
    const load = (async () => {
      for (let i = 0; !stop; i++) {
        const content = `Load ${i}: the tide table lists entry ${i}.`;
        const r = await api.call("POST", "/v1/memories", { content, infer: false });
        expect(r.status).toBe(202);
        acked.push(content);
        for (const w of waiters.filter((w) => acked.length >= w.n)) w.resolve();
        if (i % 3 === 0) await api.call("POST", "/v1/memories/search", { query: `tide entry ${i}` });
      }
    })();
    await reached(10);
    backupFile = join(root, "engram-backup.db");
    ackedBefore = acked.length; // acknowledged before the backup began
    const backup = await cli("backup", "--to", backupFile, "--data", dirA);
    ackedAfter = acked.length; // acknowledged before it ended
    await reached(ackedAfter + 5);
    stop = true;
    await load;
    reader.run("COMMIT");
    reader.close();
    expect(backup.stderr).toContain("engram admin backup: copying the database 100%");
    expect(backup.code).toBe(0);
    expect(ackedAfter).toBeGreaterThan(ackedBefore); // the server went on writing while it ran
    expect(mode(backupFile)).toBe(0o600);
    expect(readdirSync(root).filter((f) => f.includes(".partial"))).toEqual([]);
    await server.stop("SIGTERM");

    dirB = join(root, "b");
    const restore = await cli("restore", "--from", backupFile, "--data", dirB);
    expect(restore.stderr).toContain("engram admin restore: copying the backup 100%");
    expect(restore.code).toBe(0);
    const check = await admin(dirB, "check");
    expect(check.ok).toBe(true);
    expect(check.vec_extension).toBe("ok");

    // Owner-only, as the server keeps its own: directories 0700, files 0600 (the library it loads 0700).
    const expected = Object.fromEntries(
      Object.keys(modes(dirB)).map((p) => [
        p,
        p === "lib/vec0.so" || statSync(join(dirB, p)).isDirectory() ? 0o700 : 0o600,
      ]),
    );
    expect(mode(dirB)).toBe(0o700);
    expect(modes(dirB)).toEqual(expected);
    expect(readFileSync(join(dirB, "vectors", "lance", "part-0.bin")).equals(VECTOR_FILE)).toBe(true);
    expect(readFileSync(join(dirB, "vectors", "empty.bin")).length).toBe(0);
    expect(rows(dirB, "SELECT name FROM sqlite_master WHERE name LIKE 'engram_backup%'")).toEqual([]);

    // One snapshot: every write charged exactly for the jobs and memories the copy holds...
    const copy = readStored(dirB);
    expectChunkAtomic(copy);
    const inCopy = new Set(copy.jobs.map((j) => JSON.parse(j.payload).content as string));
    // ...every write acknowledged before the backup began is there, none acknowledged after it ended.
    expect(acked.slice(0, ackedBefore).filter((t) => !inCopy.has(t))).toEqual([]);
    expect(acked.slice(ackedAfter).filter((t) => inCopy.has(t))).toEqual([]);
    // Rows are the source's: memories (a prefix of its order), versions, keys, accounts, feedback.
    const maxSeq = Math.max(...rows<{ seq: number }>(dirB, "SELECT seq FROM memories").map((r) => r.seq));
    const inSnapshot = `(SELECT id FROM memories WHERE seq <= ${maxSeq})`;
    const same = (sql: string, sourceSql = sql) => expect(rows(dirB, sql)).toEqual(rows(dirA, sourceSql));
    same("SELECT * FROM memories ORDER BY seq", `SELECT * FROM memories WHERE seq <= ${maxSeq} ORDER BY seq`);
    same(
      "SELECT * FROM memory_versions ORDER BY memory_id, version",
      `SELECT * FROM memory_versions WHERE memory_id IN ${inSnapshot} ORDER BY memory_id, version`,
    );
    same("SELECT id, project_id, name, key_hash, last4, created_at, expires_at, revoked_at FROM api_keys ORDER BY id");
    same("SELECT * FROM accounts ORDER BY id");
    same("SELECT * FROM projects ORDER BY id");
    same("SELECT * FROM feedback ORDER BY id");
    // Counters: at least what they were before the backup, at most what the source ended with.
    const usage = rows<{ reads: number; writes: number }>(dirB, "SELECT reads, writes FROM usage")[0]!;
    const final = rows<{ reads: number; writes: number }>(dirA, "SELECT reads, writes FROM usage")[0]!;
    expect(usage.reads).toBeGreaterThanOrEqual(usageBefore.reads);
    expect(usage.writes).toBeGreaterThan(usageBefore.writes);
    expect(usage.reads).toBeLessThanOrEqual(final.reads);
    expect(usage.writes).toBeLessThanOrEqual(final.writes);
  }, 60_000);

  test("the restored directory serves with the old key, and forms the writes the copy had queued", async () => {
    const restored = await startServer(SOURCE_CLI, { dataDir: dirB });
    expect(restored.stdout()).not.toContain("API key:"); // no new account: the old one is there
    const api = client(restored.url, key);
    const first = await api.json("GET", "/v1/memories");
    expect(first.status).toBe(200);
    await pollUntil(async () => {
      const texts = new Set((await listAll(api)).map((m) => m.content));
      return acked.slice(0, ackedBefore).every((t) => texts.has(t));
    }, "the writes acknowledged before the backup to be listed");
    for (const [id, body] of inspected)
      expect((await api.json("GET", `/v1/memories/${id}/inspect`)).body).toEqual(body);
    const second = (await admin(dirB, "key", "list", "--project", projectId)) as Array<{ name: string }>;
    expect(second.map((k) => k.name).sort()).toEqual(["Default key", "second"]);
    await restored.stop("SIGTERM");
  }, 30_000);

  test("restore refuses a directory that is not empty, and leaves it as it was", async () => {
    const r = await cli("restore", "--from", backupFile, "--data", dirA);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`The data directory ${dirA} is not empty`);
    expect(r.stderr).toContain("engram.db");
    const again = await runCli(SOURCE_CLI, ["admin", "restore", "--from", backupFile, "--data", dirB, "--json"]);
    expect(again.code).toBe(1);
    expect(JSON.parse(again.stderr).message).toContain("is not empty");
  });

  test("a file that is not a backup is refused, and the empty directory stays empty", async () => {
    const junk = join(root, "junk.db");
    writeFileSync(junk, "this is not a database, only some text long enough to look like one".repeat(100));
    const dir = join(root, "empty");
    mkdirSync(dir);
    const r = await cli("restore", "--from", junk, "--data", dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("is not an Engram backup");
    expect(readdirSync(dir)).toEqual([]);
    const missing = await cli("restore", "--from", join(root, "nothing.db"), "--data", join(root, "never"));
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("No backup file at");
  });

  test("a plain copy of engram.db (what sqlite3 .backup made) restores too", async () => {
    const plain = join(root, "plain.db");
    copyFileSync(join(dirA, "engram.db"), plain); // the server is stopped: its database is whole in this file
    const dir = join(root, "c");
    const r = await runJson(SOURCE_CLI, ["admin", "restore", "--from", plain, "--data", dir]);
    expect(r.backup_created_at).toBeNull();
    expect(r.counts.api_keys).toBe(2);
    expect((await admin(dir, "check")).ok).toBe(true);
  });

  test("backup never overwrites a file unless told to; --json prints the report and no progress", async () => {
    const refused = await cli("backup", "--to", backupFile, "--data", dirB);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("exists already; give --force");
    const forced = await runCli(SOURCE_CLI, [
      "admin",
      "backup",
      "--to",
      backupFile,
      "--force",
      "--json",
      "--data",
      dirB,
    ]);
    expect(forced.code).toBe(0);
    expect(forced.stderr).toBe("");
    const report = JSON.parse(forced.stdout);
    expect(report.file).toBe(backupFile);
    expect(report.format).toBe(1);
    expect(report.files).toBe(2);
    expect(report.counts.api_keys).toBe(2);
    const inside = await cli("backup", "--to", join(dirB, "b.db"), "--data", dirB);
    expect(inside.code).toBe(1);
    expect(inside.stderr).toContain("outside the data directory");
    const none = await cli("backup", "--to", join(root, "x.db"), "--data", join(root, "nowhere"));
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("No Engram data in");
  });
});
