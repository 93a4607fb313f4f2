// The main thread's side of the formation thread (formation-worker.ts): starts the Worker, wakes it
// after each accepted write, hands the vectors it writes to the approximate index, and stops it
// after the unit in progress. A worker that dies is logged and started again (the queue is durable:
// a unit is formed whole or not at all). It is a FormationRunner for app.ts, but cannot be stepped:
// tests and benches step in-process formation instead.
import type { Config } from "../config.ts";
import type { Logger } from "../shared/logger.ts";
import type { FormationRunner } from "../formation/runner.ts";
import type { VectorTarget } from "../retrieval/ports.ts";

export type ToWorker = { type: "start"; config: Config } | { type: "notify" } | { type: "close" };
export type FromWorker =
  | { type: "started" }
  | { type: "vectors"; items: Array<{ target: VectorTarget; vector: Float32Array }> }
  | { type: "missing" }
  | { type: "webhooks" }
  | { type: "closed" }
  | { type: "failed"; message: string };

const RESTART_MS = 1_000;
const CLOSE_WAIT_MS = 10_000;
// The entry is also one of build.ts's entrypoints: in the compiled binary it is found by its path
// under src/ (the entrypoints' common root), in a source checkout beside this file.
const WORKER_ENTRY = import.meta.url.includes("/$bunfs/")
  ? "./workers/formation-worker.ts"
  : new URL("./formation-worker.ts", import.meta.url).href;

export function createFormationThread(deps: {
  config: Config;
  logger: Logger;
  /** A vector the thread wrote (derived indexes follow). */
  onVector(target: VectorTarget, vector: Float32Array): void;
  /** A memory was written without its vector: the indexer makes it. */
  onMissing(): void;
  /** Webhook deliveries were recorded (committed): the delivery loop sends them. */
  onWebhooks?(): void;
}): FormationRunner {
  const { config, logger } = deps;
  let worker: Worker | null = null;
  let closing = false;
  let closed: (() => void) | null = null;

  function spawn(): void {
    const w = new Worker(WORKER_ENTRY);
    worker = w;
    w.onmessage = (event: MessageEvent<FromWorker>) => {
      const m = event.data;
      if (m.type === "vectors") for (const { target, vector } of m.items) deps.onVector(target, vector);
      else if (m.type === "missing") deps.onMissing();
      else if (m.type === "webhooks") deps.onWebhooks?.();
      else if (m.type === "closed") closed?.();
      else if (m.type === "failed") logger.error({ err: { message: m.message } }, "formation thread failed");
    };
    w.onerror = (event) => {
      logger.error({ err: { message: event.message } }, "formation thread crashed; starting it again");
      w.terminate();
      if (worker === w) worker = null;
      if (!closing) setTimeout(() => closing || spawn(), RESTART_MS);
      closed?.();
    };
    w.postMessage({ type: "start", config } satisfies ToWorker);
  }

  const stepped = () => Promise.reject(new Error("formation runs in its own thread; step in-process formation"));
  return {
    runOnce: stepped,
    runStep: stepped,
    runUntilIdle: stepped,
    start() {
      if (!worker && !closing) spawn();
    },
    notify() {
      worker?.postMessage({ type: "notify" } satisfies ToWorker);
    },
    async close() {
      closing = true;
      const w = worker;
      if (!w) return;
      // The unit in progress commits or rolls back whole, so a thread that does not stop in time
      // (a slow LLM call) is ended: the unit is formed again at the next start.
      let timer: ReturnType<typeof setTimeout> | undefined;
      await new Promise<void>((resolve) => {
        closed = resolve;
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
        w.postMessage({ type: "close" } satisfies ToWorker);
      });
      clearTimeout(timer);
      w.terminate();
      worker = null;
    },
  };
}
