// A full disk, for real: the data directory on a small tmpfs (mounting one needs root; elsewhere the
// test says so and is skipped, and test/http/full-disk.test.ts covers the same rules with an injected
// fault). Writes are refused with 503 capacity_exceeded naming storage and Retry-After, reads are
// served (their charge owed until it can be written), the formation loop backs off and logs a repeated
// error once, and everything recovers by itself when space returns.
import { afterAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { client, killChildren, pollUntil, runCli, runJson, SOURCE_CLI, startServer } from "./support.ts";

const mountPoint = mkdtempSync(join(tmpdir(), "engram-full-"));
const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=24m", "tmpfs", mountPoint]).status === 0;
if (!mounted) console.warn("full-disk.test.ts: mounting a tmpfs needs root; the real full-disk test is skipped here.");

afterAll(async () => {
  await killChildren();
  if (mounted) spawnSync("umount", [mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

/** Fills the file system with one file until only `leave` bytes are free (0: until ENOSPC). */
function fillDisk(dir: string, leave = 0): string {
  const path = join(dir, "filler");
  const fd = openSync(path, "w");
  const block = Buffer.alloc(16 * 1024, 7);
  const free = () => {
    const s = statfsSync(dir);
    return Number(s.bavail) * Number(s.bsize);
  };
  try {
    while (free() > leave + block.length) writeSync(fd, block);
    if (leave === 0) for (;;) writeSync(fd, block.subarray(0, 4096));
  } catch (err) {
    if ((err as { code?: string }).code !== "ENOSPC") throw err;
  } finally {
    closeSync(fd);
  }
  return path;
}

const PASSAGES = [
  "I'm Dana, a backend engineer at Stripe. I moved from Lisbon to Berlin last March.",
  "I am vegetarian since January, and I run every Sunday morning along the canal.",
  "My sister Ines lives in Porto and teaches chemistry at a secondary school.",
];
/** Enough queued formation that it cannot finish in the little space left. */
const MANY = Array.from(
  { length: 120 },
  (_, i) =>
    `I met my mentor Tomas at the Kreuzberg office for review ${i + 1}, we reviewed the payments ledger migration, and I promised to send the rollout checklist to the platform team by Friday.`,
);

describe.skipIf(!mounted)("a full disk (tmpfs, root)", () => {
  test("writes 503 storage_full, reads served, the loop backs off, and it recovers when space returns", async () => {
    const dataDir = join(mountPoint, "data");
    mkdirSync(dataDir, { mode: 0o700 });

    // Jobs accepted while formation is off, so they are certain to be waiting when the disk fills.
    let server = await startServer(SOURCE_CLI, { dataDir, env: { ENGRAM_FORMATION_WORKER: "false" } });
    const key = /API key:\s+(\S+)/.exec(server.stdout())![1]!;
    const account = /account:\s+(\S+)/.exec(server.stdout())![1]!;
    let api = client(server.url, key);
    for (const content of [...PASSAGES, ...MANY])
      expect(
        (await api.call("POST", "/v1/memories", { content, occurred_at: "2026-11-20", scope: { user_id: "dana" } }))
          .status,
      ).toBe(202);
    await server.stop("SIGTERM");

    // No room at all: SQLite cannot open the database (it needs its shared-memory file), and the start
    // is refused with a message that says why.
    let filler = fillDisk(mountPoint);
    const refusedStart = await runCli(SOURCE_CLI, ["serve", "--port", "0", "--data", dataDir]);
    expect(refusedStart.code).toBe(1);
    expect(refusedStart.stderr).toContain("is full");
    rmSync(filler);

    // Room to start, not to form: the disk fills while the server runs.
    filler = fillDisk(mountPoint, 256 * 1024);
    server = await startServer(SOURCE_CLI, { dataDir });
    api = client(server.url, key);

    // The formation thread meets the full disk on its first unit.
    await pollUntil(async () => server.stdout().includes('"msg":"formation loop error"'), "the formation loop's error");
    const began = performance.now();

    // Writes are accepted while the database's files have room, then refused.
    let refused: Response | null = null;
    for (let i = 0; i < 500 && !refused; i++) {
      const r = await api.call("POST", "/v1/memories", {
        content: `Dana's note ${i}: ${"the quarterly plan moved again. ".repeat(25)}`,
        infer: false,
      });
      if (r.status !== 202) refused = r;
    }
    expect(refused?.status).toBe(503);
    if (!refused) return;
    expect(refused.headers.get("retry-after")).toBe("30");
    const problem = (await refused.json()) as { code: string; reason: string };
    expect(problem).toMatchObject({ code: "capacity_exceeded", reason: "storage_full" });

    // Reads are served, each charged (owed in memory until the counter can be written).
    for (let i = 0; i < 10; i++) {
      expect((await api.call("GET", "/v1/memories?limit=5")).status).toBe(200);
      expect((await api.call("POST", "/v1/memories/search", { query: "Where does Dana live?" })).status).toBe(200);
      expect((await api.call("POST", "/v1/memories/context", { query: "What does Dana eat?" })).status).not.toBe(500);
    }
    expect(api.readsCharged).toBeGreaterThanOrEqual(20);

    // The loop backs off (1 s, then longer) instead of spinning: at most one more error line per second
    // since the first (before, it logged ~500 stack traces a second).
    const seconds = (performance.now() - began) / 1000;
    const loopErrors = server
      .stdout()
      .split("\n")
      .filter((l) => l.includes('"msg":"formation loop error"'));
    expect(loopErrors.length).toBeLessThanOrEqual(2 + Math.floor(seconds));
    const fullLines = server
      .stdout()
      .split("\n")
      .filter((l) => l.includes("disk full: writes refused"));
    expect(fullLines.length).toBe(1); // once per minute, not once per refused request

    // Space returns: the next write is accepted and wakes the formation thread, which forms everything.
    rmSync(filler);
    const accepted = await api.call("POST", "/v1/memories", {
      content: "Dana's favourite tea is genmaicha.",
      infer: false,
      scope: { user_id: "dana" },
    });
    expect(accepted.status).toBe(202);
    const texts = async (query: string) => {
      const r = await api.json<{ data: Array<{ content: string }> }>("POST", "/v1/memories/search", {
        query,
        limit: 50,
      });
      return r.status === 200 ? r.body.data.map((m) => m.content) : [];
    };
    await pollUntil(
      async () => (await texts("genmaicha tea")).some((t) => t.includes("genmaicha")),
      "the new write formed",
    );
    await pollUntil(
      async () => (await texts("rollout checklist Tomas")).length === 50,
      "the queued weekly notes formed",
    );
    for (const [query, word] of [
      ["Dana moved from Lisbon", "Berlin"],
      ["vegetarian since January", "vegetarian"],
      ["Ines Porto", "Porto"],
    ]) {
      expect((await texts(query!)).join("\n")).toContain(word!);
    }

    // The reads owed while the disk was full reached the counter with the next read that could be written.
    expect((await api.call("GET", "/v1/memories?limit=1")).status).toBe(200);
    const usage = await runJson<{ reads: number }>(SOURCE_CLI, [
      "admin",
      "usage",
      "--account",
      account,
      "--data",
      dataDir,
    ]);
    expect(usage.reads).toBe(api.readsCharged);
    await server.stop("SIGTERM");
  }, 60_000);
});
