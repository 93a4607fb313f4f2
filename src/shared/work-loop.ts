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

/** How long the loop waits before the next step after a step threw (no busy loop on a broken database). */
const AFTER_ERROR_MS = 5_000;

/**
 * `onError` gets whatever a step throws: an error in background work is reported and the loop goes
 * on after a pause; it never becomes an unhandled rejection that ends the process.
 */
export function createWorkLoop(
  step: () => Promise<StepResult>,
  onError: (err: unknown) => void = (err) => console.error("background work failed:", err),
): WorkLoop {
  let stopping = false;
  let running: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function loop(): Promise<void> {
    while (!stopping) {
      let result: StepResult;
      try {
        result = await step();
      } catch (err) {
        onError(err);
        result = { worked: false, sleepMs: AFTER_ERROR_MS };
      }
      const { worked, sleepMs } = result;
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
