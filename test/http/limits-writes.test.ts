// Size limits on writes (spec: Limits, Size limits), every row at its boundary and one past it.
// Characters are UTF-16 code units: an emoji counts as two.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHarness, type Harness } from "../helpers.ts";
import { expectFieldErrors, expectProblem } from "./support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const EMOJI = "😀"; // two UTF-16 code units
const create = (body: unknown) => h.call("POST", "/v1/memories", { body });
const importing = (body: unknown) => h.call("POST", "/v1/memories/import", { body });
const msg = (content: string, extra: Record<string, unknown> = {}) => ({ role: "user", content, ...extra });
/** Text of exactly n code units with a space every 100, so the no-space rule does not interfere. */
const words = (n: number) =>
  `${"x".repeat(99)} `
    .repeat(Math.ceil(n / 100))
    .slice(0, n)
    .replace(/ $/, "x");

describe("content on create", () => {
  test.each([
    ["1 character", "a", true],
    ["32,000 characters", "a".repeat(32_000), true],
    ["32,001 characters", "a".repeat(32_001), false],
    ["16,000 emoji (32,000 code units)", EMOJI.repeat(16_000), true],
    ["16,000 emoji and one more character (32,001 code units)", `${EMOJI.repeat(16_000)}a`, false],
  ])("%s", async (_, content, ok) => {
    const r = await create({ content });
    if (ok) expect(r.status).toBe(202);
    else await expectFieldErrors(r, "content");
  });
});

describe("content on create with infer false", () => {
  test.each([
    ["1 character", "a", true],
    ["1,000 characters", "b".repeat(1_000), true],
    ["1,001 characters", "b".repeat(1_001), false],
    ["500 emoji (1,000 code units)", EMOJI.repeat(500), true],
    ["500 emoji and one more character", `${EMOJI.repeat(500)}b`, false],
  ])("%s", async (_, content, ok) => {
    const r = await create({ content, infer: false });
    if (ok) expect(r.status).toBe(202);
    else expect((await expectFieldErrors(r, "content")).errors!.content![0]).toContain("1000");
  });
});

describe("each scope field on create", () => {
  for (const field of ["organization_id", "user_id", "application_id", "agent_id", "team_id"]) {
    test(`${field} of 128 characters is accepted and 129 is a validation_error on scope.${field}`, async () => {
      expect((await create({ content: `fits ${field}`, scope: { [field]: "s".repeat(128) } })).status).toBe(202);
      await expectFieldErrors(
        await create({ content: `over ${field}`, scope: { [field]: "s".repeat(129) } }),
        `scope.${field}`,
      );
    });
  }
  test("64 emoji (128 code units) fit a scope field and 65 do not", async () => {
    expect((await create({ content: "emoji scope", scope: { user_id: EMOJI.repeat(64) } })).status).toBe(202);
    await expectFieldErrors(
      await create({ content: "emoji scope", scope: { user_id: EMOJI.repeat(65) } }),
      "scope.user_id",
    );
  });
});

describe("messages in one import", () => {
  test.each([
    ["1 message", 1, true],
    ["500 messages", 500, true],
    ["501 messages", 501, false],
  ])("%s", async (_, n, ok) => {
    const r = await importing({ messages: Array.from({ length: n }, (_, i) => msg(`Message ${i} of ${n}.`)) });
    if (ok) expect(r.status).toBe(202);
    else await expectFieldErrors(r, "messages");
  });
  test("an empty list of messages is a validation_error on messages", async () => {
    await expectFieldErrors(await importing({ messages: [] }), "messages");
  });
});

describe("each imported message", () => {
  test.each([
    ["16,000 characters", words(16_000), true],
    ["16,001 characters", words(16_001), false],
    ["16,000 code units of emoji and spaces", `${`${EMOJI} `.repeat(5333)}a`, true],
    ["16,001 code units of emoji and spaces", `${EMOJI} `.repeat(5333) + EMOJI, false],
  ])("%s", async (_, content, ok) => {
    expect(content.length).toBeLessThanOrEqual(16_001);
    const r = await importing({ messages: [msg("first"), msg(content)] });
    if (ok) expect(r.status).toBe(202);
    else await expectFieldErrors(r, "messages[1].content");
  });
  test("an empty message is a validation_error on its content", async () => {
    await expectFieldErrors(await importing({ messages: [msg("")] }), "messages[0].content");
  });
});

describe("all messages together", () => {
  test("320,000 characters in 20 messages of 16,000 are accepted", async () => {
    const r = await importing({ messages: Array.from({ length: 20 }, () => msg(words(16_000))) });
    expect(r.status).toBe(202);
  });
  test("320,001 characters are a 400 invalid_argument with reason conversation_too_large_to_process", async () => {
    const messages = [...Array.from({ length: 20 }, () => msg(words(16_000))), msg("a")];
    const p = await expectProblem(
      await importing({ messages }),
      400,
      "invalid_argument",
      "conversation_too_large_to_process",
    );
    expect(p.errors).toBeUndefined();
  });
});

describe("characters without a space in one message", () => {
  test("a run of 2,000 characters without a space is accepted", async () => {
    expect((await importing({ messages: [msg(`start ${"z".repeat(2_000)} end`)] })).status).toBe(202);
  });
  test("a run of 2,001 is a 400 invalid_argument with reason message_too_large_to_process, naming the message", async () => {
    const messages = [msg("fine"), msg("also fine"), msg(`start ${"z".repeat(2_001)} end`)];
    const p = await expectProblem(
      await importing({ messages }),
      400,
      "invalid_argument",
      "message_too_large_to_process",
    );
    expect(p.detail).toContain("messages[2]");
  });
  test("a run counts code units: 1,000 emoji fit and 1,000 emoji and one letter do not", async () => {
    expect((await importing({ messages: [msg(EMOJI.repeat(1_000))] })).status).toBe(202);
    await expectProblem(
      await importing({ messages: [msg(`${EMOJI.repeat(1_000)}z`)] }),
      400,
      "invalid_argument",
      "message_too_large_to_process",
    );
  });
});

describe("speaker on an imported message", () => {
  test("128 characters are accepted and 129 are a validation_error on messages[n].speaker", async () => {
    expect((await importing({ messages: [msg("hello", { speaker: "s".repeat(128) })] })).status).toBe(202);
    await expectFieldErrors(
      await importing({ messages: [msg("hi"), msg("hello", { speaker: "s".repeat(129) })] }),
      "messages[1].speaker",
    );
  });
  test("a scope field on import has the same 128 limit", async () => {
    await expectFieldErrors(
      await importing({ messages: [msg("hi")], scope: { team_id: "t".repeat(129) } }),
      "scope.team_id",
    );
  });
});
