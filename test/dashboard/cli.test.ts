// `engram admin user create|link|list`: the one-time link to set a dashboard password, from the CLI.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { tempDir } from "../helpers.ts";

const dataDir = tempDir("engram-users-");
const MAIN = join(import.meta.dir, "../../src/main.ts");
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function admin(...args: string[]) {
  const r = Bun.spawnSync(["bun", MAIN, "admin", ...args, "--data", dataDir, "--json"], {
    env: { ...process.env, ENGRAM_PUBLIC_URL: "https://engram.example.com" },
  });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
}

describe("engram admin user", () => {
  test("create prints a one-time link to set the password; link makes a new one; list shows the users", () => {
    const account = JSON.parse(admin("account", "create", "--name", "Acme").out) as { id: string };
    const made = admin("user", "create", "--account", account.id, "--email", "ada@example.com", "--role", "admin");
    expect(made.code).toBe(0);
    const v = JSON.parse(made.out);
    expect(v.user).toMatchObject({ email: "ada@example.com", role: "admin", has_password: false });
    expect(v.link).toMatch(/^https:\/\/engram\.example\.com\/dashboard\/set-password\?token=[A-Za-z0-9_-]{43}$/);
    const again = admin("user", "create", "--account", account.id, "--email", "ADA@example.com");
    expect(again.code).toBe(1);
    expect(JSON.parse(again.err)).toMatchObject({ error: "conflict" });
    const fresh = JSON.parse(admin("user", "link", "--email", "ada@example.com").out);
    expect(fresh.link).not.toBe(v.link);
    expect(JSON.parse(admin("user", "list", "--account", account.id).out)).toHaveLength(1);
    const bad = admin("user", "create", "--account", account.id, "--email", "not-an-email");
    expect(bad.code).toBe(1);
  });
});
