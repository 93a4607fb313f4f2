// `engram --version` prints the version, the same as package.json's.
import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT, runCli, SOURCE_CLI } from "../e2e/support.ts";
import { VERSION } from "../../src/version.ts";

test("engram --version (and -V) prints the version, the same as package.json's", async () => {
  const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
  expect(VERSION).toBe(pkg.version);
  for (const flag of ["--version", "-V"]) {
    const r = await runCli(SOURCE_CLI, [flag]);
    expect(r).toEqual({ code: 0, stdout: `${pkg.version}\n`, stderr: "" });
  }
});
