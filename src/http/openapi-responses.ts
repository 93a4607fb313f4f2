// The responses part of the OpenAPI document: response headers, and one problem+json response per
// error status, narrowed to the codes codes.ts gives that status (docs/api.md: Errors, Headers).
import { ERROR_CODES, type ErrorCode } from "../errors/codes.ts";

type Json = Record<string, unknown>;
export type Usage = "reads" | "writes";

const ref = (kind: "headers" | "schemas", name: string) => ({ $ref: `#/components/${kind}/${name}` });
const header = (description: string, schema: Json, required = false) => ({ description, required, schema });
const seconds = { type: "integer", minimum: 0 };

export const HEADER_COMPONENTS: Json = {
  ServerTiming: header(
    "Timing of the request: total;dur=<ms>, then the stages that ran (auth, db, embed, search, ...)",
    { type: "string" },
    true,
  ),
  ServiceUsage: header(
    "What the call charged, an RFC 8941 dictionary: reads=N on read endpoints, writes=N on write endpoints",
    { type: "string", pattern: "^(reads|writes)=[0-9]+$" },
    true,
  ),
  RateLimitLimit: header("Bucket size of the request's class (reads or writes); sent when limits are enforced", {
    type: "integer",
    minimum: 0,
  }),
  RateLimitRemaining: header("Tokens left after this request; sent when limits are enforced", {
    type: "integer",
    minimum: 0,
  }),
  RateLimitReset: header(
    "Seconds until the next token on a 429 (the Retry-After), else 1; sent when limits are enforced",
    seconds,
  ),
  RetryAfter: header("Seconds to wait before retrying", seconds, true),
  RetryAfterOnConflict: header("Seconds to wait: on duplicate_request_in_progress and idempotency_key_in_use", seconds),
  IdempotentReplayed: header(
    "true when this is the stored answer to an earlier request with the same Idempotency-Key",
    { type: "string", const: "true" },
  ),
  Allow: header("The methods the path accepts", { type: "string" }, true),
};

/** Headers of every memory-endpoint response but a 401. */
function meteredHeaders(): Json {
  return {
    "Server-Timing": ref("headers", "ServerTiming"),
    "Service-Usage": ref("headers", "ServiceUsage"),
    "RateLimit-Limit": ref("headers", "RateLimitLimit"),
    "RateLimit-Remaining": ref("headers", "RateLimitRemaining"),
    "RateLimit-Reset": ref("headers", "RateLimitReset"),
  };
}

/** A success response of a memory endpoint; writes may be replays (Idempotency-Key). */
export function success(usage: Usage, description: string, schema?: Json): Json {
  const headers = meteredHeaders();
  if (usage === "writes") headers["Idempotent-Replayed"] = ref("headers", "IdempotentReplayed");
  return schema ? { description, headers, content: { "application/json": { schema } } } : { description, headers };
}

/** The codes sent with a status: codes.ts's default status, plus the two codes that also take another. */
export function codesFor(status: number): ErrorCode[] {
  const codes = (Object.keys(ERROR_CODES) as ErrorCode[]).filter((c) => ERROR_CODES[c].status === status);
  if (status === 413) codes.push("invalid_argument");
  if (status === 504) codes.push("upstream_failure");
  return codes;
}

export function problemSchema(status: number): Json {
  return {
    allOf: [
      ref("schemas", "Problem"),
      {
        type: "object",
        required: ["status", "code"],
        properties: { status: { const: status }, code: { enum: codesFor(status) } },
      },
    ],
  };
}

export const ERROR_TEXT: Record<number, string> = {
  400: "validation_error: a field missing, empty, too long, unknown or of the wrong type (`errors` names each path); invalid_argument: a well-formed but unusable value (see `reason`)",
  401: "unauthorized: missing, malformed, revoked or expired API key (no Server-Timing, Service-Usage or RateLimit headers)",
  404: "not_found",
  409: "conflict: reason idempotency_key_reused, or idempotency_key_in_use (with Retry-After: 1)",
  413: "invalid_argument: the body exceeds 5 MiB",
  415: "unsupported_media_type: the body is not application/json (or application/*+json)",
  429: "rate_limit_exceeded: the token bucket is empty (no reason), or the monthly allowance is used up (reason monthly_read_quota_reached or monthly_write_quota_reached, with limit, used and resets_at)",
  500: "internal_error: retry with backoff",
  502: "upstream_failure: a model provider failed; retry with backoff",
  503: "capacity_exceeded: briefly at capacity; wait Retry-After seconds",
  504: "upstream_failure: a model provider timed out; retry with backoff",
  405: "method_not_allowed: the path exists, not with this method (Allow lists the methods)",
};

/** One problem+json response. `description` replaces the status's general text. */
export function problem(status: number, description = ERROR_TEXT[status]!): Json {
  let headers: Json = status === 401 ? {} : meteredHeaders();
  if (status === 429 || status === 503) headers["Retry-After"] = ref("headers", "RetryAfter");
  if (status === 409) headers["Retry-After"] = ref("headers", "RetryAfterOnConflict");
  if (status === 405)
    headers = {
      "Server-Timing": ref("headers", "ServerTiming"),
      "Service-Usage": ref("headers", "ServiceUsage"),
      Allow: ref("headers", "Allow"),
    };
  return { description, headers, content: { "application/problem+json": { schema: problemSchema(status) } } };
}
