// Metrics scraped from a real server (startServer, as `engram serve` runs it) over 127.0.0.1: requests
// by route template and status, refusals by reason, the formation queue after an import and the
// formation rate once it is formed, and who may read /metrics on which port. The formation loop is
// not started (formationWorker false): the queue holds still until the test forms it in-process.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { startServer, type RunningServer } from "../../src/cli/serve.ts";
import type { ConfigOverrides } from "../../src/config.ts";
import { newId } from "../../src/shared/ids.ts";
import { tempDir } from "../helpers.ts";
import { parseExposition, sumOf, sampleOf, type Exposition } from "./exposition.ts";

const TOKEN = "metrics-token-for-tests-0123456789";

interface Running {
  server: RunningServer;
  dataDir: string;
  printed: string[];
  /** A key of a project of an account on the scale plan. */
  key: string;
  /** A key of an account on a custom plan whose monthly allowance is one write. */
  oneWriteKey: string;
}

async function start(overrides: ConfigOverrides = {}): Promise<Running> {
  const dataDir = tempDir("engram-metrics-");
  const printed: string[] = [];
  const server = await startServer(
    { dataDir, host: "127.0.0.1", port: 0, metricsPort: 0, formationWorker: false, logLevel: "silent", ...overrides },
    (line) => printed.push(line),
  );
  const accounts = server.engram.accounts;
  const a = accounts.createAccount({ name: "Metrics", plan: "scale" });
  const b = accounts.createAccount({ name: "One write", plan: "scale" });
  accounts.setPlan(b.id, null, { writes: 1 });
  return {
    server,
    dataDir,
    printed,
    key: accounts.createKey({ projectId: a.demo_project_id, name: "metrics" }).key,
    oneWriteKey: accounts.createKey({ projectId: b.demo_project_id, name: "one" }).key,
  };
}

async function stop(r: Running | undefined): Promise<void> {
  if (!r) return;
  await r.server.stop();
  rmSync(r.dataDir, { recursive: true, force: true });
}

