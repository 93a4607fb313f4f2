// `engram serve`: locks and opens the data directory, bootstraps a first account on an empty one, listens.
import { hostInUrl, loadConfig, type Config, type ConfigOverrides } from "../config.ts";
import { createEngram, type Engram } from "../app.ts";
import { readFileSync } from "node:fs";
import { lockDataDir } from "../storage/data-lock.ts";
import { listenForMetrics, type MetricsListener } from "../metrics/listener.ts";
import { explainStartFailure } from "../storage/busy.ts";

export interface RunningServer {
  engram: Engram;
  url: string;
  /** Where Prometheus scrapes (the metrics listener's /metrics), or null when it is off. */
  metricsUrl: string | null;
  stop(): Promise<void>;
}

/** The dashboard user the first start makes (an admin of the first account); sign in with it. */
export const FIRST_ADMIN_EMAIL = "admin@localhost";

/** On a data directory with no account: create one with its Demo Project and a key, and print them once. */
function bootstrap(engram: Engram, print: (line: string) => void, url: string): void {
  if (engram.accounts.countAccounts() > 0) {
    if (engram.users.count() === 0)
      print("  No dashboard user yet: `engram admin user create --account ACCT --email E --role admin` prints a link.");
    return;
  }
  const account = engram.accounts.createAccount({ name: "Default account", plan: engram.config.bootstrapPlan });
  const key = engram.accounts.createKey({ projectId: account.demo_project_id, name: "Default key" });
  const admin = engram.users.create({ accountId: account.id, email: FIRST_ADMIN_EMAIL, role: "admin" });
  print("");
  print("  Engram created a new account with its Demo Project.");
  print(`    account:  ${account.id}`);
  print(`    project:  ${account.demo_project_id} (Demo Project)`);
  print(`    API key:  ${key.key}`);
  print("  The key is shown only this once. Keep it in a secret store or an environment variable.");
  print(`  Try: curl -s ${url}/v1/memories -H "Authorization: Bearer ${key.key}"`);
  print(`  Dashboard: set the password of ${FIRST_ADMIN_EMAIL} (one-time link, valid 24 h), then sign in:`);
  print(`    ${url}/dashboard/set-password?token=${admin.link.token}`);
  print("");
}

/** A certificate without its key (or a key without its certificate) must never fall back to plain HTTP. */
function refuseHalfTls(config: Config): void {
  if (!config.tlsCert === !config.tlsKey) return;
  const given = config.tlsCert ? "a certificate (--tls-cert, ENGRAM_TLS_CERT)" : "a key (--tls-key, ENGRAM_TLS_KEY)";
  const missing = config.tlsCert
    ? "its key (--tls-key or ENGRAM_TLS_KEY)"
    : "its certificate (--tls-cert or ENGRAM_TLS_CERT)";
  throw new Error(
    `TLS needs both a certificate and a key: ${given} was given without ${missing}. Refusing to start on plain HTTP.`,
  );
}

export async function startServer(
  overrides: ConfigOverrides,
  print: (line: string) => void = console.log,
): Promise<RunningServer> {
  const config = loadConfig(overrides);
  refuseHalfTls(config);
  const tls =
    config.tlsCert && config.tlsKey
      ? { cert: readFileSync(config.tlsCert, "utf8"), key: readFileSync(config.tlsKey, "utf8") }
      : undefined;
  // Before the database is opened: a second server on the directory is refused, not started beside the first.
  const lock = lockDataDir(config.dataDir);
  if (!lock.held) print(`warning: could not lock ${config.dataDir} (no flock here); run only one server on it.`);
  let engram: Engram;
  try {
    engram = await createEngram(config);
  } catch (err) {
    lock.release();
    throw explainStartFailure(config.dataDir, err);
  }
  let server: ReturnType<typeof Bun.serve>;
  try {
    server = Bun.serve({
      hostname: config.host,
      port: config.port,
      reusePort: false,
      maxRequestBodySize: 64 * 1024 * 1024, // hard stop; the 5 MiB contract limit is enforced per request with problem+json
      idleTimeout: 60,
      tls,
      development: false, // never Bun's error page (working directory, stack, source lines)
      fetch: (request) => engram.handle(request),
      error: (error) => engram.serverError(error),
    });
  } catch (err) {
    await engram.close(); // e.g. the port is in use: leave the database closed cleanly
    lock.release();
    throw err;
  }
  let metrics: MetricsListener | null;
  try {
    const { metricsHost: host, metricsPort: port, metricsPortChosen: chosen } = config;
    metrics = listenForMetrics({ host, port, chosen, metrics: engram.metrics, warn: print });
  } catch (err) {
    await server.stop(true);
    await engram.close();
    lock.release();
    throw err;
  }
  const host = hostInUrl(config.host);
  const url = `${tls ? "https" : "http"}://${host}:${server.port}`;
  bootstrap(engram, print, url);
  if (metrics) print(`Metrics for Prometheus at ${metrics.url}`);
  print(`Engram listening on ${url} (data: ${config.dataDir})`);
  return {
    engram,
    url,
    metricsUrl: metrics?.url ?? null,
    async stop() {
      try {
        await metrics?.stop();
        await server.stop();
        await engram.close();
      } finally {
        lock.release();
      }
    },
  };
}
