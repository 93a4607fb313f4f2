// Prometheus metrics (prom-client, text format 0.0.4): every request once, by route template, method
// and status, with its latency; requests refused by a limit, by reason; and the figures store.ts
// reads from SQLite at scrape time. Served by the metrics listener (listener.ts, its own port, on
// loopback by default) and, only when ENGRAM_METRICS_TOKEN is set, at /metrics on the main port to
// that bearer token. A project API key never opens them.
import { createHash, timingSafeEqual } from "node:crypto";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import { REFUSAL_REASONS, type RefusalReason } from "../limits/refusals.ts";
import { requestPath } from "../http/request-target.ts";
import { methodOf, routeOf } from "./routes.ts";
import { registerStoreMetrics } from "./store.ts";
import { processMetrics } from "./process.ts";

export type Handler = (request: Request) => Promise<Response>;

export interface Metrics {
  /** Counts a request refused by a limit (limits/ reports each one). */
  refused(reason: RefusalReason): void;
  /** The server's request handler, observing each request once; answers /metrics when the token is given. */
  instrument(handle: Handler): Handler;
  /** The metrics listener's handler: GET /metrics (with the bearer token when one is set). */
  serve(request: Request): Promise<Response>;
  /** The exposition in Prometheus text format. */
  exposition(): Promise<string>;
}

/** Request latency buckets, in seconds: from a cached read to a slow import or provider call. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;
const digest = (text: string) => createHash("sha256").update(text).digest();

/** Whether a request carries the metrics token (compared in constant time); never without a token set. */
function tokenCheck(token: string | null): (request: Request) => boolean {
  if (!token) return () => false;
  const expected = digest(token);
  return (request) => {
    const given = BEARER.exec(request.headers.get("authorization") ?? "")?.[1];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...headers } });

export function createMetrics(deps: {
  db: Db;
  clock: Clock;
  logger: Logger;
  /** ENGRAM_METRICS_TOKEN: opens /metrics on the main port, and is required on the metrics port too. */
  token: string | null;
  version: string;
}): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const labelNames = ["method", "route", "status"] as const;
  const requests = new Counter({
    name: "engram_http_requests_total",
    help: "Requests answered on the main port (REST and /mcp), by method, route template and status.",
    labelNames,
    registers,
  });
  const latency = new Histogram({
    name: "engram_http_request_duration_seconds",
    help: "Time from a request's arrival to its response (for /mcp streams, to the start of the stream).",
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const refusals = new Counter({
    name: "engram_limit_refusals_total",
    help: "Requests refused by a limit: the read or write token bucket (429), a monthly allowance (429), the stored-memory limit (409).",
    labelNames: ["reason"],
    registers,
  });
  for (const reason of REFUSAL_REASONS) refusals.inc({ reason }, 0);
  new Gauge({ name: "engram_build_info", help: "Engram's version.", labelNames: ["version"], registers }).set(
    { version: deps.version },
    1,
  );
  registerStoreMetrics(registry, deps);
  const processRegistry = processMetrics(); // made now, so that CPU time is counted from the start

  const exposition = async () => `${await registry.metrics()}\n${await processRegistry.metrics()}`;
  const scrape = async (request: Request): Promise<Response> => {
    try {
      const body = await exposition();
      return new Response(request.method === "HEAD" ? null : body, {
        headers: { "Content-Type": registry.contentType, "Cache-Control": "no-store" },
      });
    } catch (err) {
      deps.logger.error({ err }, "metrics could not be collected");
      return text(500, "The metrics could not be collected.\n");
    }
  };
  const authorized = tokenCheck(deps.token);
  const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";

  return {
    refused: (reason) => refusals.inc({ reason }),
    instrument: (handle) => async (request) => {
      const path = requestPath(request.url);
      const started = performance.now();
      let status = 500; // what an error escaping the handler is answered with
      try {
        // Without the token this is any unknown path: the main port's 404, which says nothing of metrics.
        const ours = path === "/metrics" && isRead(request) && authorized(request);
        const response = ours ? await scrape(request) : await handle(request);
        status = response.status;
        return response;
      } finally {
        const labels = { method: methodOf(request.method), route: routeOf(path), status: String(status) };
        requests.inc(labels);
        latency.observe(labels, (performance.now() - started) / 1000);
      }
    },
    async serve(request) {
      const path = requestPath(request.url);
      if (path === "/") return text(200, "Engram metrics: GET /metrics (Prometheus text format).\n");
      if (path !== "/metrics") return text(404, "Not found: the metrics are at /metrics.\n");
      if (!isRead(request)) return text(405, "Use GET on /metrics.\n", { Allow: "GET, HEAD" });
      if (deps.token && !authorized(request))
        return text(401, "The metrics token is required (Authorization: Bearer <ENGRAM_METRICS_TOKEN>).\n", {
          "WWW-Authenticate": 'Bearer realm="engram-metrics"',
        });
      return scrape(request);
    },
    exposition,
  };
}
