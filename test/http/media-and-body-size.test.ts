// Request bodies (spec: Endpoints): only JSON is accepted (415 otherwise) and a body over 5 MiB is a
// 413 problem+json with code invalid_argument, whether declared by Content-Length or streamed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { BODY_ENDPOINTS, expectProblem, pathFor } from "./support.ts";

const MiB = 1024 * 1024;
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const notJson: Array<[string, Record<string, string>, BodyInit]> = [
  ["text/plain", { "content-type": "text/plain" }, '{"content":"x"}'],
  ["form-encoded", { "content-type": "application/x-www-form-urlencoded" }, "content=x"],
  ["multipart", { "content-type": "multipart/form-data; boundary=b" }, "--b\r\n\r\nx\r\n--b--"],
  ["application/xml", { "content-type": "application/xml" }, "<content>x</content>"],
  ["no content type at all", {}, new Blob(['{"content":"x"}'])],
  ["a json-ish lookalike type", { "content-type": "application/jsonx" }, '{"content":"x"}'],
];

describe("415 for bodies that are not JSON", () => {
  for (const e of BODY_ENDPOINTS) {
    test.each(notJson)(`${e.name} with %s gives 415 unsupported_media_type`, async (_, headers, rawBody) => {
      const path = pathFor(e);
      const p = await expectProblem(await h.call(e.method, path, { rawBody, headers }), 415, "unsupported_media_type");
      expect(p.instance).toBe(path);
    });
  }

  test.each([["application/json; charset=utf-8"], ["Application/JSON"], ["application/merge-patch+json"]])(
    "%s is accepted as JSON",
    async (type) => {
      const r = await h.call("POST", "/v1/memories/search", {
        rawBody: '{"query":"tea"}',
        headers: { "content-type": type },
      });
      expect(r.status).toBe(200);
    },
  );
});

function streamOf(totalBytes: number, fill = 0x20): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= totalBytes) return controller.close();
      const n = Math.min(256 * 1024, totalBytes - sent);
      sent += n;
      controller.enqueue(new Uint8Array(n).fill(fill));
    },
  });
}

/** A chunked request: a stream body and no Content-Length. */
function chunked(path: string, method: string, body: ReadableStream<Uint8Array>): Request {
  return new Request(`http://localhost${path}`, {
    method,
    headers: { authorization: `Bearer ${h.project.key}`, "content-type": "application/json" },
    body,
    duplex: "half",
  } as RequestInit);
}

describe("413 for bodies over 5 MiB", () => {
  for (const e of BODY_ENDPOINTS) {
    test(`${e.name}: a body declared over 5 MiB by Content-Length is a 413 problem+json`, async () => {
      const big = JSON.stringify({ content: "a".repeat(5 * MiB) });
      const r = await h.call(e.method, pathFor(e), { rawBody: big, headers: { "content-type": "application/json" } });
      const p = await expectProblem(r, 413, "invalid_argument");
      expect(p.detail).toContain("5 MiB");
      expect(r.headers.get("service-usage")).toBe(`${e.usage}=0`);
    });

    test(`${e.name}: a chunked body that grows past 5 MiB is a 413 problem+json`, async () => {
      const req = chunked(pathFor(e), e.method, streamOf(5 * MiB + 1));
      expect(req.headers.get("content-length")).toBeNull();
      await expectProblem(await h.engram.handle(req), 413, "invalid_argument");
    });
  }

  test("a chunked body of exactly 5 MiB is read (and then judged on its content, not its size)", async () => {
    // 5 MiB of spaces around a small JSON object: valid JSON, exactly at the limit.
    const text = '{"query":"tea"}';
    const pad = new Uint8Array(5 * MiB - text.length).fill(0x20);
    const bytes = new Uint8Array(5 * MiB);
    bytes.set(new TextEncoder().encode(text));
    bytes.set(pad, text.length);
    const r = await h.engram.handle(chunked("/v1/memories/search", "POST", new Blob([bytes]).stream()));
    expect(r.status).toBe(200);
  });

  test("a Content-Length of exactly 5 MiB is not refused as too large", async () => {
    const text = '{"query":"tea"}';
    const r = await h.call("POST", "/v1/memories/search", {
      rawBody: text + " ".repeat(5 * MiB - text.length),
      headers: { "content-type": "application/json" },
    });
    expect(r.status).toBe(200);
  });

  test("a create with content far over 32,000 characters but under 5 MiB is a 400 validation_error, not a 413", async () => {
    const r = await h.call("POST", "/v1/memories", { body: { content: "word ".repeat(200_000) } });
    await expectProblem(r, 400, "validation_error");
  });
});
