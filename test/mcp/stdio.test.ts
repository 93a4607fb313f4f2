// `engram mcp`'s pieces in-process: where the server address comes from (flag, ENGRAM_URL,
// ENGRAM_HOST/ENGRAM_PORT), and the bridge relaying a client's requests to a server listening on
// 127.0.0.1, answers and errors unchanged. The command itself runs as a process in external.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createHarness, type Harness } from "../helpers.ts";
import { loadConfig } from "../../src/config.ts";
import { mcpEndpoint, runStdioBridge, type StdioBridge } from "../../src/mcp/stdio.ts";
import { text, TOOL_NAMES } from "./support.ts";

describe("the server address of engram mcp", () => {
  test("defaults to http://127.0.0.1:8420", () => {
    expect(loadConfig({}, {}).serverUrl).toBe("http://127.0.0.1:8420");
  });

  test("follows ENGRAM_HOST and ENGRAM_PORT, so it finds a server started with the same settings", () => {
    expect(loadConfig({}, { ENGRAM_HOST: "10.1.2.3", ENGRAM_PORT: "9000" }).serverUrl).toBe("http://10.1.2.3:9000");
    expect(loadConfig({}, { ENGRAM_HOST: "0.0.0.0" }).serverUrl).toBe("http://127.0.0.1:8420");
    expect(loadConfig({}, { ENGRAM_HOST: "::1" }).serverUrl).toBe("http://[::1]:8420");
  });

  test("ENGRAM_URL wins over host and port, and --url wins over ENGRAM_URL", () => {
    const env = { ENGRAM_URL: "https://memory.example.com", ENGRAM_HOST: "10.1.2.3", ENGRAM_PORT: "9000" };
    expect(loadConfig({}, env).serverUrl).toBe("https://memory.example.com");
    expect(loadConfig({ serverUrl: "http://127.0.0.1:1234" }, env).serverUrl).toBe("http://127.0.0.1:1234");
  });

  test("the key comes from ENGRAM_API_KEY and is absent otherwise", () => {
    expect(loadConfig({}, { ENGRAM_API_KEY: "engram_sk_x" }).apiKey).toBe("engram_sk_x");
    expect(loadConfig({}, {}).apiKey).toBeNull();
  });

  test("the /mcp endpoint keeps a reverse proxy's path prefix and accepts a URL that already ends in /mcp", () => {
    expect(mcpEndpoint("http://127.0.0.1:8420").href).toBe("http://127.0.0.1:8420/mcp");
    expect(mcpEndpoint("https://example.com/engram/").href).toBe("https://example.com/engram/mcp");
    expect(mcpEndpoint("https://example.com/engram/mcp").href).toBe("https://example.com/engram/mcp");
    expect(() => mcpEndpoint("ftp://example.com")).toThrow();
    expect(() => mcpEndpoint("not a url")).toThrow();
  });
});

describe("the stdio bridge", () => {
  let h: Harness;
  let http: ReturnType<typeof Bun.serve>;
  let bridge: StdioBridge;
  let client: Client;

  beforeAll(async () => {
    h = await createHarness();
    http = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: (r) => h.engram.handle(r) });
    const [clientSide, bridgeSide] = InMemoryTransport.createLinkedPair();
    bridge = await runStdioBridge({
      serverUrl: `http://127.0.0.1:${http.port}`,
      apiKey: h.project.key,
      transport: bridgeSide,
    });
    client = new Client({ name: "engram-test", version: "1.0.0" });
    await client.connect(clientSide);
  });
  afterAll(async () => {
    await client.close();
    await bridge.close();
    await http.stop(true);
    await h.close();
  });

  test("offers the server's nine tools, its instructions and its resource template", async () => {
    expect((await client.listTools()).tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    expect(client.getInstructions()).toContain("remember");
    expect((await client.listResourceTemplates()).resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      "engram://memory/{memory_id}",
    ]);
  });

  test("tool calls reach the server with the key and are counted on its account", async () => {
    const before = h.engram.accounts.usage(h.project.accountId);
    const r = await client.callTool({
      name: "remember",
      arguments: { content: "Lena sails a small dinghy.", infer: false },
    });
    expect(r.structuredContent).toMatchObject({ status: "accepted" });
    await h.form();
    const found = await client.callTool({ name: "search_memories", arguments: { query: "dinghy" } });
    const memory = (found.structuredContent as { data: Array<{ id: string; content: string }> }).data[0]!;
    expect(memory.content).toBe("Lena sails a small dinghy.");
    const resource = await client.readResource({ uri: `engram://memory/${memory.id}` });
    expect(JSON.parse((resource.contents[0] as { text: string }).text).id).toBe(memory.id);
    const after = h.engram.accounts.usage(h.project.accountId);
    expect([after.reads - before.reads, after.writes - before.writes]).toEqual([2, 1]);
  });

  test("tool errors arrive as the server wrote them", async () => {
    const r = await client.callTool({ name: "recall", arguments: {} });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe("Invalid arguments: query: required.");
  });

  test("protocol errors keep their code and message, prefixed once", async () => {
    const tool = await client
      .callTool({ name: "nope", arguments: {} })
      .catch((e: unknown) => e as { code: number; message: string });
    expect(tool).toMatchObject({ code: -32602, message: "MCP error -32602: Unknown tool: nope" });
    const resource = await client
      .readResource({ uri: "engram://memory/mem_01jd8x6r0qf3v9k7m2c4a5b6e7" })
      .catch((e: unknown) => e as { code: number; message: string });
    expect(resource).toMatchObject({
      code: -32002,
      message: "MCP error -32002: Resource not found: engram://memory/mem_01jd8x6r0qf3v9k7m2c4a5b6e7",
    });
  });

  test("closing answers the requests already received first", async () => {
    const [clientSide, bridgeSide] = InMemoryTransport.createLinkedPair();
    const second = await runStdioBridge({
      serverUrl: `http://127.0.0.1:${http.port}`,
      apiKey: h.project.key,
      transport: bridgeSide,
    });
    const c = new Client({ name: "engram-test", version: "1.0.0" });
    await c.connect(clientSide);
    const pending = c.callTool({ name: "list_memories", arguments: {} });
    await Promise.resolve();
    await second.close();
    expect((await pending).structuredContent).toMatchObject({ object: "list" });
    await c.close();
  });

  test("a key the server refuses fails at start with the HTTP status", async () => {
    const [, bridgeSide] = InMemoryTransport.createLinkedPair();
    const err: unknown = await runStdioBridge({
      serverUrl: `http://127.0.0.1:${http.port}`,
      apiKey: "engram_sk_wrong",
      transport: bridgeSide,
    }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toMatchObject({ code: 401 });
  });
});
