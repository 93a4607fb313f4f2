// Tool errors are messages, as the spec lists them (Errors in MCP tools): a wrong argument
// (required, unknown parameter, invalid value, exceeds maximum length of N characters); a rate
// limit for Read or Write operations with the retry delay in seconds; search temporarily
// unavailable with a retry delay; a used-up allowance with the amount used and the reset time; the
// stored-memory limit with the amount stored and advice to forget; a generic failure. A missing
// memory is `status: not_found` in the result of forget_memory and give_memory_feedback.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createHarness, type Harness, type TestProject } from "../helpers.ts";
import { fixedClock } from "../../src/shared/clock.ts";
import { ApiError } from "../../src/errors/api-error.ts";
import { silentLogger } from "../../src/shared/logger.ts";
import { createMcpServer } from "../../src/mcp/server.ts";
import type { MemoryService } from "../../src/memories/service.ts";
import { connect, text, TOOL_NAMES } from "./support.ts";

// A fixed clock: token buckets do not refill between calls, and the reset time is known.
const NOW = "2026-03-15T12:00:00.000Z";
const RESET = "2026-04-01T00:00:00.000Z";
const MISSING = "mem_01jd8x6r0qf3v9k7m2c4a5b6e7";

let h: Harness;
let mcp: Client;
const clients: Client[] = [];

async function client(key: string): Promise<Client> {
  const c = await connect(h, key);
  clients.push(c);
  return c;
}

/** A new account (scale plan) with one formed memory in its Demo Project; its key's client. */
async function account(): Promise<{ a: TestProject; c: Client; id: string }> {
  const a = h.newAccount();
  const c = await client(a.key);
  const r = await c.callTool({
    name: "remember",
    arguments: { content: "Ines grows tomatoes on her balcony.", infer: false },
  });
  expect(r.isError).toBeFalsy();
  await h.form();
  const list = await c.callTool({ name: "search_memories", arguments: { query: "tomatoes balcony" } });
  const id = (list.structuredContent as { data: Array<{ id: string }> }).data[0]!.id;
  return { a, c, id };
}

beforeAll(async () => {
  h = await createHarness({ clock: fixedClock(NOW) });
  mcp = await client(h.project.key);
});
afterAll(async () => {
  for (const c of clients) await c.close();
  await h.close();
});

