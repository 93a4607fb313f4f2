// `engram admin export` and `engram admin import`: a project's memories as JSON Lines
// (memories/transfer-schema.ts), read in one snapshot while the server runs, and stored back as they
// were into a project of this or another server (memories/transfer.ts).
import type { Command } from "commander";
import { closeSync, existsSync, fchmodSync, openSync, rmSync, statSync, writeSync } from "node:fs";
import { systemClock } from "../shared/clock.ts";
import type { ProgressSink } from "../domain/progress.ts";
import { VERSION } from "../version.ts";
import { createAccountRepository } from "../accounts/repository.ts";
import { createMemoryTransfer, type MemoryTransfer } from "../memories/transfer.ts";
import { EXPORT_FORMAT, type ExportHeader } from "../memories/transfer-schema.ts";
import { currentSchemaVersion, type Db } from "../storage/db.ts";
import { readExport } from "./import-file.ts";
import { longAction, openExisting, withDataOptions } from "./command.ts";

/** Where the export goes: stdout (waiting when the pipe is full) or a new owner-only file. */
interface Sink {
  write(text: string): Promise<void>;
  close(): void;
}

function stdoutSink(): Sink {
  return {
    write: (text) =>
      new Promise((done, fail) => {
        process.stdout.write(text, (err) => (err ? fail(err) : done()));
      }),
    close() {},
  };
}

function fileSink(path: string): Sink {
  const fd = openSync(path, "wx", 0o600); // memories are private: never readable by others, never overwritten
  fchmodSync(fd, 0o600);
  return {
    write: async (text) => {
      writeSync(fd, text);
    },
    close: () => closeSync(fd),
  };
}

function requireProject(db: Db, projectId: string): void {
  if (!createAccountRepository(db).getProject(projectId)) throw new Error(`No such project: ${projectId}.`);
}

const FLUSH_CHARS = 256 * 1024;

async function writeExport(
  transfer: MemoryTransfer,
  header: Omit<ExportHeader, "memories" | "scope_users">,
  sink: Sink,
  progress: ProgressSink,
  signal: AbortSignal,
): Promise<{ memories: number; scope_users: number }> {
  return transfer.snapshot(async () => {
    const counts = transfer.count(header.project_id, header.include_forgotten);
    let buffer = `${JSON.stringify({ ...header, ...counts })}\n`;
    progress.stage("writing memories", counts.memories, "items");
    let written = 0;
    for (const m of transfer.memories(header.project_id, header.include_forgotten)) {
      buffer += `${JSON.stringify(m)}\n`;
      progress.update(++written);
      if (buffer.length >= FLUSH_CHARS) {
        await sink.write(buffer);
        buffer = "";
        signal.throwIfAborted();
      }
    }
    for (const u of transfer.scopeUsers(header.project_id)) buffer += `${JSON.stringify(u)}\n`;
    await sink.write(buffer);
    return counts;
  });
}

