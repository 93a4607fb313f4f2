// Builds the Elysia application: memory routes, health, served error docs, and the 404/405 fallback.
import { Elysia } from "elysia";
import { ApiError } from "../errors/api-error.ts";
import { ERROR_CODES, ERROR_DESCRIPTIONS, type ErrorCode } from "../errors/codes.ts";
import type { MemoryService } from "../memories/service.ts";
import { Meter } from "../shared/meter.ts";
import type { EndpointDeps } from "./endpoint.ts";
import { problemResponse, serverTiming } from "./respond.ts";
import { memoryRoutes, REST_PATHS } from "./routes.ts";

function allowedMethods(pathname: string): string[] | null {
  for (const [pattern, methods] of Object.entries(REST_PATHS)) {
    const re = new RegExp(`^${pattern.replace(/:[a-z_]+/g, "[^/]+")}/?$`);
    if (re.test(pathname)) return methods;
  }
  return null;
}

function errorDocs(): string {
  const rows = (Object.keys(ERROR_CODES) as ErrorCode[])
    .map((c) => `<tr id="${c}"><td><code>${c}</code></td><td>${ERROR_CODES[c].status}</td><td>${ERROR_CODES[c].title}</td><td>${ERROR_DESCRIPTIONS[c]}</td></tr>`)
    .join("\n");
  return `<!doctype html><html><head><meta charset="utf-8"><title>Engram errors</title></head><body>
<h1>Engram error codes</h1><p>Error bodies are RFC 9457 problem details; branch on <code>code</code>.</p>
<table><tr><th>code</th><th>status</th><th>title</th><th>meaning</th></tr>
${rows}</table></body></html>`;
}

export function createHttpApp(deps: EndpointDeps & { service: MemoryService; version: string }) {
  return new Elysia({ normalize: false })
    .get("/health", () => Response.json({ status: "ok", version: deps.version }))
    .get("/docs/errors", () => new Response(errorDocs(), { headers: { "Content-Type": "text/html; charset=utf-8" } }))
    .get("/docs/errors/", () => new Response(errorDocs(), { headers: { "Content-Type": "text/html; charset=utf-8" } }))
    .use(memoryRoutes(deps.service, deps))
    .onError(({ code, request, error }) => {
      const meter = new Meter();
      const url = new URL(request.url);
      const headers = { "Server-Timing": serverTiming(meter) };
      if (code === "NOT_FOUND") {
        const methods = allowedMethods(url.pathname);
        if (methods) {
          return problemResponse(new ApiError("method_not_allowed", { detail: `Use ${methods.join(" or ")} on this path.` }), url.pathname, deps.docsUrl, { ...headers, Allow: methods.join(", ") });
        }
        return problemResponse(new ApiError("not_found", { detail: `No route for ${request.method} ${url.pathname}.` }), url.pathname, deps.docsUrl, headers);
      }
      deps.logger.error({ err: error, code, path: url.pathname }, "request failed outside an endpoint");
      return problemResponse(new ApiError("internal_error", { detail: "The request could not be completed." }), url.pathname, deps.docsUrl, headers);
    });
}
