// Keeps the LanceDB table (<data>/vectors/) in step with SQLite, the source of truth. The one writer
// to the table: a background loop of the request thread, woken by every vector written or announced
// (the formation thread's), polling for what other processes wrote (the admin CLI).
//
// Every change of a vector is a row of `vector_changes` committed with the change (migration 010's
// triggers); `vector_table.applied` is the mark up to which the table holds them, `version` the
// table version holding exactly that (migration 011). A step reads the changes after the mark, reads
// each memory's current vector back from memory_vectors (a forgotten, changed or deleted memory has
// none: its row goes), replaces those rows, then moves the mark: a crash in between winds the table
// back to the mark's version and replays the same changes at the next start, with no full rebuild.
//
// A table is filled from memory_vectors itself: the first time a project is large enough to need it,
// after a change of embedding model (a fresh table, named after the model; search uses the exact path
// meanwhile), on `engram admin reindex` (a fresh table; the current one serves until it is ready), or
// when its files (or its mark's version) are gone. The mark is taken before the fill reads.
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import type { ProgressSink } from "../domain/progress.ts";
import { createWorkLoop } from "../shared/work-loop.ts";
import { emptyLanceTmp, type Lance } from "./lance-native.ts";
import { type IndexPolicy, type LanceRow, type LanceTable, openLanceTable } from "./lance-table.ts";
import { readVectorRows, vectorSeqs } from "./lance-rows.ts";
import type { VectorStore } from "./vector-store.ts";

const BATCH = 2_000; // changes (or filled rows) per step
const POLL_MS = 5_000;
/** While no table exists: how often to count whether a project has grown large (a search asks at once). */
const NEED_CHECK_MS = 60_000;

interface TableState {
  model: string;
  dims: number;
  name: string;
  applied: number;
  filled: number;
  rebuild: number;
  /** The table version holding exactly the changes up to `applied` (0: not known). */
  version: number;
}

export interface LanceSyncDeps {
  db: Db;
  clock: Clock;
  logger: Logger;
  store: Pick<VectorStore, "model" | "dims" | "onPut" | "onReset">;
  dataDir: string;
  loadLance: () => Promise<Lance>;
  /** Whether a table is worth having: some project is large enough for the approximate index. */
  needed(): boolean;
  policy?: Partial<IndexPolicy>;
}

export interface LanceSync {
  /** One step: fills, applies a batch of changes or refreshes the index. Returns whether it did anything. */
  runOnce(): Promise<boolean>;
  runUntilIdle(): Promise<void>;
  /** The table search may use for `model`: filled and of that model (null: use the exact path). */
  serving(model: string): LanceTable | null;
  /** Fills a fresh table from SQLite now (reindex), reporting progress; returns the rows it holds. */
  rebuild(progress?: ProgressSink): Promise<number>;
  start(): void;
  notify(): void;
  /** A search met a large project: make the table now rather than at the next check. */
  want(): void;
  close(): Promise<void>;
}

const slug = (model: string) => model.replace(/[^A-Za-z0-9_-]+/g, "_").slice(0, 80) || "model";

