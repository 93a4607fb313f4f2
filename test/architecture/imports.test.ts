// The layer rules, checked on the source's own imports: transports → services → domain, with storage,
// model providers and shared helpers below the services; no import cycles between folders or files;
// the domain imports nothing of the project; only config.ts reads the environment.
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const SRC = resolve(import.meta.dir, "../../src");

/**
 * Rank of each top-level part of src/: a part may import only parts of a lower rank (or itself).
 * Parts of the same rank never import each other.
 */
const RANK: Record<string, number> = {
  domain: 0,
  errors: 0,
  "version.ts": 0,
  "assets.d.ts": 0,
  shared: 1,
  storage: 1,
  models: 2,
  limits: 3,
  formation: 4,
  retrieval: 4,
  webhooks: 4,
  accounts: 5,
  memories: 5,
  "config.ts": 6,
  "administration.ts": 6,
  http: 6,
  mcp: 7,
  workers: 7,
  metrics: 7,
  dashboard: 7,
  "app.ts": 8,
  cli: 9,
  "main.ts": 10,
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "assets" ? [] : sourceFiles(path);
    return path.endsWith(".ts") ? [path] : [];
  });
}

const FILES = sourceFiles(SRC).map((path) => relative(SRC, path));
const partOf = (file: string) => file.split("/")[0]!;

/** The project files a file imports (statically, dynamically or by re-export). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(SRC, file), "utf8");
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)].map((m) => m[1]!);
  return specifiers.map((s) => relative(SRC, resolve(SRC, dirname(file), s))).filter((t) => !t.startsWith(".."));
}

const EDGES = FILES.flatMap((file) => importsOf(file).map((target) => ({ file, target })));

/** A cycle in the graph, as a list of nodes (empty when there is none). */
function findCycle(edges: Array<[string, string]>): string[] {
  const next = new Map<string, string[]>();
  for (const [a, b] of edges) if (a !== b) next.set(a, [...(next.get(a) ?? []), b]);
  const state = new Map<string, "open" | "done">();
  const path: string[] = [];
  const visit = (node: string): string[] => {
    if (state.get(node) === "open") return [...path.slice(path.indexOf(node)), node];
    if (state.get(node) === "done") return [];
    state.set(node, "open");
    path.push(node);
    for (const n of next.get(node) ?? []) {
      const cycle = visit(n);
      if (cycle.length) return cycle;
    }
    path.pop();
    state.set(node, "done");
    return [];
  };
  for (const node of next.keys()) {
    const cycle = visit(node);
    if (cycle.length) return cycle;
  }
  return [];
}

describe("the architecture", () => {
  test("every part of src/ has a rank", () => {
    expect([...new Set(FILES.map(partOf))].filter((p) => RANK[p] === undefined)).toEqual([]);
  });

  test("imports go down the layers only", () => {
    const wrong = EDGES.filter(
      ({ file, target }) => partOf(file) !== partOf(target) && RANK[partOf(target)]! >= RANK[partOf(file)]!,
    );
    expect(wrong.map(({ file, target }) => `${file} imports ${target}`)).toEqual([]);
  });

  test("the domain imports nothing of the project", () => {
    expect(EDGES.filter(({ file, target }) => partOf(file) === "domain" && partOf(target) !== "domain")).toEqual([]);
  });

  test("no import cycle between folders, nor between files", () => {
    expect(findCycle(EDGES.map(({ file, target }) => [partOf(file), partOf(target)]))).toEqual([]);
    expect(findCycle(EDGES.map(({ file, target }) => [file, target]))).toEqual([]);
  });

  test("only config.ts reads the environment", () => {
    expect(FILES.filter((f) => f !== "config.ts" && /process\.env\b/.test(readFileSync(join(SRC, f), "utf8")))).toEqual(
      [],
    );
  });

  test("no source file is over 300 lines", () => {
    const long = FILES.map((f) => ({ f, lines: readFileSync(join(SRC, f), "utf8").split("\n").length })).filter(
      (x) => x.lines > 300,
    );
    expect(long).toEqual([]);
  });

  test("the checks see the imports (a sample edge of each kind)", () => {
    expect(EDGES).toContainEqual({ file: "app.ts", target: "memories/service.ts" });
    expect(EDGES).toContainEqual({ file: "memories/service.ts", target: "domain/memory.ts" });
  });
});
