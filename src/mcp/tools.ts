// The nine MCP tools. Each is a thin twin of a REST route: the same TypeBox schema validates its
// arguments (and is its JSON Schema input description), the same service function does the work,
// and the same Meter charges reads and writes.
import { Type, type TSchema } from "@sinclair/typebox";
import type { Principal } from "../domain/principal.ts";
import { ApiError } from "../errors/api-error.ts";
import type { MemoryService } from "../memories/service.ts";
import {
  CreateMemoryBody,
  FeedbackBody,
  LIMITS,
  MemoryIdParam,
  ScopeFilterSchema,
  SearchBody,
} from "../memories/schemas.ts";
import type { Meter } from "../shared/meter.ts";
import { createValidator, type Validator } from "../shared/validate.ts";
import type { BucketClass } from "../limits/buckets.ts";

export interface ToolDef {
  name: string;
  description: string;
  cls: BucketClass;
  validator: Validator<TSchema>;
  // biome-ignore lint/suspicious/noExplicitAny: each tool validates its own arguments before run; their types differ per tool
  run(service: MemoryService, p: Principal, meter: Meter, args: any): unknown;
}

const RecallArgs = Type.Object(
  { query: SearchBody.properties.query, scope: Type.Optional(ScopeFilterSchema) },
  { additionalProperties: false },
);
const IdArgs = Type.Object({ memory_id: MemoryIdParam }, { additionalProperties: false });
const ListArgs = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({
        minimum: LIMITS.listLimitMin,
        maximum: LIMITS.listLimitMax,
        description: "Page size, 1 to 20 (default 10)",
      }),
    ),
    starting_after: Type.Optional(
      Type.String({
        maxLength: LIMITS.cursorMax,
        description: "Id of the last memory of the page you hold (next page)",
      }),
    ),
    ending_before: Type.Optional(
      Type.String({
        maxLength: LIMITS.cursorMax,
        description: "Id of the first memory of the page you hold (previous page)",
      }),
    ),
    scope: Type.Optional(ScopeFilterSchema),
  },
  { additionalProperties: false },
);
const FeedbackArgs = Type.Object(
  { memory_id: MemoryIdParam, ...FeedbackBody.properties },
  { additionalProperties: false },
);

/** forget_memory and give_memory_feedback report a missing memory in their result, not as an error. */
function missingAsStatus(fn: () => unknown, ok: Record<string, unknown>): unknown {
  try {
    fn();
    return ok;
  } catch (err) {
    if (err instanceof ApiError && err.code === "not_found") return { status: "not_found" };
    throw err;
  }
}

function tool(name: string, cls: BucketClass, schema: TSchema, description: string, run: ToolDef["run"]): ToolDef {
  return { name, cls, description, validator: createValidator(schema), run };
}

export const TOOLS: readonly ToolDef[] = [
  tool(
    "context",
    "reads",
    RecallArgs,
    "Get a short text (at most about 1,000 characters) of what is remembered about a topic: the best matching memory and memories related to it, with dates. Use it at the start of a task or conversation to ground your answer. Returns status not_found when nothing relevant is stored.",
    async (s, p, m, a) => {
      try {
        return await s.context(p, m, a);
      } catch (err) {
        if (err instanceof ApiError && err.code === "not_found")
          return { object: "context", status: "not_found", context: "", memory_ids: [] };
        throw err;
      }
    },
  ),
  tool(
    "recall",
    "reads",
    RecallArgs,
    "Get the single memory that best answers a question (for a specific fact such as a preference or a date). Returns status not_found when no memory is confident enough.",
    (s, p, m, a) => s.recall(p, m, a),
  ),
  tool(
    "search_memories",
    "reads",
    SearchBody,
    "Search memories by meaning and words; returns up to `limit` (1-50, default 25) memories, best first, each with a score from 0 to 1. Use it when you need several candidates or to browse a topic.",
    (s, p, m, a) => s.search(p, m, a),
  ),
  tool(
    "recall_by_id",
    "reads",
    IdArgs,
    "Get one memory by its id (mem_...), for example an id returned by search or context.",
    (s, p, m, a) => s.get(p, m, a.memory_id),
  ),
  tool(
    "inspect_memory",
    "reads",
    IdArgs,
    "Get a memory with its version history (how it changed and where each text came from) and its relationships to other memories. Costs 3 reads.",
    (s, p, m, a) => s.inspect(p, m, a.memory_id),
  ),
  tool(
    "list_memories",
    "reads",
    ListArgs,
    "List memories newest first, 1 to 20 per page, optionally filtered by scope; page with starting_after / ending_before using memory ids.",
    (s, p, m, a) =>
      s.list(p, m, {
        limit: a.limit,
        starting_after: a.starting_after,
        ending_before: a.ending_before,
        ...(a.scope ?? {}),
      }),
  ),
  tool(
    "remember",
    "writes",
    CreateMemoryBody,
    "Store something worth remembering: a preference, a fact about a person, a plan, a decision. With infer true (default) the text is split into one memory per fact. Memories are formed in the background and appear within moments.",
    (s, p, m, a) => {
      s.create(p, m, a);
      return {
        status: "accepted",
        detail: "The memory is being formed; it appears in list, search and recall once formed.",
      };
    },
  ),
  tool(
    "forget_memory",
    "writes",
    IdArgs,
    "Forget a memory that is wrong, outdated or unwanted. Returns status not_found when no such memory exists.",
    (s, p, m, a) => missingAsStatus(() => s.forget(p, m, a.memory_id), { status: "forgotten", memory_id: a.memory_id }),
  ),
  tool(
    "give_memory_feedback",
    "writes",
    FeedbackArgs,
    "Rate a memory you used: positive, negative (it ranks lower) or very_negative (it is no longer used in recall and context). Returns status not_found when no such memory exists.",
    (s, p, m, a) =>
      missingAsStatus(() => s.feedback(p, m, a.memory_id, { rating: a.rating, comment: a.comment }), {
        status: "recorded",
        memory_id: a.memory_id,
      }),
  ),
];

export const TOOLS_BY_NAME: ReadonlyMap<string, ToolDef> = new Map(TOOLS.map((t) => [t.name, t]));

/** A JSON Schema without TypeBox's symbol keys, for tools/list. */
export function inputSchemaOf(t: ToolDef): Record<string, unknown> {
  return JSON.parse(JSON.stringify(t.validator.schema));
}