function call(r: Running, method: string, path: string, key: string | null, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = {};
  if (key) headers.authorization = `Bearer ${key}`;
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${r.server.url}${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

async function scrape(r: Running, headers: Record<string, string> = {}): Promise<Exposition> {
  const response = await fetch(r.server.metricsUrl!, { headers });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  return parseExposition(await response.text());
}

describe("metrics scraped from the metrics port", () => {
  let r: Running;
  beforeAll(async () => {
    r = await start();
  });
  afterAll(() => stop(r));

  test("the server prints where the metrics are, on loopback", () => {
    expect(r.server.metricsUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(r.printed).toContain(`Metrics for Prometheus at ${r.server.metricsUrl}`);
  });

  test("requests are counted once each by method, route template and status, with their latency", async () => {
    const missing = newId("mem");
    expect((await call(r, "POST", "/v1/memories", r.key, { content: "Ada likes tea." })).status).toBe(202);
    expect((await call(r, "POST", "/v1/memories/search", r.key, { query: "tea" })).status).toBe(200);
    expect((await call(r, "GET", `/v1/memories/${missing}`, r.key)).status).toBe(404);
    expect((await call(r, "GET", "/no/such/path/42", r.key)).status).toBe(404);
    expect((await call(r, "POST", "/mcp", null, {})).status).toBe(401);
    expect((await call(r, "POST", "/v1/memories", r.oneWriteKey, { content: "Bo likes jam." })).status).toBe(202);
    expect((await call(r, "POST", "/v1/memories", r.oneWriteKey, { content: "Bo likes figs." })).status).toBe(429);

    const text = await (await fetch(r.server.metricsUrl!)).text();
    expect(text).not.toContain(missing); // a template, never the raw path
    expect(text).not.toContain("/no/such/path");
    const e = parseExposition(text);
    const requests = (method: string, route: string, status: string) =>
      sampleOf(e, "engram_http_requests_total", { method, route, status });
    expect(requests("POST", "/v1/memories", "202")).toBe(2);
    expect(requests("POST", "/v1/memories", "429")).toBe(1);
    expect(requests("POST", "/v1/memories/search", "200")).toBe(1);
    expect(requests("GET", "/v1/memories/:memory_id", "404")).toBe(1);
    expect(requests("GET", "unmatched", "404")).toBe(1);
    expect(requests("POST", "/mcp", "401")).toBe(1);
    // The scrape itself is on the metrics port, which is not the API's traffic.
    expect(sumOf(e, "engram_http_requests_total", { route: "/metrics" })).toBe(0);

    const latency = { method: "POST", route: "/v1/memories/search", status: "200" };
    expect(sampleOf(e, "engram_http_request_duration_seconds_count", latency)).toBe(1);
    expect(sampleOf(e, "engram_http_request_duration_seconds_sum", latency)).toBeGreaterThan(0);
    expect(sampleOf(e, "engram_http_request_duration_seconds_bucket", { ...latency, le: "+Inf" })).toBe(1);

    expect(sampleOf(e, "engram_limit_refusals_total", { reason: "monthly_write_quota_reached" })).toBe(1);
    for (const reason of ["read_rate_limited", "write_rate_limited", "monthly_read_quota_reached"])
      expect(sampleOf(e, "engram_limit_refusals_total", { reason })).toBe(0);
  });

  test("the formation queue after an import, then the formation rate once it is formed", async () => {
    const before = await scrape(r);
    const queued = sampleOf(before, "engram_formation_queue_depth")!;
    const formed = sampleOf(before, "engram_memories_formed_total")!;
    const messages = [
      { role: "user", content: "I moved to Lisbon in May." },
      { role: "user", content: "My sister Ines is a pilot." },
    ];
    expect((await call(r, "POST", "/v1/memories/import", r.key, { messages })).status).toBe(202);

    const waiting = await scrape(r);
    expect(sampleOf(waiting, "engram_formation_queue_depth")).toBe(queued + 1);
    expect(sampleOf(waiting, "engram_formation_queue_oldest_ready_age_seconds")).toBeGreaterThanOrEqual(0);
    expect(sampleOf(waiting, "engram_memories_formed_total")).toBe(formed);

    await r.server.engram.formation.runUntilIdle();
    const done = await scrape(r);
    expect(sampleOf(done, "engram_formation_queue_depth")).toBe(0);
    expect(sampleOf(done, "engram_formation_queue_oldest_ready_age_seconds")).toBe(0);
    expect(sampleOf(done, "engram_formation_jobs_retrying")).toBe(0);
    const formedNow = sampleOf(done, "engram_memories_formed_total")!;
    expect(formedNow).toBeGreaterThan(formed);
    // Stored by plan, samples aside (the one-write account's allowance went to its accepted write).
    expect(sampleOf(done, "engram_memories_stored", { plan: "scale" })).toBe(formedNow);
    expect(sumOf(done, "engram_memories_stored")).toBe(formedNow);
    expect(sampleOf(done, "engram_accounts", { plan: "scale" })).toBeGreaterThanOrEqual(1);
  });

  test("the exposition is valid Prometheus text, with HELP and TYPE for every family", async () => {
    const response = await fetch(r.server.metricsUrl!);
    const e = parseExposition(await response.text());
    for (const f of e.families.values()) expect(f.help.length).toBeGreaterThan(0);
    const types = Object.fromEntries([...e.families.values()].map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      engram_http_requests_total: "counter",
      engram_http_request_duration_seconds: "histogram",
      engram_limit_refusals_total: "counter",
      engram_formation_queue_depth: "gauge",
      engram_formation_queue_oldest_ready_age_seconds: "gauge",
      engram_formation_jobs_retrying: "gauge",
      engram_memories_formed_total: "counter",
      engram_memories_stored: "gauge",
      engram_accounts: "gauge",
      engram_webhook_deliveries: "gauge",
      engram_build_info: "gauge",
      process_cpu_seconds_total: "counter",
      process_resident_memory_bytes: "gauge",
      process_start_time_seconds: "gauge",
    });
    expect(sampleOf(e, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sumOf(e, "engram_build_info")).toBe(1);
    // Nothing Bun cannot measure (prom-client's nodejs_* metrics read NaN or zeros there).
    expect([...e.families.keys()].filter((n) => n.startsWith("nodejs_"))).toEqual([]);
  });

  test("the metrics port serves /metrics only: no API there, no other method", async () => {
    const base = r.server.metricsUrl!.replace(/\/metrics$/, "");
    const api = await fetch(`${base}/v1/memories`, { headers: { authorization: `Bearer ${r.key}` } });
    expect(api.status).toBe(404);
    const post = await fetch(r.server.metricsUrl!, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
    const head = await fetch(r.server.metricsUrl!, { method: "HEAD" });
    expect(head.status).toBe(200);
  });

  test("the main port has no /metrics without a token: 404, to an API key too", async () => {
    for (const key of [null, r.key, TOKEN]) {
      const response = await call(r, "GET", "/metrics", key);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/problem+json");
      expect(await response.text()).not.toContain("engram_");
    }
  });
});

describe("metrics with ENGRAM_METRICS_TOKEN", () => {
  let r: Running;
  beforeAll(async () => {
    r = await start({ metricsToken: TOKEN });
  });
  afterAll(() => stop(r));

  test("the main port serves /metrics to the token alone; an API key or a wrong token gets its 404", async () => {
    for (const key of [null, r.key, `${TOKEN}x`, "eng_not-a-token"]) {
      const refused = await call(r, "GET", "/metrics", key);
      expect(refused.status).toBe(404);
      expect(await refused.text()).not.toContain("engram_");
    }
    const response = await call(r, "GET", "/metrics", TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    const e = parseExposition(await response.text());
    expect(sampleOf(e, "engram_http_requests_total", { method: "GET", route: "/metrics", status: "404" })).toBe(4);
  });

  test("the metrics port asks for the token too: 401 without it or with an API key", async () => {
    for (const key of [null, r.key]) {
      const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
      const refused = await fetch(r.server.metricsUrl!, { headers });
      expect(refused.status).toBe(401);
      expect(refused.headers.get("www-authenticate")).toStartWith("Bearer");
      expect(await refused.text()).not.toContain("engram_");
    }
    const e = await scrape(r, { authorization: `Bearer ${TOKEN}` });
    expect(sampleOf(e, "engram_http_requests_total", { method: "GET", route: "/metrics", status: "200" })).toBe(1);
  });
});

describe("the metrics port's configuration", () => {
  test("off: no metrics listener", async () => {
    const r = await start({ metricsPort: null });
    try {
      expect(r.server.metricsUrl).toBeNull();
      expect(r.printed.join("\n")).not.toContain("Metrics");
    } finally {
      await stop(r);
    }
  });

  test("a chosen port in use stops the start, leaving the data directory free for the next", async () => {
    const held = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("held") });
    const dataDir = tempDir("engram-metrics-");
    try {
      const overrides = { dataDir, host: "127.0.0.1", port: 0, formationWorker: false, logLevel: "silent" };
      const failed = startServer({ ...overrides, metricsPort: held.port }, () => {});
      await expect(failed).rejects.toThrow(
        `could not open the metrics port 127.0.0.1:${held.port}: the port is in use`,
      );
      const next = await startServer({ ...overrides, metricsPort: 0 }, () => {});
      await next.stop();
    } finally {
      held.stop(true);
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("the default port in use: a warning, and the server runs without its metrics listener", async () => {
    const held = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response("held") });
    let r: Running | undefined;
    try {
      r = await start({ metricsPort: held.port, metricsPortChosen: false });
      expect(r.server.metricsUrl).toBeNull();
      expect(r.printed.join("\n")).toContain(`could not open the default metrics port 127.0.0.1:${held.port}`);
      expect((await call(r, "GET", "/health", null)).status).toBe(200);
    } finally {
      await stop(r);
      held.stop(true);
    }
  });
});
