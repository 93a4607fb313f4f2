// What the metrics read at scrape time and count as requests come, in-process on a fixed clock: the
// queue's age, memories formed (counted on from the last scrape) and stored by plan, refusals by
// each limit, webhook deliveries once their table exists, route templates, and the configuration.
import { afterEach, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { Registry } from "prom-client";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { loadConfig } from "../../src/config.ts";
import { registerStoreMetrics, webhookDeliveries } from "../../src/metrics/store.ts";
import { methodOf, routeOf } from "../../src/metrics/routes.ts";
import { fixedClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { newId } from "../../src/shared/ids.ts";
import type { Harness } from "../helpers.ts";
import { customAccount, limitsHarness, START } from "../limits/support.ts";
import { parseExposition, sampleOf, sumOf, type Exposition } from "./exposition.ts";

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function scrape(harness: Harness): Promise<Exposition> {
  return parseExposition(await harness.engram.metrics.exposition());
}

describe("figures read from SQLite at scrape time", () => {
  test("the queue's depth and the age of its oldest ready job follow the clock; formed memories count on", async () => {
    const started = await limitsHarness();
    h = started.h;
    const { clock } = started;
    const empty = await scrape(h);
    expect(sampleOf(empty, "engram_formation_queue_depth")).toBe(0);
    expect(sampleOf(empty, "engram_formation_queue_oldest_ready_age_seconds")).toBe(0);
    expect(sampleOf(empty, "engram_memories_formed_total")).toBe(0); // the Demo Project's samples are not formed

    const create = (content: string) => h!.call("POST", "/v1/memories", { body: { content, infer: false } });
    expect((await create("Ada likes tea.")).status).toBe(202);
    clock.advance(30_000);
    expect((await create("Bo plays chess.")).status).toBe(202);
    clock.advance(12_500);
    const waiting = await scrape(h);
    expect(sampleOf(waiting, "engram_formation_queue_depth")).toBe(2);
    expect(sampleOf(waiting, "engram_formation_queue_oldest_ready_age_seconds")).toBe(42.5);

    await h.form();
    const formed = await scrape(h);
    expect(sampleOf(formed, "engram_formation_queue_depth")).toBe(0);
    expect(sampleOf(formed, "engram_formation_queue_oldest_ready_age_seconds")).toBe(0);
    expect(sampleOf(formed, "engram_memories_formed_total")).toBe(2);

    expect((await create("Cy sails boats.")).status).toBe(202);
    await h.form();
    expect(sampleOf(await scrape(h), "engram_memories_formed_total")).toBe(3);
    expect(sampleOf(await scrape(h), "engram_memories_formed_total")).toBe(3); // a scrape counts nothing twice
  });

  test("a job waiting to be retried is queued and retrying, but not ready", async () => {
    const started = await limitsHarness();
    h = started.h;
    expect((await h.call("POST", "/v1/memories", { body: { content: "Ada likes tea.", infer: false } })).status).toBe(
      202,
    );
    const later = new Date(Date.parse(START) + 60_000).toISOString();
    expect(sampleOf(await scrape(h), "engram_formation_jobs_retrying")).toBe(0);
    h.engram.db.run("UPDATE jobs SET run_after = ?, attempts = 1 WHERE status = 'queued'", [later]); // as after a failure
    const e = await scrape(h);
    expect(sampleOf(e, "engram_formation_jobs_retrying")).toBe(1);
    expect(sampleOf(e, "engram_formation_queue_depth")).toBe(1);
    expect(sampleOf(e, "engram_formation_queue_oldest_ready_age_seconds")).toBe(0);
  });

  test("memories stored count active memories by the account's plan; forgotten ones and samples do not", async () => {
    const started = await limitsHarness();
    h = started.h;
    const free = h.newAccount("free");
    for (const content of ["Ada likes tea.", "Bo plays chess."])
      expect((await h.call("POST", "/v1/memories", { key: free.key, body: { content, infer: false } })).status).toBe(
        202,
      );
    expect((await h.call("POST", "/v1/memories", { body: { content: "Cy sails.", infer: false } })).status).toBe(202);
    await h.form();
    let e = await scrape(h);
    expect(sampleOf(e, "engram_memories_stored", { plan: "free" })).toBe(2);
    expect(sampleOf(e, "engram_memories_stored", { plan: "scale" })).toBe(1);
    expect(sampleOf(e, "engram_accounts", { plan: "free" })).toBe(1);

    const [one] = h.engram.db
      .query<{ id: string }, [string]>("SELECT id FROM memories WHERE project_id = ? AND is_sample = 0")
      .all(free.projectId);
    expect((await h.call("DELETE", `/v1/memories/${one!.id}`, { key: free.key })).status).toBe(202);
    e = await scrape(h);
    expect(sampleOf(e, "engram_memories_stored", { plan: "free" })).toBe(1);
    expect(sampleOf(e, "engram_memories_formed_total")).toBe(3); // formed stays formed
  });

  test("a figure that cannot be read is NaN or has no series, and the scrape still answers", async () => {
    const registry = new Registry();
    const db = new Database(":memory:"); // no tables at all
    registerStoreMetrics(registry, { db, clock: fixedClock(START), logger: silentLogger });
    const e = parseExposition(await registry.metrics());
    expect(e.families.get("engram_formation_queue_depth")?.type).toBe("gauge");
    expect(sampleOf(e, "engram_formation_queue_depth")).toBeNaN();
    expect(sampleOf(e, "engram_formation_queue_oldest_ready_age_seconds")).toBeNaN();
    expect(sampleOf(e, "engram_memories_formed_total")).toBe(0);
    expect(sumOf(e, "engram_memories_stored")).toBe(0);
    expect(e.samples.filter((s) => s.name === "engram_memories_stored")).toEqual([]);
    db.close();
  });

  test("webhook deliveries: nothing before their table exists, then counts by status", () => {
    const db = new Database(":memory:");
    expect(webhookDeliveries(db)).toEqual([]);
    db.run("CREATE TABLE webhook_deliveries (seq INTEGER PRIMARY KEY, status TEXT NOT NULL)");
    for (const status of ["pending", "pending", "delivered", "failed", "Not A State!"])
      db.run("INSERT INTO webhook_deliveries (status) VALUES (?)", [status]);
    expect(new Map(webhookDeliveries(db))).toEqual(
      new Map([
        ["pending", 2],
        ["delivered", 1],
        ["failed", 1],
      ]),
    );
    db.close();
  });
});

describe("refusals by the limits", () => {
  test("each limit's refusal is counted once under its reason, for REST and MCP alike", async () => {
    const started = await limitsHarness();
    h = started.h;
    const burst = customAccount(h, { write_burst: 1, read_burst: 1 });
    const create = (key: string, content: string) =>
      h!.call("POST", "/v1/memories", { key, body: { content, infer: false } });
    expect((await create(burst.key, "Ada likes tea.")).status).toBe(202);
    expect((await create(burst.key, "Bo plays chess.")).status).toBe(429); // the fixed clock never refills
    expect((await h.call("GET", "/v1/memories", { key: burst.key })).status).toBe(200);
    expect((await h.call("GET", "/v1/memories", { key: burst.key })).status).toBe(429);

    const reads = customAccount(h, { reads: 1 });
    expect((await h.call("POST", "/v1/memories/search", { key: reads.key, body: { query: "tea" } })).status).toBe(200);
    expect((await h.call("POST", "/v1/memories/search", { key: reads.key, body: { query: "tea" } })).status).toBe(429);

    const room = customAccount(h, { memories: 1 });
    expect((await create(room.key, "Cy sails boats.")).status).toBe(202);
    await h.form();
    expect((await create(room.key, "Di reads maps.")).status).toBe(409);

    const mcpReads = customAccount(h, { read_burst: 0 });
    const client = new Client({ name: "metrics-test", version: "1.0.0" });
    const transport = new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
      fetch: (input, init) => h!.engram.handle(new Request(input as string, init as RequestInit)),
      requestInit: { headers: { authorization: `Bearer ${mcpReads.key}` } },
    });
    await client.connect(transport);
    const result = await client.callTool({ name: "search_memories", arguments: { query: "tea" } });
    expect(result.isError).toBe(true);
    await client.close();

    const e = await scrape(h);
    const refusals = (reason: string) => sampleOf(e, "engram_limit_refusals_total", { reason });
    expect(refusals("write_rate_limited")).toBe(1);
    expect(refusals("read_rate_limited")).toBe(2); // REST's and MCP's
    expect(refusals("monthly_read_quota_reached")).toBe(1);
    expect(refusals("memory_limit_reached")).toBe(1);
    expect(refusals("monthly_write_quota_reached")).toBe(0);
    expect(sampleOf(e, "engram_http_requests_total", { method: "POST", route: "/v1/memories", status: "429" })).toBe(1);
  });
});

