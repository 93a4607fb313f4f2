import { describe, expect, test } from "bun:test";
import { Meter } from "../../src/shared/meter.ts";

/** Busy-waits until performance.now() has moved on: a stage that provably takes time, without sleeping. */
function tick(): void {
  const t = performance.now();
  while (performance.now() === t);
}

describe("Meter", () => {
  test("starts with nothing charged and no stages", () => {
    const m = new Meter();
    expect(m.reads).toBe(0);
    expect(m.writes).toBe(0);
    expect(m.timings.size).toBe(0);
  });

  test("time() returns what the stage returns and records how long it took", () => {
    const m = new Meter();
    expect(m.time("db", () => 42)).toBe(42);
    expect(m.timings.get("db")).toBeGreaterThanOrEqual(0);
  });

  test("a stage run twice adds up", () => {
    const m = new Meter();
    m.time("db", tick);
    const first = m.timings.get("db")!;
    m.time("db", tick);
    expect(m.timings.get("db")!).toBeGreaterThan(first);
    expect([...m.timings.keys()]).toEqual(["db"]);
  });

  test("a stage that throws is still timed and the error passes through", () => {
    const m = new Meter();
    expect(() =>
      m.time("search", () => {
        throw new Error("boom");
      }),
    ).toThrow("boom");
    expect(m.timings.has("search")).toBe(true);
  });

  test("elapsed() grows from the meter's creation", () => {
    const m = new Meter();
    const a = m.elapsed();
    tick();
    expect(a).toBeGreaterThanOrEqual(0);
    expect(m.elapsed()).toBeGreaterThan(a);
  });
});
