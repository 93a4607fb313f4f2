// The webhook side of a server: the outbox its memory repository and formation record events in,
// and the delivery loop that sends them (woken by the outbox, or by the formation thread's message).
import type { Db } from "../storage/db.ts";
import type { Clock } from "../shared/clock.ts";
import type { Logger } from "../shared/logger.ts";
import type { WebhookConfig } from "./backoff.ts";
import { createWebhookDelivery, type WebhookDelivery } from "./delivery.ts";
import { createOutbox, type WebhookOutbox } from "./outbox.ts";

export { createWebhookAdmin, type WebhookAdmin } from "./admin.ts";
export type { WebhookDelivery } from "./delivery.ts";
export type { WebhookOutbox } from "./outbox.ts";

export interface Webhooks {
  outbox: WebhookOutbox;
  delivery: WebhookDelivery;
}

export function createWebhooks(deps: { db: Db; clock: Clock; logger: Logger; config: WebhookConfig }): Webhooks {
  const delivery = createWebhookDelivery(deps);
  return { outbox: createOutbox(deps.db, () => delivery.notify()), delivery };
}
