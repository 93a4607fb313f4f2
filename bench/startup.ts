// Startup, memory and loopback throughput of the compiled binary. Run: `bun bench/startup.ts`
// (options: --runs 7 --rounds 5 --seconds 1 --concurrency 16 --seed 300 --binary dist/engram).
// Every figure is a median over repeated runs; see bench/README.md.
import type { Subprocess } from "bun";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join, relative, resolve } from "node:path";
import { parseArgs } from "node:util";
import { cleanEnv, spawnServer, type Spawned } from "./support.ts";

const ROOT = resolve(import.meta.dir, "..");
const { values: opts } = parseArgs({
  options: {
    runs: { type: "string", default: "7" },
    rounds: { type: "string", default: "5" },
    seconds: { type: "string", default: "1" },
    concurrency: { type: "string", default: "16" },
    seed: { type: "string", default: "300" },
    binary: { type: "string", default: join(ROOT, "dist/engram") },
  },
});
const RUNS = Number(opts.runs);
const ROUNDS = Number(opts.rounds);
const SECONDS = Number(opts.seconds);
const CONCURRENCY = Number(opts.concurrency);
const SEED = Number(opts.seed);
const BINARY = resolve(opts.binary!);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const env = cleanEnv();

/** Newest modification time under the paths the binary is built from. */
function newestSource(paths: string[]): number {
  let newest = 0;
  for (const p of paths.map((x) => join(ROOT, x))) {
    if (!existsSync(p)) continue;
    const st = statSync(p);
    if (st.isDirectory())
      newest = Math.max(newest, newestSource(readdirSync(p).map((f) => relative(ROOT, join(p, f)))));
    else newest = Math.max(newest, st.mtimeMs);
  }
  return newest;
}

async function buildIfNeeded(): Promise<void> {
  if (existsSync(BINARY) && statSync(BINARY).mtimeMs >= newestSource(["src", "build.ts", "package.json", "bun.lock"]))
    return;
  console.log(`building ${relative(ROOT, BINARY)} ...`);
  const p = Bun.spawn([process.execPath, join(ROOT, "build.ts"), BINARY], {
    cwd: ROOT,
    stdout: "inherit",
    stderr: "inherit",
  });
  if ((await p.exited) !== 0) throw new Error("the build failed");
}

interface Started extends Spawned {
  /** Milliseconds from spawn to the first 200 from GET /health. */
  startupMs: number;
}

/** Spawns `engram serve --port 0` and measures spawn -> "listening" line on stdout -> first 200 from /health. */
async function start(dataDir: string): Promise<Started> {
  const t0 = performance.now();
  const server = await spawnServer([BINARY, "serve", "--host", "127.0.0.1", "--port", "0", "--data", dataDir], env);
  const health = await fetch(`${server.url}/health`);
  if (health.status !== 200) throw new Error(`GET /health answered ${health.status}`);
  await health.arrayBuffer();
  return { ...server, startupMs: performance.now() - t0 };
}

async function stop(s: Started): Promise<void> {
  s.proc.kill("SIGTERM");
  if ((await s.proc.exited) !== 0) throw new Error(`engram exited ${s.proc.exitCode} on SIGTERM`);
}

function rssMiB(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) / 1024;
}

async function admin(dataDir: string, ...args: string[]): Promise<void> {
  const p = Bun.spawn([BINARY, "admin", ...args, "--data", dataDir, "--json"], { env, stdout: "pipe", stderr: "pipe" });
  if ((await p.exited) !== 0) throw new Error(`engram admin ${args.join(" ")}: ${await new Response(p.stderr).text()}`);
}

interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

/** `concurrency` loops, each with one request in flight, for `seconds`. */
async function round(path: () => string, key: string): Promise<LoadResult> {
  const headers = { authorization: `Bearer ${key}` };
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const r = await fetch(path(), { headers });
        await r.arrayBuffer();
        latencies.push(performance.now() - t);
        if (r.status !== 200) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: latencies[Math.floor(latencies.length * 0.5)]!,
    p99: latencies[Math.floor(latencies.length * 0.99)]!,
    errors,
  };
}

/** Median figures over `rounds` rounds (errors are summed). */
async function load(path: () => string, key: string): Promise<LoadResult> {
  const rounds: LoadResult[] = [];
  for (let i = 0; i < ROUNDS; i++) rounds.push(await round(path, key));
  const m = (f: (r: LoadResult) => number) => median(rounds.map(f));
  return {
    rps: m((r) => r.rps),
    p50: m((r) => r.p50),
    p99: m((r) => r.p99),
    errors: rounds.reduce((n, r) => n + r.errors, 0),
  };
}

