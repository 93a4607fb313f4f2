// Authentication (spec: Authentication 1-7): one 401 for every failure, with the exact body and
// without Server-Timing / Service-Usage, on every endpoint; a key reaches only its project.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { fixedClock } from "../../src/shared/clock.ts";
import { ENDPOINTS, pathFor, missingId, remember } from "./support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

/** Asserts the spec's 401 exactly: body fields, content type, and no timing or usage headers. */
async function expectUnauthorized(r: Response, path: string): Promise<void> {
  expect(r.status).toBe(401);
  expect(r.headers.get("content-type")).toBe("application/problem+json");
  expect(r.headers.get("server-timing")).toBeNull();
  expect(r.headers.get("service-usage")).toBeNull();
  const body = await r.json();
  expect(Object.keys(body).sort()).toEqual(["code", "detail", "instance", "status", "title", "type"]);
  expect(body.type).toEndWith("/errors/#unauthorized");
  expect(body.title).toBe("Unauthorized");
  expect(body.status).toBe(401);
  expect(body.code).toBe("unauthorized");
  expect(typeof body.detail).toBe("string");
  expect(body.detail.length).toBeGreaterThan(0);
  expect(body.instance).toBe(path);
}

describe("a request without a usable key", () => {
  test.each(ENDPOINTS.map((e) => [e.name, e] as const))(
    "%s without an Authorization header gives the spec's 401",
    async (_, e) => {
      const path = pathFor(e);
      await expectUnauthorized(await h.call(e.method, path, { key: null, body: e.body }), path);
    },
  );

  const malformed: Array<[string, string]> = [
    ["a Basic credential", "Basic dXNlcjpwYXNz"],
    ["the word Bearer alone", "Bearer"],
    ["Bearer with only spaces", "Bearer    "],
    ["a garbage key", "Bearer not-a-key"],
    ["a well-shaped key that was never issued", `Bearer engram_sk_${"A".repeat(43)}`],
    ["a key without the Bearer scheme", "engram_sk_abc"],
    ["two tokens", "Bearer a b"],
  ];
  test.each(malformed)("%s gives the same 401", async (_, header) => {
    await expectUnauthorized(
      await h.call("GET", "/v1/memories", { key: null, headers: { authorization: header } }),
      "/v1/memories",
    );
  });

  test("a valid key with extra header text is refused, the failing part is not named", async () => {
    const r = await h.call("GET", "/v1/memories", {
      key: null,
      headers: { authorization: `Bearer ${h.project.key} extra` },
    });
    await expectUnauthorized(r, "/v1/memories");
  });

  test("a 401 is given before the body is looked at (no 415, 413 or 400 leaks)", async () => {
    const r = await h.call("POST", "/v1/memories", {
      key: null,
      rawBody: "not json",
      headers: { "content-type": "text/plain" },
    });
    await expectUnauthorized(r, "/v1/memories");
  });

  test("the scheme name is case-insensitive", async () => {
    const r = await h.call("GET", "/v1/memories", { key: null, headers: { authorization: `bearer ${h.project.key}` } });
    expect(r.status).toBe(200);
  });
});

describe("a key that stops working", () => {
  test("a revoked key fails on its very next request", async () => {
    const k = h.engram.accounts.createKey({ projectId: h.project.projectId, name: "to revoke" });
    expect((await h.call("GET", "/v1/memories", { key: k.key })).status).toBe(200);
    h.engram.accounts.revokeKey(k.id);
    await expectUnauthorized(await h.call("GET", "/v1/memories", { key: k.key }), "/v1/memories");
  });

  test("a key whose expiry has passed never authenticates", async () => {
    const k = h.engram.accounts.createKey({
      projectId: h.project.projectId,
      name: "expiring",
      expiresAt: "2099-01-01",
    });
    expect((await h.call("GET", "/v1/memories", { key: k.key })).status).toBe(200);
    h.engram.db.run("UPDATE api_keys SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?", [k.id]); // time passed
    await expectUnauthorized(await h.call("GET", "/v1/memories", { key: k.key }), "/v1/memories");
  });

  test("a key whose project was deleted fails on its very next request, and its memories stay out of reach", async () => {
    const a = h.newAccount();
    const p = h.engram.accounts.createProject({ accountId: a.accountId, name: "doomed" });
    const k = h.engram.accounts.createKey({ projectId: p.id, name: "k" });
    const [id] = await remember(h, ["Doomed fact about Zanzibar."], {}, k.key);
    expect((await h.call("GET", `/v1/memories/${id}`, { key: k.key })).status).toBe(200);
    h.engram.accounts.deleteProject(p.id);
    const path = `/v1/memories/${id}`;
    await expectUnauthorized(await h.call("GET", path, { key: k.key }), path);
    await expectUnauthorized(
      await h.call("POST", "/v1/memories/search", { key: k.key, body: { query: "Zanzibar" } }),
      "/v1/memories/search",
    );
  });
});

describe("key expiry under a controlled clock", () => {
  test("a key works until its expiry and fails from that instant on", async () => {
    const clock = fixedClock("2026-01-01T00:00:00Z");
    const hc = await createHarness({ clock });
    try {
      const k = hc.engram.accounts.createKey({
        projectId: hc.project.projectId,
        name: "short",
        expiresAt: "2026-01-01T01:00:00Z",
      });
      expect((await hc.call("GET", "/v1/memories", { key: k.key })).status).toBe(200);
      clock.advance(60 * 60 * 1000 - 1);
      expect((await hc.call("GET", "/v1/memories", { key: k.key })).status).toBe(200);
      clock.advance(1);
      await expectUnauthorized(await hc.call("GET", "/v1/memories", { key: k.key }), "/v1/memories");
    } finally {
      await hc.close();
    }
  });
});

describe("a key reaches only its own project", () => {
  test("a memory written with one project's key is invisible to a key of another project of the same account", async () => {
    const [id] = await remember(h, ["Only the empty project knows about kumquats."]);
    expect((await h.call("GET", `/v1/memories/${id}`, { key: h.demo.key })).status).toBe(404);
    expect((await h.call("GET", `/v1/memories/${id}`)).status).toBe(200);
  });

  test("an unknown id with a valid key is a 404, not a 401", async () => {
    expect((await h.call("GET", `/v1/memories/${missingId()}`)).status).toBe(404);
  });
});
