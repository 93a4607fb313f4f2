// ENGRAM_ENFORCE_LIMITS=false (config.enforceLimits): nothing is refused by a plan, but usage is
// still counted, so turning enforcement back on sees the month's true figures.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Harness } from "../helpers.ts";
import { loadConfig } from "../../src/config.ts";
import { contents, customAccount, limitsHarness, sentences, usageOf } from "./support.ts";

let h: Harness;
beforeAll(async () => {
  ({ h } = await limitsHarness({ enforceLimits: false }));
});
afterAll(() => h.close());

describe("with limits not enforced", () => {
  test("allowances, the stored-memory limit and the buckets refuse nothing, and usage is still counted", async () => {
    const a = customAccount(h, {
      reads: 1,
      writes: 1,
      memories: 1,
      read_burst: 1,
      read_rate: 1,
      write_burst: 1,
      write_rate: 1,
    });
    for (let i = 0; i < 3; i++) {
      const r = await h.call("POST", "/v1/memories", {
        key: a.key,
        body: { content: sentences(2, ["Alpha", "Bravo", "Charlie"][i]) },
      });
      expect(r.status).toBe(202);
      await h.form();
    }
    for (let i = 0; i < 3; i++) {
      const r = await h.call("POST", "/v1/memories/context", { key: a.key, body: { query: "number true" } });
      expect(r.status).toBe(200);
      expect(r.headers.get("service-usage")).toBe("reads=5");
    }
    expect(contents(h, a.projectId)).toHaveLength(6);
    expect(usageOf(h, a)).toMatchObject({ reads: 15, writes: 3 * 3, memories: 6 });
  });

  test("responses carry no RateLimit headers", async () => {
    const a = customAccount(h);
    const r = await h.call("POST", "/v1/memories/search", { key: a.key, body: { query: "tea" } });
    expect(r.status).toBe(200);
    for (const name of ["ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"])
      expect(r.headers.get(name)).toBeNull();
  });

  test("the setting comes from ENGRAM_ENFORCE_LIMITS and defaults to on", () => {
    expect(loadConfig({}, {}).enforceLimits).toBe(true);
    expect(loadConfig({}, { ENGRAM_ENFORCE_LIMITS: "false" }).enforceLimits).toBe(false);
    expect(loadConfig({}, { ENGRAM_ENFORCE_LIMITS: "0" }).enforceLimits).toBe(false);
    expect(loadConfig({}, { ENGRAM_ENFORCE_LIMITS: "true" }).enforceLimits).toBe(true);
  });
});
