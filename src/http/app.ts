// Builds the Elysia application: memory routes, health, served error docs, and the 404/405 fallback.
import { Elysia } from "elysia";
import { ApiError } from "../errors/api-error.ts";
import { ERROR_CODES, ERROR_DESCRIPTIONS, type ErrorCode } from "../errors/codes.ts";
import type { MemoryService } from "../memories/service.ts";
import { Meter } from "../shared/meter.ts";
import type { EndpointDeps } from "./endpoint.ts";
import { buildOpenApiDocument } from "./openapi.ts";
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
    .map(
      (c) =>
        `<tr id="${c}"><td><code>${c}</code></td><td>${ERROR_CODES[c].status}</td><td>${ERROR_CODES[c].title}</td><td>${ERROR_DESCRIPTIONS[c]}</td></tr>`,
    )
    .join("\n");
  return `<!doctype html><html><head><meta charset="utf-8"><title>Engram errors</title></head><body>
<h1>Engram error codes</h1><p>Error bodies are RFC 9457 problem details; branch on <code>code</code>.</p>
<table><tr><th>code</th><th>status</th><th>title</th><th>meaning</th></tr>
${rows}</table></body></html>`;
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Answers outside an endpoint charge nothing; they still carry both headers (docs/api.md: Headers, every response but 401). */
function fallbackHeaders(): Record<string, string> {
  return { "Service-Usage": "reads=0", "Server-Timing": serverTiming(new Meter()) };
}

export function createHttpApp(deps: EndpointDeps & { service: MemoryService; version: string }) {
  const methodNotAllowed =
    (methods: string[]) =>
    ({ request }: { request: Request }) =>
      problemResponse(
        new ApiError("method_not_allowed", { detail: `Use ${methods.join(" or ")} on this path.` }),
        new URL(request.url).pathname,
        deps.docsUrl,
        { ...fallbackHeaders(), Allow: methods.join(", ") },
      );
  // Static paths such as /v1/memories/search would otherwise fall through to /v1/memories/:memory_id
  // for other methods (GET /v1/memories/search is a wrong method, not a malformed id): answer 405.
  const wrongMethods = new Elysia();
  for (const [path, methods] of Object.entries(REST_PATHS)) {
    if (path.includes(":")) continue;
    for (const m of METHODS.filter((x) => !methods.includes(x)))
      wrongMethods.route(m, path, methodNotAllowed(methods), { parse: "none" });
  }
  // Built once; served like /health, without a key and charging nothing.
  const openApi = JSON.stringify(buildOpenApiDocument(deps.version));
  return new Elysia({ normalize: false })
    .get("/health", () => Response.json({ status: "ok", version: deps.version }))
    .get(
      "/v1/openapi.json",
      () => new Response(openApi, { headers: { "Content-Type": "application/json", ...fallbackHeaders() } }),
    )
    .get("/docs/errors", () => new Response(errorDocs(), { headers: { "Content-Type": "text/html; charset=utf-8" } }))
    .get("/docs/errors/", () => new Response(errorDocs(), { headers: { "Content-Type": "text/html; charset=utf-8" } }))
    .use(memoryRoutes(deps.service, deps))
    .use(wrongMethods)
    .onError(({ code, request, error }) => {
      const url = new URL(request.url);
      if (code === "NOT_FOUND") {
        const methods = allowedMethods(url.pathname);
        if (methods) return methodNotAllowed(methods)({ request });
        return problemResponse(
          new ApiError("not_found", { detail: `No route for ${request.method} ${url.pathname}.` }),
          url.pathname,
          deps.docsUrl,
          fallbackHeaders(),
        );
      }
      deps.logger.error({ err: error, code, path: url.pathname }, "request failed outside an endpoint");
      return problemResponse(
        new ApiError("internal_error", { detail: "The request could not be completed." }),
        url.pathname,
        deps.docsUrl,
        fallbackHeaders(),
      );
    });
}
