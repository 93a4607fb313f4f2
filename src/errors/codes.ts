// Every error code, its HTTP status and its fixed title, in one table (the public contract).
export const ERROR_CODES = {
  validation_error: { status: 400, title: "Validation error" },
  invalid_argument: { status: 400, title: "Invalid argument" },
  unauthorized: { status: 401, title: "Unauthorized" },
  forbidden: { status: 403, title: "Forbidden" },
  not_found: { status: 404, title: "Not found" },
  method_not_allowed: { status: 405, title: "Method not allowed" },
  conflict: { status: 409, title: "Conflict" },
  unsupported_media_type: { status: 415, title: "Unsupported media type" },
  rate_limit_exceeded: { status: 429, title: "Rate limit exceeded" },
  internal_error: { status: 500, title: "Internal error" },
  upstream_failure: { status: 502, title: "Upstream failure" },
  capacity_exceeded: { status: 503, title: "Capacity exceeded" },
} as const;

export type ErrorCode = keyof typeof ERROR_CODES;

/** One line per code for the served error documentation. */
export const ERROR_DESCRIPTIONS: Record<ErrorCode, string> = {
  validation_error:
    "A required field is missing, empty or too long; an unknown field; a wrong type or unacceptable value. `errors` maps each field path to its messages. Do not retry unchanged.",
  invalid_argument:
    "A well-formed but unusable value; see `reason` (occurred_at_in_future, occurred_at_too_old, message_too_large_to_process, conversation_too_large_to_process). Status 413 when the body exceeds 5 MiB.",
  unauthorized: "Missing, malformed, revoked or expired API key, or a key whose project was deleted.",
  forbidden: "The credential is valid but the operation is not permitted.",
  not_found: "The resource does not exist or belongs to another project (the same answer in both cases).",
  method_not_allowed: "The path exists but not with this HTTP method.",
  conflict:
    "The request conflicts with the account's state; see `reason` (memory_limit_reached, duplicate_request_in_progress, idempotency_key_reused, idempotency_key_in_use).",
  unsupported_media_type: "The request body is not application/json.",
  rate_limit_exceeded:
    "Refused by a limit; see `reason` (monthly_read_quota_reached, monthly_write_quota_reached, or none for the token bucket) and Retry-After.",
  internal_error: "An unexpected error. Retry with backoff.",
  upstream_failure: "A model provider failed or timed out (502 or 504). Retry with backoff, resending the same write.",
  capacity_exceeded: "The service is briefly at capacity. Wait Retry-After seconds.",
};