describe("wrong arguments are tool errors naming the field and what is wrong", () => {
  const cases: Array<[string, string, string, Record<string, unknown>]> = [
    ["context", "without query", "Invalid arguments: query: required.", {}],
    [
      "context",
      "with limit, which it does not take",
      "Invalid arguments: limit: unknown parameter.",
      { query: "tomatoes", limit: 3 },
    ],
    [
      "recall",
      "with a 1,001-character query",
      "Invalid arguments: query: exceeds maximum length of 1000 characters.",
      { query: "q".repeat(1001) },
    ],
    [
      "recall",
      "with a 129-character scope field",
      "Invalid arguments: scope.user_id: exceeds maximum length of 128 characters.",
      { query: "tomatoes", scope: { user_id: "u".repeat(129) } },
    ],
    [
      "search_memories",
      "with limit as a string",
      "Invalid arguments: limit: invalid value (must be an integer, not a string).",
      { query: "tomatoes", limit: "5" },
    ],
    [
      "search_memories",
      "with an empty query",
      "Invalid arguments: query: invalid value (must not be empty).",
      { query: "" },
    ],
    [
      "recall_by_id",
      "with a malformed id",
      "Invalid arguments: memory_id: invalid value (must be a memory identifier (mem_ followed by 26 characters)).",
      { memory_id: "nope" },
    ],
    [
      "recall_by_id",
      "with the id of no memory",
      "Invalid arguments: memory_id: invalid value (no such memory in this project).",
      { memory_id: MISSING },
    ],
    ["inspect_memory", "without memory_id", "Invalid arguments: memory_id: required.", {}],
    [
      "inspect_memory",
      "with the id of no memory",
      "Invalid arguments: memory_id: invalid value (no such memory in this project).",
      { memory_id: MISSING },
    ],
    ["list_memories", "with limit 21", "Invalid arguments: limit: invalid value (must be at most 20).", { limit: 21 }],
    [
      "list_memories",
      "with a 129-character cursor",
      "Invalid arguments: starting_after: exceeds maximum length of 128 characters.",
      { starting_after: "x".repeat(129) },
    ],
    [
      "list_memories",
      "with a cursor that is no listed memory",
      "Invalid arguments: starting_after: invalid value (must be the id of a memory in this list (mem_...)).",
      { starting_after: MISSING },
    ],
    [
      "list_memories",
      "with a scope field outside scope",
      "Invalid arguments: user_id: unknown parameter.",
      { user_id: "u" },
    ],
    ["remember", "without content", "Invalid arguments: content: required.", {}],
    [
      "remember",
      "with 32,001 characters",
      "Invalid arguments: content: exceeds maximum length of 32000 characters.",
      { content: "x".repeat(32_001) },
    ],
    [
      "remember",
      "with 1,001 characters and infer false",
      "Invalid arguments: content: exceeds maximum length of 1000 characters when infer is false.",
      { content: "x".repeat(1001), infer: false },
    ],
    [
      "remember",
      "with infer as a string",
      "Invalid arguments: infer: invalid value (must be a boolean, not a string).",
      { content: "Ines", infer: "yes" },
    ],
    [
      "remember",
      'with occurred_at "yesterday"',
      "Invalid arguments: occurred_at: invalid value (must be an RFC 3339 timestamp (2023-05-07T13:56:00Z) or a date (2023-05-07)).",
      { content: "Ines", occurred_at: "yesterday" },
    ],
    [
      "remember",
      "with occurred_at in the future",
      "Invalid arguments: occurred_at: invalid value (must not be in the future).",
      { content: "Ines", occurred_at: "2030-01-01" },
    ],
    [
      "remember",
      "with a scope field outside scope",
      "Invalid arguments: user_id: unknown parameter.",
      { content: "Ines", user_id: "u" },
    ],
    [
      "forget_memory",
      "with a number as memory_id",
      "Invalid arguments: memory_id: invalid value (must be a string, not a number).",
      { memory_id: 5 },
    ],
    [
      "forget_memory",
      "with id instead of memory_id",
      "Invalid arguments: memory_id: required; id: unknown parameter.",
      { id: MISSING },
    ],
    [
      "give_memory_feedback",
      "with an unknown rating",
      "Invalid arguments: rating: invalid value (must be one of positive, negative, very_negative).",
      { memory_id: MISSING, rating: "great" },
    ],
    ["give_memory_feedback", "without rating", "Invalid arguments: rating: required.", { memory_id: MISSING }],
    [
      "give_memory_feedback",
      "with a 1,001-character comment",
      "Invalid arguments: comment: exceeds maximum length of 1000 characters.",
      { memory_id: MISSING, rating: "positive", comment: "c".repeat(1001) },
    ],
  ];

  test("these cases cover every one of the nine tools", () => {
    expect([...new Set(cases.map(([name]) => name))].sort()).toEqual([...TOOL_NAMES].sort());
  });

  test.each(cases)("%s %s is the tool error %p", async (name, _what, message, args) => {
    const r = await mcp.callTool({ name, arguments: args });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe(message);
  });

  test("several wrong fields are reported together", async () => {
    const r = await mcp.callTool({
      name: "remember",
      arguments: { content: "x".repeat(32_001), infer: 1, colour: "red" },
    });
    expect(r.isError).toBe(true);
    expect(text(r)).toStartWith("Invalid arguments: ");
    expect(text(r)).toContain("content: exceeds maximum length of 32000 characters");
    expect(text(r)).toContain("infer: invalid value (must be a boolean, not a number)");
    expect(text(r)).toContain("colour: unknown parameter");
  });
});

describe("a missing memory is a status in the result of forget_memory and give_memory_feedback", () => {
  test("forget_memory of a memory that does not exist answers status not_found, not an error", async () => {
    const r = await mcp.callTool({ name: "forget_memory", arguments: { memory_id: MISSING } });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ status: "not_found" });
    expect(JSON.parse(text(r))).toEqual({ status: "not_found" });
  });

  test("give_memory_feedback on a memory that does not exist answers status not_found, not an error", async () => {
    const r = await mcp.callTool({
      name: "give_memory_feedback",
      arguments: { memory_id: MISSING, rating: "negative" },
    });
    expect(r.isError).toBeFalsy();
    expect(r.structuredContent).toEqual({ status: "not_found" });
  });

  test("a memory of another project is missing too, and a forgotten one after it is forgotten", async () => {
    const { c, id } = await account();
    expect((await mcp.callTool({ name: "forget_memory", arguments: { memory_id: id } })).structuredContent).toEqual({
      status: "not_found",
    });
    expect((await c.callTool({ name: "forget_memory", arguments: { memory_id: id } })).structuredContent).toEqual({
      status: "forgotten",
      memory_id: id,
    });
    expect(
      (await c.callTool({ name: "give_memory_feedback", arguments: { memory_id: id, rating: "positive" } }))
        .structuredContent,
    ).toEqual({ status: "not_found" });
  });
});

