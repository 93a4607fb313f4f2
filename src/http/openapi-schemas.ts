// TypeBox schemas of what the REST API answers (requests have theirs in memories/schemas.ts). They
// exist for the OpenAPI document; test/http/openapi.test.ts checks real responses against the
// document, and the type checks at the end make a change to the service's types fail to compile
// until these follow.
import { Type, type Static, type TSchema } from "@sinclair/typebox";
import type { ListEnvelope, MemoryRecord } from "../domain/memory.ts";
import { ERROR_CODES, type ErrorCode } from "../errors/codes.ts";
import type { Problem } from "../errors/problem.ts";
import { MemoryIdParam, ScopeSchema } from "../memories/schemas.ts";
import type { ContextResponse } from "../retrieval/context.ts";

const Timestamp = Type.String({ format: "date-time", description: "RFC 3339 in UTC with milliseconds" });
const MaybeTimestamp = Type.Union([Timestamp, Type.Null()], { description: "RFC 3339 in UTC, or null when unknown" });
const MemoryId = Type.String({
  pattern: MemoryIdParam.pattern,
  description: "Memory identifier (mem_ + 26 characters)",
});

export const MemorySchema = Type.Object(
  {
    object: Type.Literal("memory"),
    id: MemoryId,
    status: Type.Union([Type.Literal("forming"), Type.Literal("active"), Type.Literal("forgotten")], {
      description: "Only active memories are returned",
    }),
    content: Type.String(),
    scope: ScopeSchema,
    occurred_at: MaybeTimestamp,
    created_at: Timestamp,
    updated_at: Timestamp,
    version: Type.Integer({ minimum: 1 }),
    score: Type.Optional(
      Type.Number({ minimum: 0, maximum: 1, description: "Relevance, higher is better (search and recall only)" }),
    ),
  },
  { additionalProperties: false, description: "A memory record" },
);

export const RecallMissSchema = Type.Object(
  { object: Type.Literal("memory"), status: Type.Literal("not_found") },
  { additionalProperties: false, description: "Recall found no memory confident enough (a normal result)" },
);

export const MemoryListSchema = Type.Object(
  { object: Type.Literal("list"), data: Type.Array(MemorySchema), has_more: Type.Boolean() },
  { additionalProperties: false, description: "A page of memories, newest first (list) or best first (search)" },
);

const SourceSchema = Type.Union(
  [
    Type.Object(
      { type: Type.Literal("create"), job_id: Type.String(), sentence: Type.Optional(Type.Integer({ minimum: 0 })) },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        type: Type.Literal("import"),
        job_id: Type.String(),
        message_indexes: Type.Array(Type.Integer({ minimum: 0 })),
      },
      { additionalProperties: false },
    ),
    Type.Object({ type: Type.Literal("sample") }, { additionalProperties: false }),
  ],
  { description: "Where the version's text came from" },
);

export const InspectionSchema = Type.Object(
  {
    object: Type.Literal("memory_inspection"),
    memory: MemorySchema,
    versions: Type.Array(
      Type.Object(
        {
          version: Type.Integer({ minimum: 1 }),
          content: Type.String(),
          occurred_at: MaybeTimestamp,
          created_at: Timestamp,
          change: Type.Union([Type.Literal("created"), Type.Literal("updated"), Type.Literal("merged")]),
          source: SourceSchema,
          supersedes: Type.Optional(Type.Integer({ minimum: 1, description: "The version this one replaced" })),
        },
        { additionalProperties: false },
      ),
    ),
    relationships: Type.Array(
      Type.Object(
        {
          memory_id: MemoryId,
          type: Type.String({ description: "related, same_subject, supersedes, ..." }),
          strength: Type.Number({ minimum: 0, maximum: 1 }),
          content: Type.String(),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, description: "A memory with its version history and its relationships" },
);

export const ContextSchema = Type.Object(
  {
    object: Type.Literal("context"),
    context: Type.String({ description: "About 1,000 characters at most, best match first" }),
    memory_ids: Type.Array(MemoryId),
  },
  { additionalProperties: false },
);

const CODES = Object.keys(ERROR_CODES) as ErrorCode[];

export const ProblemSchema = Type.Object(
  {
    type: Type.String({ format: "uri", description: "Link to the code's documentation: <docs>/errors/#<code>" }),
    title: Type.String({ description: "Fixed title of the code" }),
    status: Type.Integer({ minimum: 400, maximum: 599 }),
    detail: Type.Optional(Type.String({ description: "About this occurrence; wording may change, do not parse" })),
    instance: Type.String({ description: "Path of the request" }),
    code: Type.Union(
      CODES.map((c) => Type.Literal(c)),
      { description: "Stable error code; branch on it" },
    ),
    reason: Type.Optional(Type.String({ description: "More specific cause; new reasons may be added" })),
    errors: Type.Optional(
      Type.Record(Type.String(), Type.Array(Type.String()), {
        description: "validation_error: each field path (scope.user_id, messages[3].role) with its messages",
      }),
    ),
    limit: Type.Optional(Type.Integer({ description: "Allowance and limit refusals: the limit" })),
    used: Type.Optional(Type.Integer({ description: "Allowance and limit refusals: the amount used" })),
    resets_at: Type.Optional(Type.String({ format: "date-time", description: "Monthly refusals: when it resets" })),
  },
  { additionalProperties: false, description: "RFC 9457 problem details" },
);

export const HealthSchema = Type.Object(
  { status: Type.Literal("ok"), version: Type.String({ description: "Engram's version" }) },
  { additionalProperties: false },
);

/** Compiles only when every value of T is one the schema describes. */
type Fits<T, S extends TSchema> = [T] extends [Static<S>] ? true : false;
type Assert<T extends true> = T;
/** The service's own types against the schemas above (a mismatch is a compile error here). */
export type ResponseSchemasFit = [
  Assert<Fits<MemoryRecord, typeof MemorySchema>>,
  Assert<Fits<ListEnvelope<MemoryRecord>, typeof MemoryListSchema>>,
  Assert<Fits<ContextResponse, typeof ContextSchema>>,
  // Problem types `code` as any string; toProblem only ever sets an ErrorCode.
  Assert<Fits<Omit<Problem, "code"> & { code: ErrorCode }, typeof ProblemSchema>>,
];
