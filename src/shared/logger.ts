// Structured JSON logs (pino) to stdout. Created once in the composition root and passed down.
import pino from "pino";

export type Logger = pino.Logger;

/**
 * Errors as { type, message, stack }. Not every thrown value is an Error (Bun's ResolveMessage, say),
 * and such an object may be circular: it is logged by its message rather than lost to the serializer.
 */
export function serializeError(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return pino.stdSerializers.err(err) as unknown as Record<string, unknown>;
  const o = err as { name?: unknown; message?: unknown } | null;
  return {
    type: typeof o?.name === "string" ? o.name : typeof err,
    message: typeof o?.message === "string" ? o.message : String(err),
  };
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const silentLogger: Logger = pino({ level: "silent" });

/** How often one repeated error is logged: the first time, then once per this interval. */
export const REPEAT_LOG_INTERVAL_MS = 60_000;

/**
 * Logs an error that may repeat many times a second (a full disk, a broken database) at most once
 * per interval per key, each line saying how many were left out since the one before.
 */
export function createRepeatLog(logger: Logger, intervalMs = REPEAT_LOG_INTERVAL_MS, now = () => Date.now()) {
  const last = new Map<string, { at: number; left: number }>();
  return (key: string, fields: Record<string, unknown>, msg: string): void => {
    const t = now();
    const seen = last.get(key);
    if (seen && t - seen.at < intervalMs) {
      seen.left++;
      return;
    }
    last.set(key, { at: t, left: 0 });
    logger.error(seen?.left ? { ...fields, repeated: seen.left } : fields, msg);
  };
}

/** The key under which an error repeats: its code (SQLITE_FULL) or, lacking one, its message. */
export function repeatKey(err: unknown): string {
  const o = err as { code?: unknown; message?: unknown } | null;
  return typeof o?.code === "string" ? o.code : typeof o?.message === "string" ? o.message : String(err);
}
