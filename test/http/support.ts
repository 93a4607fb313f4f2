// Shared helpers for the REST contract tests: the endpoint table, problem+json assertions and
// small write-then-form shortcuts. Everything runs in-process through the harness.
import { expect } from "bun:test";
import type { Harness } from "../helpers.ts";
import { newId } from "../../src/shared/ids.ts";
import type { Problem } from "../../src/errors/problem.ts";

export interface EndpointCase {
  name: string;
  method: string;
  /** `{id}` is replaced by a memory id. */
  path: string;
  /** A valid JSON body, for endpoints that take one. */
  body?: unknown;
  usage: "reads" | "writes";
}

/** The ten REST endpoints of the spec, each with a valid request. */
export const ENDPOINTS: EndpointCase[] = [
  { name: "create", method: "POST", path: "/v1/memories", body: { content: "Ada likes tea." }, usage: "writes" },
  { name: "list", method: "GET", path: "/v1/memories", usage: "reads" },
  {
    name: "import",
    method: "POST",
    path: "/v1/memories/import",
    body: { messages: [{ role: "user", content: "I like tea." }] },
    usage: "writes",
  },
  { name: "get", method: "GET", path: "/v1/memories/{id}", usage: "reads" },
  { name: "delete", method: "DELETE", path: "/v1/memories/{id}", usage: "writes" },
  { name: "inspect", method: "GET", path: "/v1/memories/{id}/inspect", usage: "reads" },
  { name: "search", method: "POST", path: "/v1/memories/search", body: { query: "tea" }, usage: "reads" },
  { name: "recall", method: "POST", path: "/v1/memories/recall", body: { query: "tea" }, usage: "reads" },
  { name: "context", method: "POST", path: "/v1/memories/context", body: { query: "tea" }, usage: "reads" },
  {
    name: "feedback",
    method: "PUT",
    path: "/v1/memories/{id}/feedback",
    body: { rating: "positive" },
    usage: "writes",
  },
];

export const BODY_ENDPOINTS = ENDPOINTS.filter((e) => e.body !== undefined);
export const ID_ENDPOINTS = ENDPOINTS.filter((e) => e.path.includes("{id}"));

/** A well-formed memory id that names no memory. */
export function missingId(): string {
  return newId("mem");
}

export function pathFor(e: EndpointCase, id: string = missingId()): string {
  return e.path.replace("{id}", id);
}

export type { Problem };

/** Asserts a problem+json response with the given status and code, and returns its body. */
export async function expectProblem(r: Response, status: number, code: string, reason?: string): Promise<Problem> {
  const text = await r.text();
  expect({ status: r.status, text }).toMatchObject({ status });
  expect(r.headers.get("content-type")).toBe("application/problem+json");
  const body = JSON.parse(text) as Problem;
  expect(body.code).toBe(code);
  expect(body.status).toBe(status);
  expect(body.type).toEndWith(`/errors/#${code}`);
  expect(typeof body.title).toBe("string");
  expect(body.instance).toStartWith("/");
  if (reason !== undefined) expect(body.reason).toBe(reason);
  return body;
}

/** Asserts a validation_error whose `errors` name exactly the given field paths, returning the body. */
export async function expectFieldErrors(r: Response, ...paths: string[]): Promise<Problem> {
  const body = await expectProblem(r, 400, "validation_error");
  expect(Object.keys(body.errors ?? {}).sort()).toEqual([...paths].sort());
  for (const p of paths) expect(body.errors![p]!.length).toBeGreaterThan(0);
  return body;
}

export function json(body: string): { rawBody: string; headers: Record<string, string> } {
  return { rawBody: body, headers: { "content-type": "application/json" } };
}

/** Creates one memory per given text (infer false), forms them, and returns their ids in creation order. */
export async function remember(
  h: Harness,
  texts: string[],
  extra: Record<string, unknown> = {},
  key?: string,
): Promise<string[]> {
  const before = new Set(await allIds(h, key));
  for (const content of texts) {
    const r = await h.call("POST", "/v1/memories", { body: { content, infer: false, ...extra }, key });
    expect(r.status).toBe(202);
  }
  await h.form();
  const after = await allIds(h, key);
  return after.filter((id) => !before.has(id)).reverse();
}

/** Every listed memory id, newest first, walking all pages. */
export async function allIds(h: Harness, key?: string, query = ""): Promise<string[]> {
  const ids: string[] = [];
  let cursor = "";
  for (;;) {
    const sep = query ? "&" : "";
    const r = await h.call("GET", `/v1/memories?limit=20${sep}${query}${cursor ? `&starting_after=${cursor}` : ""}`, {
      key,
    });
    expect(r.status).toBe(200);
    const page = (await r.json()) as { data: Array<{ id: string }>; has_more: boolean };
    ids.push(...page.data.map((m) => m.id));
    if (!page.has_more) return ids;
    cursor = page.data.at(-1)!.id;
  }
}

export function usage(r: Response): string | null {
  return r.headers.get("service-usage");
}
