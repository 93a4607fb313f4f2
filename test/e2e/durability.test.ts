// An accepted write (202) survives kill -9 and is formed exactly once: a real server process is
// killed, its SQLite file is checked as the crash left it, and a restart finishes the queue.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { client, killChildren, SOURCE_CLI, startServer, tempDir } from "./support.ts";
import {
  expectChunkAtomic,
  expectedTexts,
  expectExactlyOnce,
  readStored,
  sendWorkload,
  waitUntilFormed,
  workload,
  type Workload,
} from "./workload.ts";

const dirs: string[] = [];
afterAll(async () => {
  await killChildren();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Starts a server on a fresh data directory and returns it with the key it printed on first start. */
async function firstStart(env: Record<string, string>) {
  const dataDir = tempDir("engram-e2e-durability-");
  dirs.push(dataDir);
  const server = await startServer(SOURCE_CLI, { dataDir, env });
  const key = /API key:\s+(\S+)/.exec(server.stdout())?.[1];
  if (!key) throw new Error(`no API key printed on first start:\n${server.stdout()}`);
  return { dataDir, server, key };
}

/** Restarts with the worker on, waits until everything is listed once, stops cleanly and checks the file. */
async function recoverAndCheck(dataDir: string, key: string, w: Workload) {
  const server = await startServer(SOURCE_CLI, { dataDir });
  const listed = await waitUntilFormed(client(server.url, key), w);
  const listedTwice = expectedTexts(w).filter((t) => listed.get(t) !== 1);
  expect(listedTwice).toEqual([]);
  expect(await server.stop("SIGTERM")).toBe(0);
  expectExactlyOnce(readStored(dataDir), w);
}

describe("kill -9 with a real server process", () => {
  test("writes accepted while the worker is off survive kill -9 and are formed exactly once after a restart", async () => {
    const { dataDir, server, key } = await firstStart({ ENGRAM_FORMATION_WORKER: "false" });
    const w = workload("off", 30, [100]);
    await sendWorkload(client(server.url, key), w);
    expect(await server.stop("SIGKILL")).toBeNull();

    const crashed = readStored(dataDir);
    expect(crashed.jobs).toHaveLength(31);
    expect(crashed.jobs.every((j) => j.status === "queued" && j.progress === 0)).toBe(true);
    expect(crashed.counts.size).toBe(0);
    expectChunkAtomic(crashed);

    await recoverAndCheck(dataDir, key, w);
  }, 30_000);

  test("a server killed -9 right after its last 202 while forming resumes at a chunk boundary and forms everything exactly once", async () => {
    const { dataDir, server, key } = await firstStart({});
    const w = workload("busy", 20, [120, 500, 500]);
    await sendWorkload(client(server.url, key), w);
    await server.stop("SIGKILL");

    const crashed = readStored(dataDir);
    expect(crashed.jobs).toHaveLength(23);
    expect(crashed.jobs.some((j) => j.status === "queued")).toBe(true); // the kill did interrupt formation
    expectChunkAtomic(crashed);

    await recoverAndCheck(dataDir, key, w);
  }, 30_000);
});

describe("SIGTERM with a real server process", () => {
  test("SIGTERM while forming finishes the chunk in progress, closes the database and exits 0; a restart forms the rest exactly once", async () => {
    const { dataDir, server, key } = await firstStart({});
    const w = workload("term", 0, [500, 500, 500]);
    await sendWorkload(client(server.url, key), w);
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(await Bun.file(`${dataDir}/engram.db-wal`).exists()).toBe(false); // closed cleanly: WAL checkpointed and removed

    const stopped = readStored(dataDir);
    expectChunkAtomic(stopped);
    // It stopped between two chunks of a job, rather than finishing that job or draining the queue.
    expect(stopped.jobs.some((j) => j.status === "queued" && j.progress > 0)).toBe(true);
    expect(server.stdout()).toContain("shutting down");

    await recoverAndCheck(dataDir, key, w);
  }, 30_000);
});
