// Reads and writes through MCP count exactly as their REST twins, in the same account counters
// (spec: Reads used, Writes used): each tool call is measured against its REST request.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { createHarness, type Harness, type TestProject } from "../helpers.ts";
import { connect } from "./support.ts";

const MISSING = "mem_01jd8x6r0qf3v9k7m2c4a5b6e7";

let h: Harness;
let a: TestProject;
let mcp: Client;
let id: string;

function usage(): { reads: number; writes: number } {
  const u = h.engram.accounts.usage(a.accountId);
  return { reads: u.reads, writes: u.writes };
}

/** What one step cost, as { reads, writes }. */
async function cost(step: () => Promise<unknown>): Promise<{ reads: number; writes: number }> {
  const before = usage();
  await step();
  await h.form();
  const after = usage();
  return { reads: after.reads - before.reads, writes: after.writes - before.writes };
}

const rest = (method: string, path: string, body?: unknown) => () => h.call(method, path, { key: a.key, body });
const tool = (name: string, args: Record<string, unknown>) => () => mcp.callTool({ name, arguments: args });

beforeAll(async () => {
  h = await createHarness();
  a = h.newAccount();
  mcp = await connect(h, a.key);
  expect(
    (
      await h.call("POST", "/v1/memories", {
        key: a.key,
        body: { content: "Oskar rows on the river every Sunday.", infer: false },
      })
    ).status,
  ).toBe(202);
  await h.form();
  const listed = await (
    await h.call("POST", "/v1/memories/search", { key: a.key, body: { query: "Oskar rows" } })
  ).json();
  id = listed.data[0].id;
});
afterAll(async () => {
  await mcp.close();
  await h.close();
});

describe("reads used by each MCP tool equal its REST twin's", () => {
  const twins: Array<[string, number, () => [() => Promise<unknown>, () => Promise<unknown>]]> = [
    [
      "context",
      5,
      () => [tool("context", { query: "Oskar river" }), rest("POST", "/v1/memories/context", { query: "Oskar river" })],
    ],
    [
      "context with nothing to say",
      5,
      () => [tool("context", { query: "submarine" }), rest("POST", "/v1/memories/context", { query: "submarine" })],
    ],
    [
      "recall",
      1,
      () => [
        tool("recall", { query: "When does Oskar row?" }),
        rest("POST", "/v1/memories/recall", { query: "When does Oskar row?" }),
      ],
    ],
    [
      "recall with no answer",
      1,
      () => [tool("recall", { query: "submarine" }), rest("POST", "/v1/memories/recall", { query: "submarine" })],
    ],
    [
      "search_memories",
      1,
      () => [
        tool("search_memories", { query: "river", limit: 5 }),
        rest("POST", "/v1/memories/search", { query: "river", limit: 5 }),
      ],
    ],
    ["recall_by_id", 1, () => [tool("recall_by_id", { memory_id: id }), rest("GET", `/v1/memories/${id}`)]],
    [
      "recall_by_id of a missing memory",
      1,
      () => [tool("recall_by_id", { memory_id: MISSING }), rest("GET", `/v1/memories/${MISSING}`)],
    ],
    ["inspect_memory", 3, () => [tool("inspect_memory", { memory_id: id }), rest("GET", `/v1/memories/${id}/inspect`)]],
    [
      "inspect_memory of a missing memory",
      3,
      () => [tool("inspect_memory", { memory_id: MISSING }), rest("GET", `/v1/memories/${MISSING}/inspect`)],
    ],
    ["list_memories", 1, () => [tool("list_memories", { limit: 5 }), rest("GET", "/v1/memories?limit=5")]],
    [
      "the memory resource",
      1,
      () => [() => mcp.readResource({ uri: `engram://memory/${id}` }), rest("GET", `/v1/memories/${id}`)],
    ],
    [
      "a wrong argument",
      0,
      () => [tool("search_memories", { query: "" }), rest("POST", "/v1/memories/search", { query: "" })],
    ],
  ];

  test.each(twins)("%s costs %i reads over MCP and over REST, and no writes", async (_name, reads, pair) => {
    const [overMcp, overRest] = pair();
    expect(await cost(overMcp)).toEqual({ reads, writes: 0 });
    expect(await cost(overRest)).toEqual({ reads, writes: 0 });
  });

  test("listing tools, resources and templates costs nothing", async () => {
    expect(
      await cost(async () => {
        await mcp.listTools();
        await mcp.listResources();
        await mcp.listResourceTemplates();
      }),
    ).toEqual({ reads: 0, writes: 0 });
  });
});

