// `engram admin check`: PRAGMA integrity_check over the whole database and a summary of what it
// holds. Exit code 0 when SQLite finds nothing wrong, 1 otherwise. It reads the file as it is:
// nothing is created, migrated or repaired, and it runs beside the server.
import { type Command, Option } from "commander";
import { existsSync } from "node:fs";
import { loadConfig } from "../config.ts";
import { checkDatabase, databaseFile, type CheckReport } from "../storage/integrity.ts";
import { vecExtensionStatus } from "../storage/sqlite-vec.ts";
import { MIGRATIONS } from "../storage/migrations/index.ts";

type Report = CheckReport & { expected_schema_version: number; vec_extension: "ok" | "missing" | "differs" };

const VEC_WORDS = {
  ok: "ok (matches this binary's copy)",
  missing: "not written yet (written at the next start)",
  differs: "differs from this binary's copy (replaced at the next start, never loaded as it is)",
};

function mebibytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

function describe(r: Report): string {
  const n = (v: number | null) => (v === null ? "?" : String(v));
  return [
    `database: ${r.path} (${mebibytes(r.size_bytes)})`,
    r.ok ? "integrity: ok" : `integrity: DAMAGED\n${r.problems.map((p) => `  ${p}`).join("\n")}`,
    `schema version: ${n(r.schema_version)} (this binary: ${r.expected_schema_version})`,
    `accounts: ${n(r.accounts)}, projects: ${n(r.projects)}, active memories: ${n(r.memories)}`,
    `sqlite-vec library: ${VEC_WORDS[r.vec_extension]}`,
  ].join("\n");
}

export function registerCheck(admin: Command): void {
  admin
    .command("check")
    .description("check the database's integrity (every page: seconds on a large one) and summarise it")
    .addOption(new Option("--data <dir>", "data directory (ENGRAM_DATA_DIR, default ./engram-data)"))
    .option("--json", "print JSON for scripts")
    .action(async (opts: { data?: string; json?: boolean }) => {
      try {
        const { dataDir } = loadConfig({ dataDir: opts.data });
        if (!existsSync(databaseFile(dataDir)))
          throw new Error(`No Engram data in ${dataDir} (give --data DIR or set ENGRAM_DATA_DIR).`);
        const report: Report = {
          ...checkDatabase(dataDir),
          expected_schema_version: MIGRATIONS.length,
          vec_extension: await vecExtensionStatus(dataDir),
        };
        process.stdout.write(opts.json ? `${JSON.stringify(report, null, 2)}\n` : `${describe(report)}\n`);
        if (!report.ok) process.exitCode = 1;
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        if (opts.json) process.stderr.write(`${JSON.stringify({ error: "error", message })}\n`);
        else process.stderr.write(`engram admin check: ${message}\n`);
        process.exitCode = 1;
      }
    });
}
