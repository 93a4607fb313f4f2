import { describe, expect, test } from "bun:test";
import { canonicalJson, prepareCreate, prepareImport, requestHash } from "../../src/memories/write-rules.ts";
import type { ImportBody } from "../../src/memories/schemas.ts";
import { refusal } from "../helpers.ts";

const NOW = new Date("2026-11-22T09:31:44.123Z");

const msg = (content: string, extra: Partial<ImportBody["messages"][number]> = {}) => ({
  role: "user" as const,
  content,
  ...extra,
});

describe("canonicalJson", () => {
  test("does not depend on key order, at any depth", () => {
    const a = { content: "x", scope: { user_id: "u", agent_id: "a" }, infer: true };
    const b = { infer: true, scope: { agent_id: "a", user_id: "u" }, content: "x" };
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(canonicalJson(a)).toBe('{"content":"x","infer":true,"scope":{"agent_id":"a","user_id":"u"}}');
  });

  test("keeps array order, which is meaningful", () => {
    expect(canonicalJson([1, 2])).not.toBe(canonicalJson([2, 1]));
    expect(canonicalJson({ messages: [{ b: 1, a: 2 }] })).toBe('{"messages":[{"a":2,"b":1}]}');
  });

  test("leaves out undefined members, as JSON.stringify does", () => {
    expect(canonicalJson({ a: 1, b: undefined })).toBe(canonicalJson({ a: 1 }));
  });

  test("escapes strings and keys as JSON and writes scalars as JSON", () => {
    expect(canonicalJson({ 'k"ey': 'va"l\n' })).toBe('{"k\\"ey":"va\\"l\\n"}');
    expect(canonicalJson([null, true, 1.5, "é"])).toBe('[null,true,1.5,"é"]');
    expect(JSON.parse(canonicalJson({ z: [{ y: null }], a: "🎉" }))).toEqual({ z: [{ y: null }], a: "🎉" });
  });
});

describe("requestHash", () => {
  const body = { content: "Ada likes tea.", scope: { user_id: "ada" } };

  test("is equal for equal bodies on the same endpoint, whatever the key order", () => {
    expect(requestHash("POST /v1/memories", body)).toBe(
      requestHash("POST /v1/memories", { scope: { user_id: "ada" }, content: "Ada likes tea." }),
    );
    expect(requestHash("POST /v1/memories", body)).toMatch(/^[0-9a-f]{64}$/);
  });

  test("differs between endpoints for the same body", () => {
    expect(requestHash("POST /v1/memories", body)).not.toBe(requestHash("POST /v1/memories/import", body));
  });

  test("differs when any value differs, including an explicit default", () => {
    const h = requestHash("POST /v1/memories", body);
    expect(requestHash("POST /v1/memories", { ...body, content: "Ada likes tea!" })).not.toBe(h);
    expect(requestHash("POST /v1/memories", { ...body, scope: { user_id: "bob" } })).not.toBe(h);
    expect(requestHash("POST /v1/memories", { ...body, infer: true })).not.toBe(h);
  });

  test("the endpoint and the body cannot run into each other", () => {
    expect(requestHash("a", "b")).not.toBe(requestHash("a\n", "b"));
  });
});

describe("prepareCreate", () => {
  test("defaults infer to true and scope to empty, with no occurred_at", () => {
    expect(prepareCreate({ content: "Ada likes tea." }, NOW)).toEqual({
      content: "Ada likes tea.",
      infer: true,
      occurred_at: null,
      scope: {},
    });
  });

  test("with infer false the content may hold at most 1,000 characters", () => {
    expect(prepareCreate({ content: "x".repeat(1_000), infer: false }, NOW).infer).toBe(false);
    const e = refusal(() => prepareCreate({ content: "x".repeat(1_001), infer: false }, NOW));
    expect(e.code).toBe("validation_error");
    expect(Object.keys(e.errors!)).toEqual(["content"]);
    expect(e.errors!.content![0]).toContain("1000");
  });

  test("with infer true the 1,000-character bound does not apply", () => {
    expect(prepareCreate({ content: "x".repeat(1_001) }, NOW).content).toHaveLength(1_001);
    expect(prepareCreate({ content: "x".repeat(1_001), infer: true }, NOW).content).toHaveLength(1_001);
  });

  test("characters are UTF-16 code units: 500 emoji are 1,000 characters", () => {
    expect(() => prepareCreate({ content: "🎉".repeat(500), infer: false }, NOW)).not.toThrow();
    expect(refusal(() => prepareCreate({ content: `${"🎉".repeat(500)}x`, infer: false }, NOW)).code).toBe(
      "validation_error",
    );
  });

  test("occurred_at is normalised to UTC with milliseconds", () => {
    expect(prepareCreate({ content: "x", occurred_at: "2023-05-07" }, NOW).occurred_at).toBe(
      "2023-05-07T00:00:00.000Z",
    );
    expect(prepareCreate({ content: "x", occurred_at: "2023-05-07T15:56:00.5+02:00" }, NOW).occurred_at).toBe(
      "2023-05-07T13:56:00.500Z",
    );
  });

  test("occurred_at may be exactly now and exactly 1970-01-01", () => {
    expect(prepareCreate({ content: "x", occurred_at: NOW.toISOString() }, NOW).occurred_at).toBe(NOW.toISOString());
    expect(prepareCreate({ content: "x", occurred_at: "1970-01-01" }, NOW).occurred_at).toBe(
      "1970-01-01T00:00:00.000Z",
    );
  });

  test("a malformed occurred_at is a validation_error on occurred_at", () => {
    for (const bad of ["yesterday", "2023-02-30", "2023-05-07T10:00:00", ""]) {
      const e = refusal(() => prepareCreate({ content: "x", occurred_at: bad }, NOW));
      expect(e.code).toBe("validation_error");
      expect(Object.keys(e.errors!)).toEqual(["occurred_at"]);
    }
  });

  test("a future occurred_at is invalid_argument occurred_at_in_future", () => {
    const e = refusal(() =>
      prepareCreate({ content: "x", occurred_at: new Date(NOW.getTime() + 1).toISOString() }, NOW),
    );
    expect([e.code, e.status, e.reason]).toEqual(["invalid_argument", 400, "occurred_at_in_future"]);
  });

  test("an occurred_at before 1970 is invalid_argument occurred_at_too_old", () => {
    for (const old of ["1969-12-31T23:59:59.999Z", "1969-12-31", "0001-01-01"]) {
      const e = refusal(() => prepareCreate({ content: "x", occurred_at: old }, NOW));
      expect([e.code, e.status, e.reason]).toEqual(["invalid_argument", 400, "occurred_at_too_old"]);
    }
  });

  test("the content length rule is checked before occurred_at", () => {
    const e = refusal(() =>
      prepareCreate({ content: "x".repeat(1_001), infer: false, occurred_at: "3000-01-01" }, NOW),
    );
    expect(e.code).toBe("validation_error");
  });
});

