// The one transport-neutral error. Services throw it; HTTP renders it as problem+json and
// MCP renders it as a tool-error message. Private causes stay in `cause` and are never sent.
import { ERROR_CODES, type ErrorCode } from "./codes.ts";

export interface ApiErrorOptions {
  status?: number;
  detail?: string;
  reason?: string;
  errors?: Record<string, string[]>;
  limit?: number;
  used?: number;
  resetsAt?: string;
  retryAfter?: number;
  cause?: unknown;
}

export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly detail?: string;
  readonly reason?: string;
  readonly errors?: Record<string, string[]>;
  readonly limit?: number;
  readonly used?: number;
  readonly resetsAt?: string;
  readonly retryAfter?: number;

  constructor(code: ErrorCode, options: ApiErrorOptions = {}) {
    super(options.detail ?? ERROR_CODES[code].title, { cause: options.cause });
    this.name = "ApiError";
    this.code = code;
    this.status = options.status ?? ERROR_CODES[code].status;
    this.detail = options.detail;
    this.reason = options.reason;
    this.errors = options.errors;
    this.limit = options.limit;
    this.used = options.used;
    this.resetsAt = options.resetsAt;
    this.retryAfter = options.retryAfter;
  }
}

export function validationError(errors: Record<string, string[]>, detail?: string): ApiError {
  const fields = Object.keys(errors);
  return new ApiError("validation_error", {
    errors,
    detail:
      detail ?? `The request has ${fields.length === 1 ? "an invalid field" : "invalid fields"}: ${fields.join(", ")}.`,
  });
}

export function notFound(detail = "No such memory."): ApiError {
  return new ApiError("not_found", { detail });
}
