// The frame of the long admin commands (backup, restore, export, import, reindex): --data and --json,
// the data directory from the configuration, a progress display (progress.ts), and errors reported as
// admin.ts reports them: one line, or JSON on stderr with --json, and exit code 1.
import { type Command, Option } from "commander";
import { existsSync } from "node:fs";
import { loadConfig } from "../config.ts";
import { ApiError } from "../errors/api-error.ts";
import { openDatabase, type Db } from "../storage/db.ts";
import { databaseFile } from "../storage/integrity.ts";
import { createProgress, type CommandProgress } from "./progress.ts";

export interface CommonOptions {
  data?: string;
  json?: boolean;
}

export interface CommandContext {
  dataDir: string;
  json: boolean;
  progress: CommandProgress;
  /** Aborted by SIGINT or SIGTERM: the command stops at its next step and removes what it half made. */
  signal: AbortSignal;
}

/** What a command prints once its progress is done: JSON with --json, else the human line(s). */
export interface CommandResult<T = unknown> {
  value: T;
  human(value: T): string;
}

export function withDataOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option("--data <dir>", "data directory (ENGRAM_DATA_DIR, default ./engram-data)"))
    .option("--json", "print JSON for scripts (and no progress)");
}

/** Opens an existing data directory's database; a missing one is a mistyped --data, not an empty store. */
export async function openExisting(dataDir: string): Promise<Db> {
  if (!existsSync(databaseFile(dataDir)))
    throw new Error(`No Engram data in ${dataDir} (give --data DIR or set ENGRAM_DATA_DIR).`);
  return openDatabase(dataDir);
}

function messageOf(err: unknown): string {
  if (err instanceof ApiError) return err.detail ?? err.message;
  return err instanceof Error ? err.message : String(err);
}

/**
 * The action of `engram admin <name>`: runs `fn` with the data directory and a progress display,
 * then prints its result (if any) once the display has ended.
 */
export function longAction<A extends unknown[]>(
  name: string,
  // biome-ignore lint/suspicious/noExplicitAny: each command prints its own result shape
  fn: (ctx: CommandContext, ...args: A) => Promise<CommandResult<any> | null>,
) {
  return async (...args: A) => {
    const cmd = args[args.length - 1] as Command;
    const opts = cmd.optsWithGlobals() as CommonOptions;
    const progress = createProgress(`engram admin ${name}`, { json: opts.json });
    // Ctrl-C (or a service manager's stop) asks the command to stop cleanly; a second one ends it at once.
    const controller = new AbortController();
    const interrupt = (signal: NodeJS.Signals) => {
      if (controller.signal.aborted) process.exit(130);
      controller.abort(new Error(`interrupted (${signal})`));
    };
    process.on("SIGINT", interrupt);
    process.on("SIGTERM", interrupt);
    try {
      const { dataDir } = loadConfig({ dataDir: opts.data });
      const signal = controller.signal;
      const result = await fn({ dataDir, json: opts.json === true, progress, signal }, ...args);
      progress.stop();
      if (result)
        process.stdout.write(
          opts.json ? `${JSON.stringify(result.value, null, 2)}\n` : `${result.human(result.value)}\n`,
        );
    } catch (err) {
      progress.stop();
      const message = messageOf(err);
      if (opts.json)
        process.stderr.write(`${JSON.stringify({ error: err instanceof ApiError ? err.code : "error", message })}\n`);
      else process.stderr.write(`engram admin ${name}: ${message}\n`);
      process.exitCode = controller.signal.aborted ? 130 : 1;
    } finally {
      process.off("SIGINT", interrupt);
      process.off("SIGTERM", interrupt);
    }
  };
}
