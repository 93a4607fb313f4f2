// `engram mcp`: serves the MCP tools over stdio for local clients (Claude Desktop, editors) by
// bridging to a running server's /mcp endpoint. stdout carries MCP JSON-RPC only: every message of
// this command goes to stderr.
import { type Command, Option } from "commander";
import { StreamableHTTPError } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { loadConfig } from "../config.ts";
import { mcpEndpoint, runStdioBridge } from "../mcp/stdio.ts";

function fail(message: string): never {
  process.stderr.write(`engram mcp: ${message}\n`);
  process.exit(1);
}

/** One line saying why the first exchange with the server failed. */
function connectError(err: unknown, endpoint: string): string {
  if (err instanceof StreamableHTTPError) {
    if (err.code === 401)
      return `the server at ${endpoint} refused the API key in ENGRAM_API_KEY (401). Check that it is a current key of the project.`;
    if (err.code === 403)
      return `the server at ${endpoint} refused the request (403): its allowed hosts (ENGRAM_ALLOWED_HOSTS) do not include this address.`;
    return `the server at ${endpoint} answered HTTP ${err.code ?? "error"}: ${err.message}`;
  }
  const why = err instanceof Error ? err.message : String(err);
  return `cannot reach an Engram server at ${endpoint} (${why}). Start one with "engram serve", or give its address with --url or ENGRAM_URL.`;
}

export function registerMcp(program: Command): void {
  program
    .command("mcp")
    .description("serve the MCP tools over stdio, through a running server (key from ENGRAM_API_KEY)")
    .addOption(
      new Option(
        "--url <url>",
        "address of the running server (ENGRAM_URL, default http://ENGRAM_HOST:ENGRAM_PORT, i.e. http://127.0.0.1:8420)",
      ),
    )
    .action(async (opts: { url?: string }) => {
      let config: ReturnType<typeof loadConfig>;
      try {
        config = loadConfig({ serverUrl: opts.url });
      } catch (err) {
        fail(err instanceof Error ? err.message : String(err));
      }
      if (!config.apiKey)
        fail(
          "ENGRAM_API_KEY is not set. Set it to a project API key (engram_sk_...), e.g. in the MCP client's env settings.",
        );
      let endpoint: string;
      try {
        endpoint = mcpEndpoint(config.serverUrl).href;
      } catch {
        fail(`the server address must be an http(s) URL such as http://127.0.0.1:8420, got "${config.serverUrl}".`);
      }

      let bridge: Awaited<ReturnType<typeof runStdioBridge>>;
      try {
        bridge = await runStdioBridge({ serverUrl: config.serverUrl, apiKey: config.apiKey });
      } catch (err) {
        fail(connectError(err, endpoint));
      }
      // The client ends the session by closing stdin or with a signal.
      let closing = false;
      const shutdown = async () => {
        if (closing) return;
        closing = true;
        await bridge.close().catch(() => undefined);
        await new Promise<void>((r) => process.stdout.write("", () => r())); // flush the last answers
        process.exit(0);
      };
      process.stdin.on("end", () => void shutdown());
      process.stdin.on("close", () => void shutdown());
      process.on("SIGTERM", () => void shutdown());
      process.on("SIGINT", () => void shutdown());
    });
}
