// Loads LanceDB on first need: only a data directory with a project large enough for the approximate
// index (or `engram admin reindex`) ever pays for its ~200 MB native addon. In a compiled binary the
// addon is embedded as a file asset (build.ts keeps the package's own `require` out of the bundle,
// which would extract it into $TMPDIR at every start): it is written once into `<data>/lib/` (atomic
// rename, owner-only, checked by SHA-256 like sqlite-vec) and required from there through
// NAPI_RS_NATIVE_LIBRARY_PATH, which config.ts sets (the one place that touches the environment).
// Run from source, the addon is required where it lies in node_modules.
import { chmodSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";

export type LanceModule = typeof import("@lancedb/lancedb");
export type ArrowModule = typeof import("apache-arrow");

export interface Lance {
  lancedb: LanceModule;
  arrow: ArrowModule;
  /** Where the addon was loaded from. */
  addonPath: string;
}

/** What the loader needs from outside: where the data lives, and the environment (config.ts). */
export interface LanceNativeDeps {
  dataDir: string;
  /**
   * Points NAPI_RS_NATIVE_LIBRARY_PATH at the addon before it is required, quiets LanceDB's log and
   * sends its temporary files (index builds spill there) to `tmpDir`.
   */
  useNativeLibrary(path: string, tmpDir: string): void;
}

const ADDON_FILE = "lancedb.node";

/** Where LanceDB's temporary files go (its index builds leave folders behind: emptyLanceTmp removes them). */
export const lanceTmpDir = (dataDir: string) => join(dataDir, "tmp");

/** Removes the folders LanceDB's index builds leave in its temporary directory. */
export function emptyLanceTmp(dataDir: string): void {
  const tmp = lanceTmpDir(dataDir);
  try {
    for (const n of readdirSync(tmp)) if (n.startsWith(".tmp")) rmSync(join(tmp, n), { recursive: true, force: true });
  } catch {
    // no temporary directory yet
  }
}

/** SHA-256 of a file, read in chunks (the addon is ~200 MB: never held whole in memory). */
async function sha256(path: string): Promise<string> {
  const hasher = new Bun.CryptoHasher("sha256");
  for await (const chunk of Bun.file(path).stream()) hasher.update(chunk);
  return hasher.digest("hex");
}

/** Whether this code runs inside a compiled binary (Bun's virtual file system). */
const compiled = () => import.meta.path.startsWith("/$bunfs/") || import.meta.path.startsWith("B:/~BUN/");

/** The addon inside the binary, or where it lies in node_modules when run from source. */
async function addonSource(): Promise<{ path: string; embedded: boolean }> {
  if (compiled()) return { path: (await import("./lance-addon.ts")).LANCE_ADDON_ASSET, embedded: true };
  return { path: require.resolve("@lancedb/lancedb-linux-x64-gnu/lancedb.linux-x64-gnu.node"), embedded: false };
}

/**
 * Writes the embedded addon into `<data>/lib/` unless the file there already is it (same size and
 * SHA-256), atomically and owner-only (0700: loadable, not replaceable by another user). Returns its path.
 */
export async function materialiseLanceAddon(dataDir: string, asset: string): Promise<string> {
  const dir = join(dataDir, "lib");
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const target = join(dir, ADDON_FILE);
  const size = Bun.file(asset).size;
  const expected = await sha256(asset);
  const same = async () => existsSync(target) && statSync(target).size === size && (await sha256(target)) === expected;
  if (!(await same())) {
    const tmp = `${target}.${process.pid}.tmp`;
    try {
      await Bun.write(tmp, Bun.file(asset));
      chmodSync(tmp, 0o700);
      renameSync(tmp, target); // a concurrent process never loads a half-written file
    } finally {
      rmSync(tmp, { force: true });
    }
  }
  if ((statSync(target).mode & 0o777) !== 0o700) chmodSync(target, 0o700);
  if (!(await same()))
    throw new Error(`${target} does not match the LanceDB addon built into Engram; refusing to load it.`);
  return target;
}

/** The loader of one process: the first call loads LanceDB, every later call gets the same modules. */
export function createLanceLoader(deps: LanceNativeDeps): () => Promise<Lance> {
  let loading: Promise<Lance> | null = null;
  async function load(): Promise<Lance> {
    const source = await addonSource();
    const addonPath = source.embedded ? await materialiseLanceAddon(deps.dataDir, source.path) : source.path;
    const tmp = lanceTmpDir(deps.dataDir);
    mkdirSync(tmp, { recursive: true, mode: 0o700 });
    deps.useNativeLibrary(addonPath, tmp);
    const [lancedb, arrow] = await Promise.all([import("@lancedb/lancedb"), import("apache-arrow")]);
    return { lancedb, arrow, addonPath };
  }
  return () => {
    loading ??= load().catch((err) => {
      loading = null; // a later need tries again (a full disk may have been freed)
      throw err;
    });
    return loading;
  };
}
