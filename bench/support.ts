// Shared by the benchmarks that start a real server: spawn `engram serve --port 0`, wait for its
// "Engram listening on URL" line on stdout, and keep reading stdout so the child never blocks on a
// full pipe.
import type { Subprocess } from "bun";

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
