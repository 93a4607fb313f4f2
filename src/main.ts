#!/usr/bin/env bun
// The `engram` command line: serve, admin.
import { Command, Option } from "commander";
import { startServer } from "./cli/serve.ts";
import { registerAdmin } from "./cli/admin.ts";
import { VERSION } from "./version.ts";

const program = new Command().name("engram").description("Engram: a memory service for AI agents").version(VERSION);

program
  .command("serve")
  .description("start the REST service")
  .addOption(new Option("--host <host>", "address to listen on (ENGRAM_HOST, default 127.0.0.1)"))
  .addOption(new Option("--port <port>", "port to listen on; 0 picks a free one (ENGRAM_PORT, default 8420)").argParser((v) => Number.parseInt(v, 10)))
  .addOption(new Option("--data <dir>", "data directory (ENGRAM_DATA_DIR, default ./engram-data)"))
  .addOption(new Option("--tls-cert <file>", "TLS certificate (PEM)"))
  .addOption(new Option("--tls-key <file>", "TLS private key (PEM)"))
  .action(async (opts: { host?: string; port?: number; data?: string; tlsCert?: string; tlsKey?: string }) => {
    const server = await startServer({ host: opts.host, port: opts.port, dataDir: opts.data, tlsCert: opts.tlsCert, tlsKey: opts.tlsKey });
    const shutdown = async (signal: string) => {
      server.engram.logger.info({ signal }, "shutting down");
      await server.stop();
      process.exit(0);
    };
    process.on("SIGTERM", () => void shutdown("SIGTERM"));
    process.on("SIGINT", () => void shutdown("SIGINT"));
  });

registerAdmin(program);

await program.parseAsync(process.argv);
