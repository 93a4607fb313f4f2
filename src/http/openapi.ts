// The OpenAPI 3.1 document of the REST API, built from the TypeBox schemas that validate the
// requests (memories/schemas.ts) and describe the answers (openapi-schemas.ts): TypeBox schemas are
// JSON Schema, which OpenAPI 3.1 uses as it is. Served at GET /v1/openapi.json (app.ts).
import type { TSchema } from "@sinclair/typebox";
import {
  CreateMemoryBody,
  FeedbackBody,
  ImportBody,
  ImportMessage,
  ListParams,
  MemoryIdParam,
  ScopeFilterSchema,
  ScopeSchema,
  SearchBody,
} from "../memories/schemas.ts";
import { KEY_SHAPE } from "./idempotency.ts";
import {
  ContextSchema,
  HealthSchema,
  InspectionSchema,
  MemoryListSchema,
  MemorySchema,
  ProblemSchema,
  RecallMissSchema,
} from "./openapi-schemas.ts";
import { HEADER_COMPONENTS, problem, success } from "./openapi-responses.ts";
import { OPERATIONS, type Operation } from "./openapi-operations.ts";

type Json = Record<string, unknown>;

/** Named schemas; any copy of one inside another schema becomes a $ref to it. */
const SCHEMAS: Record<string, TSchema> = {
  CreateMemoryRequest: CreateMemoryBody,
  ImportRequest: ImportBody,
  ImportMessage,
  SearchRequest: SearchBody,
  FeedbackRequest: FeedbackBody,
  Scope: ScopeSchema,
  ScopeFilter: ScopeFilterSchema,
  Memory: MemorySchema,
  RecallMiss: RecallMissSchema,
  MemoryList: MemoryListSchema,
  MemoryInspection: InspectionSchema,
  Context: ContextSchema,
  Problem: ProblemSchema,
  Health: HealthSchema,
};

/** Plain JSON Schema: the round trip drops TypeBox's symbol-keyed bookkeeping. */
const plain = (schema: TSchema): Json => JSON.parse(JSON.stringify(schema));
const schemaRef = (name: keyof typeof SCHEMAS) => ({ $ref: `#/components/schemas/${name}` });

/** Replaces every subtree equal to a named schema (but the root itself) with a $ref to it. */
function refify(node: unknown, names: Map<string, string>, root = true): unknown {
  if (Array.isArray(node)) return node.map((n) => refify(n, names, false));
  if (node === null || typeof node !== "object") return node;
  const name = root ? undefined : names.get(JSON.stringify(node));
  if (name) return { $ref: `#/components/schemas/${name}` };
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, refify(v, names, false)]));
}

function schemaComponents(): Json {
  const named = Object.entries(SCHEMAS).map(([name, schema]) => [name, plain(schema)] as const);
  const names = new Map(named.map(([name, json]) => [JSON.stringify(json), name]));
  return Object.fromEntries(named.map(([name, json]) => [name, refify(json, names)]));
}

const { description: _message, ...memoryIdSchema } = plain(MemoryIdParam); // its description is an error message

const PARAMETERS: Json = {
  MemoryId: {
    name: "memory_id",
    in: "path",
    required: true,
    description: "A memory identifier; another shape is 400 validation_error on memory_id",
    schema: memoryIdSchema,
  },
  IdempotencyKey: {
    name: "Idempotency-Key",
    in: "header",
    required: false,
    description:
      "Makes a write safely retryable for 24 hours: a repeat of the same request gets the first answer again (Idempotent-Replayed: true); the key with another request is 409 idempotency_key_reused",
    schema: { type: "string", minLength: 1, maxLength: 255, pattern: KEY_SHAPE.source },
  },
};

const LIST_PARAM_TEXT: Record<string, string> = {
  limit: "Page size, 1 to 20 (default 10)",
  starting_after: "Cursor: the id of the last memory of the page you hold (the next, older page)",
  ending_before: "Cursor: the id of the first memory of the page you hold (the previous, newer page)",
};

