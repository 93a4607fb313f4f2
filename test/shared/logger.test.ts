import { describe, expect, test } from "bun:test";
import { createLogger, serializeError } from "../../src/shared/logger.ts";

describe("the logger", () => {
  test("logs an Error with its type, message and stack", () => {
    const s = serializeError(new TypeError("bad thing"));
    expect(s).toMatchObject({ type: "TypeError", message: "bad thing" });
    expect(String(s.stack)).toContain("bad thing");
  });

  test("logs a thrown non-Error, even a circular one, by its message", () => {
    const odd: Record<string, unknown> = { name: "ResolveMessage", message: "Cannot find module 'x'" };
    odd.self = odd;
    const lines: string[] = [];
    const logger = createLogger("info", { write: (line: string) => void lines.push(line) });
    logger.error({ err: odd, job_id: "job_1" }, "formation failed; will retry");
    expect(JSON.parse(lines[0]!)).toMatchObject({
      err: { type: "ResolveMessage", message: "Cannot find module 'x'" },
      job_id: "job_1",
      msg: "formation failed; will retry",
    });
    expect(serializeError("plain")).toEqual({ type: "string", message: "plain" });
  });
});
