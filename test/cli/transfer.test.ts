// `engram admin export` and `engram admin import` between two real servers: a project's memories,
// formed on one, exported while it runs and imported into a project of the other, list, inspect and
// search there exactly as they did (ids, text, versions, dates, scopes, relationships, feedback),
// with nothing formed again and no write charged.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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
  type ServerProcess,
} from "../e2e/support.ts";

let root: string;
let dirA: string;
let dirB: string;
let serverA: ServerProcess;
let serverB: ServerProcess;
let accountB: string;

beforeAll(async () => {
  root = tempDir("engram-cli-transfer-");
  dirA = join(root, "a");
  dirB = join(root, "b");
  [serverA, serverB] = await Promise.all([
    startServer(SOURCE_CLI, { dataDir: dirA }),
    startServer(SOURCE_CLI, { dataDir: dirB }),
  ]);
  accountB = /account:\s+(acct_\S+)/.exec(serverB.stdout())![1]!;
});

afterAll(async () => {
  await killChildren();
  rmSync(root, { recursive: true, force: true });
});

const admin = (dir: string, ...args: string[]) => runJson(SOURCE_CLI, ["admin", ...args, "--data", dir]);
const cli = (...args: string[]) => runCli(SOURCE_CLI, ["admin", ...args]);

function count(dir: string, sql: string, ...params: string[]): number {
  const db = new Database(join(dir, "engram.db"), { readonly: true });
  try {
    return db.query<{ n: number }, string[]>(sql).get(...params)!.n;
  } finally {
    db.close();
  }
}

/** A project of the data directory's first account, with a key. */
async function newProject(dir: string, name: string): Promise<{ id: string; key: string }> {
  const [account] = await admin(dir, "account", "list");
  const { id } = await admin(dir, "project", "create", "--account", account.id, "--name", name);
  const { key } = await admin(dir, "key", "create", "--project", id, "--name", name);
  return { id, key };
}

const QUERIES = [
  { query: "Where does Caroline live?" },
  { query: "dog" },
  { query: "Who teaches Dana the cello?", scope: { user_id: "dana" } },
  { query: "What is Dana's job?" },
  { query: "When does Project Falcon launch?", scope: { organization_id: "acme" } },
];