describe("writes used by each MCP tool equal its REST twin's", () => {
  test("remember with infer false costs 1 write, as create does", async () => {
    expect(await cost(tool("remember", { content: "Oskar's boat is called Wren.", infer: false }))).toEqual({
      reads: 0,
      writes: 1,
    });
    expect(await cost(rest("POST", "/v1/memories", { content: "Oskar's oars are red.", infer: false }))).toEqual({
      reads: 0,
      writes: 1,
    });
  });

  test("remember with infer true costs 1 plus 1 per fact formed, as create does", async () => {
    expect(await cost(tool("remember", { content: "Oskar lives in Uppsala. Oskar teaches chemistry." }))).toEqual({
      reads: 0,
      writes: 3,
    });
    expect(await cost(rest("POST", "/v1/memories", { content: "Oskar has a sister. Oskar bakes bread." }))).toEqual({
      reads: 0,
      writes: 3,
    });
  });

  test("remember of a passage already sent and still forming costs nothing, over either transport", async () => {
    const body = { content: "Oskar plans a trip to Gotland.", infer: false };
    const before = usage();
    expect((await h.call("POST", "/v1/memories", { key: a.key, body })).status).toBe(202);
    expect((await mcp.callTool({ name: "remember", arguments: body })).isError).toBeFalsy(); // not formed yet
    await h.form();
    expect(usage().writes - before.writes).toBe(1);
  });

  test("forget_memory and give_memory_feedback cost nothing, as forget and feedback do", async () => {
    const ids = (
      (await mcp.callTool({ name: "list_memories", arguments: { limit: 4 } })).structuredContent as {
        data: Array<{ id: string }>;
      }
    ).data.map((m) => m.id);
    expect(await cost(tool("give_memory_feedback", { memory_id: ids[0]!, rating: "positive" }))).toEqual({
      reads: 0,
      writes: 0,
    });
    expect(await cost(rest("PUT", `/v1/memories/${ids[1]!}/feedback`, { rating: "positive" }))).toEqual({
      reads: 0,
      writes: 0,
    });
    expect(await cost(tool("forget_memory", { memory_id: ids[2]! }))).toEqual({ reads: 0, writes: 0 });
    expect(await cost(rest("DELETE", `/v1/memories/${ids[3]!}`))).toEqual({ reads: 0, writes: 0 });
    expect(await cost(tool("forget_memory", { memory_id: MISSING }))).toEqual({ reads: 0, writes: 0 });
  });
});

describe("the memory resource", () => {
  test("the template engram://memory/{memory_id} is listed", async () => {
    const { resourceTemplates } = await mcp.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      expect.objectContaining({
        uriTemplate: "engram://memory/{memory_id}",
        name: "memory",
        mimeType: "application/json",
      }),
    ]);
  });

  test("reading a memory's URI returns the memory record as JSON and costs 1 read", async () => {
    const before = usage().reads;
    const r = await mcp.readResource({ uri: `engram://memory/${id}` });
    expect(usage().reads - before).toBe(1);
    expect(r.contents).toHaveLength(1);
    const content = r.contents[0] as { uri: string; mimeType: string; text: string };
    expect(content.uri).toBe(`engram://memory/${id}`);
    expect(content.mimeType).toBe("application/json");
    const viaRest = await (await h.call("GET", `/v1/memories/${id}`, { key: a.key })).json();
    expect(JSON.parse(content.text)).toEqual(viaRest);
  });

  test("a missing memory or a URI that is not a memory is the protocol's resource-not-found error", async () => {
    for (const uri of [`engram://memory/${MISSING}`, "engram://memory/nope", "file:///etc/passwd"]) {
      const err = await mcp.readResource({ uri }).catch((e: unknown) => e as { code: number; message: string });
      expect(err).toMatchObject({ code: -32002 });
      expect(err.message).toContain(`Resource not found: ${uri}`);
    }
  });
});