/** The list query, parameter by parameter, from the schema its handler validates with. */
function listParameters(): Json[] {
  const properties = plain(ListParams).properties as Record<string, Json>;
  return Object.entries(properties).map(([name, schema]) => ({
    name,
    in: "query",
    required: false,
    description: LIST_PARAM_TEXT[name] ?? `Only memories whose scope has this ${name} (an empty value: no filter)`,
    schema,
  }));
}

export const openApiPath = (path: string) => path.replace(/:([a-z_]+)/g, "{$1}");

function operationObject(op: Operation): Json {
  const parameters: Json[] = [];
  if (op.path.includes(":memory_id")) parameters.push({ $ref: "#/components/parameters/MemoryId" });
  if (op.operationId === "listMemories") parameters.push(...listParameters());
  if (op.usage === "writes") parameters.push({ $ref: "#/components/parameters/IdempotencyKey" });
  const responses: Json = { [op.success.status]: success(op.usage, op.success.description, op.success.schema) };
  for (const status of op.errors) responses[status] = problem(status, op.text?.[status]);
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    tags: ["memories"],
    ...(parameters.length ? { parameters } : {}),
    ...(op.body
      ? { requestBody: { required: true, content: { "application/json": { schema: schemaRef(op.body) } } } }
      : {}),
    responses,
  };
}

/** Operations that need no key (and charge nothing). */
function publicOperations(): Json {
  const open = (operationId: string, summary: string, description: string, content: Json, headers?: Json) => ({
    get: {
      operationId,
      summary,
      tags: ["service"],
      security: [],
      responses: { 200: { description, ...(headers ? { headers } : {}), content } },
    },
  });
  return {
    "/health": open("getHealth", "Health check", "The server is up", {
      "application/json": { schema: schemaRef("Health") },
    }),
    "/v1/openapi.json": open(
      "getOpenApi",
      "This OpenAPI document",
      "The OpenAPI 3.1 document",
      { "application/json": { schema: { type: "object" } } },
      // Under /v1 like the memory endpoints, so it carries their two headers (Service-Usage: reads=0).
      {
        "Server-Timing": { $ref: "#/components/headers/ServerTiming" },
        "Service-Usage": { $ref: "#/components/headers/ServiceUsage" },
      },
    ),
    "/docs/errors": open("getErrorDocs", "Error code documentation", "An HTML table of the error codes", {
      "text/html": { schema: { type: "string" } },
    }),
  };
}

const DESCRIPTION = `Engram stores short memories per project and gives them back by listing, searching, recalling and synthesising context.

Every memory endpoint takes \`Authorization: Bearer <API_KEY>\`. Errors are RFC 9457 problem details (\`application/problem+json\`) with a stable \`code\`. Not listed per operation: an unknown path is 404 not_found, and a known path with another method is 405 method_not_allowed with \`Allow\` (components/responses/MethodNotAllowed); 403 forbidden is never sent to an API key. MCP (Streamable HTTP at \`/mcp\`, same key) is JSON-RPC and is not described here.`;

/** The whole document (built once at start; `version` is the server's). */
export function buildOpenApiDocument(version: string): Json {
  const paths: Record<string, Json> = {};
  for (const op of OPERATIONS) {
    const path = openApiPath(op.path);
    paths[path] = { ...paths[path], [op.method.toLowerCase()]: operationObject(op) };
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Engram REST API",
      version: "v1",
      description: `${DESCRIPTION}\n\nServed by Engram ${version}.`,
    },
    tags: [
      { name: "memories", description: "The memory endpoints (API key required)" },
      { name: "service", description: "Open endpoints: no key, no charge" },
    ],
    security: [{ bearerAuth: [] }],
    paths: { ...paths, ...publicOperations() },
    components: {
      securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", description: "A project API key" } },
      schemas: schemaComponents(),
      parameters: PARAMETERS,
      headers: HEADER_COMPONENTS,
      responses: { MethodNotAllowed: problem(405) },
    },
  };
}
