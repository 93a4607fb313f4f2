import { describe, expect, test } from "bun:test";
import { fixedClock, systemClock } from "../../src/shared/clock.ts";

describe("fixedClock", () => {
  test("stays where it was set until told to move", () => {
    const clock = fixedClock("2026-01-31T23:59:59.000Z");
    expect(clock.now().toISOString()).toBe("2026-01-31T23:59:59.000Z");
    expect(clock.now().toISOString()).toBe("2026-01-31T23:59:59.000Z");
  });

  test("advances by milliseconds and can be set to any instant", () => {
    const clock = fixedClock(new Date("2026-01-31T23:59:59.000Z"));
    clock.advance(1_500);
    expect(clock.now().toISOString()).toBe("2026-02-01T00:00:00.500Z");
    clock.set("2020-06-01T00:00:00Z");
    expect(clock.now().toISOString()).toBe("2020-06-01T00:00:00.000Z");
  });

  test("hands out copies, so a caller cannot move it by mutating a date", () => {
    const clock = fixedClock("2026-01-01T00:00:00Z");
    clock.now().setUTCFullYear(1999);
    expect(clock.now().toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });
});

describe("systemClock", () => {
  test("reads the current time", () => {
    const before = Date.now();
    const t = systemClock.now().getTime();
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(Date.now());
  });
});
