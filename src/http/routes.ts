// The whole REST map in one place. Each handler validates, calls the service, shapes the result.
import { Elysia } from "elysia";
import { ImportBody, CreateMemoryBody, FeedbackBody, ListParams, SearchBody } from "../memories/schemas.ts";
import type { MemoryService } from "../memories/service.ts";
import { createValidator } from "../shared/validate.ts";
import { validationError } from "../errors/api-error.ts";
import { isMemoryId } from "../shared/ids.ts";
import { createEndpointFactory, type EndpointDeps } from "./endpoint.ts";

const listParams = createValidator(ListParams);

/** Query strings are text: a digit string is accepted for `limit`; a repeated parameter is an error. */
export function parseListQuery(url: URL): ListParams {
  const raw: Record<string, unknown> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key);
    raw[key] = values.length === 1 ? values[0] : values;
  }
  if (typeof raw.limit === "string" && /^[0-9]{1,9}$/.test(raw.limit)) raw.limit = Number(raw.limit);
  return listParams.parse(raw) as ListParams;
}

/** Path ids are checked for shape before any lookup: `../` and other tricks never reach storage. */
function memoryId(params: Record<string, string>): string {
  const id = params.memory_id ?? "";
  if (!isMemoryId(id))
    throw validationError({ memory_id: ["must be a memory identifier (mem_ followed by 26 characters)"] });
  return id;
}

/** The answer to an accepted write. Writes settle it inside their transaction (idempotency.ts). */
const ACCEPTED = { status: 202 } as const;

export const REST_PATHS: Record<string, string[]> = {
  "/v1/memories": ["GET", "POST"],
  "/v1/memories/import": ["POST"],
  "/v1/memories/search": ["POST"],
  "/v1/memories/recall": ["POST"],
  "/v1/memories/context": ["POST"],
  "/v1/memories/:memory_id": ["GET", "DELETE"],
  "/v1/memories/:memory_id/inspect": ["GET"],
  "/v1/memories/:memory_id/feedback": ["PUT"],
};

export function memoryRoutes(service: MemoryService, deps: EndpointDeps) {
  const endpoint = createEndpointFactory(deps);
  return new Elysia()
    .post(
      "/v1/memories",
      endpoint({
        usage: "writes",
        body: CreateMemoryBody,
        handle: (c) => {
          service.create(c.principal, c.meter, c.body, () => c.settle(ACCEPTED));
          return ACCEPTED;
        },
      }),
      { parse: "none" },
    )
    .get(
      "/v1/memories",
      endpoint({
        usage: "reads",
        handle: (c) => ({ status: 200, body: service.list(c.principal, c.meter, parseListQuery(c.url)) }),
      }),
    )
    .post(
      "/v1/memories/import",
      endpoint({
        usage: "writes",
        body: ImportBody,
        handle: (c) => {
          service.import(c.principal, c.meter, c.body, () => c.settle(ACCEPTED));
          return ACCEPTED;
        },
      }),
      { parse: "none" },
    )
    .post(
      "/v1/memories/search",
      endpoint({
        usage: "reads",
        body: SearchBody,
        handle: async (c) => ({ status: 200, body: await service.search(c.principal, c.meter, c.body) }),
      }),
      { parse: "none" },
    )
    .post(
      "/v1/memories/recall",
      endpoint({
        usage: "reads",
        body: SearchBody,
        handle: async (c) => ({ status: 200, body: await service.recall(c.principal, c.meter, c.body) }),
      }),
      { parse: "none" },
    )
    .post(
      "/v1/memories/context",
      endpoint({
        usage: "reads",
        body: SearchBody,
        handle: async (c) => ({ status: 200, body: await service.context(c.principal, c.meter, c.body) }),
      }),
      { parse: "none" },
    )
    .get(
      "/v1/memories/:memory_id",
      endpoint({
        usage: "reads",
        handle: (c) => ({ status: 200, body: service.get(c.principal, c.meter, memoryId(c.params)) }),
      }),
    )
    .delete(
      "/v1/memories/:memory_id",
      endpoint({
        usage: "writes",
        handle: (c) =>
          c.atomically(() => {
            service.forget(c.principal, c.meter, memoryId(c.params));
            return c.settle(ACCEPTED);
          }),
      }),
      { parse: "none" },
    )
    .get(
      "/v1/memories/:memory_id/inspect",
      endpoint({
        usage: "reads",
        handle: (c) => ({ status: 200, body: service.inspect(c.principal, c.meter, memoryId(c.params)) }),
      }),
    )
    .put(
      "/v1/memories/:memory_id/feedback",
      endpoint({
        usage: "writes",
        body: FeedbackBody,
        handle: (c) =>
          c.atomically(() => {
            service.feedback(c.principal, c.meter, memoryId(c.params), c.body);
            return c.settle({ status: 204 });
          }),
      }),
      { parse: "none" },
    );
}
