// Hostile and odd input never gives a 500: path tricks, odd Unicode, deep nesting, huge numbers,
// wrong JSON shapes; plus unknown routes (404) and wrong methods (405), all as problem+json.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { BODY_ENDPOINTS, ID_ENDPOINTS, expectFieldErrors, expectProblem, json, pathFor, remember } from "./support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const hostileIds: Array<[string, string]> = [
  ["an encoded path traversal", "..%2F..%2Fetc%2Fpasswd"],
  ["an encoded NUL after the prefix", "mem_%00"],
  ["a bare percent sign", "%"],
  ["a broken percent escape", "%E0%A4%A"],
  ["a 100,000-character id", `mem_${"a".repeat(100_000)}`],
  ["a unicode id", "mem_日本語"],
  ["an id with an RTL mark", "mem_%E2%80%8F01jd8x6r0qf3v9k7m2c4a5b6e"],
  ["an id with a zero-width space", "mem_01jd8x6r0qf3v9k7m2c4a5b6%E2%80%8B"],
  ["a SQL fragment", "mem_'%20OR%20'1'%3D'1"],
  ["an id of 27 characters", "mem_01jd8x6r0qf3v9k7m2c4a5b6e7x"],
  ["an id with the right length and a bad first character", "mem_91jd8x6r0qf3v9k7m2c4a5b6e7"],
  ["another object's id", "prj_01jd8x6r0qf3v9k7m2c4a5b6e7"],
];

describe("hostile memory ids in the path", () => {
  for (const e of ID_ENDPOINTS) {
    test.each(hostileIds)(`${e.name} with %s is a 400 validation_error on memory_id`, async (_, id) => {
      const r = await h.call(e.method, pathFor(e, id), { body: e.body });
      await expectFieldErrors(r, "memory_id");
    });
  }

  test.each([
    ["a dot-dot segment resolved by the URL", "/v1/memories/../../etc/passwd"],
    ["an empty id segment", "/v1/memories//inspect"],
    ["an extra segment", "/v1/memories/mem_01jd8x6r0qf3v9k7m2c4a5b6e7/inspect/more"],
    ["an unknown version", "/v2/memories"],
    ["the root", "/"],
  ])("%s is a 404 problem for an unknown route", async (_, path) => {
    const r = await h.call("GET", path);
    await expectProblem(r, 404, "not_found");
  });
});

describe("odd Unicode in bodies", () => {
  test.each([
    ["a lone high surrogate in content", "POST", "/v1/memories", '{"content":"caf\\ud800e"}', "content"],
    [
      "a lone low surrogate in a message",
      "POST",
      "/v1/memories/import",
      '{"messages":[{"role":"user","content":"x\\udc00"}]}',
      "messages[0].content",
    ],
    [
      "a lone surrogate in a scope field",
      "POST",
      "/v1/memories",
      '{"content":"x","scope":{"user_id":"\\ud83d"}}',
      "scope.user_id",
    ],
    ["a lone surrogate in a query", "POST", "/v1/memories/search", '{"query":"\\udfff"}', "query"],
    ["a NUL in content", "POST", "/v1/memories", '{"content":"a\\u0000b"}', "content"],
    [
      "a NUL in a speaker",
      "POST",
      "/v1/memories/import",
      '{"messages":[{"role":"user","content":"x","speaker":"\\u0000"}]}',
      "messages[0].speaker",
    ],
    ["a NUL in a query", "POST", "/v1/memories/recall", '{"query":"a\\u0000"}', "query"],
  ])("%s is a 400 validation_error on that field", async (_, method, path, raw, field) => {
    await expectFieldErrors(await h.call(method, path, json(raw)), field);
  });

  test("a NUL or a lone surrogate in a list filter is a 400 on that parameter", async () => {
    await expectFieldErrors(await h.call("GET", "/v1/memories?user_id=a%00b"), "user_id");
  });

  test("RTL marks, zero-width characters, combining marks and emoji are kept exactly", async () => {
    const text = "\u202eRTL\u202c \u200fmark\u200f zero\u200bwidth\u200d e\u0301 👩‍👩‍👧 \ufeffbom";
    const [id] = await remember(h, [text], { scope: { user_id: "\u200bweird\u202e" } });
    const m = await (await h.call("GET", `/v1/memories/${id}`)).json();
    expect(m.content).toBe(text);
    expect(m.scope).toEqual({ user_id: "\u200bweird\u202e" });
  });

  test("a surrogate pair written as JSON escapes is one valid character", async () => {
    const r = await h.call("POST", "/v1/memories", json('{"content":"pair \\ud83d\\ude00 ok","infer":false}'));
    expect(r.status).toBe(202);
  });
});

