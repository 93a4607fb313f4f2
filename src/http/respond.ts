// Shapes HTTP responses: problem+json errors and the Server-Timing / Service-Usage headers.
import type { ApiError } from "../errors/api-error.ts";
import { toProblem } from "../errors/problem.ts";
import type { Meter } from "../shared/meter.ts";

export function serverTiming(meter: Meter): string {
  const parts = [`total;dur=${meter.elapsed().toFixed(2)}`];
  for (const [stage, ms] of meter.timings) parts.push(`${stage};dur=${ms.toFixed(2)}`);
  return parts.join(", ");
}

export function usageHeaders(meter: Meter, kind: "reads" | "writes"): Record<string, string> {
  return {
    "Service-Usage": kind === "reads" ? `reads=${meter.reads}` : `writes=${meter.writes}`,
    "Server-Timing": serverTiming(meter),
  };
}

export function problemResponse(
  error: ApiError,
  instance: string,
  docsUrl: string,
  headers: Record<string, string> = {},
): Response {
  const h: Record<string, string> = { "Content-Type": "application/problem+json", ...headers };
  if (error.retryAfter !== undefined) h["Retry-After"] = String(Math.max(0, Math.ceil(error.retryAfter)));
  return new Response(JSON.stringify(toProblem(error, instance, docsUrl)), { status: error.status, headers: h });
}

export function jsonResponse(body: unknown, status: number, headers: Record<string, string>): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json", ...headers } });
}

export function emptyResponse(status: number, headers: Record<string, string>): Response {
  return new Response(null, { status, headers });
}