describe("limits are tool errors with the figures an agent needs", () => {
  test("a read rate limit names Read operations and the retry delay in seconds", async () => {
    const { a, c } = await account();
    h.engram.accounts.setPlan(a.accountId, null, { read_burst: 1, read_rate: 1 });
    expect((await c.callTool({ name: "recall", arguments: { query: "tomatoes" } })).isError).toBeFalsy();
    for (const name of ["recall", "context", "search_memories", "list_memories"]) {
      const r = await c.callTool({ name, arguments: name === "list_memories" ? {} : { query: "tomatoes" } });
      expect(r.isError).toBe(true);
      expect(text(r)).toBe("Rate limit exceeded for Read operations. Retry after 1 second.");
    }
  });

  test("a write rate limit names Write operations and the retry delay in seconds", async () => {
    const { a, c } = await account();
    h.engram.accounts.setPlan(a.accountId, null, { write_burst: 1, write_rate: 1 });
    expect(
      (await c.callTool({ name: "remember", arguments: { content: "Ines waters them at dawn.", infer: false } }))
        .isError,
    ).toBeFalsy();
    const r = await c.callTool({ name: "remember", arguments: { content: "Ines sells the surplus.", infer: false } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe("Rate limit exceeded for Write operations. Retry after 1 second.");
  });

  test("a used-up read allowance gives the amount used and the reset time", async () => {
    const { a, c } = await account();
    const used = h.engram.accounts.usage(a.accountId).reads;
    h.engram.accounts.setPlan(a.accountId, null, { reads: used + 1 });
    expect((await c.callTool({ name: "recall", arguments: { query: "tomatoes" } })).isError).toBeFalsy();
    const r = await c.callTool({ name: "inspect_memory", arguments: { memory_id: MISSING } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe(`Monthly read allowance used up: ${used + 1} of ${used + 1} used. It resets at ${RESET}.`);
  });

  test("a used-up write allowance gives the amount used and the reset time", async () => {
    const { a, c } = await account();
    const used = h.engram.accounts.usage(a.accountId).writes;
    h.engram.accounts.setPlan(a.accountId, null, { writes: used });
    const r = await c.callTool({ name: "remember", arguments: { content: "Ines also grows basil.", infer: false } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe(`Monthly write allowance used up: ${used} of ${used} used. It resets at ${RESET}.`);
  });

  test("the stored-memory limit gives the amount stored and advises forgetting memories", async () => {
    const { a, c } = await account();
    h.engram.accounts.setPlan(a.accountId, null, { memories: 1 });
    const r = await c.callTool({ name: "remember", arguments: { content: "Ines keeps a compost bin.", infer: false } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe(
      "Stored-memory limit reached: 1 of 1 memories stored. Forget memories that are no longer needed to make room.",
    );
  });

  test("a full formation queue is a write error with a retry delay", async () => {
    const full = await createHarness({ clock: fixedClock(NOW), config: { queueBound: 0 } });
    try {
      const c = await connect(full, full.project.key);
      const r = await c.callTool({ name: "remember", arguments: { content: "Ines likes figs.", infer: false } });
      expect(r.isError).toBe(true);
      expect(text(r)).toBe("The service is temporarily at capacity. Retry after 5 seconds.");
      await c.close();
    } finally {
      await full.close();
    }
  });
});

describe("failures inside the service", () => {
  // A server bound to a stand-in service, reached through the SDK's in-memory transport.
  async function withService(service: Partial<MemoryService>): Promise<Client> {
    const server = createMcpServer(
      { service: service as MemoryService, logger: silentLogger, admit: () => {} },
      { keyId: "key_x", projectId: "prj_x", accountId: "acct_x" },
    );
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const c = new Client({ name: "engram-test", version: "1.0.0" });
    await c.connect(b);
    clients.push(c);
    return c;
  }

  test("search temporarily unavailable is a read error with the retry delay", async () => {
    const c = await withService({
      search: () => {
        throw new ApiError("capacity_exceeded", { retryAfter: 7 });
      },
    });
    const r = await c.callTool({ name: "search_memories", arguments: { query: "tomatoes" } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe("Search is temporarily unavailable. Retry after 7 seconds.");
  });

  test("an unexpected failure is a generic message that reveals nothing of the cause", async () => {
    const c = await withService({
      recall: () => {
        throw new Error("SQLITE_CORRUPT: database disk image is malformed at /secret/path");
      },
    });
    const r = await c.callTool({ name: "recall", arguments: { query: "tomatoes" } });
    expect(r.isError).toBe(true);
    expect(text(r)).toBe("The operation could not be completed. Try again later.");
  });

  test("an unknown tool is a protocol error whose message is not prefixed twice", async () => {
    const err = await mcp
      .callTool({ name: "delete_everything", arguments: {} })
      .catch((e: unknown) => e as { code: number; message: string });
    expect(err).toMatchObject({ code: -32602, message: "MCP error -32602: Unknown tool: delete_everything" });
  });
});
