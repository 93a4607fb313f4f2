// The overhead of limit checks per request. Run: `bun bench/limits.ts`
// (options: --rounds 20 --seconds 1 --concurrency 16 --seed 50 --checks 200000 --control).
// Two servers from the same source, one with ENGRAM_ENFORCE_LIMITS=true and one with false, each on
// its own temp data directory and a plan far above the load; rounds alternate between them in one
// run, and the table gives medians and their ratio. --control runs both servers enforced (an A/A
// run: its ratio is the noise floor of the machine). See bench/README.md.
import type { Subprocess } from "bun";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, cpus, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { cleanEnv, spawnServer } from "./support.ts";
import { openDatabase } from "../src/storage/db.ts";
import { systemClock } from "../src/shared/clock.ts";
import { createAdministration } from "../src/administration.ts";
import { createAccountRepository } from "../src/accounts/repository.ts";
import { createLimits } from "../src/limits/index.ts";

const ROOT = resolve(import.meta.dir, "..");
const MAIN = join(ROOT, "src/main.ts");
const { values: opts } = parseArgs({
  options: {
    rounds: { type: "string", default: "20" },
    seconds: { type: "string", default: "1" },
    concurrency: { type: "string", default: "16" },
    seed: { type: "string", default: "50" },
    checks: { type: "string", default: "200000" },
    control: { type: "boolean", default: false },
  },
});
const ROUNDS = Number(opts.rounds);
const SECONDS = Number(opts.seconds);
const CONCURRENCY = Number(opts.concurrency);
const SEED = Number(opts.seed);
const CHECKS = Number(opts.checks);
const CONTROL = opts.control!;
const BIG = "1000000000";

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

interface Server {
  enforce: boolean;
  proc: Subprocess<"ignore", "pipe", "pipe">;
  url: string;
  key: string;
  ids: string[];
}

/** Starts `engram serve --port 0` on a new data directory; reads the bootstrap key from stdout. */
async function start(dataDir: string, enforce: boolean): Promise<Server> {
  const env = cleanEnv({ ENGRAM_ENFORCE_LIMITS: String(enforce), ENGRAM_LOG_LEVEL: "warn" });
  const { proc, url, output } = await spawnServer(
    [process.execPath, MAIN, "serve", "--host", "127.0.0.1", "--port", "0", "--data", dataDir],
    env,
  );
  const text = output();
  const key = /API key:\s+(\S+)/.exec(text)![1]!;
  const account = /account:\s+(acct_\S+)/.exec(text)![1]!;
  // A plan far above the load: the figures measure the checks, never a refusal.
  const flags = [
    "--reads",
    "--writes",
    "--memories",
    "--read-burst",
    "--read-rate",
    "--write-burst",
    "--write-rate",
  ].flatMap((f) => [f, BIG]);
  const admin = Bun.spawn(
    [process.execPath, MAIN, "admin", "plan", "set", "--account", account, ...flags, "--data", dataDir, "--json"],
    { env, stdout: "pipe", stderr: "pipe" },
  );
  if ((await admin.exited) !== 0) throw new Error(`engram admin plan set: ${await new Response(admin.stderr).text()}`);
  return { enforce, proc, url, key, ids: await seed(url, key) };
}

/** Creates SEED memories (infer false) and waits until all are formed; returns their ids. */
async function seed(url: string, key: string): Promise<string[]> {
  const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" };
  for (let i = 0; i < SEED; i++) {
    const r = await fetch(`${url}/v1/memories`, {
      method: "POST",
      headers,
      body: JSON.stringify({ content: `Bench memory ${i}: the ferry left at ${i} past six.`, infer: false }),
    });
    if (r.status !== 202) throw new Error(`create answered ${r.status}: ${await r.text()}`);
  }
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    const ids: string[] = [];
    let cursor = "";
    for (;;) {
      const page = (await (await fetch(`${url}/v1/memories?limit=20${cursor}`, { headers })).json()) as {
        data: Array<{ id: string; content: string }>;
        has_more: boolean;
      };
      ids.push(...page.data.filter((m) => m.content.startsWith("Bench memory")).map((m) => m.id));
      if (!page.has_more) break;
      cursor = `&starting_after=${page.data.at(-1)!.id}`;
    }
    if (ids.length >= SEED) return ids;
    await Bun.sleep(wait);
  }
}

interface Round {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  /** CPU time the server process used in the round (user + system), in clock ticks. */
  cpuTicks: number;
}

/** utime + stime of a process, from /proc/PID/stat (fields 14 and 15; the name in parentheses may hold spaces). */
function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return Number(fields[11]) + Number(fields[12]);
}
const TICKS_PER_SECOND = 100; // USER_HZ on Linux

/** CONCURRENCY loops, each with one GET /v1/memories/{id} in flight, for SECONDS. */
async function round(s: Server): Promise<Round> {
  const headers = { authorization: `Bearer ${s.key}` };
  const latencies: number[] = [];
  let errors = 0;
  let n = 0;
  const cpu0 = cpuTicks(s.proc.pid);
  const t0 = performance.now();
  const end = t0 + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const r = await fetch(`${s.url}/v1/memories/${s.ids[n++ % s.ids.length]}`, { headers });
        await r.arrayBuffer();
        latencies.push(performance.now() - t);
        if (r.status !== 200) errors++;
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  const cpu = cpuTicks(s.proc.pid) - cpu0;
  latencies.sort((a, b) => a - b);
  return {
    rps: latencies.length / elapsed,
    p50: latencies[Math.floor(latencies.length * 0.5)]!,
    p99: latencies[Math.floor(latencies.length * 0.99)]!,
    errors,
    requests: latencies.length,
    cpuTicks: cpu,
  };
}

