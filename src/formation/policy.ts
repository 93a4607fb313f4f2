// The memory policy of a project (stored in SQLite; shared by all keys of the project):
// extraction instructions (for the LLM extractor), categories to exclude, secret redaction.
import type { Db } from "../storage/db.ts";
import { DEFAULT_POLICY, type ExtractionPolicy } from "./extractor.ts";
import { CATEGORIES } from "../domain/categories.ts";
import { ApiError } from "../errors/api-error.ts";

export interface PolicyView {
  project_id: string;
  instructions: string | null;
  exclude_categories: string[];
  redact_secrets: boolean;
  assistant_commitments: boolean;
  updated_at: string | null;
}

export interface PolicyChange {
  instructions?: string | null;
  excludeCategories?: string[];
  redactSecrets?: boolean;
  assistantCommitments?: boolean;
}

export function createPolicyStore(db: Db) {
  const get = db.query<
    {
      instructions: string | null;
      exclude_categories: string;
      redact_secrets: number;
      assistant_commitments: number;
      updated_at: string;
    },
    [string]
  >(
    "SELECT instructions, exclude_categories, redact_secrets, assistant_commitments, updated_at FROM project_policies WHERE project_id = ?",
  );
  function view(projectId: string): PolicyView {
    const row = get.get(projectId);
    if (!row)
      return {
        project_id: projectId,
        instructions: null,
        exclude_categories: [],
        redact_secrets: true,
        assistant_commitments: false,
        updated_at: null,
      };
    return {
      project_id: projectId,
      instructions: row.instructions,
      exclude_categories: JSON.parse(row.exclude_categories),
      redact_secrets: row.redact_secrets === 1,
      assistant_commitments: row.assistant_commitments === 1,
      updated_at: row.updated_at,
    };
  }
  return {
    view,
    forExtraction(projectId: string): ExtractionPolicy {
      const v = view(projectId);
      if (!v.updated_at) return DEFAULT_POLICY;
      return {
        instructions: v.instructions,
        excludeCategories: v.exclude_categories,
        redactSecrets: v.redact_secrets,
        assistantCommitments: v.assistant_commitments,
      };
    },
    set(projectId: string, change: PolicyChange, now: string): PolicyView {
      const unknown = (change.excludeCategories ?? []).filter((c) => !(CATEGORIES as readonly string[]).includes(c));
      if (unknown.length) {
        throw new ApiError("validation_error", {
          detail: `Unknown categories: ${unknown.join(", ")}. Known: ${CATEGORIES.join(", ")}.`,
          errors: { exclude_categories: [`must be among ${CATEGORIES.join(", ")}`] },
        });
      }
      if (change.instructions && change.instructions.length > 4_000) {
        throw new ApiError("validation_error", {
          detail: "instructions must be at most 4,000 characters.",
          errors: { instructions: ["exceeds maximum length of 4000 characters"] },
        });
      }
      const cur = view(projectId);
      const next = {
        instructions: change.instructions !== undefined ? change.instructions : cur.instructions,
        exclude: change.excludeCategories ?? cur.exclude_categories,
        redact: change.redactSecrets ?? cur.redact_secrets,
        commitments: change.assistantCommitments ?? cur.assistant_commitments,
      };
      db.run(
        `INSERT INTO project_policies (project_id, instructions, exclude_categories, redact_secrets, assistant_commitments, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)
         ON CONFLICT (project_id) DO UPDATE SET instructions = ?2, exclude_categories = ?3, redact_secrets = ?4,
           assistant_commitments = ?5, updated_at = ?6`,
        [
          projectId,
          next.instructions,
          JSON.stringify(next.exclude),
          next.redact ? 1 : 0,
          next.commitments ? 1 : 0,
          now,
        ],
      );
      return view(projectId);
    },
  };
}

export type PolicyStore = ReturnType<typeof createPolicyStore>;
