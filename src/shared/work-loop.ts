// The background loop of one worker (formation, vector indexing): it runs `step` again at once while
// the step finds work (yielding to the event loop in between, so requests keep flowing), and
// otherwise sleeps until notified or until the step's `sleepMs` has passed (null: until notified).

export interface StepResult {
  worked: boolean;
  /** How long to sleep when the step found no work; null sleeps until notify(). */
  sleepMs: number | null;
}

export interface WorkLoop {
  /** Starts the loop (once). */
  start(): void;
  /** Ends a sleep early. */
  notify(): void;
  /** Whether close() was called: a long step may stop between its parts. */
  readonly stopping: boolean;
  /** Stops after the step in progress; resolves when the loop has stopped. */
  close(): Promise<void>;
}

export function createWorkLoop(step: () => Promise<StepResult>): WorkLoop {
  let stopping = false;
  let running: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function loop(): Promise<void> {
    while (!stopping) {
      const { worked, sleepMs } = await step();
      if (stopping) break; // close() may have come during the step, when there was no sleep to end
      if (worked) {
        await new Promise((r) => setImmediate(r));
        continue;
      }
      await new Promise<void>((resolve) => {
        const timer = sleepMs === null ? null : setTimeout(resolve, sleepMs);
        wake = () => {
          if (timer) clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  }

  return {
    start() {
      running ??= loop();
    },
    notify() {
      wake?.();
    },
    get stopping() {
      return stopping;
    },
    async close() {
      stopping = true;
      wake?.();
      await running;
    },
  };
}
