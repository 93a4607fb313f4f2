// Real processes for the end-to-end tests: spawn `engram` (the compiled binary or `bun src/main.ts`),
// read its output as a stream to learn its address (never sleep to wait for it), talk to it over
// 127.0.0.1, and kill every child in afterAll even when a test failed.
import type { Subprocess } from "bun";
import { mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

export const REPO_ROOT = resolve(import.meta.dir, "../..");
/** `bun src/main.ts`: the CLI from source, for tests that need a real process but not the binary. */
export const SOURCE_CLI = [process.execPath, join(REPO_ROOT, "src/main.ts")];

export function tempDir(prefix: string): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

/** The environment of a child: the parent's, minus every ENGRAM_* setting, plus the given ones. */
export function childEnv(extra: Record<string, string> = {}): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith("ENGRAM_")) env[k] = v;
  return { ...env, ...extra };
}

/** Collects a stream's text and lets callers wait until it matches a pattern. */
class StreamText {
  text = "";
  ended = false;
  private waiters: Array<() => void> = [];
  constructor(stream: ReadableStream<Uint8Array>) {
    void this.pump(stream);
  }
  private async pump(stream: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of stream) {
        this.text += decoder.decode(chunk, { stream: true });
        this.wakeAll();
      }
    } finally {
      this.ended = true;
      this.wakeAll();
    }
  }
  private wakeAll() {
    for (const w of this.waiters.splice(0)) w();
  }
  changed(): Promise<void> {
    return new Promise((r) => this.waiters.push(r));
  }
}

const children = new Set<Subprocess>();

/** Kills every child still running (SIGKILL) and waits for them: for afterAll. */
export async function killChildren(): Promise<void> {
  const running = [...children];
  children.clear();
  for (const c of running) if (c.exitCode === null && c.signalCode === null) c.kill("SIGKILL");
  await Promise.all(running.map((c) => c.exited));
}

export interface ServerProcess {
  proc: Subprocess<"ignore", "pipe", "pipe">;
  url: string;
  /** Everything the process printed on stdout so far. */
  stdout(): string;
  stderr(): string;
  /** Sends a signal and resolves with the exit code (null when a signal ended it). */
  stop(signal: "SIGTERM" | "SIGKILL"): Promise<number | null>;
}

/** Starts `<cli> serve --port 0 --data DIR` and resolves once it prints its address. */
export async function startServer(
  cli: string[],
  opts: { dataDir: string; cwd?: string; env?: Record<string, string>; timeoutMs?: number },
): Promise<ServerProcess> {
  const proc = Bun.spawn([...cli, "serve", "--host", "127.0.0.1", "--port", "0", "--data", opts.dataDir], {
    cwd: opts.cwd ?? REPO_ROOT,
    env: childEnv(opts.env),
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  children.add(proc);
  const out = new StreamText(proc.stdout);
  const err = new StreamText(proc.stderr);
  const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
  const listening = /Engram listening on (http:\/\/127\.0\.0\.1:\d+)/;
  let match = out.text.match(listening);
  while (!match) {
    const left = deadline - Date.now();
    if (out.ended || left <= 0) {
      proc.kill("SIGKILL");
      throw new Error(
        `the server did not start (${out.ended ? "stdout closed" : "timed out"}).\nstdout:\n${out.text}\nstderr:\n${err.text}`,
      );
    }
    let timer: Timer | undefined;
    await Promise.race([out.changed(), new Promise((r) => (timer = setTimeout(r, left)))]);
    clearTimeout(timer);
    match = out.text.match(listening);
  }
  return {
    proc,
    url: match[1]!,
    stdout: () => out.text,
    stderr: () => err.text,
    async stop(signal) {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
      await proc.exited;
      children.delete(proc);
      return proc.exitCode;
    },
  };
}

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one command to completion. */
export async function runCli(
  cli: string[],
  args: string[],
  opts: { cwd?: string; env?: Record<string, string> } = {},
): Promise<CliResult> {
  const proc = Bun.spawn([...cli, ...args], {
    cwd: opts.cwd ?? REPO_ROOT,
    env: childEnv(opts.env),
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
  children.add(proc);
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  children.delete(proc);
  return { code, stdout, stderr };
}

/** Runs a command with --json, requires exit 0 and returns its parsed stdout. */
// biome-ignore lint/suspicious/noExplicitAny: callers name the shape they expect
export async function runJson<T = any>(cli: string[], args: string[], opts: { cwd?: string } = {}): Promise<T> {
  const r = await runCli(cli, [...args, "--json"], opts);
  if (r.code !== 0) throw new Error(`${args.join(" ")} exited ${r.code}: ${r.stderr}`);
  try {
    return JSON.parse(r.stdout) as T;
  } catch {
    throw new Error(`${args.join(" ")} --json printed something that is not JSON:\n${r.stdout}`);
  }
}

/** A small HTTP client for one key; adds up the reads the server reports in Service-Usage. */
export function client(url: string, key: string) {
  const self = {
    key,
    readsCharged: 0,
    async call(method: string, path: string, body?: unknown): Promise<Response> {
      const headers: Record<string, string> = { authorization: `Bearer ${self.key}` };
      if (body !== undefined) headers["content-type"] = "application/json";
      const r = await fetch(`${url}${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const reads = /(?:^|,\s*)reads=(\d+)/.exec(r.headers.get("service-usage") ?? "");
      if (reads) self.readsCharged += Number(reads[1]);
      return r;
    },
    // biome-ignore lint/suspicious/noExplicitAny: callers name the shape they expect
    async json<T = any>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
      const r = await self.call(method, path, body);
      const text = await r.text();
      return { status: r.status, body: (text ? JSON.parse(text) : null) as T };
    },
  };
  return self;
}

/** Polls `probe` with short waits until it returns a value, within a bound. */
export async function pollUntil<T>(
  probe: () => Promise<T | undefined | null | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (let wait = 5; ; wait = Math.min(wait * 2, 100)) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await Bun.sleep(wait);
  }
}

/** Every memory of the key's project, following `starting_after` cursors. */
export async function listAll(api: ReturnType<typeof client>): Promise<Array<{ id: string; content: string }>> {
  const all: Array<{ id: string; content: string }> = [];
  let cursor: string | undefined;
  for (;;) {
    const r = await api.json("GET", `/v1/memories?limit=20${cursor ? `&starting_after=${cursor}` : ""}`);
    if (r.status !== 200) throw new Error(`list answered ${r.status}: ${JSON.stringify(r.body)}`);
    all.push(...r.body.data);
    if (!r.body.has_more) return all;
    cursor = r.body.data[r.body.data.length - 1].id;
  }
}

/**
 * Builds dist/engram's executable with build.ts into `<root>/build`, then moves it alone into
 * `<root>/bin` (nothing of the build beside it, as a user installs it); returns the `bin` folder.
 */
export async function buildBinary(root: string): Promise<string> {
  const build = await runCli([process.execPath, join(REPO_ROOT, "build.ts")], [join(root, "build", "engram")]);
  if (build.code !== 0) throw new Error(`the build failed:\n${build.stdout}${build.stderr}`);
  const binDir = join(root, "bin");
  mkdirSync(binDir);
  renameSync(join(root, "build", "engram"), join(binDir, "engram"));
  rmSync(join(root, "build"), { recursive: true, force: true });
  return binDir;
}
