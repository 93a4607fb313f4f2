import { describe, expect, test } from "bun:test";
import { isPlanName, PLANS, planFigures } from "../../src/limits/plans.ts";

describe("plans", () => {
  test("rate limits match the specification's table", () => {
    expect(
      [PLANS.free, PLANS.starter, PLANS.growth, PLANS.scale].map((p) => [
        p.read_burst,
        p.read_rate,
        p.write_burst,
        p.write_rate,
      ]),
    ).toEqual([
      [10, 5, 5, 5],
      [100, 50, 50, 25],
      [400, 200, 200, 100],
      [2_000, 1_000, 1_000, 500],
    ]);
  });

  test("only the four named plans are plan names", () => {
    for (const n of ["free", "starter", "growth", "scale"]) expect(isPlanName(n)).toBe(true);
    for (const n of ["custom", "Free", "toString", "__proto__", ""]) expect(isPlanName(n)).toBe(false);
  });

  test("planFigures reads a named plan or the account's custom figures", () => {
    expect(planFigures("growth", null)).toEqual(PLANS.growth);
    const custom = { ...PLANS.free, reads: 1 };
    expect(planFigures("custom", JSON.stringify(custom))).toEqual(custom);
    expect(() => planFigures("gold", null)).toThrow();
  });
});
