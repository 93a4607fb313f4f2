// The server forms memories in its own thread (a Worker with its own SQLite connection): formation
// goes on while the request thread is busy, the vectors it writes reach the request thread's
// approximate index, and closing stops it after the unit in progress.
import { afterEach, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { createEngram, type Engram } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { tempDir } from "../helpers.ts";

let dir = "";
let engram: Engram | null = null;
afterEach(async () => {
  await engram?.close();
  engram = null;
  rmSync(dir, { recursive: true, force: true });
});

async function server(thread: "worker" | "main") {
  dir = tempDir();
  // As `engram serve` runs it; the approximate index serves every project however small.
  const config = loadConfig({ dataDir: dir, formationWorker: true, formationThread: thread, logLevel: "silent" }, {});
  engram = await createEngram(config, { logger: silentLogger, ann: { minVectors: 1 } });
  await new Promise((r) => setTimeout(r, 0)); // the start's index warm-up (a 0 ms timer) is behind us
  const account = engram.accounts.createAccount({ name: "T", plan: "scale" });
  const key = engram.accounts.createKey({ projectId: account.demo_project_id, name: "k" }).key;
  const e = engram;
  const call = (path: string, body: unknown) =>
    e.handle(
      new Request(`http://127.0.0.1${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      }),
    );
  const count = e.db.query<{ n: number }, [string, string]>(
    "SELECT count(*) AS n FROM memories WHERE project_id = ? AND content = ? AND status = 'active'",
  );
  /**
   * Waits for a memory while holding the request thread (never yielding to its event loop): only
   * formation on another thread can write it meanwhile. False after `ms`.
   */
  const formedWhileBusy = (content: string, ms: number) => {
    const until = performance.now() + ms;
    while (performance.now() < until) if (count.get(account.demo_project_id, content)!.n > 0) return true;
    return false;
  };
  return { e, call, formedWhileBusy };
}

describe("the formation thread", () => {
  test("forms while the request thread is busy; in-process formation cannot", async () => {
    // An import of several units: in-process formation yields to the event loop between units, which
    // a busy request thread never gives it; the formation thread goes on regardless.
    const messages = Array.from({ length: 60 }, (_, i) => ({
      role: "user",
      content: `I planted ${i + 2} rows of tulips in the community garden today.`,
    }));
    const last = (e: Engram) =>
      e.db.query<{ status: string }, []>("SELECT status FROM jobs ORDER BY created_at DESC LIMIT 1").get()?.status;
    const done = (e: Engram, ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until) if (last(e) === "done") return true;
      return false;
    };
    const threaded = await server("worker");
    expect((await threaded.call("/v1/memories/import", { messages })).status).toBe(202);
    expect(done(threaded.e, 20_000)).toBe(true);
    await engram!.close();
    engram = null;
    rmSync(dir, { recursive: true, force: true });

    const inProcess = await server("main");
    expect((await inProcess.call("/v1/memories/import", { messages })).status).toBe(202);
    expect(done(inProcess.e, 300)).toBe(false);
  });

  test("a memory it forms is found by meaning through the request thread's approximate index", async () => {
    const { e, call, formedWhileBusy } = await server("worker");
    await call("/v1/memories", { content: "Ada keeps bees on her allotment.", infer: false });
    expect(formedWhileBusy("Ada keeps bees on her allotment.", 20_000)).toBe(true);
    const search = async (query: string) =>
      (
        (await (await call("/v1/memories/search", { query, limit: 5 })).json()) as { data: Array<{ content: string }> }
      ).data.map((m) => m.content);
    await search("honey"); // builds the project's approximate index from what is stored now
    await call("/v1/memories", { content: "Bruno collects vintage synthesizers.", infer: false });
    expect(formedWhileBusy("Bruno collects vintage synthesizers.", 20_000)).toBe(true);
    // The vector is in SQLite; the index hears of it once the thread's message is handled.
    let found: string[] = [];
    for (let turn = 0; turn < 1_000 && !found.includes("Bruno collects vintage synthesizers."); turn++) {
      await new Promise((r) => setImmediate(r));
      found = await search("keyboards instruments");
    }
    expect(found).toContain("Bruno collects vintage synthesizers.");
    const vectors = e.db.query<{ n: number }, []>(
      "SELECT count(*) AS n FROM memory_vectors v JOIN memories m ON m.seq = v.memory_seq WHERE m.is_sample = 0",
    );
    expect(vectors.get()!.n).toBe(2); // written by the formation thread, in the memories' transactions
  });

  test("cannot be stepped from the request thread, and closes cleanly", async () => {
    const { e } = await server("worker");
    await expect(e.formation.runUntilIdle()).rejects.toThrow("its own thread");
    await e.close();
    engram = null;
  });
});