describe("hostile JSON shapes", () => {
  const deepArray = "[".repeat(10_000) + "]".repeat(10_000);
  const deepObject = `${'{"a":'.repeat(10_000)}1${"}".repeat(10_000)}`;
  const shapes: Array<[string, string]> = [
    ["10,000 nested arrays as the body", deepArray],
    ["10,000 nested objects as the body", deepObject],
    [
      "10,000 nested arrays in a field",
      `{"content":${deepArray},"query":${deepArray},"messages":${deepArray},"rating":${deepArray}}`,
    ],
    ["10,000 nested objects in scope", `{"content":"x","query":"x","scope":${deepObject}}`],
    ["100,000 nested arrays as the body", "[".repeat(100_000) + "]".repeat(100_000)],
    ["a huge number", '{"content":1e999999,"query":1e999999,"limit":1e999999,"rating":1e999999}'],
    [
      "a huge integer literal",
      `{"query":"x","content":"x","limit":${"9".repeat(400)},"rating":"positive","messages":${"9".repeat(400)}}`,
    ],
    [
      "an array where an object is expected",
      '{"content":"x","query":"x","scope":["user_id"],"messages":[[]],"rating":["positive"]}',
    ],
    [
      "an object where a string is expected",
      '{"content":{"text":"x"},"query":{"q":"x"},"messages":[{"role":{},"content":{}}],"rating":{}}',
    ],
    ["JSON null", "null"],
    [
      "duplicate keys",
      '{"content":"x","content":5,"query":"x","query":5,"rating":"x","rating":5,"messages":1,"messages":2}',
    ],
    ["a __proto__ key", '{"__proto__":{"admin":true},"constructor":{"prototype":{}},"toString":1}'],
  ];
  for (const e of BODY_ENDPOINTS) {
    test.each(shapes)(`${e.name} with %s is a 4xx problem, never a 500`, async (_, raw) => {
      const r = await h.call(e.method, pathFor(e), json(raw));
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.headers.get("content-type")).toBe("application/problem+json");
    });
  }

  test("a __proto__ field is reported as an unknown field by name", async () => {
    await expectFieldErrors(
      await h.call("POST", "/v1/memories", json('{"content":"x","__proto__":{"a":1}}')),
      "__proto__",
    );
  });

  test("hostile query strings on list are 4xx, never 500", async () => {
    for (const q of [
      "limit[]=5",
      "limit=%00",
      "__proto__=1",
      "constructor=x",
      "user_id[a]=b",
      `user_id=${"%F0%9F%98%80".repeat(64)}`,
      "&&&=&",
      "limit=1e308",
    ]) {
      const r = await h.call("GET", `/v1/memories?${q}`);
      expect({ q, status: r.status < 500 }).toEqual({ q, status: true });
    }
  });
});

describe("unknown routes and wrong methods", () => {
  test.each([
    ["PUT", "/v1/memories", "GET, POST"],
    ["PATCH", "/v1/memories", "GET, POST"],
    ["DELETE", "/v1/memories", "GET, POST"],
    ["GET", "/v1/memories/import", "POST"],
    ["GET", "/v1/memories/search", "POST"],
    ["DELETE", "/v1/memories/recall", "POST"],
    ["PUT", "/v1/memories/context", "POST"],
    ["POST", "/v1/memories/mem_01jd8x6r0qf3v9k7m2c4a5b6e7", "GET, DELETE"],
    ["POST", "/v1/memories/mem_01jd8x6r0qf3v9k7m2c4a5b6e7/inspect", "GET"],
    ["GET", "/v1/memories/mem_01jd8x6r0qf3v9k7m2c4a5b6e7/feedback", "PUT"],
  ])("%s %s is a 405 naming the allowed methods", async (method, path, allow) => {
    const r = await h.call(method, path);
    expect(r.headers.get("allow")).toBe(allow);
    await expectProblem(r, 405, "method_not_allowed");
  });

  test("a 405 is answered without a key too, and never as a 401", async () => {
    expect((await h.call("GET", "/v1/memories/search", { key: null })).status).toBe(405);
  });
});
