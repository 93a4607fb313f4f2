// Progress of the long admin commands (backup, restore, export, import, reindex --wait): a bar on a
// terminal (cli-progress), plain lines when stderr is not one (a log file, a pipe, systemd), nothing
// with --json. Always on stderr: stdout carries the command's result (export writes its memories there).
import { SingleBar } from "cli-progress";
import type { ProgressSink, ProgressUnit } from "../domain/progress.ts";

export interface CommandProgress extends ProgressSink {
  /** Ends the display; call it before printing anything else (an error, the result). */
  stop(): void;
}

/** Where progress goes: process.stderr, or a stand-in in tests. */
export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): boolean;
}

const UNITS = ["B", "KiB", "MiB", "GiB", "TiB"];

export function formatAmount(n: number, unit: ProgressUnit): string {
  if (unit === "items") return String(n);
  let v = n;
  let i = 0;
  while (v >= 1024 && i < UNITS.length - 1) {
    v /= 1024;
    i++;
  }
  return i === 0 ? `${v} B` : `${v.toFixed(1)} ${UNITS[i]}`;
}

const percent = (done: number, total: number) => (total <= 0 ? 100 : Math.floor((100 * done) / total));

/** Plain lines: the start of each stage, every tenth of the way, and its end. */
function lines(command: string, out: ProgressOutput): CommandProgress {
  let stage: { label: string; total: number; unit: ProgressUnit; shown: number } | null = null;
  const show = (done: number) => {
    if (!stage) return;
    const p = percent(done, stage.total);
    const step = p >= 100 ? 100 : p - (p % 10);
    if (step <= stage.shown || (stage.total <= 1 && step < 100)) return; // a one-step stage: its end only
    stage.shown = step;
    const { label, total, unit } = stage;
    out.write(`${command}: ${label} ${step}% (${formatAmount(done, unit)} of ${formatAmount(total, unit)})\n`);
  };
  return {
    stage(label, total, unit) {
      stage = { label, total, unit, shown: -1 };
      show(0);
    },
    update: show,
    stop() {
      stage = null;
    },
  };
}

/** A bar redrawn in place. */
function bar(command: string, out: ProgressOutput): CommandProgress {
  let current: { bar: SingleBar; unit: ProgressUnit; total: number } | null = null;
  const amount = (done: number, c: { unit: ProgressUnit; total: number }) =>
    `${formatAmount(done, c.unit)} of ${formatAmount(c.total, c.unit)}`;
  const stop = () => {
    current?.bar.stop();
    current = null;
  };
  return {
    stage(label, total, unit) {
      stop();
      const b = new SingleBar({
        stream: out as NodeJS.WritableStream,
        format: `${command}: ${label} [{bar}] {percentage}% | {amount}`,
        barsize: 30,
        hideCursor: true,
        clearOnComplete: false,
        // Not gracefulExit: its SIGINT listener would keep the process alive; command.ts stops the bar.
      });
      current = { bar: b, unit, total };
      // A stage with nothing to do shows as complete (cli-progress divides by the total).
      b.start(Math.max(total, 1), total > 0 ? 0 : 1, { amount: amount(0, current) });
    },
    update(done) {
      if (current && current.total > 0) current.bar.update(done, { amount: amount(done, current) });
    },
    stop,
  };
}

const silent: CommandProgress = { stage() {}, update() {}, stop() {} };

/**
 * The progress display of one command (`command` starts each line, e.g. "engram admin backup"):
 * silent with --json, a bar when `out` is a terminal, plain lines otherwise.
 */
export function createProgress(command: string, opts: { json?: boolean; out?: ProgressOutput } = {}): CommandProgress {
  if (opts.json) return silent;
  const out = opts.out ?? process.stderr;
  return out.isTTY ? bar(command, out) : lines(command, out);
}
