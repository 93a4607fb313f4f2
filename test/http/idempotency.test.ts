// Idempotency-Key on writes (README: Idempotent retries): a repeat of a write with the same key and
// body within 24 hours gets the first answer with `Idempotent-Replayed: true`, forms nothing and
// charges nothing; the same key on another request is 409 conflict; keys are per project; only
// successful answers are stored, durably, with the write.
import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { createEngram } from "../../src/app.ts";
import { loadConfig } from "../../src/config.ts";
import { fixedClock } from "../../src/shared/clock.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { createEndpointFactory } from "../../src/http/endpoint.ts";
import { createIdempotencyStore } from "../../src/http/idempotency.ts";
import { createHarness, type Harness } from "../helpers.ts";
import { allIds, expectFieldErrors, expectProblem, remember } from "./support.ts";

const START = "2026-03-10T12:00:00.000Z";
const DAY_MS = 24 * 60 * 60 * 1000;
const clock = fixedClock(START);

let h: Harness | undefined;
beforeEach(async () => {
  await h?.close();
  clock.set(START);
  h = await createHarness({ clock });
});
afterAll(() => h?.close());

const writes = () => h!.engram.accounts.usage(h!.project.accountId).writes;
const jobs = (projectId = h!.project.projectId) =>
  h!.engram.db.query<{ n: number }, [string]>("SELECT count(*) AS n FROM jobs WHERE project_id = ?").get(projectId)!.n;

function send(method: string, path: string, idempotencyKey: string, body?: unknown, apiKey?: string) {
  return h!.call(method, path, { body, key: apiKey, headers: { "Idempotency-Key": idempotencyKey } });
}

const replayed = (r: Response) => r.headers.get("idempotent-replayed");

describe("a create retried with the same key", () => {
  test("is answered as the first time, marked replayed, and forms and charges nothing", async () => {
    const body = { content: "Ines keeps bees on her roof.", infer: false };
    const first = await send("POST", "/v1/memories", "retry-1", body);
    expect([first.status, first.headers.get("service-usage"), replayed(first)]).toEqual([202, "writes=1", null]);
    const firstText = await first.text();

    const repeat = await send("POST", "/v1/memories", "retry-1", body);
    expect([repeat.status, repeat.headers.get("service-usage"), replayed(repeat)]).toEqual([202, "writes=0", "true"]);
    expect(await repeat.text()).toBe(firstText);
    expect([writes(), jobs()]).toEqual([1, 1]);

    await h!.form();
    const ids = await allIds(h!);
    expect(ids).toHaveLength(1);
    // After formation an identical write without a key would form again; with the key it is still the first one.
    const late = await send("POST", "/v1/memories", "retry-1", body);
    expect([late.status, replayed(late)]).toEqual([202, "true"]);
    await h!.form();
    expect(await allIds(h!)).toEqual(ids);
    expect([writes(), jobs()]).toEqual([1, 1]);
  });

  test("with its JSON keys in another order is the same request", async () => {
    await send("POST", "/v1/memories", "order", { content: "Order.", infer: false, scope: { user_id: "u" } });
    const r = await send("POST", "/v1/memories", "order", { scope: { user_id: "u" }, infer: false, content: "Order." });
    expect([r.status, replayed(r)]).toEqual([202, "true"]);
  });

  test("after a restart on the same data directory is still replayed", async () => {
    const body = { content: "Oskar restores old radios.", infer: false };
    expect((await send("POST", "/v1/memories", "durable", body)).status).toBe(202);
    await h!.engram.close();
    const config = loadConfig({ dataDir: h!.dataDir, port: 8420, formationWorker: false }, {});
    const again = await createEngram(config, { logger: silentLogger, startWorker: false, clock });
    try {
      const r = await again.handle(
        new Request("http://localhost/v1/memories", {
          method: "POST",
          headers: {
            authorization: `Bearer ${h!.project.key}`,
            "content-type": "application/json",
            "idempotency-key": "durable",
          },
          body: JSON.stringify(body),
        }),
      );
      expect([r.status, r.headers.get("service-usage"), replayed(r)]).toEqual([202, "writes=0", "true"]);
      expect(again.accounts.usage(h!.project.accountId).writes).toBe(1);
      expect(await again.formation.runUntilIdle()).toBeGreaterThan(0);
      const n = again.db.query<{ n: number }, [string]>("SELECT count(*) AS n FROM memories WHERE project_id = ?");
      expect(n.get(h!.project.projectId)!.n).toBe(1);
    } finally {
      await again.close();
    }
  });
});

