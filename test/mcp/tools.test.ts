// The nine tools through the SDK's own client, in-process: what tools/list offers (the REST
// schemas as input schemas) and a memory's life through the tools.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { TSchema } from "@sinclair/typebox";
import { createHarness, type Harness } from "../helpers.ts";
import {
  CreateMemoryBody,
  FeedbackBody,
  MemoryIdParam,
  ScopeFilterSchema,
  SearchBody,
} from "../../src/memories/schemas.ts";
import { connect, text, TOOL_NAMES } from "./support.ts";

let h: Harness;
let client: Client;

/** A TypeBox schema as JSON Schema, without TypeBox's symbol keys (what a client receives). */
const json = (schema: TSchema) => JSON.parse(JSON.stringify(schema));

beforeAll(async () => {
  h = await createHarness();
  client = await connect(h, h.project.key);
});
afterAll(async () => {
  await client.close();
  await h.close();
});

describe("MCP tools over Streamable HTTP", () => {
  test("tools/list offers the nine tools, each with a description of when to use it", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
    for (const t of tools) {
      expect(t.description!.length).toBeGreaterThan(60);
      expect(t.inputSchema.type).toBe("object");
      expect(t.inputSchema.additionalProperties).toBe(false);
      expect(t.annotations?.readOnlyHint).toBe(!["remember", "forget_memory", "give_memory_feedback"].includes(t.name));
    }
    expect(tools.find((t) => t.name === "forget_memory")!.annotations?.destructiveHint).toBe(true);
  });

  test("tool input schemas are the schemas that validate the REST bodies", async () => {
    const schemas = Object.fromEntries((await client.listTools()).tools.map((t) => [t.name, t.inputSchema]));
    expect(schemas.remember).toEqual(json(CreateMemoryBody));
    expect(schemas.search_memories).toEqual(json(SearchBody));
    // recall and context take the search body without limit (README: MCP)
    for (const name of ["recall", "context"]) {
      expect(schemas[name]).toEqual({
        type: "object",
        additionalProperties: false,
        required: ["query"],
        properties: { query: json(SearchBody.properties.query), scope: json(ScopeFilterSchema) },
      });
    }
    for (const name of ["recall_by_id", "inspect_memory", "forget_memory"]) {
      expect(schemas[name]).toEqual({
        type: "object",
        additionalProperties: false,
        required: ["memory_id"],
        properties: { memory_id: json(MemoryIdParam) },
      });
    }
    expect(schemas.give_memory_feedback).toEqual({
      type: "object",
      additionalProperties: false,
      required: ["memory_id", "rating"],
      properties: { memory_id: json(MemoryIdParam), ...json(FeedbackBody).properties },
    });
    expect(Object.keys(schemas.list_memories!.properties!).sort()).toEqual([
      "ending_before",
      "limit",
      "scope",
      "starting_after",
    ]);
    expect(schemas.list_memories!.properties!.scope).toEqual(json(ScopeFilterSchema));
  });

  test("remember, then search, recall, inspect, feedback and forget work as their REST twins", async () => {
    const r = await client.callTool({
      name: "remember",
      arguments: { content: "Mia plays the cello in a string quartet.", infer: false },
    });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toMatchObject({ status: "accepted" });
    expect(JSON.parse(text(r))).toEqual(r.structuredContent);
    await h.form();
    const s = await client.callTool({ name: "search_memories", arguments: { query: "cello" } });
    const found = (s.structuredContent as { data: Array<{ id: string; content: string }> }).data;
    expect(found[0]!.content).toBe("Mia plays the cello in a string quartet.");
    const id = found[0]!.id;
    const recall = await client.callTool({
      name: "recall",
      arguments: { query: "Which instrument does Mia play? cello" },
    });
    expect((recall.structuredContent as { id: string }).id).toBe(id);
    const inspect = await client.callTool({ name: "inspect_memory", arguments: { memory_id: id } });
    expect((inspect.structuredContent as { versions: unknown[] }).versions).toHaveLength(1);
    const resource = await client.readResource({ uri: `engram://memory/${id}` });
    expect(JSON.parse((resource.contents[0] as { text: string }).text).id).toBe(id);
    const fb = await client.callTool({
      name: "give_memory_feedback",
      arguments: { memory_id: id, rating: "positive" },
    });
    expect(fb.structuredContent).toEqual({ status: "recorded", memory_id: id });
    const f = await client.callTool({ name: "forget_memory", arguments: { memory_id: id } });
    expect(f.structuredContent).toEqual({ status: "forgotten", memory_id: id });
    const again = await client.callTool({ name: "forget_memory", arguments: { memory_id: id } });
    expect(again.structuredContent).toEqual({ status: "not_found" });
    expect(again.isError).toBeFalsy();
  });

  test("each read tool answers the same JSON as its REST twin", async () => {
    await client.callTool({
      name: "remember",
      arguments: { content: "Tomas repairs vintage radios in his workshop.", infer: false },
    });
    await h.form();
    const rest = async (method: string, path: string, body?: unknown) => (await h.call(method, path, { body })).json();
    const tool = async (name: string, args: Record<string, unknown>) =>
      (await client.callTool({ name, arguments: args })).structuredContent;
    const search = await rest("POST", "/v1/memories/search", { query: "vintage radios" });
    const id = search.data[0].id as string;
    expect(await tool("search_memories", { query: "vintage radios" })).toEqual(search);
    expect(await tool("recall", { query: "What does Tomas repair?" })).toEqual(
      await rest("POST", "/v1/memories/recall", { query: "What does Tomas repair?" }),
    );
    expect(await tool("context", { query: "Tomas radios" })).toEqual(
      await rest("POST", "/v1/memories/context", { query: "Tomas radios" }),
    );
    expect(await tool("recall_by_id", { memory_id: id })).toEqual(await rest("GET", `/v1/memories/${id}`));
    expect(await tool("inspect_memory", { memory_id: id })).toEqual(await rest("GET", `/v1/memories/${id}/inspect`));
    expect(await tool("list_memories", { limit: 2 })).toEqual(await rest("GET", "/v1/memories?limit=2"));
    expect(await tool("list_memories", { scope: { user_id: "nobody" } })).toEqual({
      object: "list",
      data: [],
      has_more: false,
    });
  });
});
