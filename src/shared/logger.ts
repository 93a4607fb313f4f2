// Structured JSON logs (pino) to stdout. Created once in the composition root and passed down.
import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

export const silentLogger: Logger = pino({ level: "silent" });
