// The OpenAPI document at GET /v1/openapi.json (README: The REST API): served without a key and
// charging nothing, valid OpenAPI 3.1, naming exactly the routes the app serves, and describing the real
// answers (status, body and headers of each). The generated client that uses it: openapi-client.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { compileErrors, validate } from "@readme/openapi-parser";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { createHarness, type Harness } from "../helpers.ts";
import { REST_PATHS } from "../../src/http/routes.ts";
import { openApiPath } from "../../src/http/openapi.ts";
import { missingId, remember } from "./support.ts";

// biome-ignore lint/suspicious/noExplicitAny: the document is walked as plain JSON, checked at run time
type Json = Record<string, any>;
type CallOptions = Parameters<Harness["call"]>[2];

let h: Harness;
let doc: Json;
let id = "";
beforeAll(async () => {
  h = await createHarness();
  [id] = await remember(h, ["Olga plays the cello in Berlin."]);
  doc = await (await h.call("GET", "/v1/openapi.json", { key: null })).json();
});
afterAll(() => h.close());

describe("GET /v1/openapi.json", () => {
  test("is served without a key, as JSON, and charges nothing", async () => {
    const r = await h.call("GET", "/v1/openapi.json", { key: null });
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("application/json");
    expect(r.headers.get("service-usage")).toBe("reads=0");
    expect((await r.json()).openapi).toBe("3.1.0");
  });

  test("GET and HEAD with a key work too, and use no reads and no rate-limit token", async () => {
    // One read a month and a bucket of one: any charge by the document would refuse the list below.
    const tight = h.newAccount();
    h.engram.accounts.setPlan(tight.accountId, null, { reads: 1, read_burst: 1, read_rate: 1 });
    for (let i = 0; i < 3; i++) {
      const got = await h.call("GET", "/v1/openapi.json", { key: tight.key });
      expect(got.status).toBe(200);
      expect(got.headers.get("ratelimit-remaining")).toBeNull();
      expect((await got.json()).info.version).toBe("v1");
      const head = await h.call("HEAD", "/v1/openapi.json", { key: tight.key });
      expect(head.status).toBe(200);
      expect(await head.text()).toBe("");
    }
    expect(h.engram.accounts.usage(tight.accountId).reads).toBe(0);
    expect((await h.call("GET", "/v1/memories", { key: tight.key })).status).toBe(200);
  });

  test("is a valid OpenAPI 3.1 document (@readme/openapi-parser)", async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? "" : compileErrors(result)).toBe("");
    // The validator is not vacuous: a dangling $ref and a response without a description fail it.
    const broken = structuredClone(doc);
    broken.paths["/v1/memories"].get.responses["200"] = {
      content: { "application/json": { schema: { $ref: "#/x" } } },
    };
    expect((await validate(broken as never)).valid).toBe(false);
  });
});

const PUBLIC = ["GET /health", "GET /v1/openapi.json", "GET /docs/errors"];
const WRITES = [
  "POST /v1/memories",
  "POST /v1/memories/import",
  "DELETE /v1/memories/{memory_id}",
  "PUT /v1/memories/{memory_id}/feedback",
];
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];

function documented(): string[] {
  return Object.entries(doc.paths as Json).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((k) => METHODS.includes(k))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
}

describe("the document names exactly the routes the app serves", () => {
  test("every route of routes.ts is documented, and nothing else but the open ones", () => {
    const routes = Object.entries(REST_PATHS).flatMap(([path, methods]) =>
      methods.map((m) => `${m} ${openApiPath(path)}`),
    );
    expect(routes).toHaveLength(10);
    expect(documented().sort()).toEqual([...routes, ...PUBLIC].sort());
  });

  test("every documented operation is routed (no 405, no 'No route' 404)", async () => {
    for (const op of documented()) {
      const [method, path] = op.split(" ") as [string, string];
      const r = await h.call(method, path.replace("{memory_id}", missingId()), {
        body: method === "GET" ? undefined : {},
      });
      expect({ op, status: r.status }).not.toEqual({ op, status: 405 });
      if (r.status === 404) expect((await r.json()).detail).not.toStartWith("No route");
    }
  });

  test("memory operations need the key and take Idempotency-Key on writes; open ones need nothing", () => {
    for (const op of documented()) {
      const [method, path] = op.split(" ") as [string, string];
      const o = doc.paths[path][method.toLowerCase()];
      expect(o.operationId).toBeString();
      if (PUBLIC.includes(op)) expect({ op, security: o.security }).toEqual({ op, security: [] });
      else expect(o.responses["401"]).toBeDefined();
      const idem = (o.parameters ?? []).some((p: Json) => p.$ref === "#/components/parameters/IdempotencyKey");
      expect({ op, idem }).toEqual({ op, idem: WRITES.includes(op) });
    }
  });
});

