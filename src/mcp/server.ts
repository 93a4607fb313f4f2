// Builds an MCP server bound to one authenticated principal: tools/list, tools/call, the resource
// template engram://memory/{memory_id} (1 read per read). Stateless: one server per HTTP request.
import { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from "@modelcontextprotocol/sdk/types.js";
import type { Principal } from "../domain/principal.ts";
import { ApiError } from "../errors/api-error.ts";
import type { MemoryService } from "../memories/service.ts";
import { isMemoryId } from "../shared/ids.ts";
import { Meter } from "../shared/meter.ts";
import { retryBusy } from "../storage/busy.ts";
import type { Logger } from "../shared/logger.ts";
import type { BucketClass } from "../limits/buckets.ts";
import { VERSION } from "../version.ts";
import { inputSchemaOf, TOOLS, TOOLS_BY_NAME } from "./tools.ts";
import { toolErrorMessage } from "./messages.ts";

export const RESOURCE_TEMPLATE = "engram://memory/{memory_id}";
const RESOURCE_URI = /^engram:\/\/memory\/([^/?#]+)$/;
/** JSON-RPC code the MCP specification gives to "Resource not found". */
const RESOURCE_NOT_FOUND = -32002;

/**
 * A JSON-RPC error as the SDK sends it (`code`, `message`, `data`). Unlike the SDK's McpError its
 * message is not prefixed with "MCP error <code>:", which the client adds again on its side.
 */
class ProtocolError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export interface McpDeps {
  service: MemoryService;
  logger: Logger;
  /** Takes a rate-limit token of the class (throws ApiError 429 when refused). Shared with REST. */
  admit(p: Principal, cls: BucketClass): void;
}

const INSTRUCTIONS =
  "Engram stores long-term memories for this project. Call `context` at the start of a task to ground yourself, `recall` for one specific fact, " +
  "`search_memories` for several candidates, and `remember` to store durable facts (preferences, biography, plans, decisions). " +
  "Use `forget_memory` for wrong or outdated memories and `give_memory_feedback` to rate memories you used.";

export function createMcpServer(deps: McpDeps, principal: Principal): Server {
  const server = new Server(
    { name: "engram", version: VERSION },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: TOOLS.map((t) => ({
      name: t.name,
      description: t.description,
      inputSchema: inputSchemaOf(t) as { type: "object" },
      annotations: {
        readOnlyHint: t.cls === "reads",
        destructiveHint: t.name === "forget_memory",
        openWorldHint: false,
      },
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const t = TOOLS_BY_NAME.get(request.params.name);
    if (!t) throw new ProtocolError(ErrorCode.InvalidParams, `Unknown tool: ${request.params.name}`);
    try {
      deps.admit(principal, t.cls);
      const args = t.validator.parse(request.params.arguments ?? {});
      const meter = new Meter();
      const result = (await retryBusy(() => t.run(deps.service, principal, meter, args))) as Record<string, unknown>;
      return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
    } catch (err) {
      if (!(err instanceof ApiError)) deps.logger.error({ err, tool: t.name }, "MCP tool failed");
      return { content: [{ type: "text", text: toolErrorMessage(err, t.cls) }], isError: true };
    }
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: RESOURCE_TEMPLATE,
        name: "memory",
        title: "A memory",
        description: "One memory of this project as JSON (costs 1 read).",
        mimeType: "application/json",
      },
    ],
  }));

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: [] }));

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri;
    const id = RESOURCE_URI.exec(uri)?.[1];
    if (!id || !isMemoryId(id))
      throw new ProtocolError(
        RESOURCE_NOT_FOUND,
        `Resource not found: ${uri} is not a memory (expected ${RESOURCE_TEMPLATE})`,
        { uri },
      );
    try {
      deps.admit(principal, "reads");
      const memory = await deps.service.get(principal, new Meter(), id);
      return { contents: [{ uri, mimeType: "application/json", text: JSON.stringify(memory) }] };
    } catch (err) {
      if (err instanceof ApiError && err.code === "not_found")
        throw new ProtocolError(RESOURCE_NOT_FOUND, `Resource not found: ${uri}`, { uri });
      if (!(err instanceof ApiError)) deps.logger.error({ err, uri }, "MCP resource read failed");
      throw new ProtocolError(ErrorCode.InternalError, toolErrorMessage(err, "reads"));
    }
  });

  return server;
}
