import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createHarness, type Harness } from "../helpers.ts";

let h: Harness;
let client: Client;

async function connect(key: string): Promise<Client> {
  const c = new Client({ name: "test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
    fetch: (input, init) => h.engram.handle(new Request(input as string, init as RequestInit)),
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await c.connect(transport);
  return c;
}

function text(r: Record<string, unknown>): string {
  return (r.content as Array<{ text: string }>)[0]!.text;
}

beforeAll(async () => {
  h = await createHarness();
  client = await connect(h.project.key);
});
afterAll(async () => {
  await client.close();
  await h.close();
});

describe("MCP tools over Streamable HTTP", () => {
  test("tools/list offers the nine tools with JSON Schema inputs", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(
      ["context", "forget_memory", "give_memory_feedback", "inspect_memory", "list_memories", "recall", "recall_by_id", "remember", "search_memories"],
    );
    const remember = tools.find((t) => t.name === "remember")!;
    expect(remember.inputSchema.required).toEqual(["content"]);
    expect(remember.description!.length).toBeGreaterThan(40);
  });

  test("remember, then search, recall, inspect, feedback and forget work as their REST twins", async () => {
    const r = await client.callTool({ name: "remember", arguments: { content: "Mia plays the cello in a string quartet.", infer: false } });
    expect(r.isError).toBeFalsy();
    await h.form();
    const s = await client.callTool({ name: "search_memories", arguments: { query: "cello" } });
    const found = (s.structuredContent as { data: Array<{ id: string; content: string }> }).data;
    expect(found[0]!.content).toBe("Mia plays the cello in a string quartet.");
    const id = found[0]!.id;
    const recall = await client.callTool({ name: "recall", arguments: { query: "Which instrument does Mia play? cello" } });
    expect((recall.structuredContent as { id: string }).id).toBe(id);
    const inspect = await client.callTool({ name: "inspect_memory", arguments: { memory_id: id } });
    expect((inspect.structuredContent as { versions: unknown[] }).versions).toHaveLength(1);
    const resource = await client.readResource({ uri: `engram://memory/${id}` });
    expect(JSON.parse((resource.contents[0] as { text: string }).text).id).toBe(id);
    const fb = await client.callTool({ name: "give_memory_feedback", arguments: { memory_id: id, rating: "positive" } });
    expect(fb.structuredContent).toEqual({ status: "recorded", memory_id: id });
    const f = await client.callTool({ name: "forget_memory", arguments: { memory_id: id } });
    expect(f.structuredContent).toEqual({ status: "forgotten", memory_id: id });
    const again = await client.callTool({ name: "forget_memory", arguments: { memory_id: id } });
    expect(again.structuredContent).toEqual({ status: "not_found" });
    expect(again.isError).toBeFalsy();
  });

  test("wrong arguments are tool errors with a message naming the field", async () => {
    const r = await client.callTool({ name: "remember", arguments: { content: "x".repeat(32_001), user_id: "u" } });
    expect(r.isError).toBe(true);
    expect(text(r)).toContain("content: exceeds maximum length of 32000 characters");
    expect(text(r)).toContain("user_id: unknown parameter");
    const missing = await client.callTool({ name: "recall", arguments: {} });
    expect(text(missing)).toContain("query: required");
  });

  test("/mcp without a key is a 401 problem", async () => {
    const res = await h.engram.handle(new Request("http://localhost/mcp", { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream" }, body: "{}" }));
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe("unauthorized");
  });
});
