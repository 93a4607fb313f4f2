// `engram mcp`: the same tools over stdio for local MCP clients. It bridges stdio to the running
// server's /mcp endpoint with the key from ENGRAM_API_KEY, so every call is answered, validated and
// counted by the server exactly as over HTTP (same allowances and buckets). Only MCP JSON-RPC is
// written to stdout; the caller reports anything else on stderr.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
} from "@modelcontextprotocol/sdk/types.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { VERSION } from "../version.ts";

export interface StdioBridgeOptions {
  /** The server's base address (http://127.0.0.1:8420, or behind a proxy https://host/engram); a URL ending in /mcp is used as is. */
  serverUrl: string;
  apiKey: string;
  /** Defaults to the process's stdin/stdout. */
  transport?: Transport;
}

/** The /mcp endpoint of a server address, keeping any path prefix (a reverse proxy's). */
export function mcpEndpoint(serverUrl: string): URL {
  const url = new URL(serverUrl);
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new TypeError(`expected an http or https URL, got ${serverUrl}`);
  const path = url.pathname.replace(/\/+$/, "");
  url.pathname = path.endsWith("/mcp") ? path : `${path}/mcp`;
  url.search = "";
  url.hash = "";
  return url;
}

const SDK_PREFIX = /^MCP error -?\d+: /;

/**
 * Relays the server's JSON-RPC errors with their code, message and data. The SDK client wraps them
 * in McpError, whose message gains an "MCP error <code>: " prefix the client would add once more.
 */
async function forward<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof McpError) {
      throw Object.assign(new Error(err.message.replace(SDK_PREFIX, "")), { code: err.code, data: err.data });
    }
    throw err;
  }
}

export interface StdioBridge {
  /** Answers the requests already received, then closes both sides. */
  close(): Promise<void>;
}

export async function runStdioBridge(opts: StdioBridgeOptions): Promise<StdioBridge> {
  // Requests being answered: a client may write its last requests and close stdin at once.
  const pending = new Set<Promise<unknown>>();
  const relay = <T>(call: () => Promise<T>): Promise<T> => {
    const p = forward(call);
    const done = () => void pending.delete(p);
    pending.add(p);
    p.then(done, done);
    return p;
  };
  const upstream = new Client({ name: "engram-stdio", version: VERSION });
  await upstream.connect(
    new StreamableHTTPClientTransport(mcpEndpoint(opts.serverUrl), {
      requestInit: { headers: { authorization: `Bearer ${opts.apiKey}` } },
    }),
  );
  const server = new Server(
    { name: "engram", version: VERSION },
    { capabilities: { tools: {}, resources: {} }, instructions: upstream.getInstructions() },
  );
  server.setRequestHandler(ListToolsRequestSchema, (req) => relay(() => upstream.listTools(req.params)));
  server.setRequestHandler(CallToolRequestSchema, (req) => relay(() => upstream.callTool(req.params)) as never);
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (req) =>
    relay(() => upstream.listResourceTemplates(req.params)),
  );
  server.setRequestHandler(ListResourcesRequestSchema, (req) => relay(() => upstream.listResources(req.params)));
  server.setRequestHandler(ReadResourceRequestSchema, (req) => relay(() => upstream.readResource(req.params)));
  await server.connect(opts.transport ?? new StdioServerTransport());
  return {
    async close() {
      // Let messages already read dispatch, their answers finish and be written, then close.
      await new Promise((r) => setImmediate(r));
      while (pending.size > 0) await Promise.allSettled([...pending]);
      await new Promise((r) => setImmediate(r));
      await server.close();
      await upstream.close();
    },
  };
}
