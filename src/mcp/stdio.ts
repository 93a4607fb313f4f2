// `engram mcp`: the same tools over stdio for local MCP clients. It bridges stdio to the running
// server's /mcp endpoint with the key from ENGRAM_API_KEY, so every call is answered, validated and
// counted by the server exactly as over HTTP (same allowances and buckets).
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { VERSION } from "../version.ts";

export interface StdioBridgeOptions {
  serverUrl: string;
  apiKey: string;
  /** Defaults to the process's stdin/stdout. */
  transport?: Transport;
}

export async function runStdioBridge(opts: StdioBridgeOptions): Promise<{ close(): Promise<void> }> {
  const upstream = new Client({ name: "engram-stdio", version: VERSION });
  await upstream.connect(
    new StreamableHTTPClientTransport(new URL("/mcp", opts.serverUrl), {
      requestInit: { headers: { authorization: `Bearer ${opts.apiKey}` } },
    }),
  );
  const server = new Server(
    { name: "engram", version: VERSION },
    { capabilities: { tools: {}, resources: {} }, instructions: upstream.getInstructions() },
  );
  server.setRequestHandler(ListToolsRequestSchema, (req) => upstream.listTools(req.params));
  server.setRequestHandler(CallToolRequestSchema, (req) => upstream.callTool(req.params) as never);
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (req) => upstream.listResourceTemplates(req.params));
  server.setRequestHandler(ListResourcesRequestSchema, (req) => upstream.listResources(req.params));
  server.setRequestHandler(ReadResourceRequestSchema, (req) => upstream.readResource(req.params));
  await server.connect(opts.transport ?? new StdioServerTransport());
  return {
    async close() {
      await server.close();
      await upstream.close();
    },
  };
}
