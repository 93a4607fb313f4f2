// Webhook delivery against a real local receiver, with Engram served over HTTP on 127.0.0.1:
// every change arrives once, signed per Standard Webhooks, each memory's events in order; an endpoint
// that fails (500s, connection refused) and comes back gets everything; a hanging endpoint does not
// hold formation up. Formation is stepped; the delivery loop runs with a small backoff.
import { afterEach, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { client } from "../e2e/support.ts";
import { lastAttempts, type Receiver, sequencePerSubject, startReceiver, verify } from "./support.ts";
import type { WebhookConfig } from "../../src/webhooks/backoff.ts";

const FAST: WebhookConfig = { timeoutMs: 60_000, backoffBaseMs: 20, backoffMaxMs: 100, retryForMs: 600_000 };

let h: Harness | null = null;
let server: ReturnType<typeof Bun.serve> | null = null;
const receivers: Receiver[] = [];
afterEach(async () => {
  for (const r of receivers.splice(0)) await r.stop();
  await server?.stop(true);
  server = null;
  await h?.close();
  h = null;
});

/** Waits for the receiver's `n`th request, then for the answers in flight to be recorded. */
async function delivered(rx: Receiver, n: number) {
  const got = await rx.waitFor(n);
  await h!.engram.webhookDelivery.settled();
  return got;
}

/** Engram (formation stepped) listening on 127.0.0.1, and a client with the test project's key. */
async function engram() {
  h = await createHarness({ config: { webhooks: FAST } });
  const engram = h.engram;
  server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (r) => engram.handle(r) });
  return { h, api: client(`http://127.0.0.1:${server.port}`, h.project.key) };
}

function receiver(opts: Parameters<typeof startReceiver>[0] = {}): Receiver {
  const r = startReceiver(opts);
  receivers.push(r);
  return r;
}

async function remember(api: ReturnType<typeof client>, content: string, infer = true): Promise<void> {
  const r = await api.call("POST", "/v1/memories", { content, infer });
  expect(r.status).toBe(202);
  await h!.form();
}

function memoryId(content: string): string {
  return h!.engram.db
    .query<{ id: string }, [string]>("SELECT id FROM memories WHERE content = ? AND status = 'active'")
    .get(content)!.id;
}

/** Caroline lives in Paris (created), moves to Berlin (updated), is forgotten; Ada's tea is stored verbatim. */
async function changes(api: ReturnType<typeof client>) {
  await remember(api, "Caroline lives in Paris.");
  await remember(api, "Caroline moved to Berlin.");
  const caroline = memoryId("Caroline moved to Berlin.");
  await remember(api, "Ada likes green tea.", false);
  expect((await api.call("DELETE", `/v1/memories/${caroline}`)).status).toBe(202);
  return { caroline, ada: memoryId("Ada likes green tea.") };
}

const deliveries = () => h!.engram.webhooks.deliveries({ projectId: h!.project.projectId, limit: 100 });

