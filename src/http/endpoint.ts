// The one pipeline every REST memory endpoint runs: authenticate, read and validate the body,
// call the service, shape the answer, attach headers. Handlers stay a few lines each.
import type { TSchema, Static } from "@sinclair/typebox";
import { ApiError } from "../errors/api-error.ts";
import type { Principal } from "../domain/principal.ts";
import { createRepeatLog, type Logger } from "../shared/logger.ts";
import { Meter } from "../shared/meter.ts";
import { createValidator } from "../shared/validate.ts";
import { readJsonBody } from "./body.ts";
import { jsonResponse, emptyResponse, problemResponse, usageHeaders } from "./respond.ts";
import { rateLimitError, type Limits } from "../limits/index.ts";
import type { TakeResult } from "../limits/buckets.ts";
import { isFull, retryBusy, storageFull } from "../storage/busy.ts";
import { fingerprint, idempotencyKey, replayResponse, type IdempotencyStore } from "./idempotency.ts";

export interface EndpointDeps {
  authenticate(token: string): Principal | null;
  docsUrl: string;
  maxBodyBytes: number;
  logger: Logger;
  limits: Pick<Limits, "take" | "enforce">;
  idempotency: IdempotencyStore;
}

/** RateLimit-* headers of a memory response (docs/api.md: Headers). */
function rateLimitHeaders(r: TakeResult): Record<string, string> {
  return {
    "RateLimit-Limit": String(r.limit),
    "RateLimit-Remaining": String(r.remaining),
    "RateLimit-Reset": String(r.reset),
  };
}

export interface Call<B> {
  principal: Principal;
  meter: Meter;
  body: B;
  params: Record<string, string>;
  url: URL;
  /**
   * Returns `result`, first storing it as the answer to the write's Idempotency-Key, if it has one.
   * Call it inside the transaction that commits the write, so that both commit or neither does.
   */
  settle(result: Result): Result;
  /** Runs a write in one transaction, for service calls that open none (so `settle` commits with it). */
  atomically<T>(fn: () => T): T;
}

/** A handler's result: a status and an optional JSON body. */
export type Result = { status: number; body?: unknown };

export interface EndpointSpec<S extends TSchema | undefined> {
  usage: "reads" | "writes";
  body?: S;
  handle(call: Call<S extends TSchema ? Static<S> : undefined>): Result | Promise<Result>;
}

const BEARER = /^Bearer[ \t]+([^\s]+)[ \t]*$/i;

function unauthorized(): ApiError {
  return new ApiError("unauthorized", {
    detail: "A valid API key is required in the Authorization header (Bearer <key>).",
  });
}

export function createEndpointFactory(deps: EndpointDeps) {
  // A full disk refuses every write: logged once a minute with a count, not once per request.
  const repeatLog = createRepeatLog(deps.logger);
  const onFull = (err: unknown) => repeatLog("storage_full", { err }, "disk full: writes refused, reads served");
  return function endpoint<S extends TSchema | undefined>(spec: EndpointSpec<S>) {
    const validator = spec.body ? createValidator(spec.body) : null;
    return async (ctx: { request: Request; params?: Record<string, string> }): Promise<Response> => {
      const meter = new Meter();
      const url = new URL(ctx.request.url);
      const instance = url.pathname;
      const header = ctx.request.headers.get("authorization") ?? "";
      const token = BEARER.exec(header)?.[1];
      let principal: Principal | null = null;
      try {
        principal = token ? await retryBusy(() => meter.time("auth", () => deps.authenticate(token)), onFull) : null;
      } catch (err) {
        if (err instanceof ApiError) return problemResponse(err, instance, deps.docsUrl);
        throw err;
      }
      if (!principal) return problemResponse(unauthorized(), instance, deps.docsUrl);

      // One token per request, taken before anything else is done for it.
      const bucket = deps.limits.take(principal.accountId, spec.usage, meter);
      const limitHeaders: Record<string, string> = deps.limits.enforce ? rateLimitHeaders(bucket) : {};
      const headersOf = () => ({ ...usageHeaders(meter, spec.usage), ...limitHeaders });
      if (!bucket.allowed)
        return problemResponse(rateLimitError(spec.usage, bucket), instance, deps.docsUrl, headersOf());

      try {
        const key = spec.usage === "writes" ? idempotencyKey(ctx.request) : null;
        let body: unknown;
        if (validator) body = validator.parse(await readJsonBody(ctx.request, deps.maxBodyBytes));
        // From here to the handler's call nothing awaits: a repeat cannot slip past the lookup.
        const keyed =
          key === null
            ? null
            : meter.time("db", () =>
                deps.idempotency.begin(principal.projectId, key, fingerprint(ctx.request.method, instance, body)),
              );
        if (keyed?.replay) return replayResponse(keyed.replay, headersOf());
        let result: Result | null = null;
        try {
          const settle = keyed ? keyed.settle : (r: Result) => r;
          const params = ctx.params ?? {};
          const atomically = deps.idempotency.atomically;
          const call = { principal, meter, body: body as never, params, url, settle, atomically };
          result = await retryBusy(() => spec.handle(call), onFull);
        } finally {
          keyed?.finish(result);
        }
        const headers = headersOf();
        return result.body === undefined
          ? emptyResponse(result.status, headers)
          : jsonResponse(result.body, result.status, headers);
      } catch (caught) {
        // An Idempotency-Key record is a write too, outside the handler's retries.
        if (isFull(caught)) onFull(caught);
        const err = isFull(caught) ? storageFull() : caught;
        if (!(err instanceof ApiError)) {
          deps.logger.error({ err, path: instance }, "unhandled error");
          return problemResponse(
            new ApiError("internal_error", { detail: "The request could not be completed." }),
            instance,
            deps.docsUrl,
            headersOf(),
          );
        }
        // docs/api.md (Headers): on any 429 RateLimit-Reset is the Retry-After, so a monthly
        // refusal does not invite a retry in 1 s that would be refused again.
        if (err.status === 429 && err.retryAfter !== undefined && deps.limits.enforce) {
          limitHeaders["RateLimit-Reset"] = String(Math.max(0, Math.ceil(err.retryAfter)));
        }
        return problemResponse(err, instance, deps.docsUrl, headersOf());
      }
    };
  };
}
