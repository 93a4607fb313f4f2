// Validation errors (spec: Errors, codes validation_error): problem+json bodies whose `errors` map
// field paths to messages; unknown fields rejected; JSON types never coerced; bad JSON is a clear 400.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { BODY_ENDPOINTS, expectFieldErrors, expectProblem, json, missingId, pathFor } from "./support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

type Case = [label: string, method: string, path: string, body: unknown, fields: string[]];
const fb = () => `/v1/memories/${missingId()}/feedback`;

const fieldCases: Case[] = [
  ["create without content names content", "POST", "/v1/memories", {}, ["content"]],
  ["create with empty content names content", "POST", "/v1/memories", { content: "" }, ["content"]],
  ["create with only whitespace is empty content", "POST", "/v1/memories", { content: " \n\t " }, ["content"]],
  [
    "a scope field at the top level is an unknown field",
    "POST",
    "/v1/memories",
    { content: "x", user_id: "u" },
    ["user_id"],
  ],
  [
    "an unknown scope field is reported by its nested path",
    "POST",
    "/v1/memories",
    { content: "x", scope: { tenant: "t" } },
    ["scope.tenant"],
  ],
  [
    "a too-long nested scope field is reported as scope.user_id",
    "POST",
    "/v1/memories",
    { content: "x", scope: { user_id: "u".repeat(129) } },
    ["scope.user_id"],
  ],
  [
    "an empty scope field on a write is rejected",
    "POST",
    "/v1/memories",
    { content: "x", scope: { user_id: "" } },
    ["scope.user_id"],
  ],
  ["scope must be an object", "POST", "/v1/memories", { content: "x", scope: "user" }, ["scope"]],
  ["content 1 is not coerced to a string", "POST", "/v1/memories", { content: 1 }, ["content"]],
  ['infer "true" is not coerced to a boolean', "POST", "/v1/memories", { content: "x", infer: "true" }, ["infer"]],
  ["infer 1 is not coerced to a boolean", "POST", "/v1/memories", { content: "x", infer: 1 }, ["infer"]],
  ["occurred_at must be a string", "POST", "/v1/memories", { content: "x", occurred_at: 1700000000 }, ["occurred_at"]],
  [
    "several bad fields are all reported",
    "POST",
    "/v1/memories",
    { content: 5, infer: "no", extra: true },
    ["content", "infer", "extra"],
  ],
  [
    "import messages[3].role is required",
    "POST",
    "/v1/memories/import",
    {
      messages: [
        { role: "user", content: "a" },
        { role: "assistant", content: "b" },
        { role: "user", content: "c" },
        { content: "d" },
      ],
    },
    ["messages[3].role"],
  ],
  [
    "an unknown role is rejected on its path",
    "POST",
    "/v1/memories/import",
    { messages: [{ role: "robot", content: "a" }] },
    ["messages[0].role"],
  ],
  [
    "an unknown message field is rejected on its path",
    "POST",
    "/v1/memories/import",
    { messages: [{ role: "user", content: "a", text: "b" }] },
    ["messages[0].text"],
  ],
  [
    "messages must be an array",
    "POST",
    "/v1/memories/import",
    { messages: { role: "user", content: "a" } },
    ["messages"],
  ],
  ["import without messages names messages", "POST", "/v1/memories/import", {}, ["messages"]],
  ["search without a query names query", "POST", "/v1/memories/search", {}, ["query"]],
  ['search limit "5" is not coerced', "POST", "/v1/memories/search", { query: "x", limit: "5" }, ["limit"]],
  ["search limit 2.5 is not an integer", "POST", "/v1/memories/search", { query: "x", limit: 2.5 }, ["limit"]],
  ["search limit null is rejected", "POST", "/v1/memories/search", { query: "x", limit: null }, ["limit"]],
  [
    "a scope field at the top level of search is unknown",
    "POST",
    "/v1/memories/search",
    { query: "x", user_id: "u" },
    ["user_id"],
  ],
  ["recall with a numeric query is rejected", "POST", "/v1/memories/recall", { query: 42 }, ["query"]],
  ["context with an unknown field is rejected", "POST", "/v1/memories/context", { query: "x", mode: "fast" }, ["mode"]],
  ["feedback with an unknown rating is rejected", "PUT", fb(), { rating: "meh" }, ["rating"]],
  ["feedback without a rating names rating", "PUT", fb(), {}, ["rating"]],
  [
    "feedback with a too-long comment names comment",
    "PUT",
    fb(),
    { rating: "positive", comment: "c".repeat(1001) },
    ["comment"],
  ],
  ["feedback with an unknown field is rejected", "PUT", fb(), { rating: "positive", stars: 5 }, ["stars"]],
];

