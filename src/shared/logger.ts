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
