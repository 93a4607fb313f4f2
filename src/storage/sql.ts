// SQL fragments shared by the stores: scope filters and FTS5 match expressions built from user text.
import { SCOPE_FIELDS, type Scope } from "../domain/scope.ts";

/**
 * SQL conditions for the scope fields a filter gives (` AND m.user_id = ?` ...; "" when none), and
 * their parameters. `alias` is the table's alias, or "" for bare column names.
 */
export function scopeClause(scope: Scope, alias = "m"): { sql: string; params: string[] } {
  const parts: string[] = [];
  const params: string[] = [];
  for (const f of SCOPE_FIELDS) {
    const v = scope[f];
    if (v !== undefined && v !== "") {
      parts.push(`${alias ? `${alias}.` : ""}${f} = ?`);
      params.push(v);
    }
  }
  return { sql: parts.length ? ` AND ${parts.join(" AND ")}` : "", params };
}

/** An FTS5 expression matching any (OR) or every (AND) term; each term is quoted so user text is never syntax. */
export function toMatchExpression(terms: string[], operator: "OR" | "AND" = "OR"): string | null {
  if (terms.length === 0) return null;
  return terms.map((t) => `"${t.replace(/"/g, '""')}"`).join(` ${operator} `);
}

/** A match expression restricted to the memory's own text (not its search context, migration 005). */
export function onContent(match: string): string {
  return `content : (${match})`;
}