describe("prepareImport", () => {
  test("keeps messages in order, with speaker and times normalised, and counts chunks", () => {
    const { payload, chunks } = prepareImport(
      {
        messages: [
          msg("Hi, I am Ada.", { speaker: "Ada", occurred_at: "2023-05-08T15:56:00+02:00" }),
          { role: "assistant", content: "Hello Ada." },
        ],
        scope: { user_id: "ada" },
        occurred_at: "2023-05-08",
      },
      NOW,
    );
    expect(payload).toEqual({
      messages: [
        { role: "user", content: "Hi, I am Ada.", speaker: "Ada", occurred_at: "2023-05-08T13:56:00.000Z" },
        { role: "assistant", content: "Hello Ada.", speaker: null, occurred_at: null },
      ],
      scope: { user_id: "ada" },
      occurred_at: "2023-05-08T00:00:00.000Z",
    });
    expect(chunks).toBe(1);
  });

  test.each([
    [1, 1],
    [20, 1],
    [21, 2],
    [100, 5],
    [500, 25],
  ])("%i short messages are %i chunk(s)", (n, chunks) => {
    expect(prepareImport({ messages: Array.from({ length: n }, (_, i) => msg(`message ${i}`)) }, NOW).chunks).toBe(
      chunks,
    );
  });

  test("the chunk count follows the 8,000-character bound too", () => {
    const words = (n: number) => "word ".repeat(n / 5);
    expect(prepareImport({ messages: [msg(words(4_000)), msg(words(4_000)), msg("x")] }, NOW).chunks).toBe(2);
    expect(prepareImport({ messages: [msg(words(10_000))] }, NOW).chunks).toBe(1);
  });

  test("every bad time is a validation_error on its own path, all reported together", () => {
    const e = refusal(() =>
      prepareImport(
        {
          messages: [
            msg("a", { occurred_at: "2023-05-08" }),
            msg("b", { occurred_at: "3000-01-01" }),
            msg("c", { occurred_at: "1969-01-01" }),
            msg("d", { occurred_at: "soon" }),
          ],
          occurred_at: new Date(NOW.getTime() + 60_000).toISOString(),
        },
        NOW,
      ),
    );
    expect(e.code).toBe("validation_error");
    expect(e.reason).toBeUndefined();
    expect(e.errors).toEqual({
      occurred_at: ["must not be in the future"],
      "messages[1].occurred_at": ["must not be in the future"],
      "messages[2].occurred_at": ["must not be before 1970-01-01"],
      "messages[3].occurred_at": [expect.stringContaining("RFC 3339")],
    });
  });

  test("a message may hold 2,000 characters without a space but not 2,001", () => {
    expect(() => prepareImport({ messages: [msg(`${"x".repeat(2_000)} ${"y".repeat(2_000)}`)] }, NOW)).not.toThrow();
    const e = refusal(() => prepareImport({ messages: [msg("fine"), msg(`a ${"x".repeat(2_001)} b`)] }, NOW));
    expect([e.code, e.status, e.reason]).toEqual(["invalid_argument", 400, "message_too_large_to_process"]);
    expect(e.detail).toContain("messages[1]");
  });

  test("any white space breaks a run without a space", () => {
    expect(() =>
      prepareImport({ messages: [msg(`${"x".repeat(1_500)}\n${"x".repeat(1_500)}\t${"x".repeat(1_500)}`)] }, NOW),
    ).not.toThrow();
  });

  test("all messages together may hold 320,000 characters but not 320,001", () => {
    const block = `${"word ".repeat(3_199)}word`; // 15,999 characters
    const messages = Array.from({ length: 20 }, () => msg(block)); // 319,980
    expect(() => prepareImport({ messages: [...messages, msg("x".repeat(20))] }, NOW)).not.toThrow();
    const e = refusal(() => prepareImport({ messages: [...messages, msg("x".repeat(21))] }, NOW));
    expect([e.code, e.status, e.reason]).toEqual(["invalid_argument", 400, "conversation_too_large_to_process"]);
  });

  test("time problems are reported before size problems", () => {
    const e = refusal(() => prepareImport({ messages: [msg("x".repeat(2_001), { occurred_at: "nope" })] }, NOW));
    expect(e.code).toBe("validation_error");
  });
});
