-- Idempotency-Key records (README: Idempotent retries): the first successful answer to a write sent
-- with a key, per project, with a fingerprint of the request (method, path, canonical JSON body).
-- Written in the write's own transaction; ignored after 24 hours and purged a batch at a time.
CREATE TABLE idempotency_keys (
  project_id      TEXT NOT NULL REFERENCES projects(id),
  idempotency_key TEXT NOT NULL,
  fingerprint     TEXT NOT NULL,      -- SHA-256, hex
  status          INTEGER NOT NULL,
  headers         TEXT NOT NULL,      -- JSON object of the answer's own headers (Content-Type, Location)
  body            TEXT,               -- null when the answer had none
  created_at      TEXT NOT NULL,
  PRIMARY KEY (project_id, idempotency_key)
);
CREATE INDEX idempotency_keys_age ON idempotency_keys(created_at);
