// deploy/engram.service: hardened (its own user, a read-only system but for the data directory, no
// new privileges), consistent with the server's settings and the README's four install commands, and
// accepted by `systemd-analyze verify` where systemd is installed.
import { describe, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REPO_ROOT } from "../e2e/support.ts";

const UNIT = readFileSync(join(REPO_ROOT, "deploy/engram.service"), "utf8");

/** Sections of a unit file, each key with all its values in order (comments and blank lines dropped). */
function parseUnit(text: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let current: Record<string, string[]> | null = null;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const section = /^\[(.+)\]$/.exec(line);
    if (section) {
      current = sections[section[1]!] ??= {};
      continue;
    }
    const eq = line.indexOf("=");
    if (!current || eq < 1) throw new Error(`not a unit file line: ${line}`);
    const key = line.slice(0, eq).trim();
    current[key] ??= [];
    current[key].push(line.slice(eq + 1).trim());
  }
  return sections;
}

const unit = parseUnit(UNIT);
const service = unit.Service!;
const one = (key: string) => service[key]?.at(-1);
const environment = Object.fromEntries(
  (service.Environment ?? []).flatMap((e) => e.split(/\s+/)).map((kv) => kv.split("=") as [string, string]),
);

describe("the systemd unit", () => {
  test("runs engram serve as its own user, with the hardening keys", () => {
    expect(one("ExecStart")).toMatch(/^\/\S+\/engram serve(\s|$)/);
    expect(one("User") === "engram" || one("DynamicUser") === "yes").toBe(true);
    expect(one("User")).not.toBe("root");
    expect(one("NoNewPrivileges")).toBe("yes");
    expect(one("ProtectSystem")).toBe("strict");
    expect(one("PrivateTmp")).toBe("yes");
    expect(["yes", "read-only", "tmpfs"]).toContain(one("ProtectHome") ?? "no");
    expect(one("PrivateDevices")).toBe("yes");
    expect(one("CapabilityBoundingSet")).toBe("");
    // The JavaScript engine's JIT writes code pages: this one would stop the server.
    expect(one("MemoryDenyWriteExecute")).toBeUndefined();
    expect(one("Restart")).toBe("on-failure");
    expect(one("KillSignal") ?? "SIGTERM").toBe("SIGTERM"); // the server's clean shutdown
    expect(unit.Install?.WantedBy).toEqual(["multi-user.target"]);
  });

  test("the data directory is the state directory, owner-only, and the one path it may write", () => {
    const dataDir = environment.ENGRAM_DATA_DIR ?? /--data\s+(\S+)/.exec(one("ExecStart")!)?.[1];
    expect(dataDir).toBe(`/var/lib/${one("StateDirectory")}`);
    expect(service.ReadWritePaths).toEqual([dataDir!]);
    expect(one("StateDirectoryMode")).toBe("0700");
    // Every setting it gives is one the server reads.
    const config = readFileSync(join(REPO_ROOT, "src/config.ts"), "utf8");
    for (const name of Object.keys(environment))
      expect([name, new RegExp(`\\b${name}\\b`).test(config)]).toEqual([name, true]);
  });

  test("the README installs it in four commands that match the unit", () => {
    const readme = readFileSync(join(REPO_ROOT, "README.md"), "utf8");
    const section = readme.slice(readme.indexOf("### As a systemd service"), readme.indexOf("## Administration"));
    const commands = /```sh\n([\s\S]*?)```/.exec(section)![1]!.trim().split("\n");
    expect(commands).toHaveLength(4);
    const binary = one("ExecStart")!.split(" ")[0]!;
    expect(commands[0]).toContain(binary);
    expect(commands.join("\n")).toContain(
      `useradd --system --user-group --no-create-home --shell /usr/sbin/nologin ${one("User")}`,
    );
    expect(commands.join("\n")).toContain("install -m 0644 deploy/engram.service /etc/systemd/system/engram.service");
    expect(commands[3]).toBe("sudo systemctl enable --now engram");
  });

  test("systemd-analyze verify accepts it (where systemd is installed)", async () => {
    const analyze = Bun.which("systemd-analyze");
    if (!analyze) return; // not on this machine: the checks above stand alone
    const dir = mkdtempSync(join(tmpdir(), "engram-unit-"));
    try {
      // verify wants the program to exist: the unit as shipped, run by an executable that does.
      const file = join(dir, "engram.service");
      writeFileSync(file, UNIT.replace(/^ExecStart=\S+/m, `ExecStart=${process.execPath}`));
      const proc = Bun.spawn([analyze, "verify", file], { stdout: "pipe", stderr: "pipe" });
      const [stderr, code] = await Promise.all([new Response(proc.stderr).text(), proc.exited]);
      expect(stderr.split("\n").filter((l) => l.includes("engram.service"))).toEqual([]);
      expect(code).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
