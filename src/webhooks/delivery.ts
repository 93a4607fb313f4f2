// The delivery loop: sends the outbox's deliveries (outbox.ts) as Standard Webhooks requests, signed
// with the endpoint's secret (the standardwebhooks library), on the request thread's event loop: a
// fetch never blocks it, and formation only ever inserts rows. At least once: a delivery is pending
// until an endpoint answers 2xx, and one interrupted by a crash is sent again, with the same
// webhook-id, at the next start. In order per memory: only the first pending delivery of each
// (endpoint, subject) is sent (store.ts). A failed attempt is retried with exponential backoff and
// jitter until `retryForMs` after the event, then the delivery is marked failed.
import { Webhook } from "standardwebhooks";
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import { createWorkLoop, type StepResult } from "../shared/work-loop.ts";
import { VERSION } from "../version.ts";
import { createWebhookStore, type Attempt, type DueDelivery } from "./store.ts";
import { retryDelay, type WebhookConfig } from "./backoff.ts";

/** Requests in flight at once, and to one endpoint (a hanging endpoint never holds every slot). */
const MAX_IN_FLIGHT = 64;
const MAX_IN_FLIGHT_PER_ENDPOINT = 8;
/** With nothing scheduled, the loop still looks now and then (rows another process recorded). */
const IDLE_POLL_MS = 30_000;
/** On close, answers in flight are awaited this long; the rest are aborted and sent again at the next start. */
const CLOSE_GRACE_MS = 2_000;
/** Delivered and failed deliveries are listed for 30 days, then deleted (checked hourly). */
const KEEP_FINISHED_MS = 30 * 86_400_000;
const PRUNE_EVERY_MS = 3_600_000;

export interface WebhookDelivery {
  /** Starts the background loop (once). */
  start(): void;
  /** Deliveries were recorded: look at once. */
  notify(): void;
  /** Sends each delivery due now once and waits for the answers (tests step it); returns how many. */
  runOnce(): Promise<number>;
  /** Resolves when the attempts in flight now have been answered and recorded (tests). */
  settled(): Promise<void>;
  /** Stops the loop; answers in flight get a short grace, the rest stay pending for the next start. */
  close(): Promise<void>;
}

interface Outcome {
  status: number | null;
  /** null when the endpoint answered 2xx. */
  error: string | null;
  at: Date;
}

function describeError(err: unknown, timeoutMs: number): string {
  if (err instanceof Error && err.name === "TimeoutError") return `no answer within ${timeoutMs} ms`;
  const code = (err as { code?: unknown })?.code;
  const message = err instanceof Error ? err.message : String(err);
  return (typeof code === "string" ? `${code}: ${message}` : message).slice(0, 500);
}