// ajv checks bodies and headers against the document itself, $refs resolved within it.
const ROOT = "https://engram.invalid/openapi.json";
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
const validators = new Map<string, ReturnType<typeof ajv.compile>>();

function check(pointer: string, value: unknown): string | null {
  let v = validators.get(pointer);
  if (!v) {
    if (!ajv.getSchema(ROOT)) ajv.addSchema({ $id: ROOT, components: doc.components, paths: doc.paths });
    v = ajv.compile({ $ref: `${ROOT}#${pointer}` });
    validators.set(pointer, v);
  }
  return v(value) ? null : ajv.errorsText(v.errors);
}

const pointerPart = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");
const CUSTOM = ["server-timing", "service-usage", "ratelimit-limit", "ratelimit-remaining", "ratelimit-reset"];
const ALSO = ["retry-after", "idempotent-replayed", "allow"];

/** Asserts that a real response is one the document gives the operation: status, media type, body, headers. */
async function conforms(method: string, path: string, r: Response, status: number): Promise<void> {
  const op = `${method} ${path} ${r.status}`;
  expect({ op, status: r.status }).toEqual({ op, status });
  const base = `/paths/${pointerPart(path)}/${method.toLowerCase()}/responses/${r.status}`;
  const spec = doc.paths[path]?.[method.toLowerCase()]?.responses?.[String(r.status)];
  expect({ op, documented: spec !== undefined }).toEqual({ op, documented: true });
  const text = await r.text();
  const media = Object.keys(spec.content ?? {});
  if (media.length === 0) expect({ op, body: text }).toEqual({ op, body: "" });
  else {
    const type = r.headers.get("content-type")!.split(";")[0]!;
    expect({ op, type }).toEqual({ op, type: media[0]! });
    expect({ op, errors: check(`${base}/content/${pointerPart(type)}/schema`, JSON.parse(text)) }).toEqual({
      op,
      errors: null,
    });
  }
  const headers: Json = spec.headers ?? {};
  const names = Object.keys(headers).map((n) => n.toLowerCase());
  for (const sent of [...CUSTOM, ...ALSO].filter((n) => r.headers.has(n)))
    expect({ op, sent, documented: names.includes(sent) }).toEqual({ op, sent, documented: true });
  for (const [name, ref] of Object.entries(headers)) {
    const header = doc.components.headers[(ref as Json).$ref.split("/").at(-1)];
    const raw = r.headers.get(name);
    if (raw === null) {
      expect({ op, name, required: header.required }).toEqual({ op, name, required: false });
      continue;
    }
    const value = header.schema.type === "integer" ? Number(raw) : raw;
    const pointer = `/components/headers/${(ref as Json).$ref.split("/").at(-1)}/schema`;
    expect({ op, name, errors: check(pointer, value) }).toEqual({ op, name, errors: null });
  }
}

