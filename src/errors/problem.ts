// Renders an ApiError as an RFC 9457 problem document.
import type { ApiError } from "./api-error.ts";
import { ERROR_CODES } from "./codes.ts";

export interface Problem {
  type: string;
  title: string;
  status: number;
  detail?: string;
  instance: string;
  code: string;
  reason?: string;
  errors?: Record<string, string[]>;
  limit?: number;
  used?: number;
  resets_at?: string;
}

export function toProblem(error: ApiError, instance: string, docsUrl: string): Problem {
  const problem: Problem = {
    type: `${docsUrl}/errors/#${error.code}`,
    title: ERROR_CODES[error.code].title,
    status: error.status,
    detail: error.detail,
    instance,
    code: error.code,
  };
  if (error.reason !== undefined) problem.reason = error.reason;
  if (error.errors !== undefined) problem.errors = error.errors;
  if (error.limit !== undefined) problem.limit = error.limit;
  if (error.used !== undefined) problem.used = error.used;
  if (error.resetsAt !== undefined) problem.resets_at = error.resetsAt;
  return problem;
}