export function createLanceSync(deps: LanceSyncDeps): LanceSync {
  const { db, clock, logger, store } = deps;
  const dir = join(deps.dataDir, "vectors");
  const readState = db.query<TableState, []>("SELECT * FROM vector_table WHERE id = 1");
  const head = db.query<{ head: number }, []>("SELECT coalesce(max(id), 0) AS head FROM vector_changes");
  const pending = db.query<{ id: number; memory_seq: number | null; project_id: string | null }, [number, number]>(
    "SELECT id, memory_seq, project_id FROM vector_changes WHERE id > ? ORDER BY id LIMIT ?",
  );
  let open: LanceTable | null = null; // the table of the state row, once opened
  let maintaining: Promise<unknown> | null = null;
  let reindexed = false; // an index build or merge finished: its version is recorded at the next step
  let closed = false;
  let wanted = true; // check at the first step, then once a minute or when a search asks
  let checkedAt = 0;

  /** Whether to make the first table: counting per project is not done at every vector written. */
  function due(): boolean {
    const t = clock.now().getTime();
    if (!wanted && t - checkedAt < NEED_CHECK_MS) return false;
    wanted = false;
    checkedAt = t;
    return deps.needed();
  }

  const now = () => clock.now().toISOString();
  function markApplied(applied: number, version: number): void {
    db.transaction(() => {
      const at = now();
      db.run("UPDATE vector_table SET applied = ?, version = ?, updated_at = ? WHERE id = 1", [applied, version, at]);
      db.run("DELETE FROM vector_changes WHERE id <= ?", [applied]);
    }).immediate();
  }

  /** Removes table directories no state row names (a fill cut short, a model given up). */
  function dropOthers(keep: string): void {
    let names: string[] = [];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const n of names)
      if (n.endsWith(".lance") && n !== `${keep}.lance`) rmSync(join(dir, n), { recursive: true, force: true });
  }

  /** Fills a fresh table from memory_vectors, then makes it the one in use. */
  async function fill(progress?: ProgressSink): Promise<number> {
    const model = store.model();
    const dims = store.dims();
    const lance = await deps.loadLance();
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const name = `${slug(model)}-${clock.now().getTime().toString(36)}`;
    // The state row exists before the mark is read: from here on, every change is logged.
    db.transaction(() => {
      if (!readState.get())
        db.run(
          "INSERT INTO vector_table (id, model, dims, name, applied, filled, rebuild, updated_at) VALUES (1, ?, ?, ?, 0, 0, 0, ?)",
          [model, dims, name, now()],
        );
    }).immediate();
    const mark = head.get()!.head;
    const seqs = vectorSeqs(db);
    progress?.stage("vectors written to the LanceDB table", seqs.length, "items");
    const table = await openLanceTable(lance, dir, name, dims, { create: true, policy: deps.policy });
    try {
      for (let i = 0; i < seqs.length; i += BATCH) {
        if (closed) throw new Error("closing");
        await table.add(readVectorRows(db, seqs.slice(i, i + BATCH), dims));
        progress?.update(Math.min(seqs.length, i + BATCH));
      }
    } catch (err) {
      table.close();
      rmSync(join(dir, `${name}.lance`), { recursive: true, force: true });
      throw err;
    }
    const previous = open;
    const version = await table.version();
    db.transaction(() => {
      db.run(
        "UPDATE vector_table SET model = ?, dims = ?, name = ?, applied = ?, filled = 1, rebuild = 0, version = ?, updated_at = ? WHERE id = 1",
        [model, dims, name, mark, version, now()],
      );
      db.run("DELETE FROM vector_changes WHERE id <= ?", [mark]);
    }).immediate();
    open = table;
    previous?.close();
    dropOthers(name);
    logger.info({ table: name, rows: seqs.length }, "LanceDB vector table filled from SQLite");
    return seqs.length;
  }

  /** Applies the next batch of changes after the mark; returns how many it applied. */
  async function apply(state: TableState, table: LanceTable): Promise<number> {
    const changes = pending.all(state.applied, BATCH);
    if (changes.length === 0) return 0;
    const seqs = [...new Set(changes.flatMap((c) => (c.memory_seq === null ? [] : [c.memory_seq])))];
    for (const c of changes) if (c.project_id !== null) await table.dropProject(c.project_id);
    const rows: LanceRow[] = readVectorRows(db, seqs, state.dims);
    await table.replace(seqs, rows);
    markApplied(changes.at(-1)!.id, await table.version());
    return changes.length;
  }

  /** Records the table's version as the one holding the mark (its rows unchanged since the mark moved). */
  async function recordVersion(table: LanceTable): Promise<void> {
    db.run("UPDATE vector_table SET version = ?, updated_at = ? WHERE id = 1", [await table.version(), now()]);
  }

  /** After an index build or merge, between steps (no change half applied): the rows are those of the mark. */
  async function recordIndexed(): Promise<void> {
    if (reindexed && !maintaining && open) await recordVersion(open).then(() => (reindexed = false));
  }

  /**
   * Opens the table the state names, at the version holding exactly the changes up to the mark: a
   * table ahead of it (vector files copied after the database by a backup, a crash before the mark
   * moved) is wound back to it, and the changes after the mark are replayed. Null when its files or
   * that version are gone: it is filled again.
   */
  async function tableOf(state: TableState): Promise<LanceTable | null> {
    if (open?.name === state.name) return open;
    const lance = await deps.loadLance();
    let table: LanceTable | null = null;
    try {
      table = await openLanceTable(lance, dir, state.name, state.dims, { create: false, policy: deps.policy });
      const latest = await table.version();
      if (state.version > 0 && latest !== state.version) {
        await table.windBack(state.version);
        await recordVersion(table);
        logger.info(
          { table: state.name, from: latest, to: state.version },
          "LanceDB vector table wound back to the version of its mark",
        );
      }
      open = table;
      return open;
    } catch (err) {
      table?.close();
      logger.warn(
        { err: String(err), table: state.name },
        "LanceDB vector table missing or not at its mark: filling it again from SQLite",
      );
      return null;
    }
  }

  /** Builds or refreshes the index beside the sync (a build at 1M vectors takes minutes). */
  function maintainIndex(table: LanceTable): void {
    if (maintaining || closed) return;
    maintaining = table
      .maintain()
      .then((done) => {
        if (!done) return;
        reindexed = true;
        loop.notify();
        logger.info({ table: table.name, done }, "LanceDB vector index refreshed");
      })
      .catch((err) =>
        logger.warn({ err: String(err) }, "refreshing the LanceDB vector index failed; tried again later"),
      )
      .finally(() => {
        maintaining = null;
        emptyLanceTmp(deps.dataDir);
      });
  }

  async function runOnce(): Promise<boolean> {
    if (store.model() === "") return false;
    const state = readState.get();
    if (!state) {
      if (!due()) return false;
      await fill();
      return true;
    }
    const stale = state.model !== store.model() || state.dims !== store.dims();
    const table = stale || state.rebuild === 1 || state.filled === 0 ? null : await tableOf(state);
    if (!table) {
      await fill();
      return true;
    }
    await recordIndexed();
    const applied = await apply(state, table);
    if (applied === 0) maintainIndex(table);
    return applied > 0;
  }

  const loop = createWorkLoop(
    async () => ({ worked: await runOnce(), sleepMs: POLL_MS }),
    (err) => logger.warn({ err: String(err) }, "updating the LanceDB vector table failed; tried again shortly"),
  );
  store.onPut(() => loop.notify());
  store.onReset(() => loop.notify());

  return {
    runOnce,
    async runUntilIdle() {
      while (await runOnce());
      await maintaining;
      await recordIndexed();
    },
    serving(model) {
      const state = readState.get();
      if (state?.filled !== 1 || state.model !== model) return null;
      if (open?.name !== state.name) {
        loop.notify(); // the loop opens it (after a start, or a fill by another process)
        return null;
      }
      return open;
    },
    rebuild: (progress) => fill(progress),
    start: () => loop.start(),
    notify: () => loop.notify(),
    want() {
      wanted = true;
      loop.notify();
    },
    async close() {
      closed = true;
      await loop.close();
      await maintaining;
      await recordIndexed().catch(() => {});
      open?.close();
      open = null;
    },
  };
}