describe("real answers fit the document", () => {
  const M = "/v1/memories";
  const ONE = "/v1/memories/{memory_id}";
  /** Calls the app and checks the answer against `route` (the document's path) for `status`. */
  const fits = async (status: number, method: string, route: string, path: string, opts?: CallOptions) =>
    conforms(method, route, await h.call(method, path, opts), status);

  test("successes of every memory endpoint and of the open ones", async () => {
    const key = { "idempotency-key": "openapi-test-create" };
    const body = { content: "Ada drinks green tea.", infer: false, scope: { user_id: "ada" } };
    await fits(202, "POST", M, M, { body, headers: key });
    const replay = await h.call("POST", M, { body, headers: key });
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    await conforms("POST", M, replay, 202);
    const conversation = { messages: [{ role: "user", speaker: "Ada", content: "I moved to Lisbon." }] };
    await fits(202, "POST", `${M}/import`, `${M}/import`, { body: conversation });
    await h.form();
    await fits(200, "GET", M, `${M}?limit=5&user_id=ada`);
    await fits(200, "GET", ONE, `${M}/${id}`);
    await fits(200, "GET", `${ONE}/inspect`, `${M}/${id}/inspect`);
    await fits(200, "POST", `${M}/search`, `${M}/search`, { body: { query: "cello", limit: 5 } });
    await fits(200, "POST", `${M}/recall`, `${M}/recall`, { body: { query: "Olga cello" } });
    await fits(200, "POST", `${M}/recall`, `${M}/recall`, { body: { query: "submarine" } });
    await fits(200, "POST", `${M}/context`, `${M}/context`, { body: { query: "Olga cello" } });
    await fits(204, "PUT", `${ONE}/feedback`, `${M}/${id}/feedback`, { body: { rating: "positive", comment: "ok" } });
    const [gone] = await remember(h, ["Forget me: the cat is called Tom."]);
    await fits(202, "DELETE", ONE, `${M}/${gone}`);
    await fits(200, "GET", "/health", "/health", { key: null });
    await fits(200, "GET", "/v1/openapi.json", "/v1/openapi.json", { key: null });
  });

  test("errors: 400, 401, 404, 409, 413, 415 and 429", async () => {
    await fits(400, "POST", M, M, { body: { content: "", user_id: "top-level" } });
    await fits(400, "GET", M, `${M}?starting_after=nope`);
    await fits(400, "GET", ONE, `${M}/nope`);
    await fits(400, "POST", M, M, { body: { content: "x" }, headers: { "idempotency-key": "" } });
    await fits(401, "GET", M, M, { key: null });
    await fits(401, "POST", `${M}/search`, `${M}/search`, { key: "engram_sk_not_a_key", body: { query: "x" } });
    await fits(404, "GET", ONE, `${M}/${missingId()}`);
    await fits(404, "GET", `${ONE}/inspect`, `${M}/${missingId()}/inspect`);
    await fits(404, "PUT", `${ONE}/feedback`, `${M}/${missingId()}/feedback`, { body: { rating: "negative" } });
    await fits(404, "POST", `${M}/context`, `${M}/context`, { body: { query: "submarine" } });
    const reused = { "idempotency-key": "openapi-test-reused" };
    await fits(202, "POST", M, M, { body: { content: "One.", infer: false }, headers: reused });
    await fits(409, "POST", M, M, { body: { content: "Two.", infer: false }, headers: reused });
    const huge = `{"query":"${"x".repeat(5 * 1024 * 1024)}"}`;
    const json = { "content-type": "application/json" };
    await fits(413, "POST", `${M}/search`, `${M}/search`, { rawBody: huge, headers: json });
    const form = { rawBody: "q=x", headers: { "content-type": "application/x-www-form-urlencoded" } };
    await fits(415, "POST", `${M}/import`, `${M}/import`, form);

    // An account at its limits: 409 memory_limit_reached, and a 429 monthly refusal with Retry-After.
    const small = h.newAccount();
    h.engram.accounts.setPlan(small.accountId, null, { memories: 0, reads: 1 });
    await fits(409, "POST", M, M, { key: small.key, body: { content: "No room.", infer: false } });
    await fits(200, "GET", M, M, { key: small.key });
    await fits(429, "POST", `${M}/search`, `${M}/search`, { key: small.key, body: { query: "tea" } });
  });

  test("a wrong method fits components/responses/MethodNotAllowed", async () => {
    const r = await h.call("PATCH", M);
    expect(r.status).toBe(405);
    const pointer = "/components/responses/MethodNotAllowed/content/application~1problem+json/schema";
    expect(check(pointer, await r.json())).toBeNull();
  });
});
