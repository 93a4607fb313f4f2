// The one end-to-end test of the real binary: built once, moved to a directory with no node_modules
// anywhere near it, driven through its command line and over HTTP on 127.0.0.1.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, rmSync } from "node:fs";
import { join } from "node:path";
import {
  buildBinary,
  client,
  killChildren,
  pollUntil,
  runCli,
  runJson,
  startServer,
  tempDir,
  type ServerProcess,
} from "./support.ts";

let root: string;
let cli: string[];
let binDir: string;
let dataDir: string;
let server: ServerProcess;

beforeAll(async () => {
  root = tempDir("engram-e2e-binary-");
  binDir = await buildBinary(root);
  cli = [join(binDir, "engram")];
  dataDir = join(root, "data");
  server = await startServer(cli, { dataDir, cwd: binDir });
}, 60_000);

afterAll(async () => {
  await killChildren();
  rmSync(root, { recursive: true, force: true });
});

const admin = (...args: string[]) => runJson(cli, ["admin", ...args, "--data", dataDir], { cwd: binDir });
const adminRaw = (...args: string[]) => runCli(cli, ["admin", ...args, "--data", dataDir], { cwd: binDir });

// State built up by the tests below, in order.
let accountId: string;
let projectId: string;
let keyId: string;
let api: ReturnType<typeof client>;
let keptId: string;