describe("field errors name their paths", () => {
  test.each(fieldCases)("%s", async (_, method, path, body, fields) => {
    const problem = await expectFieldErrors(await h.call(method, path, { body }), ...fields);
    expect(problem.instance).toBe(path);
    expect(problem.title).toBe("Validation error");
  });

  test("feedback with a comment of exactly 1,000 characters is accepted (404 only because the memory is missing)", async () => {
    await expectProblem(
      await h.call("PUT", fb(), { body: { rating: "positive", comment: "c".repeat(1000) } }),
      404,
      "not_found",
    );
  });
});

describe("bodies that are not a JSON object", () => {
  const cases: Array<[string, string, string]> = [
    ["malformed JSON", '{"content":', "body"],
    ["trailing garbage after JSON", '{"content":"x"} x', "body"],
    ["a JSON null", "null", "body"],
    ["a JSON array", '[{"content":"x"}]', "body"],
    ["a JSON string", '"content"', "body"],
    ["a JSON number", "42", "body"],
  ];
  for (const e of BODY_ENDPOINTS) {
    test.each(cases)(`${e.name}: %s is a 400 validation_error on the body`, async (_, raw, field) => {
      await expectFieldErrors(await h.call(e.method, pathFor(e), json(raw)), field);
    });
    test(`${e.name}: an empty body is a 400 that says a body is required`, async () => {
      const p = await expectFieldErrors(await h.call(e.method, pathFor(e), json("")), "body");
      expect(p.detail).toContain("empty");
    });
  }

  test("malformed JSON says so in the detail", async () => {
    const p = await expectProblem(
      await h.call("POST", "/v1/memories", json("{content: 'x'}")),
      400,
      "validation_error",
    );
    expect(p.detail).toContain("not valid JSON");
  });

  test("bytes that are not UTF-8 are a 400, not a silent replacement", async () => {
    const bytes = new TextEncoder().encode('{"content":"caf_"}');
    bytes[bytes.indexOf("_".charCodeAt(0))] = 0xe9;
    await expectFieldErrors(
      await h.call("POST", "/v1/memories", { rawBody: bytes, headers: { "content-type": "application/json" } }),
      "body",
    );
  });
});

describe("every error body is problem+json with the required fields", () => {
  test.each([
    ["a validation error", "POST", "/v1/memories", { content: "" }, 400],
    ["a not-found", "GET", `/v1/memories/${missingId()}`, undefined, 404],
    ["an invalid argument", "GET", "/v1/memories?starting_after=nope", undefined, 400],
  ] as const)("%s carries type, title, status, instance and code", async (_, method, path, body, status) => {
    const r = await h.call(method, path, { body });
    expect(r.status).toBe(status);
    expect(r.headers.get("content-type")).toBe("application/problem+json");
    const p = await r.json();
    for (const field of ["type", "title", "status", "instance", "code"]) expect(p[field]).toBeDefined();
    expect(p.status).toBe(status);
    expect(p.instance).toBe(new URL(`http://x${path}`).pathname);
    expect(p.type).toBe(`http://127.0.0.1:8420/docs/errors/#${p.code}`);
  });
});
