// Figures read from SQLite when Prometheus scrapes, through the server's own connection: the
// formation queue, memories formed and stored, accounts, and webhook deliveries once their table
// exists. The formation thread forms over its own connection; what it commits is what these read,
// so nothing has to be sent between the threads and the figures survive a restart.
import { Counter, Gauge, type Registry } from "prom-client";
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import { isPlanName } from "../limits/plans.ts";

/** A plan label from a small fixed set (a plan name is never an account's own text). */
const planLabel = (plan: string) => (isPlanName(plan) || plan === "custom" ? plan : "other");

/** Webhook delivery states become label values only when they look like states, and only this many. */
const STATE = /^[a-z_]{1,32}$/;
const MAX_STATES = 12;

export function registerStoreMetrics(registry: Registry, deps: { db: Db; clock: Clock; logger: Logger }): void {
  const { db, clock, logger } = deps;
  const unread = (err: unknown, metric: string) =>
    logger.warn({ err, metric }, "a metric could not be read from the database");
  /**
   * A figure read at each scrape. One that cannot be read (logged) is NaN, or has no series when it
   * has labels: never a stale value, never a failed scrape.
   */
  const gauge = (name: string, help: string, labelNames: string[], fill: (g: Gauge) => void) =>
    new Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        this.reset();
        try {
          fill(this);
        } catch (err) {
          this.reset();
          if (labelNames.length === 0) this.set(Number.NaN);
          unread(err, name);
        }
      },
    });

  // Statements are prepared at scrape time (db.query caches them), so a table missing (an older
  // database) costs its own figures only.
  const queued = () => db.query<{ n: number }, []>("SELECT count(*) AS n FROM jobs WHERE status = 'queued'");
  gauge(
    "engram_formation_queue_depth",
    "Formation jobs queued (accepted writes not formed yet), those waiting to be retried included.",
    [],
    (g) => g.set(queued().get()?.n ?? 0),
  );

  const oldestReady = () =>
    db.query<{ t: string | null }, [string]>(
      "SELECT min(created_at) AS t FROM jobs WHERE status = 'queued' AND run_after <= ?",
    );
  gauge(
    "engram_formation_queue_oldest_ready_age_seconds",
    "Seconds since the oldest job that is ready to form was accepted; 0 when none is ready.",
    [],
    (g) => {
      const now = clock.now();
      const since = Date.parse(oldestReady().get(now.toISOString())?.t ?? "");
      g.set(Number.isNaN(since) ? 0 : Math.max(0, (now.getTime() - since) / 1000));
    },
  );

  const retrying = () =>
    db.query<{ n: number }, []>("SELECT count(*) AS n FROM jobs WHERE status = 'queued' AND attempts > 0");
  gauge(
    "engram_formation_jobs_retrying",
    "Queued formation jobs that failed at least once and wait to be tried again (a model provider down, say).",
    [],
    (g) => g.set(retrying().get()?.n ?? 0),
  );

  // Memories are never deleted, so the count only grows with seq: each scrape counts the rows since
  // the one before (a range of the rowid), not the whole table.
  const since = () =>
    db.query<{ n: number | null; top: number | null }, [number]>(
      "SELECT sum(is_sample = 0) AS n, max(seq) AS top FROM memories WHERE seq > ?",
    );
  let formed = 0;
  let seen = 0;
  new Counter({
    name: "engram_memories_formed_total",
    help: "Memories formed since the database was created (samples not counted); its rate is the formation rate.",
    registers: [registry],
    collect() {
      try {
        const row = since().get(seen);
        formed += row?.n ?? 0;
        seen = row?.top ?? seen;
      } catch (err) {
        unread(err, "engram_memories_formed_total"); // the count so far stays true
      }
      this.reset();
      this.inc(formed);
    },
  });

  const stored = () =>
    db.query<{ plan: string; n: number }, []>(
      // Counted per project on the partial index first (~20 ms for 450,000 memories), then joined.
      `SELECT a.plan AS plan, sum(c.n) AS n
       FROM (SELECT project_id, count(*) AS n FROM memories WHERE status = 'active' AND is_sample = 0
             GROUP BY project_id) c
       JOIN projects p ON p.id = c.project_id JOIN accounts a ON a.id = p.account_id
       WHERE p.deleted_at IS NULL GROUP BY a.plan`,
    );
  gauge(
    "engram_memories_stored",
    "Active memories stored (those that count toward the plans' limits), by the accounts' plan.",
    ["plan"],
    (g) => {
      for (const r of stored().all()) g.inc({ plan: planLabel(r.plan) }, r.n);
    },
  );

  const plans = () =>
    db.query<{ plan: string; n: number }, []>("SELECT plan, count(*) AS n FROM accounts GROUP BY plan");
  gauge("engram_accounts", "Accounts, by plan.", ["plan"], (g) => {
    for (const r of plans().all()) g.inc({ plan: planLabel(r.plan) }, r.n);
  });

  gauge(
    "engram_webhook_deliveries",
    "Webhook deliveries in the outbox, by status (once the webhook_deliveries table exists).",
    ["status"],
    (g) => {
      for (const [status, n] of webhookDeliveries(db)) g.set({ status }, n);
    },
  );
}

const deliveriesTable = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'webhook_deliveries'";

/**
 * The hook for webhook deliveries: counts by `status` of the `webhook_deliveries` table, or nothing
 * while that table does not exist (a database from before webhooks).
 */
export function webhookDeliveries(db: Db): Array<[string, number]> {
  if (db.query(deliveriesTable).get() === null) return [];
  const rows = db
    .query<{ status: string; n: number }, []>("SELECT status, count(*) AS n FROM webhook_deliveries GROUP BY status")
    .all();
  const counts: Array<[string, number]> = [];
  for (const r of rows) if (typeof r.status === "string" && STATE.test(r.status)) counts.push([r.status, r.n]);
  return counts.slice(0, MAX_STATES);
}