describe("the compiled binary", () => {
  test("it runs from a directory with no node_modules beside it", () => {
    expect(existsSync(join(binDir, "node_modules"))).toBe(false);
    expect(existsSync(join(root, "node_modules"))).toBe(false);
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  });

  test("the first start on an empty data directory prints an API key, and that key works", async () => {
    const key = /API key:\s+(\S+)/.exec(server.stdout())?.[1];
    expect(key).toStartWith("engram_sk_");
    const r = await client(server.url, key!).json("GET", "/v1/memories");
    expect(r.status).toBe(200);
    expect(r.body.object).toBe("list");
    expect(r.body.data.length).toBeGreaterThan(0); // the Demo Project's sample memories
  });

  test("admin commands create an account, a project and a key that the running server accepts", async () => {
    const account = await admin("account", "create", "--name", "X", "--plan", "scale");
    expect(account.id).toStartWith("acct_");
    expect(account.demo_project_id).toStartWith("prj_");
    accountId = account.id;
    projectId = (await admin("project", "create", "--account", accountId, "--name", "E2E")).id;
    expect(projectId).toStartWith("prj_");
    const key = await admin("key", "create", "--project", projectId, "--name", "e2e");
    expect(key.id).toStartWith("key_");
    expect(key.key).toStartWith("engram_sk_");
    keyId = key.id;
    api = client(server.url, key.key);
    const r = await api.json("GET", "/v1/memories");
    expect(r).toEqual({ status: 200, body: { object: "list", data: [], has_more: false } });
  });

  test("a memory is accepted, formed, read, searched, recalled, put in context, inspected, rated and forgotten", async () => {
    const text = "Caroline adopted a golden retriever named Biscuit.";
    expect((await api.call("POST", "/v1/memories", { content: text, infer: false })).status).toBe(202);
    expect(
      (await api.call("POST", "/v1/memories", { content: "Melanie paints sunsets on weekends.", infer: false })).status,
    ).toBe(202);
    const formed = await pollUntil(async () => {
      const list = await api.json("GET", "/v1/memories");
      return list.body.data.length === 2 ? list.body.data : null;
    }, "both memories to be listed");
    const id = formed.find((m: { content: string }) => m.content === text).id;
    keptId = formed.find((m: { content: string }) => m.content !== text).id;

    const got = await api.json("GET", `/v1/memories/${id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ object: "memory", id, status: "active", content: text });
    const search = await api.json("POST", "/v1/memories/search", { query: "golden retriever" });
    expect(search.status).toBe(200);
    expect(search.body.data[0].id).toBe(id);
    const recall = await api.json("POST", "/v1/memories/recall", { query: "What dog did Caroline adopt?" });
    expect(recall.status).toBe(200);
    expect(recall.body.id).toBe(id);
    const context = await api.json("POST", "/v1/memories/context", { query: "Caroline golden retriever" });
    expect(context.status).toBe(200);
    expect(context.body.object).toBe("context");
    expect(context.body.memory_ids).toContain(id);
    const inspect = await api.json("GET", `/v1/memories/${id}/inspect`);
    expect(inspect.status).toBe(200);
    expect(inspect.body).toMatchObject({ object: "memory_inspection", memory: { id } });
    expect(inspect.body.versions).toHaveLength(1);
    expect((await api.call("PUT", `/v1/memories/${id}/feedback`, { rating: "positive" })).status).toBe(204);
    expect((await api.call("DELETE", `/v1/memories/${id}`)).status).toBe(202);
    expect((await api.call("GET", `/v1/memories/${id}`)).status).toBe(404);
  });

  test("admin usage shows the reads this test made and the memories stored", async () => {
    expect(api.readsCharged).toBeGreaterThan(10);
    const usage = await admin("usage", "--account", accountId);
    expect(Object.keys(usage).sort()).toEqual(["memories", "reads", "resets_at", "writes"]);
    expect(usage.reads).toBe(api.readsCharged);
    expect(usage.writes).toBe(2);
    expect(usage.memories).toBe(1); // the forgotten one no longer counts
    expect(usage.resets_at).toMatch(/^\d{4}-\d{2}-01T00:00:00\.000Z$/);
  });

  test("an import is formed by the embedded extractor inside the binary (its NLP models are bundled)", async () => {
    const messages = [
      {
        role: "user",
        speaker: "Caroline",
        content:
          "Hi Mel! I went to a pottery workshop yesterday. Look at this bowl! [shares a photo: a bowl with a blue glaze]",
        occurred_at: "2023-05-08T13:56:00Z",
      },
      {
        role: "user",
        speaker: "Melanie",
        content: "Wow, that's great! I love painting sunsets with my kids.",
        occurred_at: "2023-05-08T13:57:00Z",
      },
    ];
    expect((await api.call("POST", "/v1/memories/import", { messages })).status).toBe(202);
    const formed = await pollUntil(async () => {
      const list = await api.json("GET", "/v1/memories?limit=20");
      const texts = list.body.data.map((m: { content: string }) => m.content);
      return texts.length >= 2 ? texts : null;
    }, "the imported facts to be listed");
    expect(formed).toEqual(
      expect.arrayContaining([
        "Caroline went to a pottery workshop on 7 May 2023. Caroline shared a photo of a bowl with a blue glaze.",
        "Melanie loves painting sunsets with Melanie's kids.",
      ]),
    );
    const search = await api.json("POST", "/v1/memories/search", { query: "What did Caroline make at the workshop?" });
    expect(search.body.data[0].content).toMatch(/pottery|bowl/);
  });
});

describe("keys and projects changed by the admin command while the server runs", () => {
  const status = async (key: string) => (await client(server.url, key).call("GET", "/v1/memories")).status;

  test("a revoked key gives 401 on the very next request", async () => {
    const k = await admin("key", "create", "--project", projectId, "--name", "to revoke");
    expect(await status(k.key)).toBe(200);
    const revoked = await admin("key", "revoke", k.id);
    expect(revoked).toMatchObject({ id: k.id, status: "revoked" });
    const r = await client(server.url, k.key).json("GET", "/v1/memories");
    expect(r.status).toBe(401);
    expect(r.body.code).toBe("unauthorized");
  });

  test("key create refuses an expiry in the past; a key whose expiry has passed gives 401", async () => {
    const refused = await adminRaw("key", "create", "--project", projectId, "--name", "x", "--expires", "2020-01-01");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("expires must be in the future");
    const k = await admin("key", "create", "--project", projectId, "--name", "expired", "--expires", "2099-01-01");
    expect(await status(k.key)).toBe(200);
    const db = new Database(join(dataDir, "engram.db"));
    db.run("UPDATE api_keys SET expires_at = '2020-01-01T00:00:00.000Z' WHERE id = ?", [k.id]); // time passed
    db.close();
    expect(await status(k.key)).toBe(401);
  });

  test("deleting a project makes its key give 401 on its next request", async () => {
    const p = await admin("project", "create", "--account", accountId, "--name", "doomed");
    const k = await admin("key", "create", "--project", p.id, "--name", "doomed");
    expect(await status(k.key)).toBe(200);
    expect(await admin("project", "delete", p.id)).toMatchObject({ id: p.id, deleted: true });
    expect(await status(k.key)).toBe(401);
    expect(await status(api.key)).toBe(200); // the account's other project is untouched
  });

  test("key list shows every key of the project and never a secret", async () => {
    const raw = await adminRaw("key", "list", "--project", projectId, "--json");
    expect(raw.code).toBe(0);
    const keys = JSON.parse(raw.stdout) as Array<Record<string, unknown>>;
    expect(keys.map((k) => k.id)).toContain(keyId);
    expect(keys.map((k) => k.status).sort()).toEqual(["active", "expired", "revoked"]);
    expect(raw.stdout).not.toContain(api.key);
    expect(raw.stdout).not.toContain("engram_sk_");
    for (const k of keys) expect(Object.keys(k).filter((f) => ["key", "secret", "key_hash"].includes(f))).toEqual([]);
    // The API key the tests use was used (rotation: "confirm the old key is unused"); the human list says so.
    expect(keys.find((k) => k.id === keyId)!.last_used_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const human = await adminRaw("key", "list", "--project", projectId);
    expect(human.stdout).toMatch(/last used \d{4}-/);
  });

  test("plan set accepts a named plan and custom figures, and prints the plan", async () => {
    const other = await admin("account", "create", "--name", "Plans");
    const starter = await admin("plan", "set", "--account", other.id, "--plan", "starter");
    expect(starter).toMatchObject({
      account_id: other.id,
      plan: "starter",
      figures: { reads: 50_000, writes: 5_000, memories: 5_000 },
    });
    const custom = await admin("plan", "set", "--account", other.id, "--reads", "5", "--writes", "7");
    expect(custom).toMatchObject({
      account_id: other.id,
      plan: "custom",
      figures: { reads: 5, writes: 7, memories: 5_000 },
    });
    expect(await admin("account", "list")).toContainEqual(expect.objectContaining({ id: other.id, plan: "custom" }));
    expect(await admin("project", "list", "--account", other.id)).toEqual([
      expect.objectContaining({ id: other.demo_project_id, is_demo: true }),
    ]);
  });

  test.each([
    ["project create --account acct_missing --name P", /No such account: acct_missing/],
    ["project delete prj_missing", /No such project: prj_missing/],
    ["key create --project prj_missing --name k", /No such project: prj_missing/],
    ["key revoke key_missing", /No such key: key_missing/],
    ["key list --project prj_missing", /No such project: prj_missing/],
    ["plan set --account acct_missing --plan growth", /No such account: acct_missing/],
    ["usage --account acct_missing", /No such account: acct_missing/],
  ] as const)("admin %s exits non-zero and names the unknown id", async (command, message) => {
    const args = command.split(" ");
    const human = await adminRaw(...args);
    expect(human.code).not.toBe(0);
    expect(human.stdout).toBe("");
    expect(human.stderr).toMatch(message);
    const json = await adminRaw(...args, "--json");
    expect(json.code).not.toBe(0);
    expect(JSON.parse(json.stderr)).toMatchObject({ error: "not_found", message: expect.stringMatching(message) });
  });
});

describe("command-line mistakes", () => {
  test("an admin command on a data directory that does not exist says so and creates nothing", async () => {
    const missing = join(root, "typo");
    const r = await runCli(cli, ["admin", "usage", "--account", accountId, "--data", missing], { cwd: binDir });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`No Engram data in ${missing}`);
    expect(existsSync(missing)).toBe(false);
  });

  test("a bad figure or port is refused by name before anything runs", async () => {
    const reads = await adminRaw("plan", "set", "--account", accountId, "--reads", "-3");
    expect(reads.code).toBe(1);
    expect(reads.stderr).toContain("'--reads <n>' argument '-3' is invalid");
    const port = await runCli(cli, ["serve", "--port", "http", "--data", dataDir], { cwd: binDir });
    expect(port.code).toBe(1);
    expect(port.stderr).toContain("'--port <port>' argument 'http' is invalid");
  });

  test("serve on a port that is in use exits 1 with one line saying so", async () => {
    const port = new URL(server.url).port;
    const r = await runCli(cli, ["serve", "--host", "127.0.0.1", "--port", port, "--data", join(root, "second")], {
      cwd: binDir,
    });
    expect(r.code).toBe(1);
    expect(r.stderr.trim()).toBe(`engram serve: Failed to start server. Is port ${port} in use?`);
  });
});

describe("stopping and restarting the binary", () => {
  test("SIGTERM stops the server with exit code 0, and a restart serves the same data without a new key", async () => {
    expect(await server.stop("SIGTERM")).toBe(0);
    expect(existsSync(join(dataDir, "engram.db-wal"))).toBe(false); // the database was closed cleanly
    server = await startServer(cli, { dataDir, cwd: binDir });
    expect(server.stdout()).not.toContain("API key");
    const r = await client(server.url, api.key).json("GET", `/v1/memories/${keptId}`);
    expect(r.status).toBe(200);
    expect(r.body.content).toBe("Melanie paints sunsets on weekends.");
  });
});
