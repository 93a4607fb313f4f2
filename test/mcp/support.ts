// Shared by the MCP tests: the SDK's own client connected to the app in-process (through
// app.handle, no socket), and small readers for tool results.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Harness } from "../helpers.ts";

export const TOOL_NAMES = [
  "context",
  "recall",
  "search_memories",
  "recall_by_id",
  "inspect_memory",
  "list_memories",
  "remember",
  "forget_memory",
  "give_memory_feedback",
] as const;

/** An SDK client talking to the harness's /mcp in-process with the given key. */
export async function connect(h: Harness, key: string): Promise<Client> {
  const client = new Client({ name: "engram-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL("http://localhost/mcp"), {
    fetch: (input, init) => h.engram.handle(new Request(input as string, init as RequestInit)),
    requestInit: { headers: { authorization: `Bearer ${key}` } },
  });
  await client.connect(transport);
  return client;
}

/** The text of a tool result's first content block (the error message of a tool error). */
export function text(result: Record<string, unknown>): string {
  return (result.content as Array<{ text: string }>)[0]!.text;
}

/** A raw JSON-RPC POST to /mcp, for what the SDK client would not send. */
export function rpc(
  h: Harness,
  body: unknown,
  headers: Record<string, string> = {},
  key: string | null = h.project.key,
): Promise<Response> {
  return h.engram.handle(
    new Request("http://localhost/mcp", {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...headers,
      },
      body: JSON.stringify(body),
    }),
  );
}

export const INITIALIZE = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "engram-test", version: "1.0.0" } },
};