async function stop(s: Server): Promise<void> {
  s.proc.kill("SIGTERM");
  await s.proc.exited;
}

/**
 * In-process: microseconds for the plan and bucket checks one read makes (the endpoint's token, then
 * the service's plan for its allowance), enforcement on vs off. The allowance UPDATE runs either way.
 */
async function checkCost(dir: string): Promise<{ on: number; off: number }> {
  const db = await openDatabase(dir);
  try {
    const accounts = createAdministration({ db, clock: systemClock }).accounts;
    const a = accounts.createAccount({ name: "bench", plan: "scale" });
    accounts.setPlan(a.id, null, { read_burst: Number(BIG), read_rate: Number(BIG) });
    const time = (enforce: boolean) => {
      const limits = createLimits({
        db,
        clock: systemClock,
        enforce,
        storedPlan: (id) => createAccountRepository(db).getAccount(id),
        storedMemories: () => 0,
      });
      const t0 = performance.now();
      for (let i = 0; i < CHECKS; i++) {
        const request = {};
        if (!limits.take(a.id, "reads", request).allowed) throw new Error("refused");
        if (limits.planOf(a.id, request).reads < 1) throw new Error("no reads");
      }
      return ((performance.now() - t0) * 1000) / CHECKS;
    };
    time(true); // warm up
    return { on: median([time(true), time(true), time(true)]), off: median([time(false), time(false), time(false)]) };
  } finally {
    db.close();
  }
}

const root = mkdtempSync(join(tmpdir(), "engram-bench-limits-"));
const servers: Server[] = [];
try {
  servers.push(await start(join(root, "on"), true), await start(join(root, "off"), CONTROL));
  const [on, off] = servers as [Server, Server];
  await round(on); // warm both servers up (JIT, page cache) before anything is kept
  await round(off);
  const results = new Map<Server, Round[]>([
    [on, []],
    [off, []],
  ]);
  for (let i = 0; i < ROUNDS; i++) {
    // Alternate the order (on, off, off, on, ...) so that drift over the run falls on both sides.
    for (const s of i % 2 === 0 ? [on, off] : [off, on]) results.get(s)!.push(await round(s));
  }
  const pairRatios = results.get(on)!.map((r, i) => r.rps / results.get(off)![i]!.rps);
  const micro = await checkCost(join(root, "micro"));

  const m = (s: Server, f: (r: Round) => number) => median(results.get(s)!.map(f));
  /** Server CPU per request over all rounds (total ticks / total requests), in microseconds. */
  const cpuUs = (s: Server) => {
    const rs = results.get(s)!;
    return (rs.reduce((n, r) => n + r.cpuTicks, 0) / TICKS_PER_SECOND / rs.reduce((n, r) => n + r.requests, 0)) * 1e6;
  };
  const ratio = m(on, (r) => r.rps) / m(off, (r) => r.rps);
  const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
  console.log(
    `\nEngram limits overhead, bun ${Bun.version}, ${availableParallelism()} cores (${cpus()[0]?.model.trim()})`,
  );
  console.log(
    `command: bun bench/limits.ts --rounds ${ROUNDS} --seconds ${SECONDS} --concurrency ${CONCURRENCY} --seed ${SEED} --checks ${CHECKS}${CONTROL ? " --control" : ""}`,
  );
  console.log(
    `servers: bun src/main.ts serve --port 0, ENGRAM_ENFORCE_LIMITS=true and =${CONTROL} (${CONTROL ? "A/A control" : "on vs off"}), plan figures ${BIG}`,
  );
  console.log(
    `load:    GET /v1/memories/{id} over ${SEED} ids, ${CONCURRENCY} fetches in flight, ${ROUNDS} alternating rounds of ${SECONDS} s each\n`,
  );
  console.log(
    `  ${"".padEnd(22)} ${"req/s".padStart(8)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"min-max req/s".padStart(16)} ${"server CPU/req".padStart(15)} errors`,
  );
  for (const s of [on, off]) {
    const rps = results.get(s)!.map((r) => r.rps);
    const spread = `${Math.round(Math.min(...rps))}-${Math.round(Math.max(...rps))}`;
    const errors = results.get(s)!.reduce((n, r) => n + r.errors, 0);
    const name = s === off && CONTROL ? "limits enforced (B)" : s.enforce ? "limits enforced" : "limits not enforced";
    const cells = [
      m(s, (r) => r.rps)
        .toFixed(0)
        .padStart(8),
      m(s, (r) => r.p50)
        .toFixed(2)
        .padStart(8),
      m(s, (r) => r.p99)
        .toFixed(2)
        .padStart(8),
      spread.padStart(16),
      `${cpuUs(s).toFixed(1)} us`.padStart(15),
    ];
    console.log(`  ${name.padEnd(22)} ${cells.join(" ")} ${errors}`);
  }
  console.log(
    `\n  req/s, median of per-round ratios (on / off)  ${median(pairRatios).toFixed(3)}  (throughput cost ${pct(1 - median(pairRatios))})`,
  );
  console.log(
    `  req/s, ratio of the medians (on / off)        ${ratio.toFixed(3)}  (throughput cost ${pct(1 - ratio)})`,
  );
  console.log(
    `  server CPU per request (on / off)             ${(cpuUs(on) / cpuUs(off)).toFixed(3)}  (CPU cost ${pct(cpuUs(on) / cpuUs(off) - 1)})`,
  );
  console.log(
    `  plan + bucket checks, in-process              ${micro.on.toFixed(2)} us enforced, ${micro.off.toFixed(2)} us not (median of 3 x ${CHECKS} calls)`,
  );
} finally {
  for (const s of servers) await stop(s);
  rmSync(root, { recursive: true, force: true });
}
