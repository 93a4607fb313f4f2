// Loads the sqlite-vec extension. In a compiled binary the shared object is embedded as a file
// asset, which SQLite cannot load from Bun's virtual file system: we copy it into the data
// directory and load that copy. Whatever lies at that path is code this process will run, so it is
// loaded only once its SHA-256 matches the embedded bytes (a same-size replacement is not trusted).
import type { Database } from "bun:sqlite";
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import vecAsset from "../../node_modules/sqlite-vec-linux-x64/vec0.so" with { type: "file" };

let embedded: { bytes: Uint8Array; sha256: string } | null = null;

const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");

async function embeddedVec(): Promise<{ bytes: Uint8Array; sha256: string }> {
  if (!embedded) {
    const bytes = new Uint8Array(await Bun.file(vecAsset).arrayBuffer());
    embedded = { bytes, sha256: sha256(bytes) };
  }
  return embedded;
}

const fileHash = (path: string) => (existsSync(path) ? sha256(readFileSync(path)) : null);

/** Owner-only: the library must stay loadable, but no other user may read or replace it. */
function ownerOnly(path: string, mode: number): void {
  if ((statSync(path).mode & 0o777) !== mode) chmodSync(path, mode);
}

export async function materialiseVecExtension(dataDir: string): Promise<string> {
  const { bytes, sha256: expected } = await embeddedVec();
  const dir = join(dataDir, "lib");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  ownerOnly(dir, 0o700);
  const target = join(dir, "vec0.so");
  if (fileHash(target) !== expected) {
    const tmp = `${target}.${process.pid}.tmp`;
    writeFileSync(tmp, bytes, { mode: 0o700 });
    chmodSync(tmp, 0o700); // the mode given to writeFileSync is filtered by the umask
    // rename is atomic: a concurrent admin process never loads a half-written file
    renameSync(tmp, target);
  }
  ownerOnly(target, 0o700);
  // Read back what will be loaded: the check above and the write may have raced another writer.
  if (fileHash(target) !== expected)
    throw new Error(`${target} does not match the sqlite-vec library built into Engram; refusing to load it.`);
  return target;
}

/** Whether `<data>/lib/vec0.so` holds the embedded library (for `engram admin check`; nothing is written). */
export async function vecExtensionStatus(dataDir: string): Promise<"ok" | "missing" | "differs"> {
  const actual = fileHash(join(dataDir, "lib", "vec0.so"));
  if (actual === null) return "missing";
  return actual === (await embeddedVec()).sha256 ? "ok" : "differs";
}

export function loadVec(db: Database, path: string): void {
  db.loadExtension(path);
}
