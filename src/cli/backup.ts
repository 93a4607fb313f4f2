// `engram admin backup` and `engram admin restore`: a consistent copy of a data directory taken while
// the server runs (storage/backup.ts), put back into an empty directory (storage/restore.ts).
import type { Command } from "commander";
import { backupDataDir, type BackupReport } from "../storage/backup.ts";
import { restoreDataDir, type RestoreReport } from "../storage/restore.ts";
import type { BackupCounts } from "../storage/backup-format.ts";
import { formatAmount } from "./progress.ts";
import { longAction, withDataOptions } from "./command.ts";

function holds(c: BackupCounts): string {
  return `${c.accounts} accounts, ${c.projects} projects, ${c.api_keys} keys, ${c.memories} memories (${c.memory_versions} versions), ${c.jobs} jobs`;
}

export function registerBackup(admin: Command): void {
  withDataOptions(
    admin
      .command("backup")
      .description("copy the data directory into one file, consistently, while the server runs (see restore)"),
  )
    .requiredOption("--to <file>", "the backup file to write (owner-only; an existing one is refused)")
    .option("--force", "replace the file if it exists")
    .action(
      longAction("backup", async ({ dataDir, progress, signal }, opts: { to: string; force?: boolean }) => {
        const report = await backupDataDir(dataDir, opts.to, { force: opts.force, progress, signal });
        return {
          value: report,
          human: (r: BackupReport) =>
            [
              `backup ${r.file} (${formatAmount(r.bytes, "bytes")})`,
              `holds ${holds(r.counts)}${r.files ? `, ${r.files} vector files` : ""}`,
              `restore it with: engram admin restore --from ${r.file} --data EMPTY_DIR`,
            ].join("\n"),
        };
      }),
    );

  withDataOptions(
    admin
      .command("restore")
      .description("put a backup back into an empty data directory (--data), ready to serve with the same keys"),
  )
    .requiredOption("--from <file>", "the backup file (from engram admin backup, or a copy of engram.db)")
    .action(
      longAction("restore", async ({ dataDir, progress, signal }, opts: { from: string }) => {
        const report = await restoreDataDir(opts.from, dataDir, { progress, signal });
        return {
          value: report,
          human: (r: RestoreReport) =>
            [
              `restored ${r.data_dir} from ${opts.from}${r.backup_created_at ? ` (taken ${r.backup_created_at})` : ""}`,
              `holds ${holds(r.counts)}${r.files ? `, ${r.files} vector files` : ""}`,
              r.schema_version > r.backup_schema_version
                ? `schema upgraded from ${r.backup_schema_version} to ${r.schema_version}`
                : `schema ${r.schema_version}`,
              `integrity: ok. Start it with: engram serve --data ${r.data_dir}`,
            ].join("\n"),
        };
      }),
    );
}
