// The metrics listener: /metrics on a port of its own (default 127.0.0.1:9464, where Prometheus
// exporters are looked for), apart from the API, so that no project key or public route reaches it.
// Plain HTTP: it is meant for loopback or a private network; a remote scraper that needs TLS uses
// the main port with ENGRAM_METRICS_TOKEN instead.
import type { Metrics } from "./index.ts";
import { hostInUrl } from "../config.ts";

export interface MetricsListener {
  /** Where the exposition is, such as http://127.0.0.1:9464/metrics. */
  url: string;
  stop(): Promise<void>;
}

/**
 * Opens the listener, or returns null when the port is off (null). A port that cannot be opened is
 * an error when it was chosen (--metrics-port, ENGRAM_METRICS_PORT); the default one is given up with
 * a warning, so that a second server on the machine still starts.
 */
export function listenForMetrics(opts: {
  host: string;
  port: number | null;
  chosen: boolean;
  metrics: Metrics;
  warn(line: string): void;
}): MetricsListener | null {
  if (opts.port === null) return null;
  const host = hostInUrl(opts.host);
  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({
      hostname: opts.host,
      port: opts.port,
      reusePort: false,
      development: false,
      fetch: (request) => opts.metrics.serve(request),
      error: () => new Response("The metrics could not be collected.\n", { status: 500 }),
    });
  } catch (err) {
    const code = (err as { code?: string }).code;
    const why = code === "EADDRINUSE" ? "the port is in use" : err instanceof Error ? err.message : String(err);
    const where = `${host}:${opts.port}`;
    if (opts.chosen)
      throw new Error(
        `could not open the metrics port ${where}: ${why} (--metrics-port, ENGRAM_METRICS_PORT; off for none).`,
      );
    opts.warn(
      `warning: metrics not served: could not open the default metrics port ${where} (${why}); choose one with --metrics-port or ENGRAM_METRICS_PORT.`,
    );
    return null;
  }
  return {
    url: `http://${host}:${server.port}/metrics`,
    stop: () => server.stop(true),
  };
}
