// Loads the sqlite-vec extension. In a compiled binary the shared object is embedded as a file
// asset, which SQLite cannot load from Bun's virtual file system: we copy it into the data
// directory once (mode 0755) and load that copy.
import type { Database } from "bun:sqlite";
import { existsSync, mkdirSync, writeFileSync, statSync, chmodSync } from "node:fs";
import { join } from "node:path";
import vecAsset from "../../node_modules/sqlite-vec-linux-x64/vec0.so" with { type: "file" };

export async function materialiseVecExtension(dataDir: string): Promise<string> {
  const bytes = new Uint8Array(await Bun.file(vecAsset).arrayBuffer());
  const dir = join(dataDir, "lib");
  mkdirSync(dir, { recursive: true });
  const target = join(dir, "vec0.so");
  if (!existsSync(target) || statSync(target).size !== bytes.length) {
    const tmp = `${target}.${process.pid}.tmp`;
    writeFileSync(tmp, bytes, { mode: 0o755 });
    chmodSync(tmp, 0o755);
    // rename is atomic: a concurrent admin process never loads a half-written file
    (await import("node:fs")).renameSync(tmp, target);
  }
  return target;
}

export function loadVec(db: Database, path: string): void {
  db.loadExtension(path);
}
