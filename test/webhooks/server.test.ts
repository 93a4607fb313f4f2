// Webhooks with real server processes (`bun src/main.ts serve`, formation in its own thread) and a
// real receiver: a kill -9 while the receiver holds a delivery loses nothing (the restart sends it
// again, same webhook-id and body), and formation goes on while the receiver holds every request.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import {
  client,
  killChildren,
  listAll,
  pollUntil,
  runCli,
  runJson,
  SOURCE_CLI,
  startServer,
  tempDir,
} from "../e2e/support.ts";
import { type Receiver, startReceiver, verify } from "./support.ts";

const dirs: string[] = [];
const receivers: Receiver[] = [];
afterAll(async () => {
  await killChildren();
  for (const r of receivers) await r.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const ENV = {
  ENGRAM_WEBHOOK_BACKOFF_BASE_MS: "20",
  ENGRAM_WEBHOOK_BACKOFF_MAX_MS: "200",
  ENGRAM_WEBHOOK_TIMEOUT_MS: "60000",
};

async function firstStart() {
  const dataDir = tempDir("engram-webhooks-");
  dirs.push(dataDir);
  const server = await startServer(SOURCE_CLI, { dataDir, env: ENV });
  const key = /API key:\s+(\S+)/.exec(server.stdout())?.[1];
  const project = /project:\s+(prj_\S+)/.exec(server.stdout())?.[1];
  if (!key || !project) throw new Error(`no key or project printed on first start:\n${server.stdout()}`);
  const receiver = startReceiver();
  receivers.push(receiver);
  return { dataDir, server, api: client(server.url, key), project, receiver };
}

async function subscribe(dataDir: string, project: string, url: string, events: string) {
  const args = ["admin", "webhook", "create", "--data", dataDir, "--project", project, "--url", url];
  return runJson<{ id: string; secret: string }>(SOURCE_CLI, [...args, "--events", events]);
}

const deliveries = (dataDir: string, project: string) =>
  runJson<Array<{ id: string; status: string; attempts: number; last_status: number | null }>>(SOURCE_CLI, [
    "admin",
    "webhook",
    "deliveries",
    "--data",
    dataDir,
    "--project",
    project,
  ]);

describe("webhooks with a real server process", () => {
  test("kill -9 while the receiver holds a delivery: the restart sends it again with the same webhook-id", async () => {
    const { dataDir, server, api, project, receiver } = await firstStart();
    receiver.hold();
    const hook = await subscribe(dataDir, project, receiver.url, "memory.created");
    const r = await api.call("POST", "/v1/memories", { content: "Ada's kayak is red.", infer: false });
    expect(r.status).toBe(202);

    const [first] = await receiver.waitFor(1); // in flight, unanswered
    expect(await server.stop("SIGKILL")).toBeNull();
    expect(await deliveries(dataDir, project)).toMatchObject([{ id: first!.id, status: "pending", attempts: 0 }]);
    const human = await runCli(SOURCE_CLI, ["admin", "webhook", "deliveries", "--data", dataDir, "--project", project]);
    expect(human.stdout).toContain(`${first!.id}  memory.created`);
    expect(human.stdout).toContain("pending   attempts 0  last not tried yet");

    receiver.respond(() => 204);
    const again = await startServer(SOURCE_CLI, { dataDir, env: ENV });
    const [, second] = await receiver.waitFor(2);
    expect(second!.id).toBe(first!.id);
    expect(second!.body).toBe(first!.body);
    expect(verify(hook.secret, second!)).toMatchObject({
      type: "memory.created",
      data: { project_id: project, content: "Ada's kayak is red.", version: 1 },
    });
    expect(await again.stop("SIGTERM")).toBe(0); // an answer in flight is recorded before it exits
    expect(await deliveries(dataDir, project)).toMatchObject([
      { id: first!.id, status: "delivered", attempts: 1, last_status: 204 },
    ]);
    expect(receiver.received).toHaveLength(2);
  }, 60_000);

  test("the formation thread forms every write while the receiver holds every request", async () => {
    const { dataDir, server, api, project, receiver } = await firstStart();
    receiver.hold();
    await subscribe(dataDir, project, receiver.url, "memory.created,formation.completed");
    const texts = Array.from({ length: 12 }, (_, i) => `Hanging note ${i}: the gull count was ${i}.`);
    for (const content of texts)
      expect((await api.call("POST", "/v1/memories", { content, infer: false })).status).toBe(202);

    await receiver.waitFor(1);
    await pollUntil(
      async () => {
        const listed = new Set((await listAll(api)).map((m) => m.content));
        return texts.every((t) => listed.has(t));
      },
      "every write formed",
      20_000,
    );
    expect(receiver.received.every((r) => r.answered === null)).toBe(true); // formed while every delivery hung

    receiver.respond(() => 204);
    receiver.release();
    const got = await receiver.waitFor(24);
    expect(new Set(got.map((r) => r.id)).size).toBe(24);
    expect(await server.stop("SIGTERM")).toBe(0);
    const listed = await deliveries(dataDir, project);
    expect(listed.filter((d) => d.status === "delivered")).toHaveLength(24);
  }, 60_000);
});

describe("engram admin webhook", () => {
  test("create shows the secret once; list, deliveries and delete; wrong input exits 1", async () => {
    const dataDir = tempDir("engram-webhooks-cli-");
    dirs.push(dataDir);
    const data = ["--data", dataDir];
    const account = await runJson<{ demo_project_id: string }>(SOURCE_CLI, [
      "admin",
      "account",
      "create",
      "--name",
      "T",
      ...data,
    ]);
    const project = ["--project", account.demo_project_id];
    const url = "https://hooks.example.com/engram";

    const human = await runCli(SOURCE_CLI, ["admin", "webhook", "create", ...data, ...project, "--url", url]);
    expect(human.code).toBe(0);
    const secret = /secret\s+(whsec_\S+)/.exec(human.stdout)?.[1];
    expect(secret).toBeDefined();
    expect(human.stdout).toContain("shown once");
    expect(human.stdout).toContain(
      "memory.created, memory.updated, memory.forgotten, formation.completed, formation.failed",
    );

    const made = await runJson(SOURCE_CLI, [
      "admin",
      "webhook",
      "create",
      ...data,
      ...project,
      "--url",
      url,
      "--events",
      "memory.forgotten",
    ]);
    expect(made).toMatchObject({ url, events: ["memory.forgotten"], project_id: account.demo_project_id });
    expect(made.secret).toMatch(/^whsec_/);
    expect(made.secret).not.toBe(secret);

    const listed = await runCli(SOURCE_CLI, ["admin", "webhook", "list", ...data, ...project]);
    expect(listed.stdout.trim().split("\n")).toHaveLength(2);
    expect(listed.stdout).toContain(made.id);
    expect(listed.stdout).not.toContain("whsec_");
    const json = await runJson<Array<Record<string, unknown>>>(SOURCE_CLI, [
      "admin",
      "webhook",
      "list",
      ...data,
      ...project,
    ]);
    expect(json.map((w) => Object.keys(w).sort())).toEqual(
      Array(2).fill(["created_at", "events", "id", "project_id", "url"]),
    );

    expect(await runJson(SOURCE_CLI, ["admin", "webhook", "deliveries", ...data, ...project])).toEqual([]);
    expect((await runCli(SOURCE_CLI, ["admin", "webhook", "deliveries", ...data, ...project])).stdout).toBe(
      "(no deliveries)\n",
    );
    expect(await runJson(SOURCE_CLI, ["admin", "webhook", "delete", made.id, ...data])).toEqual({ id: made.id });
    expect((await runJson<unknown[]>(SOURCE_CLI, ["admin", "webhook", "list", ...data, ...project])).length).toBe(1);

    const ftp = await runCli(SOURCE_CLI, [
      "admin",
      "webhook",
      "create",
      ...data,
      ...project,
      "--url",
      "ftp://x/y",
      "--json",
    ]);
    expect(ftp.code).toBe(1);
    expect(JSON.parse(ftp.stderr)).toEqual({
      error: "validation_error",
      message: "Webhook URLs must be http or https, not ftp.",
    });
    const gone = await runCli(SOURCE_CLI, ["admin", "webhook", "delete", made.id, ...data]);
    expect(gone.code).toBe(1);
    expect(gone.stderr).toBe(`engram admin webhook: No webhook ${made.id}.\n`);
  }, 60_000);
});
