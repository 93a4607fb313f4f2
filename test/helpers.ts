// Test harness: a real Engram on a fresh SQLite data directory, called in-process via app.handle.
// The formation worker is not started: tests step the queue with `form()`.
import { expect } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createEngram, type Engram, type EngramOptions } from "../src/app.ts";
import { loadConfig, type ConfigOverrides } from "../src/config.ts";
import { silentLogger } from "../src/shared/logger.ts";
import { ApiError } from "../src/errors/api-error.ts";

export interface TestProject {
  accountId: string;
  projectId: string;
  key: string;
}

export interface Harness {
  engram: Engram;
  dataDir: string;
  /** The Demo Project of a fresh account (holds sample memories). */
  demo: TestProject;
  /** A second, empty project of the same account. */
  project: TestProject;
  newAccount(plan?: string): TestProject;
  call(
    method: string,
    path: string,
    opts?: { key?: string | null; body?: unknown; rawBody?: BodyInit; headers?: Record<string, string> },
  ): Promise<Response>;
  /** Runs the formation queue until it is idle. */
  form(): Promise<number>;
  close(): Promise<void>;
}

/** The ApiError a call throws (the test fails when it throws nothing or something else). */
export function refusal(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ApiError);
    return err as ApiError;
  }
  throw new Error("expected an ApiError");
}

export function tempDir(prefix = "engram-test-"): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export async function createHarness(options: EngramOptions & { config?: ConfigOverrides } = {}): Promise<Harness> {
  const dataDir = tempDir();
  const config = loadConfig({ dataDir, port: 8420, formationWorker: false, ...options.config }, {});
  const engram = await createEngram(config, { logger: silentLogger, startWorker: false, ...options });

  function newAccount(plan = "scale"): TestProject {
    const a = engram.accounts.createAccount({ name: "Test account", plan });
    const k = engram.accounts.createKey({ projectId: a.demo_project_id, name: "test" });
    return { accountId: a.id, projectId: a.demo_project_id, key: k.key };
  }
  const demo = newAccount();
  const p = engram.accounts.createProject({ accountId: demo.accountId, name: "Empty project" });
  const project = {
    accountId: demo.accountId,
    projectId: p.id,
    key: engram.accounts.createKey({ projectId: p.id, name: "test" }).key,
  };

  return {
    engram,
    dataDir,
    demo,
    project,
    newAccount,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      const key = opts.key === undefined ? project.key : opts.key;
      if (key !== null) headers.authorization ??= `Bearer ${key}`;
      let body: BodyInit | undefined = opts.rawBody;
      if (opts.body !== undefined) {
        body = JSON.stringify(opts.body);
        headers["content-type"] ??= "application/json";
      }
      return engram.handle(new Request(`http://localhost${path}`, { method, headers, body }));
    },
    form: () => engram.formation.runUntilIdle(),
    async close() {
      await engram.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
