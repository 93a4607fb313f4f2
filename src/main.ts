#!/usr/bin/env bun
// The `engram` command line: serve, mcp, admin.
import { Command, InvalidArgumentError, Option } from "commander";
import { startServer } from "./cli/serve.ts";
import { registerAdmin } from "./cli/admin.ts";
import { registerMcp } from "./cli/mcp.ts";
import { VERSION } from "./version.ts";

function port(value: string): number {
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65_535) throw new InvalidArgumentError("expected a port number from 0 to 65535.");
  return n;
}

/** A port, or off (no metrics listener). */
function portOrOff(value: string): number | null {
  if (/^off$/i.test(value)) return null;
  if (!/^\d+$/.test(value) || Number(value) > 65_535)
    throw new InvalidArgumentError("expected a port number from 0 to 65535, or off.");
  return Number(value);
}

interface ServeOptions {
  host?: string;
  port?: number;
  data?: string;
  tlsCert?: string;
  tlsKey?: string;
  metricsHost?: string;
  metricsPort?: number | null;
}

const program = new Command().name("engram").description("Engram: a memory service for AI agents").version(VERSION);

program
  .command("serve")
  .description("start the REST service")
  .addOption(new Option("--host <host>", "address to listen on (ENGRAM_HOST, default 127.0.0.1)"))
  .addOption(
    new Option("--port <port>", "port to listen on; 0 picks a free one (ENGRAM_PORT, default 8420)").argParser(port),
  )
  .addOption(new Option("--data <dir>", "data directory (ENGRAM_DATA_DIR, default ./engram-data)"))
  .addOption(new Option("--tls-cert <file>", "TLS certificate (PEM)"))
  .addOption(new Option("--tls-key <file>", "TLS private key (PEM)"))
  .addOption(
    new Option("--metrics-host <host>", "address of the metrics listener (ENGRAM_METRICS_HOST, default 127.0.0.1)"),
  )
  .addOption(
    new Option("--metrics-port <port>", "port of /metrics, or off (ENGRAM_METRICS_PORT, default 9464)").argParser(
      portOrOff,
    ),
  )
  .action(async (opts: ServeOptions) => {
    // The signal handlers come first: a SIGTERM that arrives as the server says "listening" (a service
    // manager, a test) must stop it cleanly, not end it by the signal's default action.
    let server: Awaited<ReturnType<typeof startServer>> | null = null;
    // Stop accepting, let the formation loop finish its chunk, close the database, exit 0. A second
    // signal while this runs must not exit early (that would skip closing the database).
    let stopping: Promise<void> | null = null;
    let signalled: string | null = null;
    const shutdown = (signal: string) => {
      if (!server) {
        signalled ??= signal; // still starting: stopped as soon as it has started
        return;
      }
      const running = server;
      stopping ??= (async () => {
        running.engram.logger.info({ signal }, "shutting down");
        try {
          await running.stop();
          process.exit(0);
        } catch (err) {
          running.engram.logger.error({ err }, "shutdown failed");
          process.exit(1);
        }
      })();
      return stopping;
    };
    process.on("SIGTERM", () => void shutdown("SIGTERM"));
    process.on("SIGINT", () => void shutdown("SIGINT"));
    try {
      server = await startServer({
        host: opts.host,
        port: opts.port,
        dataDir: opts.data,
        tlsCert: opts.tlsCert,
        tlsKey: opts.tlsKey,
        metricsHost: opts.metricsHost,
        metricsPort: opts.metricsPort,
      });
    } catch (err) {
      // Bad configuration, a port in use, an unreadable certificate: one line, not a stack trace.
      process.stderr.write(`engram serve: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    }
    if (signalled) await shutdown(signalled);
  });

registerMcp(program);
registerAdmin(program);

await program.parseAsync(process.argv);
