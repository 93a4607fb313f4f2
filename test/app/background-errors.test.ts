// An error in background work (the vector table's sync, the formation loop) is logged and the
// process goes on; before, it was an uncaught exception after "listening" (a crash loop under systemd).
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { createEngram, type Engram } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/shared/logger.ts";
import { createWorkLoop } from "../../src/shared/work-loop.ts";
import { tempDir } from "../helpers.ts";

const dirs: string[] = [];
const engrams: Engram[] = [];
afterAll(async () => {
  for (const e of engrams) await e.close();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A logger whose lines the test can wait for. */
function capturingLogger() {
  const lines: Array<{ level: number; msg: string; err?: { message: string } }> = [];
  let waiters: Array<() => void> = [];
  const logger = createLogger("info", {
    write(line: string) {
      lines.push(JSON.parse(line));
      for (const w of waiters) w();
      waiters = [];
    },
  });
  /** Resolves once `count` lines with this message were logged. */
  async function logged(msg: string, count = 1) {
    const matching = () => lines.filter((l) => l.msg === msg);
    while (matching().length < count) await new Promise<void>((r) => waiters.push(r));
    return matching();
  }
  return { logger, lines, logged };
}

/** An Engram with its background work started, as the server runs it. */
async function running() {
  const dataDir = tempDir();
  dirs.push(dataDir);
  const log = capturingLogger();
  const engram = await createEngram(loadConfig({ dataDir, formationWorker: true, formationThread: "main" }, {}), {
    logger: log.logger,
  });
  engrams.push(engram);
  return { engram, ...log };
}

describe("errors in background work", () => {
  test("the vector table's background sync logs a failure instead of throwing it, and goes on", async () => {
    const { engram, logged } = await running();
    engram.db.run("ALTER TABLE vector_table RENAME TO vector_table_gone");
    engram.vectorTable.notify();
    const [line] = await logged("updating the LanceDB vector table failed; tried again shortly");
    expect(line!.level).toBe(40); // warn
    expect(JSON.stringify(line!.err)).toContain("vector_table");
    engram.db.run("ALTER TABLE vector_table_gone RENAME TO vector_table");
    expect((await engram.handle(new Request("http://127.0.0.1/health"))).status).toBe(200);
  });

  test("the formation loop logs an error thrown outside a job and keeps running", async () => {
    const { engram, logged } = await running();
    engram.db.run("ALTER TABLE jobs RENAME TO jobs_gone");
    engram.formation.notify();
    // The step threw: reported once, then the loop pauses (1 s, doubling) instead of spinning.
    const lines = await logged("formation loop error", 1);
    expect(lines.every((l) => l.err!.message.includes("jobs"))).toBe(true);
    engram.db.run("ALTER TABLE jobs_gone RENAME TO jobs");
    await engram.formation.close(); // still responsive: the loop was sleeping, not dead
  });

  test("a work loop reports a step that throws to its error handler and can still be closed", async () => {
    let calls = 0;
    let reported: unknown = null;
    let onReport: () => void = () => {};
    const reportedOnce = new Promise<void>((r) => (onReport = r));
    const loop = createWorkLoop(
      async () => {
        calls++;
        throw new Error("step failed");
      },
      (err) => {
        reported = err;
        onReport();
      },
    );
    loop.start();
    await reportedOnce;
    expect((reported as Error).message).toBe("step failed");
    await loop.close(); // wakes the pause after the error
    expect(calls).toBe(1);
  });
});
