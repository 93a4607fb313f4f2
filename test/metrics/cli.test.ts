// `engram serve`'s metrics settings as a user gives them: ENGRAM_METRICS_PORT in the environment of a
// real process, whose printed address is scraped; a bad --metrics-port refused before anything starts.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { killChildren, runCli, SOURCE_CLI, startServer, tempDir } from "../e2e/support.ts";
import { parseExposition, sampleOf } from "./exposition.ts";

const dirs: string[] = [];
afterAll(async () => {
  await killChildren();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

describe("engram serve's metrics settings", () => {
  test("ENGRAM_METRICS_PORT=0: the server prints where its metrics are, and they are there", async () => {
    const dataDir = tempDir("engram-metrics-cli-");
    dirs.push(dataDir);
    const server = await startServer(SOURCE_CLI, { dataDir, env: { ENGRAM_METRICS_PORT: "0" } });
    const url = /Metrics for Prometheus at (http:\/\/127\.0\.0\.1:\d+\/metrics)/.exec(server.stdout())?.[1];
    expect(url).toBeDefined();
    expect((await fetch(`${server.url}/health`)).status).toBe(200);
    const e = parseExposition(await (await fetch(url!)).text());
    expect(sampleOf(e, "engram_http_requests_total", { method: "GET", route: "/health", status: "200" })).toBe(1);
    expect(await server.stop("SIGTERM")).toBe(0);
  });

  test("a --metrics-port that is neither a port nor off is refused with one line", async () => {
    const dataDir = tempDir("engram-metrics-cli-");
    dirs.push(dataDir);
    const r = await runCli(SOURCE_CLI, ["serve", "--data", dataDir, "--metrics-port", "prometheus"]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("expected a port number from 0 to 65535, or off.");
    expect(r.stdout).not.toContain("listening");
  });

  test("serve --help names the metrics flags", async () => {
    const r = await runCli(SOURCE_CLI, ["serve", "--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("--metrics-port <port>");
    expect(r.stdout).toContain("--metrics-host <host>");
  });
});
