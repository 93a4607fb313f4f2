// `engram admin reindex`: marks memories' vectors to be re-made from their text (retrieval/reindex.ts);
// the server's indexer re-makes them in the background. With --wait it follows that work, with
// progress, until no vector is left to make (or the server makes none for STALL_MS).
import { type Command, Option } from "commander";
import { createAdministration } from "../administration.ts";
import { systemClock } from "../shared/clock.ts";
import { vectorsToMake } from "../memories/search-queries.ts";
import { lockHolder } from "../storage/data-lock.ts";
import type { Db } from "../storage/db.ts";
import type { ProgressSink } from "../domain/progress.ts";
import { longAction, openExisting, withDataOptions } from "./command.ts";
import { useLanceLibrary } from "../config.ts";
import { createVectorStore } from "../retrieval/vector-store.ts";
import { createLanceSync } from "../retrieval/lance-sync.ts";
import { createLanceLoader } from "../retrieval/lance-native.ts";
import { requestTableRebuild } from "../retrieval/reindex.ts";
import { silentLogger } from "../shared/logger.ts";

/**
 * The LanceDB table (when there is one) is filled afresh from SQLite: here, with progress, when no
 * server runs (the one writer to it); by the server in the background otherwise.
 */
async function rebuildTable(db: Db, dataDir: string, running: boolean, progress: ProgressSink): Promise<number | null> {
  if (!requestTableRebuild(db) || running) return null;
  const sync = createLanceSync({
    db,
    clock: systemClock,
    logger: silentLogger,
    store: createVectorStore(db),
    dataDir,
    loadLance: createLanceLoader({ dataDir, useNativeLibrary: useLanceLibrary }),
    needed: () => true,
  });
  try {
    return await sync.rebuild(progress);
  } finally {
    await sync.close();
  }
}

const POLL_MS = 500;
/** The indexer looks for work every 30 s: twice that and more without a vector made is a stall. */
const STALL_MS = 90_000;

async function waitForServer(
  db: Db,
  projectId: string | null,
  marked: number,
  progress: ProgressSink,
  signal: AbortSignal,
): Promise<{ remade: number }> {
  let remaining = vectorsToMake(db, projectId);
  const total = Math.max(marked, remaining);
  progress.stage("vectors re-made by the server", total, "items");
  progress.update(total - remaining);
  let stalledSince = Date.now();
  while (remaining > 0) {
    if (Date.now() - stalledSince > STALL_MS)
      throw new Error(
        `the server made no vector for ${STALL_MS / 1000} s (${remaining} left): is its embedding provider answering? The vectors stay marked; the server goes on trying.`,
      );
    await Bun.sleep(POLL_MS);
    signal.throwIfAborted(); // the vectors stay marked: the server re-makes them all the same
    const now = vectorsToMake(db, projectId);
    if (now < remaining) stalledSince = Date.now();
    remaining = now;
    progress.update(Math.max(0, total - remaining));
  }
  return { remade: total };
}

export function registerReindex(admin: Command): void {
  withDataOptions(
    admin
      .command("reindex")
      .description(
        "re-make memory vectors from their text (all projects, or one), and rebuild the LanceDB vector table from SQLite",
      ),
  )
    .addOption(new Option("--project <id>", "only this project"))
    .option("--wait", "wait, showing progress, until the running server has re-made them")
    .action(
      longAction("reindex", async ({ dataDir, progress, signal }, opts: { project?: string; wait?: boolean }) => {
        const db = await openExisting(dataDir);
        try {
          const admin = createAdministration({ db, clock: systemClock });
          progress.stage("marking vectors", 1, "items");
          const marked = admin.reindex(opts.project ?? null);
          progress.update(1);
          const running = lockHolder(dataDir) !== null;
          const rows = await rebuildTable(db, dataDir, running, progress);
          if (!opts.wait || !running) {
            const later = running
              ? "the running server re-makes them within a minute"
              : "no server runs on this data directory: it re-makes them when it starts";
            return {
              value: rows === null ? { marked } : { marked, vector_table_rows: rows },
              human: (v: { marked: number; vector_table_rows?: number }) =>
                `${v.marked} memory vectors marked; ${later} (search keeps using the current ones meanwhile)${
                  v.vector_table_rows === undefined
                    ? ""
                    : `; LanceDB vector table rebuilt from SQLite (${v.vector_table_rows} rows)`
                }`,
            };
          }
          const { remade } = await waitForServer(db, opts.project ?? null, marked, progress, signal);
          return {
            value: { marked, remade },
            human: (v: { marked: number; remade: number }) =>
              `${v.marked} memory vectors marked, and the server has re-made them (${v.remade} made)`,
          };
        } finally {
          db.close();
        }
      }),
    );
}
