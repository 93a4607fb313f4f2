// Scope: the fields that say whom or what a memory is about (docs/api.md: Memory record).
export const SCOPE_FIELDS = ["organization_id", "user_id", "application_id", "agent_id", "team_id"] as const;
export type ScopeField = (typeof SCOPE_FIELDS)[number];
export type Scope = Partial<Record<ScopeField, string>>;

/** The scope a filter names: the scope fields among `params` that are given and not empty. */
export function scopeFilter(params: Partial<Record<string, string>>): Scope {
  const scope: Scope = {};
  for (const f of SCOPE_FIELDS) if (params[f]) scope[f] = params[f];
  return scope;
}

/** Whether a memory is within a filter: every scope field the filter gives is the memory's. */
export function withinScope(memory: Partial<Record<ScopeField, string | null>>, scope: Scope): boolean {
  return SCOPE_FIELDS.every((f) => !scope[f] || memory[f] === scope[f]);
}
