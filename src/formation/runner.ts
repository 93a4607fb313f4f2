// The formation run loop. One loop per process, woken on enqueue, processes the durable job queue
// one unit per transaction (form-unit.ts): a kill -9 at any moment leaves each chunk either fully formed (and
// recorded in `progress`) or not at all, so on restart every fact is formed exactly once.
// Tests drive it with runOnce() / runUntilIdle() instead of starting the loop.
import type { JobRow } from "./jobs.ts";
import { createUnitFormer } from "./form-unit.ts";
import { createWorkLoop } from "../shared/work-loop.ts";
import { createRepeatLog, repeatKey } from "../shared/logger.ts";
import { isBusy, isFull } from "../storage/busy.ts";

const BACKOFF_BASE_MS = 1_000;
const BACKOFF_MAX_MS = 3_600_000;

export interface FormationRunner {
  /** Processes the next ready job, if any. Returns whether a job was processed. */
  runOnce(): Promise<boolean>;
  /** Forms one unit (a chunk) of the job of the account served longest ago, as the background loop does. */
  runStep(): Promise<boolean>;
  /** Processes jobs until none is ready. */
  runUntilIdle(): Promise<number>;
  /** Starts the background loop. */
  start(): void;
  /** Wakes the loop after an enqueue. */
  notify(): void;
  /** Stops the loop after the chunk in progress; resolves when it has stopped. */
  close(): Promise<void>;
}

export function createFormationRunner(deps: Parameters<typeof createUnitFormer>[0]): FormationRunner {
  const { clock, jobs, logger } = deps;
  const former = createUnitFormer(deps);

  /** Forms the job's next unit; true when the job is finished (or failed and rescheduled). */
  async function formUnit(job: JobRow): Promise<boolean> {
    if (!deps.projectExists(job.project_id)) {
      jobs.finish(job.id, clock.now().toISOString(), "project deleted before formation");
      return true;
    }
    try {
      return (await former.formNext(job.id)).done;
    } catch (err) {
      // A full disk or a lock held past the busy timeout is the storage's fault, not the job's: no
      // attempt is spent (recording one would fail too); the loop backs off and tries again.
      if (isFull(err) || isBusy(err)) throw err;
      const attempts = job.attempts + 1;
      const delay = Math.min(BACKOFF_BASE_MS * 2 ** (attempts - 1), BACKOFF_MAX_MS);
      const now = clock.now();
      jobs.retryLater(job.id, attempts, new Date(now.getTime() + delay).toISOString(), String(err), now.toISOString());
      logger.error({ err, job_id: job.id, attempts }, "formation failed; will retry");
      return true;
    }
  }

  // Fair turns: the next unit comes from the account served longest ago, so one tenant's 500-message
  // import does not hold back another's one-line write (each waits at most one unit per busy account).
  const served = new Map<string, number>();
  let turns = 0;
  function nextJob(): JobRow | null {
    let best: JobRow | null = null;
    for (const job of jobs.readyByAccount(clock.now().toISOString()))
      if (!best || (served.get(job.account_id) ?? 0) < (served.get(best.account_id) ?? 0)) best = job;
    if (best) served.set(best.account_id, ++turns);
    return best;
  }

  /** One unit of the fairly chosen job (the background loop's step). */
  async function step(): Promise<boolean> {
    const job = nextJob();
    if (!job) return false;
    await formUnit(job);
    return true;
  }

  /** The fairly chosen job, every unit of it (tests and benches step whole jobs). */
  async function runOnce(): Promise<boolean> {
    const job = nextJob();
    if (!job) return false;
    while (!(await formUnit(job))) {
      // Yield to the event loop, not just to microtasks: requests and a SIGTERM are macrotasks.
      await new Promise((r) => setImmediate(r));
      if (loop.stopping) break;
    }
    return true;
  }

  // A step that throws (a full disk, a broken database) pauses the loop, longer with each error in a
  // row (work-loop.ts), and the same error is logged once a minute, not once a step.
  const repeatLog = createRepeatLog(logger);
  const loop = createWorkLoop(
    async () => {
      if (await step()) return { worked: true, sleepMs: null };
      // Idle: sleep until notified or until the earliest backoff expires.
      const next = jobs.nextRunAfter();
      return {
        worked: false,
        sleepMs: next ? Math.min(Math.max(0, Date.parse(next) - clock.now().getTime()), BACKOFF_MAX_MS) : null,
      };
    },
    (err) => repeatLog(repeatKey(err), { err }, "formation loop error"),
  );

  return {
    runOnce,
    runStep: step,
    async runUntilIdle() {
      let n = 0;
      while (await runOnce()) n++;
      return n;
    },
    start: () => loop.start(),
    notify: () => loop.notify(),
    close: () => loop.close(),
  };
}