describe("request labels", () => {
  test("a route template for every path the server serves, one label for every other path", () => {
    const id = newId("mem");
    expect(routeOf("/v1/memories")).toBe("/v1/memories");
    expect(routeOf("/v1/memories/search")).toBe("/v1/memories/search");
    expect(routeOf(`/v1/memories/${id}`)).toBe("/v1/memories/:memory_id");
    expect(routeOf(`/v1/memories/${id}/inspect`)).toBe("/v1/memories/:memory_id/inspect");
    expect(routeOf(`/v1/memories/${id}/feedback`)).toBe("/v1/memories/:memory_id/feedback");
    expect(routeOf("/v1/memories/../../etc/passwd")).toBe("unmatched");
    expect(routeOf("/health")).toBe("/health");
    expect(routeOf("/mcp")).toBe("/mcp");
    expect(routeOf("/docs/errors/")).toBe("/docs/errors");
    expect(routeOf("/wp-admin/setup.php")).toBe("unmatched");
    expect(methodOf("PATCH")).toBe("PATCH");
    expect(methodOf("BREW")).toBe("OTHER");
  });

  test("in-process requests are observed too, and the histogram's count matches the counter", async () => {
    const started = await limitsHarness();
    h = started.h;
    for (let i = 0; i < 3; i++) expect((await h.call("GET", "/health", { key: null })).status).toBe(200);
    const e = await scrape(h);
    const labels = { method: "GET", route: "/health", status: "200" };
    expect(sampleOf(e, "engram_http_requests_total", labels)).toBe(3);
    expect(sampleOf(e, "engram_http_request_duration_seconds_count", labels)).toBe(3);
    expect(sumOf(e, "engram_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(3);
  });
});

describe("configuration", () => {
  test("by default: the metrics listener on 127.0.0.1:9464, no token", () => {
    const c = loadConfig({}, {});
    expect(c.metricsHost).toBe("127.0.0.1");
    expect(c.metricsPort).toBe(9464);
    expect(c.metricsPortChosen).toBe(false);
    expect(c.metricsToken).toBeNull();
  });

  test("ENGRAM_METRICS_PORT, ENGRAM_METRICS_HOST and ENGRAM_METRICS_TOKEN; flags win", () => {
    const env = {
      ENGRAM_METRICS_PORT: "9100",
      ENGRAM_METRICS_HOST: "10.0.0.5",
      ENGRAM_METRICS_TOKEN: "0123456789abcdef0123",
    };
    const c = loadConfig({}, env);
    expect([c.metricsHost, c.metricsPort, c.metricsPortChosen, c.metricsToken]).toEqual([
      "10.0.0.5",
      9100,
      true,
      "0123456789abcdef0123",
    ]);
    expect(loadConfig({ metricsPort: 0, metricsHost: "::1" }, env)).toMatchObject({
      metricsPort: 0,
      metricsHost: "::1",
    });
    expect(loadConfig({}, { ENGRAM_METRICS_PORT: "off" })).toMatchObject({
      metricsPort: null,
      metricsPortChosen: true,
    });
    expect(loadConfig({ metricsPort: 9200 }, {}).metricsPortChosen).toBe(true);
  });

  test("a bad port or a short token stops the configuration", () => {
    expect(() => loadConfig({}, { ENGRAM_METRICS_PORT: "70000" })).toThrow("ENGRAM_METRICS_PORT");
    expect(() => loadConfig({}, { ENGRAM_METRICS_PORT: "metrics" })).toThrow("or off");
    expect(() => loadConfig({}, { ENGRAM_METRICS_TOKEN: "short" })).toThrow("at least 16 characters");
    expect(() => loadConfig({}, { ENGRAM_METRICS_TOKEN: "has a space in it, long enough" })).toThrow("without spaces");
  });
});
