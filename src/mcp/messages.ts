// Renders an ApiError as the tool-error message the spec lists for MCP (a message, not a code).
import { ApiError } from "../errors/api-error.ts";
import type { BucketClass } from "../limits/buckets.ts";

/** "1 second", "5 seconds". */
function seconds(n: number): string {
  return `${n} second${n === 1 ? "" : "s"}`;
}

function argumentMessage(errors: Record<string, string[]>): string {
  const parts = Object.entries(errors).map(([field, messages]) =>
    messages
      .map((m) => {
        if (m === "is required") return `${field}: required`;
        if (m === "is not a permitted field") return `${field}: unknown parameter`;
        if (m.startsWith("exceeds maximum length")) return `${field}: ${m}`;
        return `${field}: invalid value (${m})`;
      })
      .join("; "),
  );
  return `Invalid arguments: ${parts.join("; ")}.`;
}

/** "occurred_at must not be in the future." → "occurred_at: invalid value (must not be in the future)". */
function invalidValue(detail: string | undefined): string {
  const text = (detail ?? "unusable value").trim().replace(/\.$/, "");
  const field = /^([A-Za-z_][\w.[\]]*) (must .*)$/s.exec(text);
  if (field) return `${field[1]}: invalid value (${field[2]})`;
  return `invalid value (${text.charAt(0).toLowerCase()}${text.slice(1)})`;
}

export function toolErrorMessage(err: unknown, cls: BucketClass): string {
  if (!(err instanceof ApiError)) return "The operation could not be completed. Try again later.";
  const kind = cls === "reads" ? "Read" : "Write";
  switch (err.code) {
    case "validation_error":
      return err.errors ? argumentMessage(err.errors) : `Invalid arguments: ${err.detail ?? "invalid value"}.`;
    case "invalid_argument":
      return err.errors ? argumentMessage(err.errors) : `Invalid arguments: ${invalidValue(err.detail)}.`;
    case "rate_limit_exceeded":
      if (err.reason === "monthly_read_quota_reached" || err.reason === "monthly_write_quota_reached") {
        return `Monthly ${kind.toLowerCase()} allowance used up: ${err.used} of ${err.limit} used. It resets at ${err.resetsAt}.`;
      }
      return `Rate limit exceeded for ${kind} operations. Retry after ${seconds(err.retryAfter ?? 1)}.`;
    case "conflict":
      if (err.reason === "memory_limit_reached") {
        return `Stored-memory limit reached: ${err.used} of ${err.limit} memories stored. Forget memories that are no longer needed to make room.`;
      }
      if (err.reason === "duplicate_request_in_progress")
        return `An identical request is still in progress. Retry after ${seconds(err.retryAfter ?? 1)}.`;
      return err.detail ?? "The request conflicts with the account's state.";
    case "capacity_exceeded":
    case "upstream_failure":
      return cls === "reads"
        ? `Search is temporarily unavailable. Retry after ${seconds(err.retryAfter ?? 5)}.`
        : `The service is temporarily at capacity. Retry after ${seconds(err.retryAfter ?? 5)}.`;
    case "not_found":
      // Only memory ids can be missing (context and recall answer status not_found instead).
      return "Invalid arguments: memory_id: invalid value (no such memory in this project).";
    default:
      return "The operation could not be completed. Try again later.";
  }
}
