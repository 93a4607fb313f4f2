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

/**
 * How long the loop waits before the next step after a step threw: 1 s, doubling with each error in
 * a row up to a minute, back to 1 s after a step that did not throw. No busy loop on a full disk or a
 * broken database; notify() (an accepted write) still wakes it at once.
 */
export const ERROR_BACKOFF_MS = { first: 1_000, max: 60_000 } as const;

/** The pause after the given number of errors in a row (1 or more). */
export function errorBackoff(errorsInRow: number, backoff: { first: number; max: number } = ERROR_BACKOFF_MS): number {
  return Math.min(backoff.first * 2 ** Math.max(0, errorsInRow - 1), backoff.max);
}

/**
 * `onError` gets whatever a step throws: an error in background work is reported and the loop goes
 * on after a pause; it never becomes an unhandled rejection that ends the process.
 */
export function createWorkLoop(
  step: () => Promise<StepResult>,
  onError: (err: unknown) => void = (err) => console.error("background work failed:", err),
  backoff: { first: number; max: number } = ERROR_BACKOFF_MS,
): WorkLoop {
  let stopping = false;
  let running: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function loop(): Promise<void> {
    let errorsInRow = 0;
    while (!stopping) {
      let result: StepResult;
      try {
        result = await step();
        errorsInRow = 0;
      } catch (err) {
        onError(err);
        result = { worked: false, sleepMs: errorBackoff(++errorsInRow, backoff) };
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