await buildIfNeeded();
const root = mkdtempSync(join(tmpdir(), "engram-bench-"));
const children: Subprocess[] = [];
try {
  // Startup: on an empty data directory (migrations, first account, key) and on an existing one.
  const coldMs: number[] = [];
  const warmMs: number[] = [];
  const idleRss: number[] = [];
  const dataDir = join(root, "data");
  const first = await start(dataDir); // creates the account whose key the load uses
  children.push(first.proc);
  const key = /API key:\s+(\S+)/.exec(first.output())![1]!;
  const accountId = /account:\s+(acct_\S+)/.exec(first.output())![1]!;
  await stop(first);
  for (let i = 0; i < RUNS; i++) {
    const fresh = await start(join(root, `fresh-${i}`));
    children.push(fresh.proc);
    coldMs.push(fresh.startupMs);
    await stop(fresh);
    const s = await start(dataDir);
    children.push(s.proc);
    warmMs.push(s.startupMs);
    await Bun.sleep(500); // let start-up garbage settle before reading RSS
    idleRss.push(rssMiB(s.proc.pid));
    await stop(s);
  }

  // Throughput: lift the account's limits so the figures measure the server, not the plan.
  const big = "1000000000";
  await admin(
    dataDir,
    "plan",
    "set",
    "--account",
    accountId,
    "--reads",
    big,
    "--writes",
    big,
    "--memories",
    big,
    "--read-burst",
    big,
    "--read-rate",
    big,
    "--write-burst",
    big,
    "--write-rate",
    big,
  );
  const s = await start(dataDir);
  children.push(s.proc);
  const messages = Array.from({ length: SEED }, (_, i) => ({
    role: "user",
    content: `Seed memory ${i}: the keeper counted ${i} gulls at the lighthouse.`,
  }));
  const imported = await fetch(`${s.url}/v1/memories/import`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify({ messages }),
  });
  if (imported.status !== 202) throw new Error(`import answered ${imported.status}: ${await imported.text()}`);
  const ids: string[] = [];
  for (let wait = 5; ids.length < SEED; wait = Math.min(wait * 2, 100)) {
    ids.length = 0;
    let cursor = "";
    for (;;) {
      const page = (await (
        await fetch(`${s.url}/v1/memories?limit=20${cursor}`, { headers: { authorization: `Bearer ${key}` } })
      ).json()) as { data: Array<{ id: string; content: string }>; has_more: boolean };
      ids.push(...page.data.filter((m) => m.content.startsWith("Seed memory")).map((m) => m.id));
      if (!page.has_more) break;
      cursor = `&starting_after=${page.data.at(-1)!.id}`;
    }
    if (ids.length < SEED) await Bun.sleep(wait);
  }
  let n = 0;
  const health = await load(() => `${s.url}/health`, key);
  const get = await load(() => `${s.url}/v1/memories/${ids[n++ % ids.length]}`, key);
  const list = await load(() => `${s.url}/v1/memories?limit=10`, key);
  const busyRss = rssMiB(s.proc.pid);
  await stop(s);

  const row = (name: string, value: string) => console.log(`  ${name.padEnd(46)} ${value}`);
  console.log(
    `\nEngram ${relative(ROOT, BINARY) || BINARY} (${(statSync(BINARY).size / 2 ** 20).toFixed(1)} MiB), bun ${Bun.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim()})`,
  );
  console.log(
    `command: bun bench/startup.ts --runs ${RUNS} --rounds ${ROUNDS} --seconds ${SECONDS} --concurrency ${CONCURRENCY} --seed ${SEED}`,
  );
  console.log(`server:  ${relative(ROOT, BINARY)} serve --host 127.0.0.1 --port 0 --data <temp dir>`);
  console.log(`load:    ${CONCURRENCY} fetches in flight from one Bun process on the same machine\n`);
  row(`spawn -> first 200 /health, empty data dir`, `${median(coldMs).toFixed(1)} ms (median of ${coldMs.length})`);
  row(`spawn -> first 200 /health, existing data`, `${median(warmMs).toFixed(1)} ms (median of ${warmMs.length})`);
  row(`idle RSS after start (VmRSS)`, `${median(idleRss).toFixed(1)} MiB (median of ${idleRss.length})`);
  for (const [name, r] of [
    ["GET /health (no auth, no database)", health],
    ["GET /v1/memories/{id}", get],
    ["GET /v1/memories?limit=10", list],
  ] as const) {
    row(
      `${name}`,
      `${Math.round(r.rps)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (median of ${ROUNDS} x ${SECONDS} s)${r.errors ? `, ${r.errors} non-200!` : ""}`,
    );
  }
  row(`RSS after the load (${SEED} memories seeded)`, `${busyRss.toFixed(1)} MiB`);
} finally {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  rmSync(root, { recursive: true, force: true });
}