describe("webhook delivery", () => {
  test("every change arrives once, signed per Standard Webhooks, as {type, timestamp, data}, each memory's events in order", async () => {
    const { api } = await engram();
    const rx = receiver();
    const hook = h!.engram.webhooks.create({ projectId: h!.project.projectId, url: rx.url });
    const { caroline, ada } = await changes(api);
    h!.engram.webhookDelivery.start();

    const got = await delivered(rx, 7);
    for (const r of got) {
      expect(verify(hook.secret, r)).toEqual(r.payload);
      expect(r.id).toMatch(/^msg_[0-7][0-9a-hjkmnp-tv-z]{25}$/);
      expect(r.headers["content-type"]).toBe("application/json");
      expect(Math.abs(Number(r.timestamp) - Date.now() / 1000)).toBeLessThan(60);
      expect(r.signature).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    }
    // A changed body or another secret does not verify.
    expect(() => verify(hook.secret, { ...got[0]!, body: got[0]!.body.replace("Caroline", "Mallory") })).toThrow();
    expect(() =>
      verify(h!.engram.webhooks.create({ projectId: h!.project.projectId, url: rx.url }).secret, got[0]!),
    ).toThrow();

    expect(new Set(got.map((r) => r.id)).size).toBe(7);
    const perSubject = sequencePerSubject(got);
    expect(
      perSubject.get(caroline)!.map((r) => [r.payload.type, r.payload.data.version, r.payload.data.content]),
    ).toEqual([
      ["memory.created", 1, "Caroline lives in Paris."],
      ["memory.updated", 2, "Caroline moved to Berlin."],
      ["memory.forgotten", 2, "Caroline moved to Berlin."],
    ]);
    const [created, updated, forgotten] = perSubject.get(caroline)!.map((r) => r.payload);
    expect(created!.data).toMatchObject({
      project_id: h!.project.projectId,
      memory_id: caroline,
      scope: {},
      status: "active",
      change: "created",
    });
    expect(updated!.data).toMatchObject({ change: "updated", status: "active" });
    expect(updated!.data.job_id).toMatch(/^job_/);
    expect(forgotten!.data).toMatchObject({ change: "forgotten", status: "forgotten", job_id: null });
    expect(Date.parse(forgotten!.timestamp)).toBeGreaterThanOrEqual(Date.parse(updated!.timestamp));
    expect(perSubject.get(ada)!.map((r) => r.payload.type)).toEqual(["memory.created"]);

    const completed = got.filter((r) => r.payload.type === "formation.completed").map((r) => r.payload.data);
    // Each job is a subject of its own: deliveries keep order per subject only, so jobs may arrive in any order.
    const counts = completed.map((d) => [d.memories_created, d.memories_updated, d.memories_merged, d.note]);
    expect(counts.sort()).toEqual([
      [0, 1, 0, null],
      [1, 0, 0, null],
      [1, 0, 0, null],
    ]);
    expect(completed.map((d) => d.job_id)).toContain(updated!.data.job_id);

    const listed = deliveries();
    expect(listed).toHaveLength(7);
    expect(listed.every((d) => d.status === "delivered" && d.attempts === 1 && d.last_status === 204)).toBe(true);
    expect(await h!.engram.webhookDelivery.runOnce()).toBe(0); // nothing left to send
    expect(rx.received).toHaveLength(7);
  }, 30_000);

  test("an endpoint answering 500 gets every event once it recovers, and a memory's next event waits for the one before", async () => {
    const { api } = await engram();
    const rx = receiver({ respond: (r) => (r.n <= 5 ? 500 : 204) });
    const events = ["memory.created", "memory.updated", "memory.forgotten"];
    h!.engram.webhooks.create({ projectId: h!.project.projectId, url: rx.url, events });
    const { caroline } = await changes(api); // every event is recorded before the first attempt
    h!.engram.webhookDelivery.start();

    const got = await delivered(rx, 9); // 5 refusals, then the 4 events
    const final = lastAttempts(got);
    expect(final).toHaveLength(4);
    expect(final.every((r) => r.answered === 204)).toBe(true);
    expect(
      sequencePerSubject(got)
        .get(caroline)!
        .map((r) => r.payload.type),
    ).toEqual(events);
    const listed = deliveries();
    expect(listed.every((d) => d.status === "delivered")).toBe(true);
    expect(listed.reduce((n, d) => n + d.attempts, 0)).toBe(9);
    expect(await h!.engram.webhookDelivery.runOnce()).toBe(0);
    expect(rx.received).toHaveLength(9);
  }, 30_000);

  test("an endpoint that is down (connection refused) and comes back gets every event", async () => {
    const { api } = await engram();
    const down = startReceiver();
    const port = down.port;
    await down.stop();
    const hook = h!.engram.webhooks.create({
      projectId: h!.project.projectId,
      url: `http://127.0.0.1:${port}/hooks`,
      events: ["memory.created"],
    });
    for (const n of [1, 2, 3]) await remember(api, `Ada keeps notebook number ${n}.`, false);

    expect(await h!.engram.webhookDelivery.runOnce()).toBe(3);
    const failed = deliveries();
    expect(failed.map((d) => [d.status, d.attempts, d.last_status])).toEqual(Array(3).fill(["pending", 1, null]));
    expect(failed.every((d) => d.last_error !== null && d.next_attempt_at !== null)).toBe(true);

    const rx = receiver({ port });
    h!.engram.webhookDelivery.start();
    const got = await delivered(rx, 3);
    expect(got.map((r) => (verify(hook.secret, r) as { data: { content: string } }).data.content).sort()).toEqual([
      "Ada keeps notebook number 1.",
      "Ada keeps notebook number 2.",
      "Ada keeps notebook number 3.",
    ]);
    expect(new Set(got.map((r) => r.id))).toEqual(new Set(failed.map((d) => d.id))); // the same webhook-ids
    expect(deliveries().map((d) => [d.status, d.attempts, d.last_status])).toEqual(
      Array(3).fill(["delivered", 2, 204]),
    );
  }, 30_000);

  test("no answer within the timeout, or a redirect, is a failed attempt, retried later", async () => {
    h = await createHarness({
      config: { webhooks: { ...FAST, timeoutMs: 200, backoffBaseMs: 60_000, backoffMaxMs: 120_000 } },
    });
    const rx = receiver();
    rx.hold();
    const projectId = h.project.projectId;
    h.engram.webhooks.create({ projectId, url: rx.url, events: ["memory.created"] });
    const r = await h.call("POST", "/v1/memories", { body: { content: "Ada's kite is blue.", infer: false } });
    expect(r.status).toBe(202);
    await h.form();

    expect(await h.engram.webhookDelivery.runOnce()).toBe(1); // resolves once the attempt has timed out
    const [timedOut] = h.engram.webhooks.deliveries({ projectId });
    expect(timedOut).toMatchObject({ status: "pending", attempts: 1, last_status: null });
    expect(timedOut!.last_error).toBe("no answer within 200 ms");
    const pause = Date.parse(timedOut!.next_attempt_at!) - Date.parse(timedOut!.last_attempt_at!);
    expect(pause).toBeGreaterThanOrEqual(30_000);
    expect(pause).toBeLessThanOrEqual(60_000);
    expect(await h.engram.webhookDelivery.runOnce()).toBe(0); // not due before its pause is over

    rx.respond(() => 302);
    h.engram.db.run("UPDATE webhook_deliveries SET next_attempt_at = ?", [new Date().toISOString()]);
    expect(await h.engram.webhookDelivery.runOnce()).toBe(1);
    expect(h.engram.webhooks.deliveries({ projectId })).toMatchObject([
      { status: "pending", attempts: 2, last_status: 302, last_error: "HTTP 302" },
    ]);
    expect(rx.received.map((x) => x.id)).toEqual([timedOut!.id, timedOut!.id]);
  }, 30_000);

  test("formation goes on while an endpoint holds every request unanswered", async () => {
    const { api } = await engram();
    const rx = receiver();
    rx.hold();
    h!.engram.webhooks.create({ projectId: h!.project.projectId, url: rx.url, events: ["memory.created"] });
    h!.engram.webhookDelivery.start();
    await remember(api, "Note 0 of the hanging endpoint.", false);
    await rx.waitFor(1); // the first delivery hangs

    for (let i = 1; i < 20; i++) {
      const r = await api.call("POST", "/v1/memories", { content: `Note ${i} of the hanging endpoint.`, infer: false });
      expect(r.status).toBe(202);
    }
    const started = performance.now();
    expect(await h!.form()).toBe(19);
    expect(performance.now() - started).toBeLessThan(FAST.timeoutMs / 4);
    const jobs = h!.engram.db.query<{ n: number }, []>("SELECT count(*) AS n FROM jobs WHERE status = 'queued'").get()!;
    expect(jobs.n).toBe(0);
    expect(rx.received.every((r) => r.answered === null)).toBe(true); // formed while every request hung

    rx.respond(() => 204);
    rx.release();
    const got = await rx.waitFor(20);
    expect(new Set(got.map((r) => r.id)).size).toBe(20);
  }, 30_000);
});
