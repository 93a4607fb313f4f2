// What formation needs of the memories it writes. memories/ owns those tables and implements these
// (repository.ts, graph.ts); app.ts hands them in.
import type { MemoryRow, NewMemory, NewVersion } from "../domain/memory.ts";
import type { Scope } from "../domain/scope.ts";

export interface MemoryWriter {
  insert(m: NewMemory): MemoryRow;
  /** A new version of an active memory; throws when it is not active. */
  addVersion(id: string, v: NewVersion): MemoryRow;
  /** The memory as it is now, when it is active. */
  getActive(projectId: string, id: string): MemoryRow | null;
}

export interface MemoryLinks {
  /** Active memories of the same project and exactly the same scope that share words with `terms`. */
  candidates(projectId: string, scope: Scope, terms: string[], limit: number): MemoryRow[];
  setEntities(memoryId: string, projectId: string, entities: readonly string[]): void;
  /** Other active memories that share an entity, most shared first. */
  sharingEntities(
    projectId: string,
    entities: readonly string[],
    excludeId: string,
    limit: number,
  ): Array<{ id: string; shared: number }>;
  link(from: string, to: string, type: string, strength: number, now: string): void;
}

/** The names of scope users, as said in earlier writes of the scope (memories/people.ts). */
export interface UserNames {
  nameOf(projectId: string, userId: string): string | null;
  setName(projectId: string, userId: string, name: string, now: string): void;
}
