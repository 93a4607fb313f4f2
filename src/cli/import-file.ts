// Reading an export file (memories/transfer-schema.ts) line by line: every line parsed and checked
// against the schema, the memories handed on in batches. `engram admin import` reads a file twice:
// once to check all of it before storing anything, once to store it.
import { createReadStream, statSync } from "node:fs";
import { createInterface } from "node:readline";
import type { ProgressSink } from "../domain/progress.ts";
import { ApiError } from "../errors/api-error.ts";
import { createValidator } from "../shared/validate.ts";
import {
  EXPORT_FORMAT,
  ExportedMemory,
  ExportedScopeUser,
  ExportHeader,
  versionProblem,
} from "../memories/transfer-schema.ts";

const checkHeader = createValidator(ExportHeader);
const checkMemory = createValidator(ExportedMemory);
const checkUser = createValidator(ExportedScopeUser);

const BATCH = 200;

export interface ExportFile {
  header: ExportHeader;
  /** The memories' ids, in the file's order. */
  ids: string[];
}

/** Throws "FILE, line N: <what is wrong>" for a line that fails its schema. */
function parseLine<T>(check: { parse(v: unknown): T }, value: unknown, where: string): T {
  try {
    return check.parse(value);
  } catch (err) {
    if (err instanceof ApiError && err.errors) {
      const fields = Object.entries(err.errors).map(([path, messages]) => `${path} ${messages.join(", ")}`);
      throw new Error(`${where}: ${fields.join("; ")}`);
    }
    throw err;
  }
}

export async function readExport(
  file: string,
  opts: {
    /** Told the bytes read (the first pass). */
    progress?: ProgressSink;
    /** Given the memories a batch at a time, in the file's order (the second pass). */
    onMemories?(batch: ExportedMemory[]): void;
    onScopeUser?(user: ExportedScopeUser): void;
  } = {},
): Promise<ExportFile> {
  const size = statSync(file).size;
  opts.progress?.stage(`checking ${file}`, size, "bytes");
  const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
  let header: ExportHeader | null = null;
  const ids: string[] = [];
  const seen = new Set<string>();
  let batch: ExportedMemory[] = [];
  let lineNo = 0;
  let bytes = 0;
  for await (const line of lines) {
    lineNo++;
    bytes += Buffer.byteLength(line) + 1;
    opts.progress?.update(Math.min(bytes, size));
    if (line.trim() === "") continue;
    const where = `${file}, line ${lineNo}`;
    let value: { type?: unknown };
    try {
      value = JSON.parse(line);
    } catch {
      throw new Error(`${where} is not JSON: this is not a file written by engram admin export.`);
    }
    if (!header) {
      if (value?.type !== "engram_export")
        throw new Error(`${file} does not start with an export header: it was not written by engram admin export.`);
      header = parseLine(checkHeader, value, where);
      if (header.format > EXPORT_FORMAT)
        throw new Error(
          `${file} is of export format ${header.format}, newer than this Engram reads (${EXPORT_FORMAT}).`,
        );
      continue;
    }
    if (value?.type === "memory") {
      const m = parseLine(checkMemory, value, where);
      const problem = versionProblem(m);
      if (problem) throw new Error(`${where}: memory ${m.id} ${problem}`);
      if (seen.has(m.id)) throw new Error(`${where}: memory ${m.id} is in the file twice`);
      seen.add(m.id);
      ids.push(m.id);
      if (opts.onMemories && batch.push(m) >= BATCH) {
        opts.onMemories(batch);
        batch = [];
      }
    } else if (value?.type === "scope_user") {
      const u = parseLine(checkUser, value, where);
      opts.onScopeUser?.(u);
    } else {
      throw new Error(`${where}: unknown line type ${JSON.stringify(value?.type)}`);
    }
  }
  if (!header) throw new Error(`${file} is empty: it was not written by engram admin export.`);
  if (ids.length !== header.memories)
    throw new Error(
      `${file} holds ${ids.length} memories where its header says ${header.memories}: it was cut short or changed.`,
    );
  if (batch.length > 0) opts.onMemories?.(batch);
  return { header, ids };
}
