// `engram admin project policy`: the options as a policy change, and the policy as the human reads it.
import type { PolicyChange, PolicyView } from "../formation/policy.ts";

export interface PolicyOptions {
  instructions?: string;
  excludeCategories?: string;
  redactSecrets?: string;
  assistantCommitments?: string;
}

export function policyChange(o: PolicyOptions): PolicyChange {
  return {
    ...(o.instructions !== undefined ? { instructions: o.instructions === "" ? null : o.instructions } : {}),
    ...(o.excludeCategories !== undefined
      ? {
          excludeCategories:
            o.excludeCategories === "none"
              ? []
              : o.excludeCategories
                  .split(",")
                  .map((c) => c.trim())
                  .filter(Boolean),
        }
      : {}),
    ...(o.redactSecrets !== undefined ? { redactSecrets: o.redactSecrets === "on" } : {}),
    ...(o.assistantCommitments !== undefined ? { assistantCommitments: o.assistantCommitments === "on" } : {}),
  };
}

export function describePolicy(v: PolicyView): string {
  return [
    `project ${v.project_id}`,
    `redact secrets: ${v.redact_secrets ? "on" : "off"}`,
    `assistant commitments: ${v.assistant_commitments ? "kept" : "not kept"}`,
    `excluded categories: ${v.exclude_categories.join(", ") || "none"}`,
    `instructions: ${v.instructions ?? "(none)"}`,
  ].join("\n");
}
