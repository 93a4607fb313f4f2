// MCP tools draw on the same allowances and buckets as REST (spec: Rate limits; Reads used; Errors
// in MCP tools): one account, one count, whichever transport a call comes through.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Harness } from "../helpers.ts";
import { missingId } from "../http/support.ts";
import type { PlanFigures } from "../../src/limits/plans.ts";
import { APRIL, customAccount, limitsHarness, seed, setFigures, usageOf, type Acct } from "./support.ts";

let h: Harness;
const clients: Client[] = [];
beforeAll(async () => {
  ({ h } = await limitsHarness());
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await h.close();
});

async function connect(key: string): Promise<Client> {
  const c = new Client({ name: "limits-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
    fetch: (input, init) => h.engram.handle(new Request(input as string, init as RequestInit)),
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await c.connect(transport);
  clients.push(c);
  return c;
}

function text(r: Record<string, unknown>): string {
  return (r.content as Array<{ text: string }>)[0]!.text;
}

async function setup(figures: Partial<PlanFigures>): Promise<{ a: Acct; mcp: Client; id: string }> {
  const a = customAccount(h);
  const [id] = await seed(h, a.key, ["Ravi keeps bees in his garden."]);
  setFigures(h, a, figures);
  return { a, mcp: await connect(a.otherKey), id: id! };
}

describe("reads used by MCP tools", () => {
  test("context 5, inspect_memory 3, the other read tools and the memory resource 1 each, counted with REST's", async () => {
    const { a, mcp, id } = await setup({});
    const steps: Array<[number, () => Promise<unknown>]> = [
      [5, () => mcp.callTool({ name: "context", arguments: { query: "bees" } })],
      [5, () => mcp.callTool({ name: "context", arguments: { query: "submarine" } })], // nothing to say still costs 5
      [3, () => mcp.callTool({ name: "inspect_memory", arguments: { memory_id: id } })],
      [3, () => mcp.callTool({ name: "inspect_memory", arguments: { memory_id: missingId() } })],
      [1, () => mcp.callTool({ name: "recall", arguments: { query: "bees" } })],
      [1, () => mcp.callTool({ name: "search_memories", arguments: { query: "bees" } })],
      [1, () => mcp.callTool({ name: "recall_by_id", arguments: { memory_id: id } })],
      [1, () => mcp.callTool({ name: "list_memories", arguments: {} })],
      [1, () => mcp.readResource({ uri: `engram://memory/${id}` })],
      [1, () => h.call("POST", "/v1/memories/search", { key: a.key, body: { query: "bees" } })],
    ];
    for (const [cost, run] of steps) {
      const before = usageOf(h, a).reads;
      await run();
      expect(usageOf(h, a).reads - before).toBe(cost);
    }
  });

  test("a used-up read allowance is a tool error with the amount used and the reset time, and costs nothing", async () => {
    const { a, mcp, id } = await setup({ reads: 4 });
    const r = await mcp.callTool({ name: "context", arguments: { query: "bees" } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe(`Monthly read allowance used up: 0 of 4 used. It resets at ${APRIL}.`);
    expect((await mcp.callTool({ name: "inspect_memory", arguments: { memory_id: id } })).isError).toBeFalsy();
    expect((await mcp.callTool({ name: "search_memories", arguments: { query: "bees" } })).isError).toBeFalsy();
    expect(text(await mcp.callTool({ name: "recall", arguments: { query: "bees" } }))).toContain("4 of 4 used");
    expect(usageOf(h, a).reads).toBe(4);
  });
});

describe("writes through MCP", () => {
  test("remember costs what create costs and is refused when the write allowance is used up", async () => {
    const { a, mcp } = await setup({});
    const before = usageOf(h, a).writes;
    expect(
      (await mcp.callTool({ name: "remember", arguments: { content: "Ravi sells honey. Ravi has six hives." } }))
        .isError,
    ).toBeFalsy();
    await h.form();
    expect(usageOf(h, a).writes - before).toBe(3);
    setFigures(h, a, { writes: before + 3 });
    const r = await mcp.callTool({ name: "remember", arguments: { content: "One more.", infer: false } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe(
      `Monthly write allowance used up: ${before + 3} of ${before + 3} used. It resets at ${APRIL}.`,
    );
  });

  test("forget_memory and give_memory_feedback are never refused by an allowance", async () => {
    const { mcp, id } = await setup({ writes: 0, reads: 0 });
    const fb = await mcp.callTool({ name: "give_memory_feedback", arguments: { memory_id: id, rating: "positive" } });
    expect(fb.structuredContent).toEqual({ status: "recorded", memory_id: id });
    const f = await mcp.callTool({ name: "forget_memory", arguments: { memory_id: id } });
    expect(f.structuredContent).toEqual({ status: "forgotten", memory_id: id });
  });

  test("at the stored-memory limit remember is a tool error with the amount stored and advice to forget", async () => {
    const { mcp } = await setup({ memories: 1 });
    const r = await mcp.callTool({ name: "remember", arguments: { content: "No room.", infer: false } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe(
      "Stored-memory limit reached: 1 of 1 memories stored. Forget memories that are no longer needed to make room.",
    );
  });
});

describe("MCP calls share the account's token buckets with REST", () => {
  test("tool calls and REST requests take from one read bucket and one write bucket", async () => {
    const { a, mcp, id } = await setup({ read_burst: 3, read_rate: 5, write_burst: 2, write_rate: 5 });
    const rest = await h.call("POST", "/v1/memories/search", { key: a.key, body: { query: "bees" } });
    expect(rest.headers.get("ratelimit-remaining")).toBe("2");
    expect((await mcp.callTool({ name: "search_memories", arguments: { query: "bees" } })).isError).toBeFalsy();
    expect((await mcp.readResource({ uri: `engram://memory/${id}` })).contents).toHaveLength(1);
    const refused = await h.call("POST", "/v1/memories/search", { key: a.demoKey, body: { query: "bees" } });
    expect([refused.status, refused.headers.get("ratelimit-remaining")]).toEqual([429, "0"]);
    const tool = await mcp.callTool({ name: "recall", arguments: { query: "bees" } });
    expect(tool.isError).toBe(true);
    expect(text(tool)).toBe("Rate limit exceeded for Read operations. Retry after 1 second.");

    expect((await h.call("DELETE", `/v1/memories/${missingId()}`, { key: a.key })).status).toBe(404);
    expect(
      (await mcp.callTool({ name: "forget_memory", arguments: { memory_id: missingId() } })).structuredContent,
    ).toEqual({ status: "not_found" });
    const w = await mcp.callTool({ name: "remember", arguments: { content: "Too fast.", infer: false } });
    expect(text(w)).toBe("Rate limit exceeded for Write operations. Retry after 1 second.");
    expect((await h.call("POST", "/v1/memories", { key: a.key, body: { content: "Too fast." } })).status).toBe(429);
  });

  test("two MCP connections of the account share the bucket", async () => {
    const { a, mcp } = await setup({ read_burst: 2, read_rate: 5 });
    const second = await connect(a.demoKey);
    expect((await mcp.callTool({ name: "recall", arguments: { query: "bees" } })).isError).toBeFalsy();
    expect((await second.callTool({ name: "recall", arguments: { query: "bees" } })).isError).toBeFalsy();
    expect((await mcp.callTool({ name: "recall", arguments: { query: "bees" } })).isError).toBe(true);
    expect((await second.callTool({ name: "recall", arguments: { query: "bees" } })).isError).toBe(true);
  });
});
