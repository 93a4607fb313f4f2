// A long admin command stopped halfway (Ctrl-C, a service manager's stop) leaves nothing half made:
// no partial backup file, no half-restored directory. In process, with the abort made at a known stage.
import { afterEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { backupDataDir } from "../../src/storage/backup.ts";
import { restoreDataDir } from "../../src/storage/restore.ts";
import { openDatabase } from "../../src/storage/db.ts";
import type { ProgressSink } from "../../src/domain/progress.ts";
import { tempDir } from "../helpers.ts";

const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

/** A progress sink that aborts when the given stage begins (as a signal handler would, meanwhile). */
function abortAt(stage: string): { controller: AbortController; progress: ProgressSink } {
  const controller = new AbortController();
  return {
    controller,
    progress: {
      stage(label) {
        if (label === stage) controller.abort(new Error("interrupted (SIGINT)"));
      },
      update() {},
    },
  };
}

async function dataDir(root: string): Promise<string> {
  const dir = join(root, "data");
  (await openDatabase(dir)).close();
  return dir;
}

describe("interrupted backup and restore", () => {
  test("a backup stopped while it copies leaves no file, partial or not", async () => {
    const root = tempDir("engram-interrupt-");
    roots.push(root);
    const dir = await dataDir(root);
    const { controller, progress } = abortAt("copying the database");
    const to = join(root, "backup.db");
    await expect(backupDataDir(dir, to, { progress, signal: controller.signal })).rejects.toThrow(
      "interrupted (SIGINT)",
    );
    expect(readdirSync(root)).toEqual(["data"]);
    // Stopped later, while it checks the copy: the same.
    const late = abortAt("checking the copy");
    await expect(backupDataDir(dir, to, { progress: late.progress, signal: late.controller.signal })).rejects.toThrow(
      "interrupted",
    );
    expect(readdirSync(root)).toEqual(["data"]);
    expect((await backupDataDir(dir, to)).counts.accounts).toBe(0); // and it works when left alone
  });

  test("a restore stopped before it is complete leaves the directory as empty as it was (or not there, if it made it)", async () => {
    const root = tempDir("engram-interrupt-");
    roots.push(root);
    const dir = await dataDir(root);
    const file = join(root, "backup.db");
    await backupDataDir(dir, file);
    const empty = join(root, "empty");
    mkdirSync(empty);
    const first = abortAt("copying the backup");
    await expect(
      restoreDataDir(file, empty, { progress: first.progress, signal: first.controller.signal }),
    ).rejects.toThrow("interrupted");
    expect(readdirSync(empty)).toEqual([]);
    const made = join(root, "made", "here");
    const second = abortAt("copying the backup");
    await expect(
      restoreDataDir(file, made, { progress: second.progress, signal: second.controller.signal }),
    ).rejects.toThrow("interrupted");
    expect(existsSync(made)).toBe(false);
  });
});
