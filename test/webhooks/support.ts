// A real local webhook receiver for the webhook tests: Bun.serve on 127.0.0.1, recording every
// request and answering as the test says (2xx, 500, or holding the answer until released). Tests
// await the requests they expect (a promise per count, with a hard deadline), never sleep.
import { Webhook } from "standardwebhooks";

export interface Received {
  /** The order of arrival, from 1. */
  n: number;
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  headers: Record<string, string>;
  payload: { type: string; timestamp: string; data: Record<string, unknown> };
  /** The status the receiver answered (null while held, or when the connection went away). */
  answered: number | null;
}

export type Responder = (r: Received) => number | Promise<number>;

export interface Receiver {
  url: string;
  port: number;
  received: Received[];
  respond(fn: Responder): void;
  /** Resolves once `n` requests have arrived; rejects after `timeoutMs`. */
  waitFor(n: number, timeoutMs?: number): Promise<Received[]>;
  /** A responder that holds every answer until release() (then answers `status`). */
  hold(status?: number): void;
  release(): void;
  stop(): Promise<void>;
}

export function startReceiver(opts: { port?: number; respond?: Responder } = {}): Receiver {
  const received: Received[] = [];
  let respond: Responder = opts.respond ?? (() => 204);
  let waiters: Array<{ n: number; resolve: () => void }> = [];
  let releases: Array<() => void> = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: opts.port ?? 0,
    idleTimeout: 0,
    async fetch(request) {
      const body = await request.text();
      const headers = Object.fromEntries(request.headers.entries());
      const r: Received = {
        n: received.length + 1,
        id: headers["webhook-id"] ?? "",
        timestamp: headers["webhook-timestamp"] ?? "",
        signature: headers["webhook-signature"] ?? "",
        body,
        headers,
        payload: JSON.parse(body),
        answered: null,
      };
      received.push(r);
      for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
      waiters = waiters.filter((w) => received.length < w.n);
      const status = await respond(r);
      r.answered = status;
      return new Response(null, { status });
    },
  });
  const self: Receiver = {
    url: `http://127.0.0.1:${server.port}/hooks`,
    port: server.port!,
    received,
    respond(fn) {
      respond = fn;
    },
    async waitFor(n, timeoutMs = 15_000) {
      if (received.length < n) {
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([
          new Promise<void>((resolve) => waiters.push({ n, resolve })),
          new Promise<never>((_, reject) => {
            timer = setTimeout(
              () => reject(new Error(`the receiver got ${received.length} requests, not ${n}, in ${timeoutMs} ms`)),
              timeoutMs,
            );
          }),
        ]);
        clearTimeout(timer);
      }
      return received.slice(0, n);
    },
    hold(status = 204) {
      respond = () => new Promise<number>((resolve) => releases.push(() => resolve(status)));
    },
    release() {
      for (const r of releases.splice(0)) r();
      releases = [];
    },
    async stop() {
      self.release();
      await server.stop(true);
    },
  };
  return self;
}

/** Verifies a request as a Standard Webhooks consumer does; returns its payload (throws when the signature is wrong). */
export function verify(secret: string, r: Received): unknown {
  return new Webhook(secret).verify(r.body, r.headers);
}

/**
 * The requests about each subject (memory or job), in arrival order with repeats of one message
 * (its retries) collapsed: a list of distinct webhook-ids per subject, proving a later event never
 * went out before the earlier one had been answered 2xx.
 */
export function sequencePerSubject(received: Received[]): Map<string, Received[]> {
  const out = new Map<string, Received[]>();
  for (const r of received) {
    const subject = String(r.payload.data.memory_id ?? r.payload.data.job_id);
    const list = out.get(subject) ?? [];
    if (list[list.length - 1]?.id !== r.id) list.push(r);
    out.set(subject, list);
  }
  return out;
}

/** The last request of each webhook-id (its final attempt). */
export function lastAttempts(received: Received[]): Received[] {
  const byId = new Map<string, Received>();
  for (const r of received) byId.set(r.id, r);
  return [...byId.values()];
}
