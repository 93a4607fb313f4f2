// The compiled binary with LanceDB: built, moved away from node_modules, run with a noexec TMPDIR (a
// tmpfs mounted noexec; needs root, skipped elsewhere). A project large enough for the approximate
// index makes the server write the embedded addon into <data>/lib/ and load it from there (nothing in
// TMPDIR), fill <data>/vectors/ and search through it; a process killed with SIGKILL between the
// SQLite commit and the LanceDB write leaves changes behind the mark, which the next start applies.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import {
  buildBinary,
  client,
  killChildren,
  pollUntil,
  REPO_ROOT,
  runCli,
  startServer,
  tempDir,
  type ServerProcess,
} from "./support.ts";

const root = tempDir("engram-e2e-lance-");
const noexecTmp = join(root, "tmp");
mkdirSync(noexecTmp);
const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=64m,noexec", "tmpfs", noexecTmp]).status === 0;
if (!mounted)
  console.warn("binary-lance.test.ts: mounting a noexec tmpfs needs root; the binary's LanceDB test is skipped here.");

let cli: string[];
let binDir: string;
const dataDir = join(root, "data");
const env = { TMPDIR: noexecTmp, ENGRAM_ANN_MIN_VECTORS: "5" };
let server: ServerProcess;
let api: ReturnType<typeof client>;

/** The sync's state, read from SQLite beside the server (WAL: a reader never blocks it). */
function syncState(): { filled: number; pending: number; applied: number } | null {
  const db = new Database(join(dataDir, "engram.db"), { readonly: true });
  try {
    const t = db.query<{ filled: number; applied: number }, []>("SELECT filled, applied FROM vector_table").get();
    const pending = db.query<{ n: number }, []>("SELECT count(*) AS n FROM vector_changes").get()!.n;
    return t ? { ...t, pending } : null;
  } finally {
    db.close();
  }
}

beforeAll(async () => {
  if (!mounted) return;
  binDir = await buildBinary(root);
  cli = [join(binDir, "engram")];
  server = await startServer(cli, { dataDir, cwd: binDir, env });
}, 180_000);

afterAll(async () => {
  await killChildren();
  if (mounted) spawnSync("umount", [noexecTmp]);
  rmSync(root, { recursive: true, force: true });
});

describe.skipIf(!mounted)("the compiled binary with LanceDB (noexec TMPDIR, root)", () => {
  test("a large project loads the addon from <data>/lib/ and searches through <data>/vectors/", async () => {
    const key = /API key:\s+(\S+)/.exec(server.stdout())![1]!;
    api = client(server.url, key);
    for (const content of ["Omar plays the violin in a string quartet.", "Noor moved to Lisbon in 2023."])
      expect((await api.json("POST", "/v1/memories", { content, infer: false })).status).toBe(202);
    const formed = async () => (await api.json("GET", "/v1/memories?limit=20")).body.data ?? [];
    await pollUntil(
      async () => (await formed()).some((m: { content: string }) => m.content.startsWith("Noor")),
      "formation",
    );
    await api.json("POST", "/v1/memories/search", { query: "musician" }); // asks for the table
    await pollUntil(async () => syncState()?.filled === 1 && syncState()?.pending === 0, "the LanceDB table", 60_000);
    const addon = join(dataDir, "lib", "lancedb.node");
    expect(statSync(addon).mode & 0o777).toBe(0o700);
    expect(readdirSync(join(dataDir, "vectors")).some((n) => n.endsWith(".lance"))).toBe(true);
    expect(readdirSync(noexecTmp)).toEqual([]); // nothing extracted into TMPDIR
    const r = await api.json("POST", "/v1/memories/search", { query: "musician" });
    expect(r.body.data[0].content).toBe("Omar plays the violin in a string quartet.");
    expect(server.stderr()).not.toContain("Cannot find native binding");
  }, 90_000);

  test("kill -9 between the SQLite commit and the LanceDB write heals at the next start", async () => {
    const db = new Database(join(dataDir, "engram.db"), { readonly: true });
    const projectId = db.query<{ project_id: string }, []>("SELECT project_id FROM memories LIMIT 1").get()!.project_id;
    db.close();
    expect(await server.stop("SIGTERM")).toBe(0);
    const child = await runCli(
      [process.execPath, join(REPO_ROOT, "test/e2e/fixtures/commit-then-kill.ts")],
      [dataDir, projectId, "Yusuf restores vintage motorcycles in his garage."],
    );
    expect(child.stdout).toContain("committed");
    expect(child.code).not.toBe(0); // SIGKILL
    const behind = syncState()!;
    expect(behind.pending).toBeGreaterThan(0);
    server = await startServer(cli, { dataDir, cwd: binDir, env });
    await pollUntil(async () => syncState()?.pending === 0, "the changes behind the mark", 60_000);
    expect(syncState()!.applied).toBeGreaterThan(behind.applied);
    api = client(server.url, api.key);
    const r = await api.json("POST", "/v1/memories/search", { query: "vintage motorcycles" });
    expect(r.body.data[0].content).toBe("Yusuf restores vintage motorcycles in his garage.");
    expect(existsSync(join(noexecTmp, "lancedb.node"))).toBe(false);
  }, 90_000);
});
