// The rules a write must meet beyond its schema (occurred_at, sizes, the no-infer length), and the
// canonical hash by which identical writes are recognised.
import { createHash } from "node:crypto";
import { ApiError, validationError } from "../errors/api-error.ts";
import { FieldErrors } from "../shared/validate.ts";
import { parseTimestamp } from "../shared/time.ts";
import { chunkMessages } from "../formation/chunks.ts";
import type { CreatePayload, ImportPayload } from "../formation/jobs.ts";
import { LIMITS, type CreateMemoryBody, type ImportBody } from "./schemas.ts";

/** Canonical JSON: object keys sorted at every depth, so equal bodies hash equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

export function requestHash(endpoint: string, body: unknown): string {
  return createHash("sha256").update(endpoint).update("\n").update(canonicalJson(body)).digest("hex");
}

type TimeProblem = "format" | "future" | "too_old" | null;

function checkTime(text: string, now: Date): { date: Date | null; problem: TimeProblem } {
  const date = parseTimestamp(text);
  if (!date) return { date: null, problem: "format" };
  if (date.getTime() > now.getTime()) return { date, problem: "future" };
  if (date.getTime() < 0) return { date, problem: "too_old" };
  return { date, problem: null };
}

const FORMAT_MESSAGE = "must be an RFC 3339 timestamp (2023-05-07T13:56:00Z) or a date (2023-05-07)";

/** Create: bad format is a validation_error; future / pre-1970 are invalid_argument with a reason. */
export function prepareCreate(body: CreateMemoryBody, now: Date): CreatePayload {
  const infer = body.infer ?? true;
  // Whitespace alone is "empty" (docs/api.md: Conventions, empty fields are a validation_error): it would form a blank memory.
  if (body.content.trim() === "") throw validationError({ content: ["must not be blank"] });
  if (!infer && body.content.length > LIMITS.contentMaxNoInfer) {
    throw validationError({
      content: [`exceeds maximum length of ${LIMITS.contentMaxNoInfer} characters when infer is false`],
    });
  }
  let occurredAt: string | null = null;
  if (body.occurred_at !== undefined) {
    const { date, problem } = checkTime(body.occurred_at, now);
    if (problem === "format") throw validationError({ occurred_at: [FORMAT_MESSAGE] });
    if (problem === "future")
      throw new ApiError("invalid_argument", {
        reason: "occurred_at_in_future",
        detail: "occurred_at must not be in the future.",
      });
    if (problem === "too_old")
      throw new ApiError("invalid_argument", {
        reason: "occurred_at_too_old",
        detail: "occurred_at must not be before 1970-01-01.",
      });
    occurredAt = date!.toISOString();
  }
  return { content: body.content, infer, occurred_at: occurredAt, scope: body.scope ?? {} };
}

function longestRunWithoutSpace(text: string): number {
  let longest = 0;
  let run = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\s/.test(text[i]!)) run = 0;
    else if (++run > longest) longest = run;
  }
  return longest;
}

/** Import: every time problem is a validation_error on its field; size problems beyond the schema are invalid_argument. */
export function prepareImport(body: ImportBody, now: Date): { payload: ImportPayload; chunks: number } {
  const fields = new FieldErrors();
  const parse = (path: string, text: string | undefined): string | null => {
    if (text === undefined) return null;
    const { date, problem } = checkTime(text, now);
    if (problem === "format") fields.add(path, FORMAT_MESSAGE);
    else if (problem === "future") fields.add(path, "must not be in the future");
    else if (problem === "too_old") fields.add(path, "must not be before 1970-01-01");
    return date ? date.toISOString() : null;
  };
  const occurredAt = parse("occurred_at", body.occurred_at);
  const messages = body.messages.map((m, i) => ({
    role: m.role,
    content: m.content,
    speaker: m.speaker ?? null,
    occurred_at: parse(`messages[${i}].occurred_at`, m.occurred_at),
  }));
  fields.throwIfAny();

  body.messages.forEach((m, i) => {
    if (longestRunWithoutSpace(m.content) > LIMITS.messageNoSpaceRunMax) {
      throw new ApiError("invalid_argument", {
        reason: "message_too_large_to_process",
        detail: `messages[${i}].content has more than ${LIMITS.messageNoSpaceRunMax} characters without a space.`,
      });
    }
  });
  const total = body.messages.reduce((n, m) => n + m.content.length, 0);
  if (total > LIMITS.conversationMax) {
    throw new ApiError("invalid_argument", {
      reason: "conversation_too_large_to_process",
      detail: `The messages hold ${total} characters together; at most ${LIMITS.conversationMax} are accepted in one request.`,
    });
  }
  return {
    payload: { messages, scope: body.scope ?? {}, occurred_at: occurredAt },
    chunks: chunkMessages(messages.map((m) => m.content.length)).length,
  };
}