export function createWebhookDelivery(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  config: WebhookConfig;
  random?: () => number;
}): WebhookDelivery {
  const { clock, logger, config } = deps;
  const store = createWebhookStore(deps.db);
  /** Deliveries being sent or whose outcome is not recorded yet, by seq: their endpoint. */
  const held = new Map<number, string>();
  const running = new Set<Promise<void>>();
  const unrecorded: Array<{ d: DueDelivery; outcome: Outcome }> = [];
  const stopping = new AbortController();
  let prunedAt = 0;
  let wakeTimer: ReturnType<typeof setTimeout> | null = null;

  async function send(d: DueDelivery): Promise<Outcome | null> {
    const at = clock.now();
    try {
      const response = await fetch(d.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": `Engram-Webhooks/${VERSION}`,
          "webhook-id": d.id,
          "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
          "webhook-signature": new Webhook(d.secret).sign(d.id, at, d.payload),
        },
        body: d.payload,
        redirect: "manual", // a redirect is an answer, not 2xx: never followed elsewhere
        signal: AbortSignal.any([AbortSignal.timeout(config.timeoutMs), stopping.signal]),
      });
      await response.body?.cancel().catch(() => {});
      const ok = response.status >= 200 && response.status < 300;
      return { status: response.status, error: ok ? null : `HTTP ${response.status}`, at };
    } catch (err) {
      if (stopping.signal.aborted) return null; // shutting down: still pending, sent again at the next start
      return { status: null, error: describeError(err, config.timeoutMs), at };
    }
  }

  function record(d: DueDelivery, o: Outcome): void {
    const a: Attempt = {
      seq: d.seq,
      attempts: d.attempts + 1,
      status: o.status,
      error: o.error,
      at: o.at.toISOString(),
    };
    if (o.error === null) {
      store.delivered(a);
      return;
    }
    const next = o.at.getTime() + retryDelay(a.attempts, config, deps.random);
    const context = { webhook_id: d.webhook_id, delivery_id: d.id, attempts: a.attempts, error: o.error };
    if (next > Date.parse(d.created_at) + config.retryForMs) {
      store.gaveUp(a);
      logger.warn(context, "webhook delivery failed: retried for its whole window, given up");
    } else {
      store.retryAt(a, new Date(next).toISOString());
      logger.debug(context, "webhook delivery attempt failed; will retry");
    }
  }

  /** Records outcomes a busy database refused earlier (throws while it still refuses). */
  function flush(): void {
    while (unrecorded.length > 0) {
      const { d, outcome } = unrecorded[0]!;
      record(d, outcome);
      unrecorded.shift();
      held.delete(d.seq);
    }
  }

  function wake(): void {
    // After the current turn: the loop is then asleep (or in a step, which sees the change).
    wakeTimer ??= setTimeout(() => {
      wakeTimer = null;
      loop.notify();
    }, 0);
  }

  async function deliver(d: DueDelivery): Promise<void> {
    const outcome = await send(d);
    if (outcome === null) {
      held.delete(d.seq);
      return;
    }
    try {
      record(d, outcome);
      held.delete(d.seq);
    } catch (err) {
      unrecorded.push({ d, outcome });
      logger.warn({ err, delivery_id: d.id }, "recording a webhook attempt failed; recorded later");
    }
    wake();
  }

  function launchDue(now: Date): Promise<void>[] {
    const room = MAX_IN_FLIGHT - held.size;
    if (room <= 0 || stopping.signal.aborted) return [];
    const launched: Promise<void>[] = [];
    for (const d of store.due(now.toISOString(), room + held.size)) {
      if (launched.length >= room) break;
      if (held.has(d.seq)) continue;
      let toEndpoint = 0;
      for (const w of held.values()) if (w === d.webhook_id) toEndpoint++;
      if (toEndpoint >= MAX_IN_FLIGHT_PER_ENDPOINT) continue;
      held.set(d.seq, d.webhook_id);
      const p = deliver(d).finally(() => running.delete(p));
      running.add(p);
      launched.push(p);
    }
    return launched;
  }

  function prune(now: Date): void {
    if (now.getTime() - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now.getTime();
    store.prune(new Date(now.getTime() - KEEP_FINISHED_MS).toISOString());
  }

  async function step(): Promise<StepResult> {
    flush();
    const now = clock.now();
    prune(now);
    launchDue(now);
    const next = store.nextAttemptAfter(now.toISOString());
    const wait = next === null ? IDLE_POLL_MS : Math.max(1, Date.parse(next) - now.getTime());
    return { worked: false, sleepMs: Math.min(wait, IDLE_POLL_MS) };
  }

  const loop = createWorkLoop(step, (err) => logger.error({ err }, "webhook delivery loop error"));

  return {
    start: () => loop.start(),
    notify: wake,
    async runOnce() {
      flush();
      const launched = launchDue(clock.now());
      await Promise.all(launched);
      return launched.length;
    },
    async settled() {
      await Promise.all([...running]);
    },
    async close() {
      await loop.close();
      const all = Promise.all([...running]);
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        all,
        new Promise((r) => (timer = setTimeout(r, Math.min(CLOSE_GRACE_MS, config.timeoutMs)))),
      ]);
      clearTimeout(timer);
      stopping.abort();
      await all;
      if (wakeTimer) clearTimeout(wakeTimer);
      try {
        flush();
      } catch (err) {
        logger.warn({ err }, "webhook attempts not recorded at close; they are sent again at the next start");
      }
    },
  };
}
