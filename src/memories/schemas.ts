// Request schemas shared by the REST routes and the MCP tools (one TypeBox object each).
import { Type, type Static } from "@sinclair/typebox";

export const LIMITS = {
  contentMax: 32_000,
  contentMaxNoInfer: 1_000,
  queryMax: 1_000,
  scopeMax: 128,
  searchLimitMin: 1,
  searchLimitMax: 50,
  searchLimitDefault: 25,
  listLimitMin: 1,
  listLimitMax: 20,
  listLimitDefault: 10,
  cursorMax: 128,
  messagesMax: 500,
  messageMax: 16_000,
  conversationMax: 320_000,
  messageNoSpaceRunMax: 2_000,
  speakerMax: 128,
  commentMax: 1_000,
  bodyBytesMax: 5 * 1024 * 1024,
} as const;

const Timestamp = Type.String({
  description: "RFC 3339 timestamp (e.g. 2023-05-07T13:56:00Z) or a plain date (2023-05-07)",
});

function scopeObject(minLength: number) {
  const field = () => Type.Optional(Type.String({ minLength, maxLength: LIMITS.scopeMax }));
  return Type.Object(
    { organization_id: field(), user_id: field(), application_id: field(), agent_id: field(), team_id: field() },
    {
      additionalProperties: false,
      description:
        "Scope fields (organization_id, user_id, application_id, agent_id, team_id), each at most 128 characters",
    },
  );
}

export const ScopeSchema = scopeObject(1);
/** Scope used as a filter: an empty string means "no filter" for that field. */
export const ScopeFilterSchema = scopeObject(0);

export const CreateMemoryBody = Type.Object(
  {
    content: Type.String({
      minLength: 1,
      maxLength: LIMITS.contentMax,
      description: "The text to remember (at most 1,000 characters when infer is false)",
    }),
    infer: Type.Optional(Type.Boolean({ description: "Split the passage into one memory per fact (default true)" })),
    occurred_at: Type.Optional(Timestamp),
    scope: Type.Optional(ScopeSchema),
  },
  { additionalProperties: false },
);
export type CreateMemoryBody = Static<typeof CreateMemoryBody>;

export const ImportMessage = Type.Object(
  {
    role: Type.Union([Type.Literal("user"), Type.Literal("assistant"), Type.Literal("system"), Type.Literal("tool")]),
    content: Type.String({ minLength: 1, maxLength: LIMITS.messageMax }),
    speaker: Type.Optional(Type.String({ maxLength: LIMITS.speakerMax })),
    occurred_at: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);

export const ImportBody = Type.Object(
  {
    messages: Type.Array(ImportMessage, { minItems: 1, maxItems: LIMITS.messagesMax }),
    scope: Type.Optional(ScopeSchema),
    occurred_at: Type.Optional(Timestamp),
  },
  { additionalProperties: false },
);
export type ImportBody = Static<typeof ImportBody>;

export const SearchBody = Type.Object(
  {
    query: Type.String({
      minLength: 1,
      maxLength: LIMITS.queryMax,
      description: "What to look for, in natural language",
    }),
    limit: Type.Optional(Type.Integer({ description: "Results to return, 1 to 50 (clamped), default 25" })),
    scope: Type.Optional(ScopeFilterSchema),
  },
  { additionalProperties: false },
);
export type SearchBody = Static<typeof SearchBody>;

/** Recall and context take the search request without `limit` being meaningful; it is accepted and ignored. */
export const FeedbackBody = Type.Object(
  {
    rating: Type.Union([Type.Literal("positive"), Type.Literal("negative"), Type.Literal("very_negative")]),
    comment: Type.Optional(Type.String({ maxLength: LIMITS.commentMax })),
  },
  { additionalProperties: false },
);
export type FeedbackBody = Static<typeof FeedbackBody>;

const Cursor = Type.String({ maxLength: LIMITS.cursorMax });
const ScopeParam = () => Type.Optional(Type.String({ maxLength: LIMITS.scopeMax }));
export const ListParams = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: LIMITS.listLimitMin, maximum: LIMITS.listLimitMax })),
    starting_after: Type.Optional(Cursor),
    ending_before: Type.Optional(Cursor),
    organization_id: ScopeParam(),
    user_id: ScopeParam(),
    application_id: ScopeParam(),
    agent_id: ScopeParam(),
    team_id: ScopeParam(),
  },
  { additionalProperties: false },
);
export type ListParams = Static<typeof ListParams>;

export const MemoryIdParam = Type.String({
  pattern: "^mem_[0-7][0-9a-hjkmnp-tv-z]{25}$",
  description: "must be a memory identifier (mem_ followed by 26 characters)",
});
