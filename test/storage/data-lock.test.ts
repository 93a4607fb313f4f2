// One server per data directory: a second one is refused with one line naming the directory and the
// first one's pid; stopping (or kill -9) frees the directory; the admin CLI works beside the server.
// Real processes: `bun src/main.ts` and the compiled binary (the lock is flock through bun:ffi).
import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { startServer as startInProcess, type RunningServer } from "../../src/cli/serve.ts";
import { REPO_ROOT, killChildren, runCli, runJson, SOURCE_CLI, startServer, tempDir } from "../e2e/support.ts";

const dirs: string[] = [];
const running: RunningServer[] = [];
afterAll(async () => {
  for (const s of running.splice(0)) await s.stop().catch(() => {});
  await killChildren();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function newDir(prefix: string): string {
  const root = tempDir(prefix);
  dirs.push(root);
  return join(root, "data");
}

async function startHere(dataDir: string, port = 0): Promise<RunningServer> {
  const s = await startInProcess(
    { dataDir, port, host: "127.0.0.1", formationWorker: false, logLevel: "silent" },
    () => {},
  );
  running.push(s);
  return s;
}

async function stopHere(s: RunningServer): Promise<void> {
  running.splice(running.indexOf(s), 1);
  await s.stop();
}

const refusal = (dataDir: string, pid: number) =>
  `another Engram server (pid ${pid}) is using the data directory ${resolve(dataDir)}; stop it first or give another --data.`;

describe("the data directory lock, in one process", () => {
  test("a second server on the same data directory is refused; once the first stops, a new one starts", async () => {
    const dataDir = newDir("engram-lock-");
    const first = await startHere(dataDir);
    await expect(startHere(dataDir)).rejects.toThrow(refusal(dataDir, process.pid));
    expect((await fetch(`${first.url}/health`)).status).toBe(200); // the first one is untouched
    await stopHere(first);
    const again = await startHere(dataDir);
    expect((await fetch(`${again.url}/health`)).status).toBe(200);
    await stopHere(again);
  });

  test("a start that fails after taking the lock (the port is in use) releases it", async () => {
    const busy = await startHere(newDir("engram-lock-port-"));
    const dataDir = newDir("engram-lock-");
    await expect(startHere(dataDir, Number(new URL(busy.url).port))).rejects.toThrow(/in use/);
    const started = await startHere(dataDir);
    await stopHere(started);
    await stopHere(busy);
  });
});

/** The lock with real processes of `cli`: refusal with exit 1, admin beside the server, kill -9 leaves no stale lock. */
function realProcessTests(cli: () => string[], cwd: () => string) {
  test("a second server process exits 1 naming the directory and the first one's pid; admin still works", async () => {
    const dataDir = newDir("engram-lock-proc-");
    const first = await startServer(cli(), { dataDir, cwd: cwd() });
    const second = await runCli(cli(), ["serve", "--host", "127.0.0.1", "--port", "0", "--data", dataDir], {
      cwd: cwd(),
    });
    expect(second.code).toBe(1);
    expect(second.stderr.trim()).toBe(`engram serve: ${refusal(dataDir, first.proc.pid)}`);
    const accounts = await runJson(cli(), ["admin", "account", "list", "--data", dataDir], { cwd: cwd() });
    expect(accounts).toHaveLength(1); // the one the first server made
    expect(await first.stop("SIGKILL")).toBeNull();

    // kill -9 left the lock file behind, but not the lock: the next start takes it.
    const restarted = await startServer(cli(), { dataDir, cwd: cwd() });
    expect(restarted.stdout()).not.toContain("API key"); // the same data, no new account
    expect((await fetch(`${restarted.url}/health`)).status).toBe(200);
    expect(await restarted.stop("SIGTERM")).toBe(0);
  }, 60_000);
}

describe("the data directory lock with `bun src/main.ts`", () => {
  realProcessTests(
    () => SOURCE_CLI,
    () => REPO_ROOT,
  );
});

describe("the data directory lock in the compiled binary", () => {
  let bin = "";
  let binDir = "";
  test("the binary builds", async () => {
    const root = tempDir("engram-lock-binary-");
    dirs.push(root);
    const build = await runCli([process.execPath, join(REPO_ROOT, "build.ts")], [join(root, "build", "engram")]);
    expect(build.code).toBe(0);
    binDir = join(root, "bin"); // away from node_modules, as it is installed
    mkdirSync(binDir);
    renameSync(join(root, "build", "engram"), join(binDir, "engram"));
    bin = join(binDir, "engram");
  }, 60_000);
  realProcessTests(
    () => [bin],
    () => binDir,
  );
});
