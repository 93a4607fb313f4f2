-- Webhooks (README: Webhooks): endpoints subscribed per project, and the outbox of their deliveries.
-- A delivery row is written in the transaction of the change its event describes (a memory inserted,
-- given a new version or forgotten; a formation job finished or failed), so neither exists without
-- the other; the delivery loop (src/webhooks/delivery.ts) sends it and records each attempt.
CREATE TABLE webhooks (
  id          TEXT PRIMARY KEY,                -- wh_...
  project_id  TEXT NOT NULL REFERENCES projects(id),
  url         TEXT NOT NULL,                   -- http(s), set by the operator
  events      TEXT NOT NULL,                   -- JSON array of event types
  secret      TEXT NOT NULL,                   -- whsec_...: signs every delivery; shown once at creation
  created_at  TEXT NOT NULL
);
CREATE INDEX webhooks_project ON webhooks(project_id);

CREATE TABLE webhook_deliveries (
  seq             INTEGER PRIMARY KEY,         -- order of the events
  id              TEXT NOT NULL,               -- msg_...: the webhook-id header, the same on every attempt
  webhook_id      TEXT NOT NULL REFERENCES webhooks(id) ON DELETE CASCADE,
  project_id      TEXT NOT NULL,
  type            TEXT NOT NULL,
  subject         TEXT NOT NULL,               -- the memory (or job) the event is about: sent in order
  payload         TEXT NOT NULL,               -- the exact body, the same on every attempt
  status          TEXT NOT NULL CHECK (status IN ('pending', 'delivered', 'failed')),
  attempts        INTEGER NOT NULL DEFAULT 0,
  next_attempt_at TEXT,                        -- pending only
  last_attempt_at TEXT,
  last_status     INTEGER,                     -- HTTP status of the last attempt (null: no answer)
  last_error      TEXT,
  created_at      TEXT NOT NULL,
  UNIQUE (id, webhook_id)
);
CREATE INDEX webhook_deliveries_due ON webhook_deliveries(next_attempt_at) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_subject ON webhook_deliveries(webhook_id, subject, seq) WHERE status = 'pending';
CREATE INDEX webhook_deliveries_project ON webhook_deliveries(project_id, seq);
CREATE INDEX webhook_deliveries_age ON webhook_deliveries(created_at) WHERE status <> 'pending';

-- formation.completed counts the memories a job created, updated and merged (memory_versions.source).
CREATE INDEX memory_versions_job ON memory_versions(json_extract(source, '$.job_id'));
