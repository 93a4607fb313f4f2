// What a long operation reports as it goes (backup, restore, export, import, reindex): the layer that
// does the work says how far it is, the command line shows it (cli/progress.ts: a bar on a terminal,
// plain lines otherwise, nothing with --json).

export type ProgressUnit = "bytes" | "items";

export interface ProgressSink {
  /** A new stage of the work: what it is, how much there is to do and in what unit. */
  stage(label: string, total: number, unit: ProgressUnit): void;
  /** How much of the current stage is done (at most its total). */
  update(done: number): void;
}

/** Reports nothing (library callers and tests). */
export const noProgress: ProgressSink = { stage() {}, update() {} };
