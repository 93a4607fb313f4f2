// The compiled binary's backup: `engram admin backup` copies the database on a worker thread whose
// entry the binary must carry (build.ts), from a directory with no source or node_modules near it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { buildBinary, killChildren, runCli, runJson, tempDir } from "./support.ts";

let root: string;
let cli: string[];
let binDir: string;

beforeAll(async () => {
  root = tempDir("engram-e2e-binary-backup-");
  binDir = await buildBinary(root);
  cli = [join(binDir, "engram")];
}, 60_000);

afterAll(async () => {
  await killChildren();
  rmSync(root, { recursive: true, force: true });
});

test("the binary backs a data directory up and restores it", async () => {
  const data = join(root, "data");
  const account = await runJson(cli, ["admin", "account", "create", "--name", "B", "--data", data], { cwd: binDir });
  const file = join(root, "backup.db");
  const backup = await runCli(cli, ["admin", "backup", "--to", file, "--data", data], { cwd: binDir });
  expect(backup.stderr).toContain("engram admin backup: copying the database 100%");
  expect(backup.code).toBe(0);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const restored = join(root, "restored");
  const r = await runJson(cli, ["admin", "restore", "--from", file, "--data", restored], { cwd: binDir });
  expect(r.counts.accounts).toBe(1);
  const check = await runJson(cli, ["admin", "check", "--data", restored], { cwd: binDir });
  expect(check.ok).toBe(true);
  const accounts = await runJson(cli, ["admin", "account", "list", "--data", restored], { cwd: binDir });
  expect(accounts.map((a: { id: string }) => a.id)).toEqual([account.id]);
  const version = await runCli(cli, ["--version"], { cwd: binDir });
  expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
}, 30_000);