describe("the same key on another request", () => {
  test("another body is 409 conflict naming the reuse, and writes nothing", async () => {
    await send("POST", "/v1/memories", "reused", { content: "First body.", infer: false });
    const other = await send("POST", "/v1/memories", "reused", { content: "Second body.", infer: false });
    const problem = await expectProblem(other, 409, "conflict", "idempotency_key_reused");
    expect(problem.detail).toContain("different request");
    expect(other.headers.get("service-usage")).toBe("writes=0");
    expect(replayed(other)).toBeNull();
    expect([writes(), jobs()]).toEqual([1, 1]);
  });

  test("another endpoint or another memory id is 409 conflict", async () => {
    const [a, b] = await remember(h!, ["Memory A.", "Memory B."]);
    await send("POST", "/v1/memories", "endpoint", { content: "Text.", infer: false });
    const imp = await send("POST", "/v1/memories/import", "endpoint", {
      messages: [{ role: "user", content: "Text." }],
    });
    await expectProblem(imp, 409, "conflict", "idempotency_key_reused");

    expect((await send("DELETE", `/v1/memories/${a}`, "forget")).status).toBe(202);
    await expectProblem(await send("DELETE", `/v1/memories/${b}`, "forget"), 409, "conflict", "idempotency_key_reused");
    expect((await h!.call("GET", `/v1/memories/${b}`)).status).toBe(200);
  });

  test("the same key in another project is independent", async () => {
    const body = { content: "Shared body.", infer: false };
    const other = h!.newAccount();
    for (const apiKey of [h!.project.key, h!.demo.key, other.key]) {
      const r = await send("POST", "/v1/memories", "shared-key", body, apiKey);
      expect([r.status, r.headers.get("service-usage"), replayed(r)]).toEqual([202, "writes=1", null]);
    }
    const differentBody = await send("POST", "/v1/memories", "other-key-use", { content: "X.", infer: false });
    expect(differentBody.status).toBe(202);
    const inDemo = await send("POST", "/v1/memories", "other-key-use", { content: "Y.", infer: false }, h!.demo.key);
    expect([inDemo.status, replayed(inDemo)]).toEqual([202, null]);
    expect([jobs(h!.project.projectId), jobs(h!.demo.projectId), jobs(other.projectId)]).toEqual([2, 2, 1]);
  });
});

describe("the Idempotency-Key header", () => {
  test("that is empty, too long or not printable ASCII is 400 validation_error naming it, on every write", async () => {
    const [id] = await remember(h!, ["Keep me."]);
    const before = writes();
    for (const bad of ["", "k".repeat(256), "clé", "tab\there"]) {
      await expectFieldErrors(
        await send("POST", "/v1/memories", bad, { content: "Bad key.", infer: false }),
        "Idempotency-Key",
      );
      await expectFieldErrors(await send("DELETE", `/v1/memories/${id}`, bad), "Idempotency-Key");
      await expectFieldErrors(
        await send("PUT", `/v1/memories/${id}/feedback`, bad, { rating: "positive" }),
        "Idempotency-Key",
      );
    }
    expect(writes()).toBe(before);
    expect((await h!.call("GET", `/v1/memories/${id}`)).status).toBe(200);
    const longest = await send("POST", "/v1/memories", `${"k".repeat(254)} `, { content: "Key of 255.", infer: false });
    expect(longest.status).toBe(202);
  });

  test("is ignored by reads", async () => {
    const r = await send("POST", "/v1/memories/search", "", { query: "tea" });
    expect([r.status, replayed(r)]).toEqual([200, null]);
  });
});

