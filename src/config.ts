// Configuration is read once, typed and frozen. Precedence: defaults < ENGRAM_* environment < flags.
// Nothing else in the codebase reads process.env.
import { dlopen, FFIType, ptr } from "bun:ffi";
import { resolve } from "node:path";
import type { LlmConfig } from "./models/llm.ts";
import type { EmbeddingsConfig } from "./models/index.ts";
import type { ExtractorName } from "./formation/select.ts";
import { CONTEXT_THRESHOLD, RECALL_THRESHOLD } from "./retrieval/index.ts";
import { WEBHOOK_DEFAULTS, type WebhookConfig } from "./webhooks/backoff.ts";

export interface Config {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  /** Public base address used in error `type` links; defaults to http://host:port. */
  readonly publicUrl: string | null;
  readonly tlsCert: string | null;
  readonly tlsKey: string | null;
  /** When false the server accepts writes but does not form them (operations: drain elsewhere, maintenance). */
  readonly formationWorker: boolean;
  /**
   * Where the formation loop runs: "worker" (its own thread and SQLite connection, so extraction never
   * holds up a request) or "main" (the request thread, as before; for comparison and diagnosis).
   */
  readonly formationThread: "worker" | "main";
  /** Maximum queued formation jobs before writes are refused with 503. */
  readonly queueBound: number;
  /** Plan given to the account created on first start. */
  readonly bootstrapPlan: string;
  readonly logLevel: string;
  /** Enforce plans: allowances, stored-memory limit and rate limits (usage is counted either way). */
  readonly enforceLimits: boolean;
  /** Host names accepted in Host/Origin on /mcp (DNS-rebinding protection); empty = any. */
  readonly allowedHosts: readonly string[];
  /** Address of a running server, for clients such as `engram mcp`: ENGRAM_URL, else http://host:port. */
  readonly serverUrl: string;
  /** Project API key for clients such as `engram mcp` (ENGRAM_API_KEY); the server itself never uses it. */
  readonly apiKey: string | null;
  /** An OpenAI-compatible embeddings provider; null = the embedded static model (no network). */
  readonly embeddings: EmbeddingsConfig | null;
  /** Which extractor forms memories: embedded (default), llm (when ENGRAM_LLM_URL is set) or sentence. */
  readonly extractor: ExtractorName;
  /** An OpenAI-compatible chat completions endpoint for the LLM extractor. */
  readonly llm: LlmConfig | null;
  /** Confidence (0-1) recall needs to answer a memory rather than not_found (ENGRAM_RECALL_THRESHOLD). */
  readonly recallThreshold: number;
  /** Confidence (0-1) the best match needs for context to answer rather than 404 (ENGRAM_CONTEXT_THRESHOLD). */
  readonly contextThreshold: number;
  /** Webhook delivery: answer timeout, retry backoff and how long to retry (ENGRAM_WEBHOOK_*). */
  readonly webhooks: WebhookConfig;
  /** Address of the metrics listener (ENGRAM_METRICS_HOST, --metrics-host; default 127.0.0.1). */
  readonly metricsHost: string;
  /** Port of the metrics listener (ENGRAM_METRICS_PORT, --metrics-port; default 9464); null = off. */
  readonly metricsPort: number | null;
  /** True when the metrics port was chosen (a flag or ENGRAM_METRICS_PORT): not opening it is then an error. */
  readonly metricsPortChosen: boolean;
  /** Bearer token for /metrics (ENGRAM_METRICS_TOKEN): opens it on the main port, required on the metrics port. */
  readonly metricsToken: string | null;
  /** Projects with this many vectors or more are searched through the LanceDB index (ENGRAM_ANN_MIN_VECTORS). */
  readonly annMinVectors: number;
}

export const DEFAULT_METRICS_PORT = 9464;

/** ENGRAM_METRICS_PORT: a port (0 picks a free one), or off. */
function metricsPort(env: Record<string, string | undefined>): number | null | undefined {
  const raw = env.ENGRAM_METRICS_PORT;
  if (raw === undefined || raw === "") return undefined;
  if (/^off$/i.test(raw)) return null;
  if (!/^\d+$/.test(raw) || Number(raw) > 65_535)
    throw new Error(`ENGRAM_METRICS_PORT must be a port number from 0 to 65535 or off, got "${raw}"`);
  return Number(raw);
}

/** ENGRAM_METRICS_TOKEN: long enough not to be guessed (a token opens /metrics on the public port). */
function metricsToken(env: Record<string, string | undefined>): string | null {
  const token = env.ENGRAM_METRICS_TOKEN;
  if (!token) return null;
  if (token.length < 16 || /\s/.test(token))
    throw new Error("ENGRAM_METRICS_TOKEN must be at least 16 characters without spaces (try: openssl rand -hex 32)");
  return token;
}

function formationThread(env: Record<string, string | undefined>): "worker" | "main" {
  const raw = env.ENGRAM_FORMATION_THREAD || "worker";
  if (raw !== "worker" && raw !== "main")
    throw new Error(`ENGRAM_FORMATION_THREAD must be worker or main, got "${raw}"`);
  return raw;
}

