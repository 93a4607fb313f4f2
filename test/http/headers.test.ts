// Response headers and read accounting (spec: Response headers; Limits, Reads used; Errors rule 2):
// Server-Timing and Service-Usage on every response but 401, and the reads each call charges.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { ENDPOINTS, json, missingId, pathFor, remember } from "./support.ts";

let h: Harness;
let id = "";
beforeAll(async () => {
  h = await createHarness();
  [id] = await remember(h, ["Header fixture: Olga plays the cello."]);
});
afterAll(() => h.close());

const reads = () => h.engram.accounts.usage(h.project.accountId).reads;

function expectTimingAndUsage(r: Response): void {
  expect(r.headers.get("server-timing")).toMatch(/(^|, )total;dur=\d+(\.\d+)?/);
  expect(r.headers.get("service-usage")).toMatch(/^(reads|writes)=\d+$/);
}

describe("Server-Timing and Service-Usage are on every response but 401", () => {
  test.each(ENDPOINTS.map((e) => [e.name, e] as const))("%s succeeds with both headers", async (_, e) => {
    const [target] = e.name === "delete" ? await remember(h, [`Delete me for headers ${Math.random()}.`]) : [id];
    const r = await h.call(e.method, pathFor(e, target), { body: e.body });
    expect(r.status).toBeLessThan(300);
    expectTimingAndUsage(r);
    expect(r.headers.get("service-usage")).toStartWith(`${e.usage}=`);
  });

  const errors: Array<[string, string, string, Parameters<Harness["call"]>[2], number]> = [
    ["a 400 validation_error", "POST", "/v1/memories", { body: { content: "" } }, 400],
    ["a 400 invalid_argument", "GET", "/v1/memories?starting_after=nope", {}, 400],
    ["a 400 on a malformed path id", "GET", "/v1/memories/nope", {}, 400],
    ["a 404 on a missing memory", "GET", `/v1/memories/${missingId()}`, {}, 404],
    ["a 404 from context", "POST", "/v1/memories/context", { body: { query: "submarine" } }, 404],
    [
      "a 415",
      "POST",
      "/v1/memories/search",
      { rawBody: "q=x", headers: { "content-type": "application/x-www-form-urlencoded" } },
      415,
    ],
    ["a 413", "POST", "/v1/memories/search", json(`{"query":"${"x".repeat(5 * 1024 * 1024)}"}`), 413],
    ["a 404 for an unknown route", "GET", "/v1/nothing-here", {}, 404],
    ["a 405 for a wrong method", "PATCH", "/v1/memories", {}, 405],
  ];
  test.each(errors)("%s carries both headers", async (_, method, path, opts, status) => {
    const r = await h.call(method, path, opts);
    expect(r.status).toBe(status);
    expectTimingAndUsage(r);
  });

  test("a 401 carries neither", async () => {
    const r = await h.call("GET", "/v1/memories", { key: null });
    expect(r.status).toBe(401);
    expect(r.headers.get("server-timing")).toBeNull();
    expect(r.headers.get("service-usage")).toBeNull();
  });

  test("Server-Timing names the stages that ran", async () => {
    const r = await h.call("POST", "/v1/memories/search", { body: { query: "cello" } });
    const names = r.headers
      .get("server-timing")!
      .split(",")
      .map((p) => p.trim().split(";")[0]);
    expect(names).toEqual(expect.arrayContaining(["total", "auth", "db", "search"]));
  });
});

