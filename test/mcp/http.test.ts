// The /mcp endpoint as HTTP: the key, Host/Origin validation against DNS rebinding (with a
// configurable allow-list), the stateless transport's methods, and the initialize handshake.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { loadConfig } from "../../src/config.ts";
import { INITIALIZE, rpc } from "./support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { allowedHosts: ["localhost", "127.0.0.1", "[::1]", "memory.example.com"] } });
});
afterAll(async () => {
  await h.close();
});

describe("the key", () => {
  test("/mcp without a key is a 401 problem with a Bearer challenge", async () => {
    const res = await rpc(h, INITIALIZE, {}, null);
    expect(res.status).toBe(401);
    expect(res.headers.get("www-authenticate")).toBe('Bearer realm="engram"');
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect((await res.json()).code).toBe("unauthorized");
  });

  test("/mcp with an unknown key is the same 401", async () => {
    const res = await rpc(h, INITIALIZE, {}, "engram_sk_notakeyatallnotakeyatallnotakeyatall12");
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe("unauthorized");
  });

  test("initialize with a key answers the server's name, capabilities and instructions", async () => {
    const res = await rpc(h, INITIALIZE);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.result.serverInfo.name).toBe("engram");
    expect(body.result.capabilities).toEqual({ tools: {}, resources: {} });
    expect(body.result.instructions).toContain("remember");
  });
});

describe("Host and Origin validation (DNS-rebinding protection)", () => {
  const status = async (headers: Record<string, string>, key: string | null = h.project.key) =>
    (await rpc(h, INITIALIZE, headers, key)).status;

  test("a Host that is not on the allow-list is refused with 403 and a JSON-RPC error", async () => {
    const res = await rpc(h, INITIALIZE, { host: "evil.example.com" });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({
      jsonrpc: "2.0",
      error: { code: -32000, message: "Invalid Host header: evil.example.com" },
      id: null,
    });
  });

  test("a foreign Host is refused before the key is looked at", async () => {
    expect(await status({ host: "evil.example.com" }, null)).toBe(403);
  });

  test("an Origin that is not on the allow-list is refused with 403", async () => {
    const res = await rpc(h, INITIALIZE, { host: "localhost:8420", origin: "http://evil.example.com" });
    expect(res.status).toBe(403);
    expect((await res.json()).error.message).toBe("Invalid Origin header: http://evil.example.com");
    expect(await status({ host: "localhost:8420", origin: "null" })).toBe(403);
    expect(await status({ host: "localhost:8420", origin: "http://localhost.evil.example.com" })).toBe(403);
  });

  test("allowed hosts pass with any port, with or without an Origin", async () => {
    for (const host of [
      "localhost:8420",
      "127.0.0.1:9999",
      "[::1]:8420",
      "memory.example.com",
      "MEMORY.example.com:443",
    ]) {
      expect(await status({ host })).toBe(200);
    }
    expect(await status({ host: "127.0.0.1:8420", origin: "http://localhost:3000" })).toBe(200);
    expect(await status({ host: "memory.example.com", origin: "https://memory.example.com" })).toBe(200);
  });

  test("an empty allow-list accepts any host", async () => {
    const open = await createHarness({ config: { allowedHosts: [] } });
    try {
      expect(
        (await rpc(open, INITIALIZE, { host: "anything.example.net", origin: "https://anything.example.net" })).status,
      ).toBe(200);
    } finally {
      await open.close();
    }
  });
});

describe("the allow-list from configuration", () => {
  test("a server bound to loopback accepts only loopback host names by default", () => {
    expect(loadConfig({ host: "127.0.0.1" }, {}).allowedHosts).toEqual(["localhost", "127.0.0.1", "[::1]"]);
  });

  test("ENGRAM_ALLOWED_HOSTS replaces the default, and the public URL's host is always allowed", () => {
    const c = loadConfig(
      {},
      { ENGRAM_ALLOWED_HOSTS: "memory.example.com, 10.0.0.5", ENGRAM_PUBLIC_URL: "https://engram.example.org" },
    );
    expect(c.allowedHosts).toEqual(["memory.example.com", "10.0.0.5", "engram.example.org"]);
  });

  test("ENGRAM_ALLOWED_HOSTS=* and a server bound to every interface accept any host", () => {
    expect(loadConfig({}, { ENGRAM_ALLOWED_HOSTS: "*" }).allowedHosts).toEqual([]);
    expect(loadConfig({ host: "0.0.0.0" }, {}).allowedHosts).toEqual([]);
  });
});

describe("the stateless transport", () => {
  test("GET and DELETE on /mcp are 405 with Allow: POST, so clients do not hold or poll a stream", async () => {
    for (const method of ["GET", "DELETE"]) {
      const res = await h.engram.handle(
        new Request("http://localhost/mcp", {
          method,
          headers: { authorization: `Bearer ${h.project.key}`, accept: "text/event-stream" },
        }),
      );
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect((await res.json()).error.code).toBe(-32000);
    }
  });

  test("a POST that does not accept both JSON and an event stream is 406", async () => {
    expect((await rpc(h, INITIALIZE, { accept: "application/json" })).status).toBe(406);
  });

  test("a body that is not JSON is a JSON-RPC parse error", async () => {
    const res = await h.engram.handle(
      new Request("http://localhost/mcp", {
        method: "POST",
        headers: {
          authorization: `Bearer ${h.project.key}`,
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
        },
        body: "{not json",
      }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-32700);
  });

  test("tools/call without initialize works, each request standing alone", async () => {
    const res = await rpc(h, {
      jsonrpc: "2.0",
      id: 7,
      method: "tools/call",
      params: { name: "list_memories", arguments: { limit: 1 } },
    });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.id).toBe(7);
    expect(body.result.structuredContent).toEqual({ object: "list", data: [], has_more: false });
  });
});