export type ConfigOverrides = Partial<{ -readonly [K in keyof Config]: Config[K] }>;

function envNumber(
  env: Record<string, string | undefined>,
  name: string,
  valid: (n: number) => boolean,
  expected: string,
): number | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  const n = Number(raw);
  if (!valid(n)) throw new Error(`${name} must be ${expected}, got "${raw}"`);
  return n;
}

const envInt = (env: Record<string, string | undefined>, name: string) =>
  envNumber(env, name, Number.isInteger, "an integer");
const envShare = (env: Record<string, string | undefined>, name: string) =>
  envNumber(env, name, (n) => Number.isFinite(n) && n >= 0 && n <= 1, "a number from 0 to 1");

function envBool(env: Record<string, string | undefined>, name: string): boolean | undefined {
  const raw = env[name];
  if (raw === undefined || raw === "") return undefined;
  if (/^(1|true|yes|on)$/i.test(raw)) return true;
  if (/^(0|false|no|off)$/i.test(raw)) return false;
  throw new Error(`${name} must be true or false, got "${raw}"`);
}

export function loadConfig(
  overrides: ConfigOverrides = {},
  env: Record<string, string | undefined> = process.env,
): Config {
  const defined = Object.fromEntries(Object.entries(overrides).filter(([, v]) => v !== undefined));
  const envMetricsPort = metricsPort(env);
  const config: Config = {
    host: env.ENGRAM_HOST || "127.0.0.1",
    port: envInt(env, "ENGRAM_PORT") ?? 8420,
    dataDir: env.ENGRAM_DATA_DIR || "./engram-data",
    publicUrl: env.ENGRAM_PUBLIC_URL || null,
    tlsCert: env.ENGRAM_TLS_CERT || null,
    tlsKey: env.ENGRAM_TLS_KEY || null,
    formationWorker: envBool(env, "ENGRAM_FORMATION_WORKER") ?? true,
    formationThread: formationThread(env),
    queueBound: envInt(env, "ENGRAM_QUEUE_BOUND") ?? 10_000,
    bootstrapPlan: env.ENGRAM_BOOTSTRAP_PLAN || "scale",
    logLevel: env.ENGRAM_LOG_LEVEL || "info",
    enforceLimits: envBool(env, "ENGRAM_ENFORCE_LIMITS") ?? true,
    allowedHosts: [],
    serverUrl: "",
    apiKey: env.ENGRAM_API_KEY || null,
    embeddings: embeddingsConfig(env),
    extractor: extractorName(env),
    llm: llmConfig(env),
    recallThreshold: envShare(env, "ENGRAM_RECALL_THRESHOLD") ?? RECALL_THRESHOLD,
    contextThreshold: envShare(env, "ENGRAM_CONTEXT_THRESHOLD") ?? CONTEXT_THRESHOLD,
    webhooks: webhookConfig(env),
    metricsHost: env.ENGRAM_METRICS_HOST || "127.0.0.1",
    metricsPort: envMetricsPort === undefined ? DEFAULT_METRICS_PORT : envMetricsPort,
    metricsPortChosen: overrides.metricsPort !== undefined || envMetricsPort !== undefined,
    metricsToken: metricsToken(env),
    annMinVectors: envInt(env, "ENGRAM_ANN_MIN_VECTORS") ?? 5_000,
    ...defined,
  };
  // Checked where it is used (`engram mcp`), so that a client setting never stops the server starting.
  const serverUrl = (config.serverUrl || env.ENGRAM_URL || localServerUrl(config)).trim();
  const allowedHosts =
    overrides.allowedHosts ?? defaultAllowedHosts(config.host, config.publicUrl, env.ENGRAM_ALLOWED_HOSTS);
  return Object.freeze({
    ...config,
    serverUrl,
    dataDir: resolve(config.dataDir),
    allowedHosts: Object.freeze([...allowedHosts]),
  });
}

/**
 * Before LanceDB's native addon is first required (retrieval/lance-native.ts): the file to load
 * (NAPI_RS_NATIVE_LIBRARY_PATH, read by its JavaScript loader), and for the addon itself, which reads
 * the C environment (Bun's process.env does not reach it, hence libc's setenv): its log level
 * (LANCEDB_LOG: errors only, unless the operator set it) and the folder its index builds spill to
 * (TMPDIR: inside the data directory, where they are cleaned up, rather than the system's).
 */
export function useLanceLibrary(path: string, tmpDir: string): void {
  process.env.NAPI_RS_NATIVE_LIBRARY_PATH = path;
  const libc = dlopen("libc.so.6", {
    setenv: { args: [FFIType.cstring, FFIType.cstring, FFIType.i32], returns: FFIType.i32 },
  });
  const c = (text: string) => ptr(Buffer.from(`${text}\0`));
  try {
    libc.symbols.setenv(c("LANCEDB_LOG"), c(process.env.LANCEDB_LOG || "error"), 1);
    libc.symbols.setenv(c("TMPDIR"), c(tmpDir), 1);
  } finally {
    libc.close();
  }
}