describe("export and import of a project", () => {
  let exportFile: string;
  let source: { id: string; key: string };
  let target: { id: string; key: string };

  test("memories formed on one server list, inspect and search identically in a project of another", async () => {
    source = await newProject(dirA, "Source");
    const a = client(serverA.url, source.key);
    const writes: Array<[string, unknown]> = [
      [
        "/v1/memories",
        {
          content: "Caroline moved to Berlin in May. She adopted a golden retriever named Max.",
          occurred_at: "2023-05-07",
          scope: { user_id: "caroline" },
        },
      ],
      [
        "/v1/memories",
        {
          content: "I'm Dana. I work as a nurse in Lisbon and I love sailing.",
          scope: { user_id: "dana", agent_id: "helper" },
        },
      ],
      [
        "/v1/memories/import",
        {
          messages: [
            { role: "user", content: "I started learning the cello last week.", occurred_at: "2023-06-01T10:00:00Z" },
            { role: "assistant", content: "That's great! How is it going?" },
            { role: "user", content: "Slowly, but my teacher Ana is patient with me." },
          ],
          scope: { user_id: "dana" },
        },
      ],
      [
        "/v1/memories",
        {
          content: "Project Falcon launches on 2023-09-14.",
          infer: false,
          scope: { organization_id: "acme", team_id: "rocket" },
        },
      ],
      ["/v1/memories", { content: "Caroline moved from Berlin to Munich.", scope: { user_id: "caroline" } }],
    ];
    for (const [path, body] of writes) expect((await a.call("POST", path, body)).status).toBe(202);
    await pollUntil(
      async () => count(dirA, "SELECT count(*) AS n FROM jobs WHERE status <> 'done'") === 0,
      "formation to finish",
    );
    const formed = await listAll(a);
    expect(formed.length).toBeGreaterThanOrEqual(5);
    expect((await a.call("PUT", `/v1/memories/${formed[1]!.id}/feedback`, { rating: "negative" })).status).toBe(204);
    expect((await a.call("DELETE", `/v1/memories/${formed[0]!.id}`)).status).toBe(202);

    // Exported while the server runs, to stdout; forgotten memories too, so that both servers' search
    // indexes hold the same text.
    const exported = await cli("export", "--project", source.id, "--include-forgotten", "--data", dirA);
    expect(exported.code).toBe(0);
    expect(exported.stderr).toContain("engram admin export: writing memories 100%");
    exportFile = join(root, "memories.jsonl");
    writeFileSync(exportFile, exported.stdout);
    const lines = exported.stdout
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[0]).toMatchObject({
      type: "engram_export",
      format: 1,
      project_id: source.id,
      memories: formed.length,
    });
    const memoryLines = lines.filter((l) => l.type === "memory");
    expect(memoryLines).toHaveLength(formed.length);
    expect(lines.filter((l) => l.type === "scope_user")).toEqual([
      { type: "scope_user", user_id: "dana", name: "Dana", updated_at: expect.any(String) },
    ]);
    expect(memoryLines.some((m) => m.versions.length > 1 || m.relationships.length > 0)).toBe(true);
    expect(memoryLines.some((m) => m.feedback.length === 1)).toBe(true);

    // Imported into a project of the other server while it runs: no write charged, nothing formed.
    target = await newProject(dirB, "Target");
    const usageBefore = await admin(dirB, "usage", "--account", accountB);
    const jobsBefore = count(dirB, "SELECT count(*) AS n FROM jobs");
    const imported = await cli("import", "--project", target.id, exportFile, "--data", dirB, "--json");
    expect(imported.stderr).toBe("");
    expect(imported.code).toBe(0);
    expect(JSON.parse(imported.stdout)).toMatchObject({
      imported: formed.length,
      skipped: 0,
      ids: "kept",
      scope_users: 1,
    });
    expect(await admin(dirB, "usage", "--account", accountB)).toEqual({
      ...usageBefore,
      memories: usageBefore.memories + formed.length - 1, // the stored memories count the active ones
    });
    expect(count(dirB, "SELECT count(*) AS n FROM jobs")).toBe(jobsBefore);

    // Its vectors: made by the server's indexer (at its start here, rather than within its 30 s poll).
    await serverB.stop("SIGTERM");
    serverB = await startServer(SOURCE_CLI, { dataDir: dirB });
    await pollUntil(
      async () =>
        count(
          dirB,
          `SELECT count(*) AS n FROM memories m LEFT JOIN memory_embeddings e ON e.memory_seq = m.seq
           WHERE m.project_id = ? AND m.status = 'active' AND e.memory_seq IS NULL`,
          target.id,
        ) === 0,
      "the imported memories' vectors",
    );

    const b = client(serverB.url, target.key);
    const listA = await listAll(a);
    expect(await listAll(b)).toEqual(listA);
    for (const m of listA) {
      const [ia, ib] = await Promise.all([
        a.json("GET", `/v1/memories/${m.id}/inspect`),
        b.json("GET", `/v1/memories/${m.id}/inspect`),
      ]);
      expect(ib).toEqual(ia);
    }
    expect((await b.call("GET", `/v1/memories/${formed[0]!.id}`)).status).toBe(404); // forgotten there too
    for (const q of QUERIES) {
      const [sa, sb] = await Promise.all([
        a.json("POST", "/v1/memories/search", q),
        b.json("POST", "/v1/memories/search", q),
      ]);
      expect(sa.status).toBe(200);
      expect(sa.body.data.length).toBeGreaterThan(0);
      expect(sb.body).toEqual(sa.body);
      const [ca, cb] = await Promise.all([
        a.json("POST", "/v1/memories/context", q),
        b.json("POST", "/v1/memories/context", q),
      ]);
      expect(cb).toEqual(ca);
    }
  }, 60_000);

  test("an import run again changes nothing; into another project it needs --new-ids", async () => {
    const again = await admin(dirB, "import", "--project", target.id, exportFile);
    expect(again).toMatchObject({ imported: 0, skipped: again.skipped, relationships: 0 });
    expect(again.skipped).toBeGreaterThan(0);
    const other = await newProject(dirB, "Copy");
    const refused = await cli("import", "--project", other.id, exportFile, "--data", dirB);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`belong to another project on this server`);
    expect(refused.stderr).toContain("--new-ids");
    expect(await listAll(client(serverB.url, other.key))).toEqual([]);
    const copied = await admin(dirB, "import", "--project", other.id, exportFile, "--new-ids");
    expect(copied.ids).toBe("new");
    const [original, copy] = await Promise.all([
      listAll(client(serverB.url, target.key)),
      listAll(client(serverB.url, other.key)),
    ]);
    expect(copy.map((m) => m.content)).toEqual(original.map((m) => m.content));
    expect(copy.some((m) => original.some((o) => o.id === m.id))).toBe(false);
  }, 30_000);

  test("--out writes an owner-only file; a file cut short or with a bad line stores nothing", async () => {
    const out = join(root, "out.jsonl");
    const written = await cli("export", "--project", source.id, "--out", out, "--data", dirA, "--json");
    expect(written.code).toBe(0);
    expect(JSON.parse(written.stdout)).toMatchObject({ project_id: source.id, file: out });
    expect(statSync(out).mode & 0o777).toBe(0o600);
    const twice = await cli("export", "--project", source.id, "--out", out, "--data", dirA);
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("exists already");

    const lines = readFileSync(out, "utf8").trimEnd().split("\n");
    const empty = await newProject(dirB, "Empty");
    const cut = join(root, "cut.jsonl");
    writeFileSync(
      cut,
      `${lines
        .filter((l) => !l.includes('"scope_user"'))
        .slice(0, -1)
        .join("\n")}\n`,
    );
    const r1 = await cli("import", "--project", empty.id, cut, "--data", dirB);
    expect(r1.code).toBe(1);
    expect(r1.stderr).toContain("cut short");
    const bad = join(root, "bad.jsonl");
    const memory = JSON.parse(lines[1]!);
    memory.scope = { user_id: "" };
    writeFileSync(bad, [lines[0], JSON.stringify(memory), ...lines.slice(2)].join("\n"));
    const r2 = await cli("import", "--project", empty.id, bad, "--data", dirB);
    expect(r2.code).toBe(1);
    expect(r2.stderr).toContain(`${bad}, line 2: scope.user_id must not be empty`);
    const missing = await cli("import", "--project", "prj_01h2xcejqtf2nbrexx3vqjhp41", out, "--data", dirB);
    expect(missing.stderr).toContain("No such project");
    expect(await listAll(client(serverB.url, empty.key))).toEqual([]);
  }, 30_000);
});
