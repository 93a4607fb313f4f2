// Headless Chromium for the dashboard's browser test: the Debian package, installed with apt-get when
// it is missing (a fresh CI machine), driven by playwright-core. A machine where it cannot be installed
// fails the test with a message saying so: the browser test is never skipped silently.
import { existsSync } from "node:fs";
import { chromium, type Browser } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

export function ensureChromium(): void {
  if (existsSync(CHROMIUM)) return;
  const run = (cmd: string[]) =>
    Bun.spawnSync(cmd, {
      stdout: "inherit",
      stderr: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  const update = run(["apt-get", "update"]);
  const install =
    update.exitCode === 0 ? run(["apt-get", "install", "-y", "--no-install-recommends", "chromium"]) : update;
  if (install.exitCode !== 0 || !existsSync(CHROMIUM))
    throw new Error(
      `The dashboard's browser test needs headless Chromium at ${CHROMIUM} (Debian package "chromium"), and ` +
        "`apt-get install -y chromium` failed: install it (as root) and run the tests again.",
    );
}

export function launchChromium(): Promise<Browser> {
  ensureChromium();
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}
