// Retries on a controlled clock: exponential backoff with jitter between attempts, a delivery given
// up (failed) once its event is a day old, and the memory's next event sent only then. The delivery
// loop is stepped (runOnce), the receiver is real.
import { afterEach, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { fixedClock } from "../../src/shared/clock.ts";
import { loadConfig } from "../../src/config.ts";
import { retryDelay, WEBHOOK_DEFAULTS, type WebhookConfig } from "../../src/webhooks/backoff.ts";
import { type Receiver, startReceiver } from "./support.ts";

let h: Harness | null = null;
let rx: Receiver | null = null;
afterEach(async () => {
  await rx?.stop();
  rx = null;
  await h?.close();
  h = null;
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

describe("the retry schedule", () => {
  test("doubles from the base up to the ceiling, the second half of each pause random", () => {
    const c: WebhookConfig = { timeoutMs: 1_000, backoffBaseMs: 1_000, backoffMaxMs: 60_000, retryForMs: DAY };
    expect([1, 2, 3, 4, 7, 8, 30].map((n) => retryDelay(n, c, () => 1))).toEqual([
      1_000, 2_000, 4_000, 8_000, 60_000, 60_000, 60_000,
    ]);
    expect([1, 2, 3, 7].map((n) => retryDelay(n, c, () => 0))).toEqual([500, 1_000, 2_000, 30_000]);
    for (let i = 0; i < 100; i++) {
      const d = retryDelay(3, c);
      expect(d).toBeGreaterThanOrEqual(2_000);
      expect(d).toBeLessThanOrEqual(4_000);
    }
  });

  test("comes from ENGRAM_WEBHOOK_* (milliseconds), with defaults of 10 s, 5 s to 1 h, for a day", () => {
    expect(loadConfig({}, {}).webhooks).toEqual(WEBHOOK_DEFAULTS);
    expect(WEBHOOK_DEFAULTS).toEqual({ timeoutMs: 10_000, backoffBaseMs: 5_000, backoffMaxMs: HOUR, retryForMs: DAY });
    const env = {
      ENGRAM_WEBHOOK_TIMEOUT_MS: "2000",
      ENGRAM_WEBHOOK_BACKOFF_BASE_MS: "10",
      ENGRAM_WEBHOOK_BACKOFF_MAX_MS: "100",
      ENGRAM_WEBHOOK_RETRY_FOR_MS: "60000",
    };
    expect(loadConfig({}, env).webhooks).toEqual({
      timeoutMs: 2_000,
      backoffBaseMs: 10,
      backoffMaxMs: 100,
      retryForMs: 60_000,
    });
    expect(() => loadConfig({}, { ENGRAM_WEBHOOK_TIMEOUT_MS: "soon" })).toThrow(/ENGRAM_WEBHOOK_TIMEOUT_MS/);
    expect(() => loadConfig({}, { ENGRAM_WEBHOOK_BACKOFF_BASE_MS: "0" })).toThrow(/positive integer/);
  });
});

describe("a delivery that keeps failing", () => {
  test("is retried with growing pauses for a day, then marked failed; the memory's next event goes out after it", async () => {
    const clock = fixedClock(new Date());
    const webhooks: WebhookConfig = { timeoutMs: 5_000, backoffBaseMs: 1_000, backoffMaxMs: HOUR, retryForMs: DAY };
    h = await createHarness({ clock, config: { webhooks } });
    const receiver = startReceiver({ respond: (r) => (r.payload.type === "memory.created" ? 500 : 204) });
    rx = receiver;
    h.engram.webhooks.create({
      projectId: h.project.projectId,
      url: receiver.url,
      events: ["memory.created", "memory.forgotten"],
    });
    const created = await h.call("POST", "/v1/memories", { body: { content: "Ada owns a red kayak.", infer: false } });
    expect(created.status).toBe(202);
    await h.form();
    const id = h.engram.db
      .query<{ id: string }, []>("SELECT id FROM memories WHERE content LIKE 'Ada owns%'")
      .get()!.id;
    expect((await h.call("DELETE", `/v1/memories/${id}`)).status).toBe(202);

    const delivery = h.engram.webhookDelivery;
    const list = () => h!.engram.webhooks.deliveries({ projectId: h!.project.projectId });
    const first = () => list().find((d) => d.type === "memory.created")!;
    const pauses: number[] = [];
    while (first().status === "pending") {
      const sent = await delivery.runOnce();
      const d = first();
      if (sent > 0 && d.status === "pending")
        pauses.push(Date.parse(d.next_attempt_at!) - Date.parse(d.last_attempt_at!));
      clock.advance(HOUR / 4);
      expect(pauses.length).toBeLessThan(200);
    }
    // Every pause is within its jittered bound, they grow, and the last attempt was within the day.
    pauses.forEach((p, i) => {
      const ceiling = Math.min(1_000 * 2 ** i, HOUR);
      expect(p).toBeGreaterThanOrEqual(ceiling / 2);
      expect(p).toBeLessThanOrEqual(ceiling);
    });
    const failed = first();
    expect(failed).toMatchObject({ status: "failed", last_status: 500, last_error: "HTTP 500", next_attempt_at: null });
    expect(failed.attempts).toBe(pauses.length + 1);
    expect(Date.parse(failed.last_attempt_at!) - Date.parse(failed.created_at)).toBeLessThanOrEqual(DAY);
    // Until then the forgotten event waited; now it goes out.
    expect(receiver.received.every((r) => r.payload.type === "memory.created")).toBe(true);
    expect(new Set(receiver.received.map((r) => r.id)).size).toBe(1); // one message, the same webhook-id each time
    expect(await delivery.runOnce()).toBe(1);
    expect(receiver.received.at(-1)!.payload.type).toBe("memory.forgotten");
    expect(list().map((d) => [d.type, d.status])).toEqual([
      ["memory.forgotten", "delivered"],
      ["memory.created", "failed"],
    ]);
  }, 30_000);
});
