// `engram admin reindex`: marks vectors for the server to re-make, with progress; --wait follows the
// running server's indexer until every vector is made again.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import {
  childEnv,
  client,
  killChildren,
  listAll,
  pollUntil,
  REPO_ROOT,
  runCli,
  runJson,
  SOURCE_CLI,
  startServer,
  tempDir,
} from "../e2e/support.ts";

let root: string;
let waiting: ReturnType<typeof Bun.spawn> | null = null;
/** `engram admin reindex --wait` on `dir`, its output piped; killed after the test if still running. */
function reindexWaiting(dir: string) {
  const proc = Bun.spawn([...SOURCE_CLI, "admin", "reindex", "--wait", "--data", dir], {
    cwd: REPO_ROOT,
    env: childEnv(),
    stdout: "pipe",
    stderr: "pipe",
  });
  waiting = proc;
  return proc;
}

beforeAll(() => {
  root = tempDir("engram-cli-reindex-");
});

afterAll(async () => {
  if (waiting && waiting.exitCode === null) waiting.kill("SIGKILL");
  await killChildren();
  rmSync(root, { recursive: true, force: true });
});

function vectors(dir: string): number {
  const db = new Database(join(dir, "engram.db"), { readonly: true });
  try {
    return db.query<{ n: number }, []>("SELECT count(*) AS n FROM memory_embeddings").get()!.n;
  } finally {
    db.close();
  }
}

describe("admin reindex", () => {
  test("with no server running it marks the vectors, says so, and does not wait", async () => {
    const dir = join(root, "idle");
    await runJson(SOURCE_CLI, ["admin", "account", "create", "--name", "A", "--data", dir]);
    const r = await runCli(SOURCE_CLI, ["admin", "reindex", "--wait", "--data", dir]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("engram admin reindex: marking vectors 100% (1 of 1)\n");
    expect(r.stdout).toContain("no server runs on this data directory: it re-makes them when it starts");
    const quiet = await runCli(SOURCE_CLI, ["admin", "reindex", "--data", dir, "--json"]);
    expect(quiet).toMatchObject({ code: 0, stderr: "" });
    expect(JSON.parse(quiet.stdout)).toEqual({ marked: expect.any(Number) });
  });

  test("--wait follows the running server until every vector is made again", async () => {
    const dir = join(root, "served");
    let server = await startServer(SOURCE_CLI, { dataDir: dir });
    const made = vectors(dir);
    expect(made).toBeGreaterThan(0); // the Demo Project's samples
    const proc = reindexWaiting(dir);
    // The indexer looks for work every 30 s; a server starting looks at once. Restarted once the CLI
    // waits for it (it has printed its waiting stage), it re-makes the vectors while the CLI waits.
    let stderr = "";
    const reader = proc.stderr.getReader();
    const decoder = new TextDecoder();
    while (!stderr.includes("vectors re-made by the server 0%")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`reindex --wait ended before waiting:\n${stderr}`);
      stderr += decoder.decode(value, { stream: true });
    }
    expect(vectors(dir)).toBe(0); // marked: every vector is to be made again
    await server.stop("SIGTERM");
    server = await startServer(SOURCE_CLI, { dataDir: dir });
    const rest = (async () => {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        stderr += decoder.decode(value, { stream: true });
      }
    })();
    const [stdout, code] = await Promise.all([new Response(proc.stdout).text(), proc.exited, rest]);
    expect(stderr).toContain("engram admin reindex: marking vectors 100% (1 of 1)");
    expect(stderr).toContain(`engram admin reindex: vectors re-made by the server 100% (${made} of ${made})`);
    expect(code).toBe(0);
    expect(stdout).toContain(`${made} memory vectors marked, and the server has re-made them`);
    expect(vectors(dir)).toBe(made);
    await server.stop("SIGTERM");
  }, 60_000);

  test("Ctrl-C stops the wait at once (exit 130); the vectors stay marked for the server", async () => {
    const dir = join(root, "stopped");
    // A server that makes no vectors (no background work): the wait would last until its stall limit.
    const server = await startServer(SOURCE_CLI, { dataDir: dir, env: { ENGRAM_FORMATION_WORKER: "false" } });
    const proc = reindexWaiting(dir);
    let stderr = "";
    let sent = false;
    const decoder = new TextDecoder();
    for await (const chunk of proc.stderr) {
      stderr += decoder.decode(chunk, { stream: true });
      if (!sent && stderr.includes("vectors re-made by the server 0%")) {
        sent = true;
        proc.kill("SIGINT");
      }
    }
    expect(await proc.exited).toBe(130);
    expect(stderr).toContain("engram admin reindex: interrupted (SIGINT)");
    expect(vectors(dir)).toBe(0);
    await server.stop("SIGTERM");
  }, 30_000);

  test("rebuilds the LanceDB vector table from SQLite with a progress bar; the server searches the new table", async () => {
    const dir = join(root, "lance");
    const env = { ENGRAM_ANN_MIN_VECTORS: "3" }; // the Demo Project's samples make a large project here
    let server = await startServer(SOURCE_CLI, { dataDir: dir, env });
    const api = client(server.url, /API key:\s+(\S+)/.exec(server.stdout())![1]!);
    const violin = "Omar plays the violin in a string quartet.";
    expect((await api.json("POST", "/v1/memories", { content: violin, infer: false })).status).toBe(202);
    await pollUntil(async () => (await listAll(api)).some((m) => m.content === violin), "formation");
    await api.json("POST", "/v1/memories/search", { query: "musician" }); // a large project: the table is made
    await pollUntil(async () => tableState(dir)?.filled === 1 && tableState(dir)?.pending === 0, "the table", 30_000);
    const before = tableState(dir)!.name;
    await server.stop("SIGTERM");

    const rows = vectors(dir); // every memory's vector, all in live projects
    const r = await runCli(SOURCE_CLI, ["admin", "reindex", "--data", dir]);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`engram admin reindex: vectors written to the LanceDB table 100% (${rows} of ${rows})`);
    expect(r.stdout).toContain(`LanceDB vector table rebuilt from SQLite (${rows} rows)`);
    const after = tableState(dir)!;
    expect(after).toMatchObject({ filled: 1, rebuild: 0 });
    expect(after.name).not.toBe(before);
    expect(readdirSync(join(dir, "vectors")).filter((n) => n.endsWith(".lance"))).toEqual([`${after.name}.lance`]);

    // The server re-makes the marked vectors into the rebuilt table (no second fill) and searches it.
    server = await startServer(SOURCE_CLI, { dataDir: dir, env });
    const again = client(server.url, api.key);
    await pollUntil(async () => vectors(dir) === rows && tableState(dir)?.pending === 0, "vectors re-made", 30_000);
    expect(tableState(dir)!.name).toBe(after.name);
    const found = await again.json("POST", "/v1/memories/search", { query: "musician" });
    expect(found.body.data[0].content).toBe(violin);
    await server.stop("SIGTERM");
  }, 90_000);
});

/** The LanceDB table's state row (name, filled, rebuild) and the changes not yet applied to it. */
function tableState(dir: string): { name: string; filled: number; rebuild: number; pending: number } | null {
  const db = new Database(join(dir, "engram.db"), { readonly: true });
  try {
    const t = db.query<{ name: string; filled: number; rebuild: number }, []>("SELECT * FROM vector_table").get();
    const pending = db.query<{ n: number }, []>("SELECT count(*) AS n FROM vector_changes").get()!.n;
    return t ? { name: t.name, filled: t.filled, rebuild: t.rebuild, pending } : null;
  } finally {
    db.close();
  }
}
