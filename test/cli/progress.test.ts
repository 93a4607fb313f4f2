// The progress display of the long admin commands: a bar on a terminal, plain lines elsewhere,
// nothing with --json; always on the stream it is given (stderr), never on stdout.
import { describe, expect, test } from "bun:test";
import { createProgress, formatAmount } from "../../src/cli/progress.ts";

function output(isTTY: boolean) {
  const out = {
    isTTY,
    text: "",
    write(t: string) {
      out.text += t;
      return true;
    },
  };
  return out;
}

describe("progress of the long admin commands", () => {
  test("without a terminal: a line at the start, every tenth of the way and at the end of each stage", () => {
    const out = output(false);
    const p = createProgress("engram admin export", { out });
    p.stage("writing memories", 40, "items");
    for (let i = 1; i <= 40; i++) p.update(i);
    p.stage("copying the database", 3 * 1024 * 1024, "bytes");
    p.update(1024 * 1024);
    p.update(3 * 1024 * 1024);
    p.stop();
    const lines = out.text.trimEnd().split("\n");
    expect(lines.slice(0, 3)).toEqual([
      "engram admin export: writing memories 0% (0 of 40)",
      "engram admin export: writing memories 10% (4 of 40)",
      "engram admin export: writing memories 20% (8 of 40)",
    ]);
    expect(lines).toContain("engram admin export: writing memories 100% (40 of 40)");
    expect(lines.filter((l) => l.includes("writing memories"))).toHaveLength(11);
    expect(lines.slice(-3)).toEqual([
      "engram admin export: copying the database 0% (0 B of 3.0 MiB)",
      "engram admin export: copying the database 30% (1.0 MiB of 3.0 MiB)",
      "engram admin export: copying the database 100% (3.0 MiB of 3.0 MiB)",
    ]);
  });

  test("a one-step stage shows its end only, and a stage with nothing to do shows as done", () => {
    const out = output(false);
    const p = createProgress("engram admin backup", { out });
    p.stage("checking the copy", 1, "items");
    p.update(1);
    p.stage("copying the vector files", 0, "bytes");
    expect(out.text).toBe(
      "engram admin backup: checking the copy 100% (1 of 1)\nengram admin backup: copying the vector files 100% (0 B of 0 B)\n",
    );
  });

  test("on a terminal: a bar redrawn in place, ended with a new line", () => {
    const out = output(true);
    const p = createProgress("engram admin import", { out });
    p.stage("importing memories", 10, "items");
    p.update(5);
    p.update(10);
    p.stop();
    expect(out.text).toContain("engram admin import: importing memories [");
    expect(out.text).toContain("100% | 10 of 10");
    expect(out.text).toContain("\x1b[?25l"); // the cursor hidden while it runs, and shown again
    expect(out.text).toContain("\x1b[?25h");
    expect(out.text.endsWith("\n")).toBe(true);
  });

  test("--json: nothing at all", () => {
    const out = output(true);
    const p = createProgress("engram admin restore", { json: true, out });
    p.stage("copying the backup", 100, "bytes");
    p.update(100);
    p.stop();
    expect(out.text).toBe("");
  });

  test("amounts: bytes in binary units, items as counts", () => {
    expect(formatAmount(0, "bytes")).toBe("0 B");
    expect(formatAmount(1536, "bytes")).toBe("1.5 KiB");
    expect(formatAmount(5 * 1024 ** 3, "bytes")).toBe("5.0 GiB");
    expect(formatAmount(1234, "items")).toBe("1234");
  });
});