/** Where a server started with this configuration listens, as seen from this machine. */
/** A listen address as a URL writes it: an IPv6 address in brackets. */
export function hostInUrl(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

export function localServerUrl(c: Pick<Config, "host" | "port" | "tlsCert" | "tlsKey">): string {
  const host = c.host === "0.0.0.0" || c.host === "" ? "127.0.0.1" : c.host === "::" ? "[::1]" : hostInUrl(c.host);
  return `${c.tlsCert && c.tlsKey ? "https" : "http"}://${host}:${c.port}`;
}

/** ENGRAM_EMBEDDINGS_URL switches from the embedded model to a provider; it then needs a model name. */
function embeddingsConfig(env: Record<string, string | undefined>): EmbeddingsConfig | null {
  const url = env.ENGRAM_EMBEDDINGS_URL;
  if (!url) return null;
  if (!/^https?:\/\//.test(url)) throw new Error(`ENGRAM_EMBEDDINGS_URL must be an http(s) URL, got "${url}"`);
  const model = env.ENGRAM_EMBEDDINGS_MODEL;
  if (!model) throw new Error("ENGRAM_EMBEDDINGS_MODEL is required with ENGRAM_EMBEDDINGS_URL");
  return Object.freeze({
    url,
    model,
    apiKey: env.ENGRAM_EMBEDDINGS_API_KEY || null,
    dimensions: envInt(env, "ENGRAM_EMBEDDINGS_DIMENSIONS") ?? null,
    timeoutMs: envInt(env, "ENGRAM_EMBEDDINGS_TIMEOUT_MS") ?? 10_000,
  });
}

/** ENGRAM_LLM_URL (an OpenAI-compatible base URL such as http://127.0.0.1:11434/v1) with ENGRAM_LLM_MODEL. */
function llmConfig(env: Record<string, string | undefined>): LlmConfig | null {
  const url = env.ENGRAM_LLM_URL;
  if (!url) return null;
  if (!/^https?:\/\//.test(url)) throw new Error(`ENGRAM_LLM_URL must be an http(s) URL, got "${url}"`);
  const model = env.ENGRAM_LLM_MODEL;
  if (!model) throw new Error("ENGRAM_LLM_MODEL is required with ENGRAM_LLM_URL");
  return Object.freeze({
    baseUrl: url,
    model,
    apiKey: env.ENGRAM_LLM_API_KEY || null,
    timeoutMs: envInt(env, "ENGRAM_LLM_TIMEOUT_MS") ?? 60_000,
    maxRetries: envInt(env, "ENGRAM_LLM_MAX_RETRIES") ?? 2,
  });
}

/** ENGRAM_WEBHOOK_TIMEOUT_MS, _BACKOFF_BASE_MS, _BACKOFF_MAX_MS, _RETRY_FOR_MS: positive integers (milliseconds). */
function webhookConfig(env: Record<string, string | undefined>): WebhookConfig {
  const ms = (name: string) =>
    envNumber(env, `ENGRAM_WEBHOOK_${name}`, (n) => Number.isInteger(n) && n > 0, "a positive integer");
  return Object.freeze({
    timeoutMs: ms("TIMEOUT_MS") ?? WEBHOOK_DEFAULTS.timeoutMs,
    backoffBaseMs: ms("BACKOFF_BASE_MS") ?? WEBHOOK_DEFAULTS.backoffBaseMs,
    backoffMaxMs: ms("BACKOFF_MAX_MS") ?? WEBHOOK_DEFAULTS.backoffMaxMs,
    retryForMs: ms("RETRY_FOR_MS") ?? WEBHOOK_DEFAULTS.retryForMs,
  });
}

function extractorName(env: Record<string, string | undefined>): ExtractorName {
  const name = env.ENGRAM_EXTRACTOR || (env.ENGRAM_LLM_URL ? "llm" : "embedded");
  if (name !== "embedded" && name !== "llm" && name !== "sentence")
    throw new Error(`ENGRAM_EXTRACTOR must be embedded, llm or sentence, got "${name}"`);
  return name;
}

const LOOPBACK = ["localhost", "127.0.0.1", "[::1]"];

/**
 * ENGRAM_ALLOWED_HOSTS (comma-separated) when set ("*" = any host). Otherwise: a server bound to
 * loopback accepts only loopback host names (DNS-rebinding protection); one bound elsewhere accepts
 * any host unless a list is given. The public URL's host is always accepted.
 */
function defaultAllowedHosts(host: string, publicUrl: string | null, list: string | undefined): string[] {
  const extra = publicUrl ? [new URL(publicUrl).hostname] : [];
  if (list !== undefined && list.trim() !== "") {
    const hosts = list
      .split(",")
      .map((h) => h.trim())
      .filter(Boolean);
    return hosts.includes("*") ? [] : [...hosts, ...extra];
  }
  const loopback = LOOPBACK.includes(host) || host.startsWith("127.") || host === "::1";
  return loopback ? [...LOOPBACK, ...extra] : [];
}
