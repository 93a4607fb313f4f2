// `engram admin webhook create|list|delete|deliveries`: a project's webhook endpoints, working on the
// data directory directly (also while the server runs: its delivery loop sees new endpoints at the
// next event). The signing secret is printed once, at creation, as API keys are.
import { type Command, InvalidArgumentError, Option } from "commander";
import type { WebhookAdmin, WebhookView } from "../webhooks/admin.ts";
import type { DeliveryView } from "../webhooks/store.ts";
import { EVENT_TYPES } from "../webhooks/events.ts";
import { adminAction, withDataOptions } from "./command.ts";

/** Runs one command on the data directory's webhooks (command.ts adminAction). */
const action = <A extends unknown[], T>(fn: (webhooks: WebhookAdmin, ...args: A) => T, human: (v: T) => string) =>
  adminAction("webhook", (admin, _config, ...args: A) => fn(admin.webhooks, ...args), human);

const list = (v: string) =>
  v
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean);

const limit = (v: string) => {
  if (!/^\d+$/.test(v)) throw new InvalidArgumentError("expected a positive integer.");
  return Number(v);
};

const describeWebhook = (w: WebhookView) => `${w.id}  ${w.url}  ${w.events.join(",")}  created ${w.created_at}`;

function describeDelivery(d: DeliveryView): string {
  const last = d.attempts === 0 ? "not tried yet" : (d.last_error ?? `HTTP ${d.last_status}`);
  const next = d.status === "pending" && d.next_attempt_at ? `  next ${d.next_attempt_at}` : "";
  return `${d.id}  ${d.type.padEnd(19)} ${d.status.padEnd(9)} attempts ${d.attempts}  last ${last}${next}  ${d.subject}  ${d.webhook_id}`;
}

export function registerWebhooks(admin: Command): void {
  const webhook = admin.command("webhook").description("webhooks: events of a project sent to a URL");
  withDataOptions(
    webhook.command("create").description("subscribe a URL to a project's events (the secret is shown once)"),
  )
    .requiredOption("--project <id>", "project id")
    .requiredOption("--url <url>", "http(s) URL that receives the events")
    .option("--events <list>", `event types, comma-separated (default: all: ${EVENT_TYPES.join(", ")})`)
    .action(
      action(
        (w, o: { project: string; url: string; events?: string }) =>
          w.create({ projectId: o.project, url: o.url, events: o.events === undefined ? undefined : list(o.events) }),
        (v: WebhookView & { secret: string }) =>
          `webhook ${v.id}\nurl     ${v.url}\nevents  ${v.events.join(", ")}\nsecret  ${v.secret}\n(shown once: store it now; it verifies the webhook-signature header)`,
      ),
    );
  withDataOptions(webhook.command("list").description("list a project's webhooks (never the secret)"))
    .requiredOption("--project <id>", "project id")
    .action(
      action(
        (w, o: { project: string }) => w.list(o.project),
        (v: WebhookView[]) => v.map(describeWebhook).join("\n") || "(no webhooks)",
      ),
    );
  withDataOptions(webhook.command("delete").description("delete a webhook; deliveries not yet made are dropped"))
    .argument("<webhook_id>")
    .action(
      action(
        (w, id: string) => w.delete(id),
        (v: { id: string }) => `deleted ${v.id}`,
      ),
    );
  withDataOptions(
    webhook.command("deliveries").description("a project's deliveries, newest first, with their last status"),
  )
    .requiredOption("--project <id>", "project id")
    .option("--webhook <id>", "only this webhook's")
    .addOption(new Option("--status <status>", "only these").choices(["pending", "delivered", "failed"]))
    .addOption(new Option("--limit <n>", "at most this many (1-1000)").argParser(limit).default(50))
    .action(
      action(
        (w, o: { project: string; webhook?: string; status?: string; limit: number }) =>
          w.deliveries({ projectId: o.project, webhookId: o.webhook, status: o.status, limit: o.limit }),
        (v: DeliveryView[]) => v.map(describeDelivery).join("\n") || "(no deliveries)",
      ),
    );
}
