import { describe, expect, test } from "bun:test";
import { createWorkLoop, type StepResult } from "../../src/shared/work-loop.ts";

/** A step the test answers by hand: each call waits for the next `answer()`. */
function manualStep() {
  const pending: Array<(r: StepResult) => void> = [];
  let calls = 0;
  let called: (() => void) | null = null;
  return {
    step: () =>
      new Promise<StepResult>((resolve) => {
        calls++;
        pending.push(resolve);
        called?.();
      }),
    get calls() {
      return calls;
    },
    /** Resolves when the loop has called the step `n` times in all. */
    until: (n: number) =>
      new Promise<void>((resolve) => {
        const check = () => {
          if (calls >= n) resolve();
          else called = check;
        };
        check();
      }),
    answer: (r: StepResult) => pending.shift()!(r),
  };
}

describe("the work loop", () => {
  test("runs the step again at once while it finds work, and sleeps until notified when it finds none", async () => {
    const m = manualStep();
    const loop = createWorkLoop(m.step);
    loop.start();
    loop.start(); // once
    await m.until(1);
    m.answer({ worked: true, sleepMs: null });
    await m.until(2);
    m.answer({ worked: false, sleepMs: null });
    await new Promise((r) => setImmediate(r));
    expect(m.calls).toBe(2); // asleep
    loop.notify();
    await m.until(3);
    const closed = loop.close();
    expect(loop.stopping).toBe(true);
    m.answer({ worked: false, sleepMs: null });
    await closed;
    expect(m.calls).toBe(3);
  });

  test("close() during a step stops the loop when the step ends, though no sleep was there to end", async () => {
    const m = manualStep();
    const loop = createWorkLoop(m.step);
    loop.start();
    await m.until(1);
    const closed = loop.close();
    m.answer({ worked: false, sleepMs: null }); // without the check it would now sleep forever
    await closed;
    expect(m.calls).toBe(1);
  });

  test("an idle step's sleepMs ends the sleep on its own", async () => {
    const m = manualStep();
    const loop = createWorkLoop(m.step);
    loop.start();
    await m.until(1);
    m.answer({ worked: false, sleepMs: 0 });
    await m.until(2);
    const closed = loop.close();
    m.answer({ worked: false, sleepMs: null });
    await closed;
  });
});
