// Shared by the benchmarks that start a real server: spawn `engram serve --port 0`, wait for its
// "Engram listening on URL" line on stdout, and keep reading stdout so the child never blocks on a
// full pipe.
import type { Subprocess } from "bun";
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

export interface Spawned {
  proc: Subprocess<"ignore", "pipe", "pipe">;
  url: string;
  /** Everything the server printed on stdout so far (the bootstrap key, for one). */
  output: () => string;
}

/** Environment without the ENGRAM_* settings of the shell the benchmark runs in. */
export function cleanEnv(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ...(Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith("ENGRAM_"))) as Record<
      string,
      string
    >),
    ...extra,
  };
}

export async function spawnServer(cmd: string[], env: Record<string, string>): Promise<Spawned> {
  const proc = Bun.spawn(cmd, { env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const reader = proc.stdout.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let url: string | undefined;
  while (!url) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`engram exited before listening:\n${text}\n${await new Response(proc.stderr).text()}`);
    text += decoder.decode(value, { stream: true });
    url = /Engram listening on (https?:\/\/\S+)/.exec(text)?.[1];
  }
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += decoder.decode(value, { stream: true });
    }
  })();
  return { proc, url, output: () => text };
}

/** The p-quantile (0..1) of `xs`, nearest rank below. */
export function percentile(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
}

/** One stage's duration (ms) in a Server-Timing header, 0 when absent. */
export function serverTiming(header: string | null, name: string): number {
  const m = new RegExp(`(?:^|,)\\s*${name};dur=([0-9.]+)`).exec(header ?? "");
  return m ? Number(m[1]) : 0;
}

/** A process's resident memory now and at its peak (VmRSS, VmHWM), in MiB. */
export function rssMiB(pid: number): { rss: number; peak: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024;
  // RssFile: pages of mapped files (the database read through mmap, the binary): the kernel's page
  // cache, given back under memory pressure, unlike the anonymous rest.
  return { rss: kb("VmRSS"), peak: kb("VmHWM"), file: kb("RssFile") };
}

/** Bytes of a data directory's SQLite file and its WAL. */
export function dbBytes(dir: string): number {
  return ["engram.db", "engram.db-wal"]
    .map((f) => join(dir, f))
    .filter(existsSync)
    .reduce((n, f) => n + statSync(f).size, 0);
}

/** RFC 4180 rows: quoted fields may hold commas, doubled quotes ("") and newlines; rows end at \n or \r\n. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}
