// Per-request accounting shared by the transports: what the call charged and how long its stages took.
export class Meter {
  reads = 0;
  writes = 0;
  readonly timings = new Map<string, number>();
  /** When the request arrived (performance.now()): identical writes are told apart by it. */
  readonly startedAt = performance.now();

  time<T>(stage: string, fn: () => T): T {
    const t0 = performance.now();
    try {
      return fn();
    } finally {
      this.timings.set(stage, (this.timings.get(stage) ?? 0) + performance.now() - t0);
    }
  }

  elapsed(): number {
    return performance.now() - this.startedAt;
  }
}
