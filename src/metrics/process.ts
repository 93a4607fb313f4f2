// The process's own metrics (CPU, resident memory, open files, start time), from prom-client's
// defaults. They describe the process, not one Engram in it, so they are made once per process.
import { collectDefaultMetrics, Registry } from "prom-client";

let registry: Registry | null = null;

/**
 * prom-client's `process_*` metrics, which work under Bun. Its `nodejs_*` ones are left out: under Bun
 * the event-loop delay histogram records nothing (its gauges read NaN or 2^63 ns) and the V8 heap
 * spaces and GC observations are zeros or empty.
 */
export function processMetrics(): Registry {
  if (registry) return registry;
  registry = new Registry();
  collectDefaultMetrics({ register: registry });
  for (const { name } of registry.getMetricsAsArray())
    if (!name.startsWith("process_")) registry.removeSingleMetric(name);
  return registry;
}
