// The names of a project's scope users ("I'm Dana" said in a write with scope.user_id "u1"): formation
// names the user in later memories, and retrieval reads a question naming Dana as one about user u1.
import type { Db } from "../storage/db.ts";

export function createPeople(db: Db) {
  const get = db.query<{ name: string }, [string, string]>(
    "SELECT name FROM scope_users WHERE project_id = ? AND user_id = ?",
  );
  const all = db.query<{ user_id: string; name: string }, [string]>(
    "SELECT user_id, name FROM scope_users WHERE project_id = ?",
  );
  return {
    nameOf(projectId: string, userId: string): string | null {
      return get.get(projectId, userId)?.name ?? null;
    },
    setName(projectId: string, userId: string, name: string, now: string): void {
      db.run(
        `INSERT INTO scope_users (project_id, user_id, name, updated_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (project_id, user_id) DO UPDATE SET name = ?3, updated_at = ?4`,
        [projectId, userId, name, now],
      );
    },
    /** Every named user of the project: user_id and name. */
    named(projectId: string): Array<{ userId: string; name: string }> {
      return all.all(projectId).map((r) => ({ userId: r.user_id, name: r.name }));
    },
  };
}

export type People = ReturnType<typeof createPeople>;