describe("what is stored, and for how long", () => {
  test("a key older than 24 hours is processed again as new, and old records are purged", async () => {
    const body = { content: "Pia swims in the lake.", infer: false };
    await send("POST", "/v1/memories", "aging", body);
    await h!.form(); // else the repeat would be an identical write while the first is forming
    clock.advance(DAY_MS - 1);
    expect(replayed(await send("POST", "/v1/memories", "aging", body))).toBe("true");
    clock.advance(2);
    const fresh = await send("POST", "/v1/memories", "aging", body);
    expect([fresh.status, fresh.headers.get("service-usage"), replayed(fresh)]).toEqual([202, "writes=1", null]);
    await h!.form();
    expect(await allIds(h!)).toHaveLength(2);

    clock.advance(DAY_MS + 1);
    await send("POST", "/v1/memories", "purger", { content: "Another.", infer: false });
    const keys = h!.engram.db.query<{ k: string }, []>("SELECT idempotency_key AS k FROM idempotency_keys").all();
    expect(keys.map((r) => r.k)).toEqual(["purger"]);
  });

  test("an error is not stored: the same key then runs the corrected request", async () => {
    const refused = await send("POST", "/v1/memories", "fix-me", { content: "Later.", occurred_at: "2999-01-01" });
    await expectProblem(refused, 400, "invalid_argument", "occurred_at_in_future");
    const fixed = await send("POST", "/v1/memories", "fix-me", { content: "Later.", occurred_at: "2020-01-01" });
    expect([fixed.status, fixed.headers.get("service-usage"), replayed(fixed)]).toEqual([202, "writes=1", null]);
  });

  test("a 503 is not stored: the same request and key are accepted once there is room", async () => {
    await h!.close();
    h = await createHarness({ clock, config: { queueBound: 1 } });
    await h.call("POST", "/v1/memories", { body: { content: "Fills the queue.", infer: false } });
    const body = { content: "Waits for room.", infer: false };
    await expectProblem(await send("POST", "/v1/memories", "busy", body), 503, "capacity_exceeded");
    await h.form();
    const retry = await send("POST", "/v1/memories", "busy", body);
    expect([retry.status, retry.headers.get("service-usage"), replayed(retry)]).toEqual([202, "writes=1", null]);
  });

  test("an import retried with the same key forms its memories once", async () => {
    const body = { messages: [{ role: "user", content: "I run a bakery in Ghent. We open at six." }] };
    const first = await send("POST", "/v1/memories/import", "import-1", body);
    expect([first.status, replayed(first)]).toEqual([202, null]);
    expect(replayed(await send("POST", "/v1/memories/import", "import-1", body))).toBe("true");
    await h!.form();
    const charged = writes(); // 1 for the chunk, 1 per fact formed
    const formed = await allIds(h!);
    expect(formed.length).toBeGreaterThan(0);
    expect(replayed(await send("POST", "/v1/memories/import", "import-1", body))).toBe("true");
    await h!.form();
    expect(await allIds(h!)).toEqual(formed);
    expect([jobs(), writes()]).toEqual([1, charged]);
  });

  test("a forget or feedback retried with the same key gets its first answer and acts once", async () => {
    const [id] = await remember(h!, ["Forget me later."]);
    const feedback = { rating: "negative" };
    const f1 = await send("PUT", `/v1/memories/${id}/feedback`, "fb", feedback);
    const f2 = await send("PUT", `/v1/memories/${id}/feedback`, "fb", feedback);
    expect([f1.status, replayed(f1), f2.status, replayed(f2)]).toEqual([204, null, 204, "true"]);
    const rows = h!.engram.db.query<{ n: number }, [string]>("SELECT count(*) AS n FROM feedback WHERE memory_id = ?");
    expect(rows.get(id!)!.n).toBe(1);

    const d1 = await send("DELETE", `/v1/memories/${id}`, "forget");
    const d2 = await send("DELETE", `/v1/memories/${id}`, "forget"); // without the key this is 404
    expect([d1.status, d2.status, replayed(d2), await d2.text()]).toEqual([202, 202, "true", ""]);
  });
});

describe("a request with a key that is still being answered", () => {
  test("makes a second request with the same key wait: 409 conflict, Retry-After 1", async () => {
    const engram = h!.engram;
    const principal = { accountId: h!.project.accountId, projectId: h!.project.projectId };
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const endpoint = createEndpointFactory({
      authenticate: () => principal as never,
      docsUrl: "http://localhost/docs",
      maxBodyBytes: 1024,
      logger: silentLogger,
      limits: { enforce: false, take: () => ({ allowed: true, limit: 0, remaining: 0, reset: 1 }) },
      idempotency: createIdempotencyStore({ db: engram.db, clock }),
    });
    const slow = endpoint({
      usage: "writes",
      handle: async (c) => {
        await gate; // a write whose answer is awaited: the key is in flight meanwhile
        return c.settle({ status: 202 });
      },
    });
    const request = () =>
      new Request("http://localhost/v1/slow", {
        method: "POST",
        headers: { authorization: "Bearer x", "idempotency-key": "in-flight" },
      });
    const first = slow({ request: request() });
    const second = await slow({ request: request() });
    expect(second.headers.get("retry-after")).toBe("1");
    await expectProblem(second, 409, "conflict", "idempotency_key_in_use");
    release();
    expect((await first).status).toBe(202);
    const third = await slow({ request: request() });
    expect([third.status, replayed(third)]).toEqual([202, "true"]);
  });
});
