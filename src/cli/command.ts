// The frame of the admin commands: --data and --json, the data directory from the configuration, errors
// reported as one line (or JSON on stderr with --json) and exit code 1; the long ones (backup, restore,
// export, import, reindex) with a progress display (progress.ts), the short ones (user, webhook) over
// the data directory's administration.
import { type Command, Option } from "commander";
import { existsSync } from "node:fs";
import { loadConfig, type Config } from "../config.ts";
import { systemClock } from "../shared/clock.ts";
import { createAdministration, type Administration } from "../administration.ts";
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
    throw new ApiError("not_found", {
      detail: `No Engram data in ${dataDir} (give --data DIR or set ENGRAM_DATA_DIR).`,
    });
  return openDatabase(dataDir);
}

/** A command's failure: one line on stderr, `<command>: <message>` (JSON with --json); the caller sets the exit code. */
export function reportFailure(command: string, err: unknown, json: boolean | undefined): void {
  const message =
    err instanceof ApiError ? (err.detail ?? err.message) : err instanceof Error ? err.message : String(err);
  if (json)
    process.stderr.write(`${JSON.stringify({ error: err instanceof ApiError ? err.code : "error", message })}\n`);
  else process.stderr.write(`${command}: ${message}\n`);
}

/**
 * The action of a short `engram admin <name> ...` command: `fn` over the data directory's
 * administration, its result printed (JSON with --json, else `human`), an error reported, exit code 1.
 */
export function adminAction<A extends unknown[], T>(
  name: string,
  fn: (admin: Administration, config: Config, ...args: A) => T,
  human: (value: T) => string,
) {
  return async (...args: A) => {
    const common = (args[args.length - 1] as Command).optsWithGlobals() as CommonOptions;
    let db: Db | null = null;
    try {
      const config = loadConfig({ dataDir: common.data });
      db = await openExisting(config.dataDir);
      const value = fn(createAdministration({ db, clock: systemClock }), config, ...args);
      process.stdout.write(common.json ? `${JSON.stringify(value, null, 2)}\n` : `${human(value)}\n`);
    } catch (err) {
      reportFailure(`engram admin ${name}`, err, common.json);
      process.exitCode = 1;
    } finally {
      db?.close();
    }
  };
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
      reportFailure(`engram admin ${name}`, err, opts.json);
      process.exitCode = controller.signal.aborted ? 130 : 1;
    } finally {
      process.off("SIGINT", interrupt);
      process.off("SIGTERM", interrupt);
    }
  };
}
