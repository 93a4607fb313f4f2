// Managing a project's webhooks (`engram admin webhook ...`): create (the signing secret is shown
// once, as API keys are), list, delete, and the deliveries with their last status. Endpoints are
// set by the operator, never through a project API key; only http and https URLs are taken.
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import { newId } from "../shared/ids.ts";
import { ApiError } from "../errors/api-error.ts";
import { EVENT_TYPES, isEventType, type EventType } from "./events.ts";
import { createWebhookStore, type DeliveryStatus, type DeliveryView, type WebhookRow } from "./store.ts";

export interface WebhookView {
  id: string;
  project_id: string;
  url: string;
  events: EventType[];
  created_at: string;
}

export interface WebhookAdmin {
  /** Subscribes `url` to `events` (default: all); the result's `secret` is never shown again. */
  create(input: { projectId: string; url: string; events?: readonly string[] }): WebhookView & { secret: string };
  list(projectId: string): WebhookView[];
  /** Deletes the endpoint; its deliveries not yet made are dropped. */
  delete(id: string): { id: string };
  /** The project's deliveries, newest first (default 50, at most 1,000). */
  deliveries(q: { projectId: string; webhookId?: string; status?: string; limit?: number }): DeliveryView[];
}

const URL_MAX = 2_048;
const DELIVERY_STATUSES: readonly DeliveryStatus[] = ["pending", "delivered", "failed"];

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export function newSecret(): string {
  return `whsec_${Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64")}`;
}

function invalid(detail: string): ApiError {
  return new ApiError("validation_error", { detail });
}

/** Only http(s): the operator chooses where events go (see README: Webhooks, on what to allow). */
function checkUrl(raw: string): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(`The URL "${raw}" is not a valid URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw invalid(`Webhook URLs must be http or https, not ${url.protocol.replace(/:$/, "")}.`);
  if (raw.length > URL_MAX) throw invalid(`Webhook URLs are at most ${URL_MAX} characters.`);
  return url.href;
}

function checkEvents(events: readonly string[] | undefined): EventType[] {
  if (events === undefined) return [...EVENT_TYPES];
  const unknown = events.filter((e) => !isEventType(e));
  if (unknown.length) throw invalid(`Unknown event type ${unknown.join(", ")} (known: ${EVENT_TYPES.join(", ")}).`);
  if (events.length === 0) throw invalid("Give at least one event type.");
  return EVENT_TYPES.filter((t) => events.includes(t));
}

const view = (w: WebhookRow): WebhookView => ({
  id: w.id,
  project_id: w.project_id,
  url: w.url,
  events: JSON.parse(w.events) as EventType[],
  created_at: w.created_at,
});

export function createWebhookAdmin(deps: { db: Db; clock: Clock; projectExists(id: string): boolean }): WebhookAdmin {
  const store = createWebhookStore(deps.db);
  const requireProject = (id: string) => {
    if (!deps.projectExists(id)) throw new ApiError("not_found", { detail: `No project ${id}.` });
  };
  return {
    create(input) {
      requireProject(input.projectId);
      const row: WebhookRow = {
        id: newId("wh"),
        project_id: input.projectId,
        url: checkUrl(input.url),
        events: JSON.stringify(checkEvents(input.events)),
        secret: newSecret(),
        created_at: deps.clock.now().toISOString(),
      };
      store.insertWebhook(row);
      return { ...view(row), secret: row.secret };
    },
    list(projectId) {
      requireProject(projectId);
      return store.listWebhooks(projectId).map(view);
    },
    delete(id) {
      if (!store.deleteWebhook(id)) throw new ApiError("not_found", { detail: `No webhook ${id}.` });
      return { id };
    },
    deliveries(q) {
      requireProject(q.projectId);
      if (q.webhookId && store.getWebhook(q.webhookId)?.project_id !== q.projectId)
        throw new ApiError("not_found", { detail: `No webhook ${q.webhookId} in project ${q.projectId}.` });
      if (q.status !== undefined && !DELIVERY_STATUSES.includes(q.status as DeliveryStatus))
        throw invalid(`The status must be one of ${DELIVERY_STATUSES.join(", ")}.`);
      const limit = q.limit ?? 50;
      if (!Number.isInteger(limit) || limit < 1 || limit > 1_000) throw invalid("The limit is from 1 to 1000.");
      return store.deliveries({
        projectId: q.projectId,
        webhookId: q.webhookId,
        status: q.status as DeliveryStatus | undefined,
        limit,
      });
    },
  };
}
