// The data directory is the owner's alone, and the sqlite-vec library loaded from it is the one
// built into Engram: a same-size replacement is rewritten before it is loaded.
import { afterEach, describe, expect, test } from "bun:test";
import { chmodSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase, type Db } from "../../src/storage/db.ts";
import { tempDir } from "../helpers.ts";

const EMBEDDED_VEC = join(import.meta.dir, "../../node_modules/sqlite-vec-linux-x64/vec0.so");

const dirs: string[] = [];
const open: Db[] = [];
afterEach(() => {
  for (const db of open.splice(0)) db.close();
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function openIn(dir: string): Promise<Db> {
  const db = await openDatabase(dir);
  open.push(db);
  return db;
}

function newDir(): string {
  const dir = join(tempDir(), "data");
  dirs.push(join(dir, ".."));
  return dir;
}

const mode = (path: string) => statSync(path).mode & 0o777;

describe("the data directory's permissions", () => {
  test("a new data directory is 0700, and the database, its WAL files and the extension are owner-only", async () => {
    const previous = process.umask(0o022); // a usual umask, which alone would give 0755 and 0644
    try {
      const dir = newDir();
      const db = await openIn(dir);
      db.run("CREATE TABLE written (x INTEGER)"); // a write, so the WAL files exist
      expect(mode(dir)).toBe(0o700);
      expect(mode(join(dir, "engram.db"))).toBe(0o600);
      expect(mode(join(dir, "engram.db-wal"))).toBe(0o600);
      expect(mode(join(dir, "engram.db-shm"))).toBe(0o600);
      expect(mode(join(dir, "lib"))).toBe(0o700);
      expect(mode(join(dir, "lib", "vec0.so"))).toBe(0o700);
    } finally {
      process.umask(previous);
    }
  });

  test("an existing data directory with looser modes is tightened when it is opened", async () => {
    const dir = newDir();
    (await openIn(dir)).close();
    open.pop();
    chmodSync(dir, 0o755);
    chmodSync(join(dir, "engram.db"), 0o644);
    chmodSync(join(dir, "lib"), 0o755);
    chmodSync(join(dir, "lib", "vec0.so"), 0o755);
    await openIn(dir);
    expect(mode(dir)).toBe(0o700);
    expect(mode(join(dir, "engram.db"))).toBe(0o600);
    expect(mode(join(dir, "lib"))).toBe(0o700);
    expect(mode(join(dir, "lib", "vec0.so"))).toBe(0o700);
  });
});

describe("the sqlite-vec library in the data directory", () => {
  test("a tampered copy of the same size is replaced by the embedded bytes before it is loaded", async () => {
    const embedded = readFileSync(EMBEDDED_VEC);
    const dir = newDir();
    mkdirSync(join(dir, "lib"), { recursive: true });
    const tampered = Buffer.from(embedded);
    tampered[tampered.length - 1]! ^= 0xff; // the section header table: still loadable, but not the same library
    writeFileSync(join(dir, "lib", "vec0.so"), tampered, { mode: 0o755 });
    expect(statSync(join(dir, "lib", "vec0.so")).size).toBe(embedded.length);

    const db = await openIn(dir);
    expect(readFileSync(join(dir, "lib", "vec0.so")).equals(embedded)).toBe(true);
    expect(db.query<{ d: number }, []>("SELECT vec_distance_l2('[0, 0]', '[3, 4]') AS d").get()!.d).toBeCloseTo(5);
  });
});
