// The Streamable HTTP endpoint at /mcp: Host/Origin validation against DNS rebinding, Bearer key
// (401 as REST), then a stateless MCP server and transport per POST (GET and DELETE: 405).
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import type { Principal } from "../domain/principal.ts";
import { ApiError } from "../errors/api-error.ts";
import { problemResponse } from "../http/respond.ts";
import { requestPath } from "../http/request-target.ts";
import { retryBusy } from "../storage/busy.ts";
import { createMcpServer, type McpDeps } from "./server.ts";

export interface McpHttpDeps extends McpDeps {
  authenticate(token: string): Principal | null;
  docsUrl: string;
  /** Host names (without port) accepted in Host and Origin headers; empty list = any. */
  allowedHosts: readonly string[];
  maxBodyBytes: number;
}

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

function hostnameOf(hostHeader: string): string {
  if (hostHeader.startsWith("[")) return hostHeader.slice(0, hostHeader.indexOf("]") + 1).toLowerCase();
  return hostHeader.split(":")[0]!.toLowerCase();
}

function forbidden(message: string): Response {
  return Response.json({ jsonrpc: "2.0", error: { code: -32000, message }, id: null }, { status: 403 });
}

/** Returns a 403 response when Host or Origin is not allowed (DNS-rebinding protection). */
export function checkHostAndOrigin(request: Request, allowedHosts: readonly string[]): Response | null {
  if (allowedHosts.length === 0) return null;
  const allowed = new Set(allowedHosts.map((h) => h.toLowerCase()));
  // In-process requests (tests) carry no Host header; the URL's host is what the server saw.
  const host = request.headers.get("host") ?? URL.parse(request.url)?.host ?? null;
  if (!host || !allowed.has(hostnameOf(host))) return forbidden(`Invalid Host header: ${host ?? "(none)"}`);
  const origin = request.headers.get("origin");
  if (origin !== null) {
    let originHost: string | null = null;
    try {
      originHost = hostnameOf(new URL(origin).host);
    } catch {
      originHost = null;
    }
    if (!originHost || !allowed.has(originHost)) return forbidden(`Invalid Origin header: ${origin}`);
  }
  return null;
}

export function createMcpHandler(deps: McpHttpDeps) {
  return async (request: Request): Promise<Response> => {
    const path = requestPath(request.url);
    // DNS-rebinding protection comes first: a foreign Host or Origin is refused whatever it carries.
    const refused = checkHostAndOrigin(request, deps.allowedHosts);
    if (refused) return refused;
    const token = BEARER.exec(request.headers.get("authorization") ?? "")?.[1];
    let principal: Principal | null = null;
    try {
      principal = token ? await retryBusy(() => deps.authenticate(token)) : null;
    } catch (err) {
      if (err instanceof ApiError) return problemResponse(err, path, deps.docsUrl);
      throw err;
    }
    if (!principal) {
      return problemResponse(
        new ApiError("unauthorized", {
          detail: "A valid API key is required in the Authorization header (Bearer <key>).",
        }),
        path,
        deps.docsUrl,
        {
          "WWW-Authenticate": 'Bearer realm="engram"',
        },
      );
    }
    // Stateless: no session to resume or delete and no server-initiated messages, so there is no
    // GET stream. 405 tells clients so; an SSE stream that closed at once would make them reconnect
    // to it every second for as long as they are connected.
    if (request.method !== "POST") {
      return Response.json(
        {
          jsonrpc: "2.0",
          error: { code: -32000, message: "Method not allowed: this MCP endpoint is stateless and answers POST only." },
          id: null,
        },
        { status: 405, headers: { Allow: "POST" } },
      );
    }
    const server = createMcpServer(deps, principal);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: deps.maxBodyBytes,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      void transport.close();
      void server.close();
    }
  };
}
