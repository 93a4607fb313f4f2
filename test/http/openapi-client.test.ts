// The OpenAPI document is usable (README: The REST API): openapi-typescript generates types from the
// live document, a small openapi-fetch client written against them type-checks with tsc (a wrong
// body does not), and its calls work against a real server on 127.0.0.1.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { plugin } from "bun";
import { rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { createHarness, tempDir, type Harness } from "../helpers.ts";

const REPO = resolve(import.meta.dir, "../..");

// openapi-typescript builds its output with the TypeScript 5 compiler API, which TypeScript 7 (the
// project's tsc) no longer has: its modules get the "typescript-5" dev dependency instead.
const TS5 = Bun.resolveSync("typescript-5", REPO);
plugin({
  name: "typescript-5 for openapi-typescript",
  setup(build) {
    build.onLoad({ filter: /node_modules\/openapi-typescript\/dist\/.*\.mjs$/ }, async (args) => ({
      contents: (await Bun.file(args.path).text()).replace(/from ['"]typescript['"]/g, `from ${JSON.stringify(TS5)}`),
      loader: "js",
    }));
  },
});

const CLIENT = `import createClient from "openapi-fetch";
import type { components, paths } from "./schema.ts";

type CreateBody = NonNullable<paths["/v1/memories"]["post"]["requestBody"]>["content"]["application/json"];
// @ts-expect-error content must be a string: the generated types are not \`any\`
export const wrongBody: CreateBody = { content: 42 };

export function client(baseUrl: string, key: string) {
  return createClient<paths>({ baseUrl, headers: { Authorization: \`Bearer \${key}\` } });
}

export async function remember(baseUrl: string, key: string): Promise<number> {
  const { response, error } = await client(baseUrl, key).POST("/v1/memories", {
    params: { header: { "Idempotency-Key": "generated-client-1" } },
    body: { content: "Ada drinks green tea.", infer: false, scope: { user_id: "ada" } },
  });
  if (error) throw new Error(error.code);
  return response.status;
}

export async function list(baseUrl: string, key: string): Promise<string[]> {
  const { data, error } = await client(baseUrl, key).GET("/v1/memories", {
    params: { query: { limit: 5, user_id: "ada" } },
  });
  if (error) throw new Error(error.code);
  const memories: components["schemas"]["Memory"][] = data.data;
  return memories.map((m) => m.content);
}

export async function missing(baseUrl: string, key: string, id: string): Promise<string | undefined> {
  const { error } = await client(baseUrl, key).GET("/v1/memories/{memory_id}", {
    params: { path: { memory_id: id } },
  });
  return error?.code;
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: "ESNext",
    module: "ESNext",
    moduleResolution: "bundler",
    lib: ["ESNext", "DOM"],
    types: [],
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    allowImportingTsExtensions: true,
  },
  include: ["*.ts"],
};

let h: Harness;
let dir = "";
beforeAll(async () => {
  h = await createHarness();
  dir = tempDir("engram-openapi-client-");
  // The client resolves openapi-fetch (and tsc its types) from the project's own node_modules.
  symlinkSync(join(REPO, "node_modules"), join(dir, "node_modules"), "dir");
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

test("a client generated from the document type-checks and calls the API", async () => {
  const doc = await (await h.call("GET", "/v1/openapi.json", { key: null })).json();
  const { default: openapiTS, astToString } = await import("openapi-typescript");
  writeFileSync(join(dir, "schema.ts"), astToString(await openapiTS(doc)));
  writeFileSync(join(dir, "client.ts"), CLIENT);
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG));

  const tsc = Bun.spawnSync([process.execPath, join(REPO, "node_modules/typescript/bin/tsc"), "-p", dir], {
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(`${tsc.stdout.toString()}${tsc.stderr.toString()}`).toBe("");
  expect(tsc.exitCode).toBe(0);

  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (r) => h.engram.handle(r) });
  try {
    const base = `http://127.0.0.1:${server.port}`;
    const client = await import(join(dir, "client.ts"));
    expect(await client.remember(base, h.project.key)).toBe(202);
    await h.form();
    expect(await client.list(base, h.project.key)).toEqual(["Ada drinks green tea."]);
    expect(await client.missing(base, h.project.key, "mem_01jd8x6r0qf3v9k7m2c4a5b6e7")).toBe("not_found");
  } finally {
    server.stop(true);
  }
});
