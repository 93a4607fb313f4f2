// The memory endpoints as the OpenAPI document describes them: what each takes, what it answers and
// with which error statuses (the contract's lists, plus 409 on writes for Idempotency-Key).
import { ERROR_TEXT, type Usage } from "./openapi-responses.ts";

type Json = Record<string, unknown>;
/** The request schemas named in the document's components (openapi.ts). */
export type RequestSchemaName = "CreateMemoryRequest" | "ImportRequest" | "SearchRequest" | "FeedbackRequest";
const schemaRef = (name: string) => ({ $ref: `#/components/schemas/${name}` });

export interface Operation {
  method: string;
  /** As routes.ts writes it (`:memory_id`). */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  usage: Usage;
  body?: RequestSchemaName;
  success: { status: number; description: string; schema?: Json };
  errors: number[];
  /** Per-status descriptions that differ from the general one. */
  text?: Record<number, string>;
}

const WRITE_ERRORS = [400, 401, 404, 409, 413, 415, 429, 500, 502, 503, 504];
const READ_ERRORS = [400, 401, 404, 429, 500, 502, 503, 504];
const QUERY_ERRORS = [400, 401, 404, 413, 415, 429, 500, 502, 503, 504];
const MISSING = "not_found: no such memory in this project (missing, still forming, forgotten or another project's)";
const NO_PROJECT = "not_found: the key's project was not found";
const WRITE_CONFLICT =
  "conflict: reason memory_limit_reached (with limit and used), duplicate_request_in_progress (an identical write not answered yet; Retry-After: 1), idempotency_key_reused, or idempotency_key_in_use (Retry-After: 1)";

export const OPERATIONS: Operation[] = [
  {
    method: "POST",
    path: "/v1/memories",
    operationId: "createMemory",
    summary: "Remember a passage",
    description:
      "Accepted asynchronously: the memories appear once formed. With infer (default) each durable fact becomes its own memory. Writes: 1, plus 1 per fact formed. A repeat of an identical write while the first is forming is accepted and counts nothing.",
    usage: "writes",
    body: "CreateMemoryRequest",
    success: { status: 202, description: "Accepted; formed in the background" },
    errors: WRITE_ERRORS,
    text: {
      400: `${ERROR_TEXT[400]}; invalid_argument reasons occurred_at_in_future, occurred_at_too_old`,
      404: NO_PROJECT,
      409: WRITE_CONFLICT,
    },
  },
  {
    method: "GET",
    path: "/v1/memories",
    operationId: "listMemories",
    summary: "List memories",
    description:
      "Newest first, Stripe-style cursors (give starting_after or ending_before, not both); scope parameters filter by exact match. Unknown or repeated parameters are 400. 1 read per page.",
    usage: "reads",
    success: { status: 200, description: "A page of memories", schema: schemaRef("MemoryList") },
    errors: READ_ERRORS,
    text: {
      400: `${ERROR_TEXT[400]}; invalid_argument also for a cursor that is not the id of a listed memory`,
      404: NO_PROJECT,
    },
  },
  {
    method: "POST",
    path: "/v1/memories/import",
    operationId: "importConversation",
    summary: "Remember a conversation",
    description:
      "Accepted asynchronously. A message's own occurred_at overrides the request's. Writes: 1 per chunk (at most 20 messages and 8,000 characters) plus 1 per fact formed; the part past the write allowance is discarded. A repeat sent while every part of it is still forming counts nothing.",
    usage: "writes",
    body: "ImportRequest",
    success: { status: 202, description: "Accepted; formed in the background" },
    errors: WRITE_ERRORS,
    text: {
      400: `${ERROR_TEXT[400]} (also an occurred_at in the future or before 1970); invalid_argument reasons message_too_large_to_process (a message with over 2,000 characters without a space) and conversation_too_large_to_process (over 320,000 characters in all messages)`,
      404: NO_PROJECT,
      409: WRITE_CONFLICT,
    },
  },
  {
    method: "POST",
    path: "/v1/memories/search",
    operationId: "searchMemories",
    summary: "Search memories",
    description: "The memories that best match the query, best first, each with its score. 1 read.",
    usage: "reads",
    body: "SearchRequest",
    success: { status: 200, description: "Matching memories", schema: schemaRef("MemoryList") },
    errors: QUERY_ERRORS,
    text: { 404: NO_PROJECT },
  },
  {
    method: "POST",
    path: "/v1/memories/recall",
    operationId: "recallMemory",
    summary: "Recall the single best memory",
    description: "A miss is 200 with status not_found, never 404. 1 read, also on a miss. limit is ignored.",
    usage: "reads",
    body: "SearchRequest",
    success: {
      status: 200,
      description: "The best memory, or a miss",
      schema: { oneOf: [schemaRef("Memory"), schemaRef("RecallMiss")] },
    },
    errors: QUERY_ERRORS,
    text: { 404: NO_PROJECT },
  },
  {
    method: "POST",
    path: "/v1/memories/context",
    operationId: "getContext",
    summary: "Synthesise a short context",
    description:
      "A short text from the best match and the memories related to it. 5 reads, also on a 404; refused when fewer than 5 remain. limit is ignored.",
    usage: "reads",
    body: "SearchRequest",
    success: { status: 200, description: "The context", schema: schemaRef("Context") },
    errors: QUERY_ERRORS,
    text: { 404: "not_found: no context is available for this query right now (a normal result), or no project" },
  },
  {
    method: "GET",
    path: "/v1/memories/:memory_id",
    operationId: "getMemory",
    summary: "Get a memory",
    description: "1 read, also on a 404.",
    usage: "reads",
    success: { status: 200, description: "The memory", schema: schemaRef("Memory") },
    errors: READ_ERRORS,
    text: { 404: MISSING },
  },
  {
    method: "DELETE",
    path: "/v1/memories/:memory_id",
    operationId: "forgetMemory",
    summary: "Forget a memory",
    description: "Costs no writes and is never refused by an allowance.",
    usage: "writes",
    success: { status: 202, description: "Forgotten" },
    errors: [400, 401, 404, 409, 429, 500, 502, 503, 504],
    text: { 404: MISSING },
  },
  {
    method: "GET",
    path: "/v1/memories/:memory_id/inspect",
    operationId: "inspectMemory",
    summary: "Inspect a memory",
    description: "The memory with its versions and its relationships to active memories. 3 reads, also on a 404.",
    usage: "reads",
    success: { status: 200, description: "The inspection", schema: schemaRef("MemoryInspection") },
    errors: READ_ERRORS,
    text: { 404: MISSING },
  },
  {
    method: "PUT",
    path: "/v1/memories/:memory_id/feedback",
    operationId: "giveFeedback",
    summary: "Give feedback on a memory",
    description:
      "negative demotes the memory in ranking; very_negative keeps it out of recall and context. Costs no writes.",
    usage: "writes",
    body: "FeedbackRequest",
    success: { status: 204, description: "Recorded" },
    errors: [400, 401, 404, 409, 413, 415, 429, 500],
    text: { 404: MISSING },
  },
];