describe("reads charged per call, in the header and in the account's usage", () => {
  const cases: Array<[string, string, () => string, unknown, number, number]> = [
    ["get", "GET", () => `/v1/memories/${id}`, undefined, 200, 1],
    ["get of a missing memory", "GET", () => `/v1/memories/${missingId()}`, undefined, 404, 1],
    ["a page of list", "GET", () => "/v1/memories?limit=1", undefined, 200, 1],
    ["search", "POST", () => "/v1/memories/search", { query: "cello" }, 200, 1],
    ["search that finds nothing", "POST", () => "/v1/memories/search", { query: "submarine" }, 200, 1],
    ["recall", "POST", () => "/v1/memories/recall", { query: "cello" }, 200, 1],
    ["a recall miss", "POST", () => "/v1/memories/recall", { query: "submarine" }, 200, 1],
    ["inspect", "GET", () => `/v1/memories/${id}/inspect`, undefined, 200, 3],
    ["inspect of a missing memory", "GET", () => `/v1/memories/${missingId()}/inspect`, undefined, 404, 3],
    ["context", "POST", () => "/v1/memories/context", { query: "cello" }, 200, 5],
    ["context with nothing relevant", "POST", () => "/v1/memories/context", { query: "submarine" }, 404, 5],
  ];
  test.each(cases)("%s charges its reads", async (_, method, path, body, status, cost) => {
    const before = reads();
    const r = await h.call(method, path(), { body });
    expect(r.status).toBe(status);
    expect(r.headers.get("service-usage")).toBe(`reads=${cost}`);
    expect(reads() - before).toBe(cost);
  });

  const refused: Array<[string, string, string, unknown]> = [
    ["get with a malformed id", "GET", "/v1/memories/mem_bad", undefined],
    ["inspect with a malformed id", "GET", "/v1/memories/mem_x/inspect", undefined],
    ["list with a bad limit", "GET", "/v1/memories?limit=0", undefined],
    ["list with a bad cursor", "GET", "/v1/memories?starting_after=nope", undefined],
    ["list with an unknown parameter", "GET", "/v1/memories?foo=1", undefined],
    ["search with an empty query", "POST", "/v1/memories/search", { query: "" }],
    ["recall with an unknown field", "POST", "/v1/memories/recall", { query: "x", foo: 1 }],
    ["context with a too-long query", "POST", "/v1/memories/context", { query: "x".repeat(1001) }],
  ];
  test.each(refused)("%s is refused with 400 and charges no reads", async (_, method, path, body) => {
    const before = reads();
    const r = await h.call(method, path, { body });
    expect(r.status).toBe(400);
    expect(r.headers.get("service-usage")).toBe("reads=0");
    expect(reads()).toBe(before);
  });

  test("a 415 or 413 on a read charges no reads", async () => {
    const before = reads();
    expect(
      (
        await h.call("POST", "/v1/memories/context", { rawBody: "x", headers: { "content-type": "text/plain" } })
      ).headers.get("service-usage"),
    ).toBe("reads=0");
    expect(
      (await h.call("POST", "/v1/memories/recall", json(" ".repeat(5 * 1024 * 1024 + 1)))).headers.get("service-usage"),
    ).toBe("reads=0");
    expect(reads()).toBe(before);
  });
});

describe("writes shown on write endpoints", () => {
  test("DELETE and feedback show writes=0 and charge no writes", async () => {
    const [target] = await remember(h, ["Header fixture two: Pavel repairs clocks."]);
    const writes = h.engram.accounts.usage(h.project.accountId).writes;
    const fb = await h.call("PUT", `/v1/memories/${target}/feedback`, { body: { rating: "positive" } });
    expect([fb.status, fb.headers.get("service-usage")]).toEqual([204, "writes=0"]);
    const del = await h.call("DELETE", `/v1/memories/${target}`);
    expect([del.status, del.headers.get("service-usage")]).toEqual([202, "writes=0"]);
    const again = await h.call("DELETE", `/v1/memories/${target}`);
    expect([again.status, again.headers.get("service-usage")]).toEqual([404, "writes=0"]);
    expect(h.engram.accounts.usage(h.project.accountId).writes).toBe(writes);
  });

  test("a refused write shows writes=0", async () => {
    const r = await h.call("POST", "/v1/memories", { body: { content: "x", occurred_at: "2999-01-01" } });
    expect([r.status, r.headers.get("service-usage")]).toEqual([400, "writes=0"]);
  });
});
