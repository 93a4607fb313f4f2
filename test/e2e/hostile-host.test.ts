// A malformed Host header, or none, never reaches Bun's error page (which showed the working directory,
// a stack frame and source lines to anyone) and never changes which endpoint answers: routing reads
// the request's own path. Half a TLS configuration refuses to start instead of serving plain HTTP.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import { killChildren, runCli, SOURCE_CLI, startServer, tempDir, type ServerProcess } from "./support.ts";
import { createHarness } from "../helpers.ts";

const dirs: string[] = [];
let server: ServerProcess;
let port: number;

beforeAll(async () => {
  const dataDir = tempDir("engram-e2e-host-");
  dirs.push(dataDir);
  server = await startServer(SOURCE_CLI, { dataDir });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await killChildren();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Sends raw HTTP bytes (the client library would refuse such headers) and returns the status and body. */
function raw(request: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, "127.0.0.1", () => socket.write(request));
    let text = "";
    socket.on("data", (d) => {
      text += d;
    });
    socket.on("error", reject);
    socket.on("close", () => {
      const [head = "", ...rest] = text.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), headers: head.toLowerCase(), body: rest.join("\r\n\r\n") });
    });
  });
}

const get = (path: string, host: string | null, version = "1.1") =>
  raw(`GET ${path} HTTP/${version}\r\n${host === null ? "" : `Host: ${host}\r\n`}Connection: close\r\n\r\n`);

/** Nothing of the server's insides: no path of this machine, no stack frame, no source. */
function expectNoInternals(body: string) {
  expect(body).not.toContain(process.cwd());
  expect(body).not.toContain("src/");
  expect(body).not.toMatch(/\bat \S+ \(|<html|new URL/i);
}

describe("a hostile Host header", () => {
  test.each([["["], ["[::1"], ["a:b:c"], ["%"]])(
    "Host %p: /health answers as usual, without internals",
    async (host) => {
      const r = await get("/health", host);
      expect(r.status).toBe(200);
      expect(JSON.parse(r.body)).toMatchObject({ status: "ok" });
      expectNoInternals(r.body);
    },
  );

  test("HTTP/1.0 without a Host: /health answers, an unknown path is a problem+json 404", async () => {
    expect((await get("/health", null, "1.0")).status).toBe(200);
    const r = await get("/nope", null, "1.0");
    expect(r.status).toBe(404);
    expect(r.headers).toContain("content-type: application/problem+json");
    expectNoInternals(r.body);
  });

  test.each([["x"], ["xx"], ["xxx"], ["["]])(
    "Host %p never routes /xx/v1/memories to the list endpoint",
    async (host) => {
      const r = await get("/xx/v1/memories", host);
      expect(r.status).toBe(404);
      expect(JSON.parse(r.body)).toMatchObject({ code: "not_found", instance: "/xx/v1/memories" });
      expectNoInternals(r.body);
    },
  );

  test("a short Host still reaches the real endpoint at its real path", async () => {
    const r = await get("/v1/memories", "x");
    expect(r.status).toBe(401); // no key: the list endpoint itself answered
    expect(JSON.parse(r.body)).toMatchObject({ code: "unauthorized", instance: "/v1/memories" });
  });

  test("a malformed Host on /mcp is refused by the Host check, not by a crash", async () => {
    const r = await raw(
      "POST /mcp HTTP/1.1\r\nHost: [\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
    );
    expect(r.status).toBe(403);
    expectNoInternals(r.body);
  });
});

describe("an error that escapes every handler", () => {
  test("is logged and answered 500 problem+json, its message and stack never sent", async () => {
    const h = await createHarness();
    try {
      const r = h.engram.serverError(new Error(`boom in ${process.cwd()}/src/app.ts`));
      expect(r.status).toBe(500);
      expect(r.headers.get("content-type")).toBe("application/problem+json");
      const body = await r.text();
      expect(JSON.parse(body)).toMatchObject({ code: "internal_error", status: 500 });
      expect(body).not.toContain("boom");
      expectNoInternals(body);
    } finally {
      await h.close();
    }
  });
});

describe("half a TLS configuration", () => {
  const dataDir = tempDir("engram-e2e-tls-");
  dirs.push(dataDir);
  const pem = join(dataDir, "cert.pem");
  writeFileSync(pem, "-----BEGIN CERTIFICATE-----\nnot used\n-----END CERTIFICATE-----\n");

  test.each([
    ["--tls-cert without --tls-key", ["--tls-cert", pem], {}, "without its key"],
    ["--tls-key without --tls-cert", ["--tls-key", pem], {}, "without its certificate"],
    ["ENGRAM_TLS_CERT alone", [], { ENGRAM_TLS_CERT: pem }, "without its key"],
    ["ENGRAM_TLS_KEY alone", [], { ENGRAM_TLS_KEY: pem }, "without its certificate"],
  ])("%s refuses to start, saying why", async (_name, flags, env, why) => {
    const r = await runCli(
      SOURCE_CLI,
      ["serve", "--host", "127.0.0.1", "--port", "0", "--data", dataDir, ...(flags as string[])],
      {
        env: env as Record<string, string>,
      },
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("TLS needs both a certificate and a key");
    expect(r.stderr).toContain(why as string);
    expect(r.stderr).toContain("Refusing to start on plain HTTP");
    expect(r.stdout).not.toContain("listening");
  });
});
