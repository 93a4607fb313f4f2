// The lines of a project export (`engram admin export`, read back by `engram admin import`): JSON Lines,
// a header first, then one line per memory in the project's order (oldest first), then one per named
// scope user. A memory line carries everything stored about the memory: its versions with their
// sources, its scope and dates, its search context, the entities it is about, its relationships to
// other memories of the export and the feedback given on it.
import { Type, type Static } from "@sinclair/typebox";
import { LIMITS, ScopeSchema } from "./schemas.ts";

export const EXPORT_FORMAT = 1;

const MemoryId = Type.String({
  pattern: "^mem_[0-7][0-9a-hjkmnp-tv-z]{25}$",
  description: "must be a memory id (mem_ followed by 26 characters)",
});
const Time = Type.String({ minLength: 1, maxLength: 64 });
const OptionalTime = Type.Union([Time, Type.Null()]);

export const ExportHeader = Type.Object({
  type: Type.Literal("engram_export"),
  format: Type.Integer({ minimum: 1 }),
  project_id: Type.String(),
  exported_at: Time,
  engram_version: Type.String(),
  schema_version: Type.Integer({ minimum: 0 }),
  include_forgotten: Type.Boolean(),
  memories: Type.Integer({ minimum: 0 }),
  scope_users: Type.Integer({ minimum: 0 }),
});
export type ExportHeader = Static<typeof ExportHeader>;

export const ExportedVersion = Type.Object(
  {
    version: Type.Integer({ minimum: 1 }),
    content: Type.String({ minLength: 1 }),
    occurred_at: OptionalTime,
    created_at: Time,
    change: Type.Union([Type.Literal("created"), Type.Literal("updated"), Type.Literal("merged")]),
    source: Type.Unknown(),
    supersedes: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type ExportedVersion = Static<typeof ExportedVersion>;

export const ExportedMemory = Type.Object(
  {
    type: Type.Literal("memory"),
    id: MemoryId,
    status: Type.Union([Type.Literal("active"), Type.Literal("forgotten")]),
    content: Type.String({ minLength: 1 }),
    context: Type.String(),
    scope: ScopeSchema,
    occurred_at: OptionalTime,
    created_at: Time,
    updated_at: Time,
    forgotten_at: OptionalTime,
    version: Type.Integer({ minimum: 1 }),
    job_id: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
    is_sample: Type.Boolean(),
    versions: Type.Array(ExportedVersion, { minItems: 1 }),
    entities: Type.Array(Type.String({ minLength: 1 })),
    relationships: Type.Array(
      Type.Object(
        {
          target_id: MemoryId,
          type: Type.String({ minLength: 1 }),
          strength: Type.Number({ minimum: 0, maximum: 1 }),
          created_at: Time,
        },
        { additionalProperties: false },
      ),
    ),
    feedback: Type.Array(
      Type.Object(
        {
          rating: Type.Union([Type.Literal("positive"), Type.Literal("negative"), Type.Literal("very_negative")]),
          comment: Type.Union([Type.String({ maxLength: LIMITS.commentMax }), Type.Null()]),
          created_at: Time,
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ExportedMemory = Static<typeof ExportedMemory>;

export const ExportedScopeUser = Type.Object(
  {
    type: Type.Literal("scope_user"),
    user_id: Type.String({ minLength: 1, maxLength: LIMITS.scopeMax }),
    name: Type.String({ minLength: 1 }),
    updated_at: Time,
  },
  { additionalProperties: false },
);
export type ExportedScopeUser = Static<typeof ExportedScopeUser>;

/** Checks beyond the schema: the versions are 1..version in order, the last one the memory's text. */
export function versionProblem(m: ExportedMemory): string | null {
  if (m.versions.length !== m.version) return `has ${m.versions.length} versions but is at version ${m.version}`;
  if (m.versions.some((v, i) => v.version !== i + 1)) return "its versions are not numbered 1, 2, 3, … in order";
  if (m.versions[m.versions.length - 1]!.content !== m.content) return "its text is not its last version's";
  if ((m.status === "forgotten") !== (m.forgotten_at !== null))
    return "forgotten_at must be set exactly when forgotten";
  return null;
}