export function registerTransfer(admin: Command): void {
  withDataOptions(
    admin
      .command("export")
      .description("write a project's memories with their versions, sources, scopes and dates as JSON Lines"),
  )
    .requiredOption("--project <id>", "project id")
    .option("--out <file>", "write to this new file (owner-only) instead of stdout")
    .option("--include-forgotten", "include forgotten memories (left out by default)")
    .action(
      longAction(
        "export",
        async (
          { dataDir, json, progress, signal },
          opts: { project: string; out?: string; includeForgotten?: boolean },
        ) => {
          const db = await openExisting(dataDir);
          try {
            requireProject(db, opts.project);
            const transfer = createMemoryTransfer(db);
            const header = {
              type: "engram_export" as const,
              format: EXPORT_FORMAT,
              project_id: opts.project,
              exported_at: systemClock.now().toISOString(),
              engram_version: VERSION,
              schema_version: currentSchemaVersion(db),
              include_forgotten: opts.includeForgotten === true,
            };
            if (opts.out && existsSync(opts.out)) throw new Error(`${opts.out} exists already; give another --out.`);
            const sink = opts.out ? fileSink(opts.out) : stdoutSink();
            let counts: { memories: number; scope_users: number };
            try {
              counts = await writeExport(transfer, header, sink, progress, signal);
            } catch (err) {
              sink.close();
              if (opts.out) rmSync(opts.out, { force: true }); // no partial export left behind
              throw err;
            }
            sink.close();
            const value = { project_id: opts.project, ...counts, file: opts.out ?? null };
            const human = (v: typeof value) =>
              `exported ${v.memories} memories and ${v.scope_users} named users of ${v.project_id}${v.file ? ` to ${v.file}` : ""}`;
            if (opts.out) return { value, human };
            // stdout holds the export: the summary goes to stderr, and --json prints none.
            progress.stop();
            if (!json) process.stderr.write(`${human(value)}\n`);
            return null;
          } finally {
            db.close();
          }
        },
      ),
    );

  withDataOptions(
    admin
      .command("import")
      .description("store the memories of an export in a project as they were (no formation, no write charged)"),
  )
    .argument("<file>", "a file written by engram admin export")
    .requiredOption("--project <id>", "the project to import into")
    .option("--new-ids", "give every memory a new id (to copy memories that this server holds already)")
    .action(
      longAction(
        "import",
        async ({ dataDir, progress, signal }, file: string, opts: { project: string; newIds?: boolean }) => {
          if (!existsSync(file) || !statSync(file).isFile()) throw new Error(`No such file: ${file}.`);
          const db = await openExisting(dataDir);
          try {
            requireProject(db, opts.project);
            const transfer = createMemoryTransfer(db);
            const report = await importFile(transfer, file, opts.project, opts.newIds === true, progress, signal);
            return {
              value: report,
              human: (r: typeof report) =>
                [
                  `imported ${r.imported} memories into ${r.project_id}${r.skipped ? ` (${r.skipped} were there already and are left as they are)` : ""}${r.ids === "new" ? " under new ids" : ""}`,
                  `${r.relationships} relationships, ${r.scope_users} named users`,
                  "their vectors are made by the server's indexer (within 30 s while it runs, else when it starts); search finds them by their words meanwhile",
                ].join("\n"),
            };
          } finally {
            db.close();
          }
        },
      ),
    );
}

async function importFile(
  transfer: MemoryTransfer,
  file: string,
  projectId: string,
  newIds: boolean,
  progress: ProgressSink,
  signal: AbortSignal,
) {
  // First pass: every line checked before anything is stored.
  const checked = await readExport(file, { progress });
  const owners = transfer.owners(checked.ids);
  const elsewhere = [...owners].filter(([, p]) => p !== projectId);
  if (elsewhere.length > 0 && !newIds) {
    const [id, owner] = elsewhere[0]!;
    throw new Error(
      `${elsewhere.length} of the export's memory ids belong to another project on this server (${id} is in ${owner}): give --new-ids to import copies under new ids.`,
    );
  }
  const ids = new Map(newIds ? checked.ids.map((id) => [id, transfer.newId()]) : []);
  const idOf = (id: string) => ids.get(id) ?? id;
  // Second pass: the memories, a batch per transaction (the server's writes wait for none of them long).
  progress.stage("importing memories", checked.header.memories, "items");
  let imported = 0;
  let skipped = 0;
  const links: Parameters<MemoryTransfer["link"]>[1] = [];
  const users: Parameters<MemoryTransfer["nameUsers"]>[1] = [];
  await readExport(file, {
    onMemories(batch) {
      // Stopped between batches: those stored stay, and the same import run again goes on from there.
      signal.throwIfAborted();
      const r = transfer.importBatch(projectId, batch, idOf);
      imported += r.imported;
      skipped += r.skipped;
      for (const m of batch)
        for (const { target_id, ...l } of m.relationships) links.push({ from: idOf(m.id), to: idOf(target_id), ...l });
      progress.update(imported + skipped);
    },
    onScopeUser: (u) => users.push(u),
  });
  const relationships = transfer.link(projectId, links);
  const scope_users = transfer.nameUsers(projectId, users);
  return { project_id: projectId, imported, skipped, relationships, scope_users, ids: newIds ? "new" : "kept" };
}
