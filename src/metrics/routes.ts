// The labels a request is counted under: its route template (never the raw path, whose ids would make
// a series per memory) and its method, both from small fixed sets.
import { REST_PATHS } from "../http/routes.ts";

/** Paths served outside the REST memory map (http/app.ts, app.ts, the MCP transport). */
const FIXED = new Map([
  ["/health", "/health"],
  ["/v1/openapi.json", "/v1/openapi.json"],
  ["/docs/errors", "/docs/errors"],
  ["/docs/errors/", "/docs/errors"],
  ["/mcp", "/mcp"],
  ["/metrics", "/metrics"],
]);

/** Every other path: unknown routes share one label. */
export const UNMATCHED = "unmatched";

const TEMPLATES = Object.keys(REST_PATHS).map((route) => ({
  route,
  pattern: new RegExp(`^${route.replace(/:[a-z_]+/g, "[^/]+")}/?$`),
}));

/** The route template a request path is served by, such as `/v1/memories/:memory_id`. */
export function routeOf(path: string): string {
  const fixed = FIXED.get(path);
  if (fixed) return fixed;
  for (const t of TEMPLATES) if (t.pattern.test(path)) return t.route;
  return UNMATCHED;
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The method, or OTHER for any method outside HTTP's common ones. */
export function methodOf(method: string): string {
  return METHODS.has(method) ? method : "OTHER";
}
