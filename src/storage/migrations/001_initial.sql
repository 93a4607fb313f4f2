-- Accounts, projects and keys.
CREATE TABLE accounts (
  id          TEXT PRIMARY KEY,
  name        TEXT NOT NULL,
  plan        TEXT NOT NULL,
  custom_plan TEXT,               -- JSON figures for a custom plan
  created_at  TEXT NOT NULL
);

CREATE TABLE projects (
  id          TEXT PRIMARY KEY,
  account_id  TEXT NOT NULL REFERENCES accounts(id),
  name        TEXT NOT NULL,
  is_demo     INTEGER NOT NULL DEFAULT 0,
  created_at  TEXT NOT NULL,
  deleted_at  TEXT
);
CREATE INDEX projects_account ON projects(account_id);

CREATE TABLE api_keys (
  id           TEXT PRIMARY KEY,
  project_id   TEXT NOT NULL REFERENCES projects(id),
  name         TEXT NOT NULL,
  key_hash     TEXT NOT NULL UNIQUE,   -- SHA-256 of the full key, hex
  last4        TEXT NOT NULL,
  created_at   TEXT NOT NULL,
  expires_at   TEXT,
  revoked_at   TEXT,
  last_used_at TEXT
);
CREATE INDEX api_keys_project ON api_keys(project_id);

-- Memories. `seq` orders them (newest first in lists); `id` is the public TypeID.
CREATE TABLE memories (
  seq             INTEGER PRIMARY KEY,
  id              TEXT NOT NULL UNIQUE,
  project_id      TEXT NOT NULL REFERENCES projects(id),
  status          TEXT NOT NULL CHECK (status IN ('forming', 'active', 'forgotten')),
  content         TEXT NOT NULL,
  organization_id TEXT,
  user_id         TEXT,
  application_id  TEXT,
  agent_id        TEXT,
  team_id         TEXT,
  occurred_at     TEXT,
  created_at      TEXT NOT NULL,
  updated_at      TEXT NOT NULL,
  forgotten_at    TEXT,
  version         INTEGER NOT NULL DEFAULT 1,
  job_id          TEXT,
  is_sample       INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX memories_project_status ON memories(project_id, status, seq);
CREATE INDEX memories_job ON memories(job_id);

CREATE TABLE memory_versions (
  memory_id   TEXT NOT NULL REFERENCES memories(id),
  version     INTEGER NOT NULL,
  content     TEXT NOT NULL,
  occurred_at TEXT,
  created_at  TEXT NOT NULL,
  change      TEXT NOT NULL CHECK (change IN ('created', 'updated', 'merged')),
  source      TEXT NOT NULL,          -- JSON: where the text came from
  PRIMARY KEY (memory_id, version)
);

CREATE TABLE memory_relationships (
  memory_id  TEXT NOT NULL REFERENCES memories(id),
  target_id  TEXT NOT NULL REFERENCES memories(id),
  type       TEXT NOT NULL,
  strength   REAL NOT NULL,
  created_at TEXT NOT NULL,
  PRIMARY KEY (memory_id, target_id, type)
);
CREATE INDEX memory_relationships_target ON memory_relationships(target_id);

CREATE TABLE feedback (
  id         INTEGER PRIMARY KEY,
  memory_id  TEXT NOT NULL REFERENCES memories(id),
  project_id TEXT NOT NULL REFERENCES projects(id),
  rating     TEXT NOT NULL CHECK (rating IN ('positive', 'negative', 'very_negative')),
  comment    TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX feedback_memory ON feedback(memory_id);

-- Full-text index over memory text (external content; kept in step by triggers).
CREATE VIRTUAL TABLE memories_fts USING fts5(
  content, content='memories', content_rowid='seq', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
  INSERT INTO memories_fts(rowid, content) VALUES (new.seq, new.content);
END;
CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
  INSERT INTO memories_fts(memories_fts, rowid, content) VALUES ('delete', old.seq, old.content);
END;
CREATE TRIGGER memories_fts_update AFTER UPDATE OF content ON memories BEGIN
  INSERT INTO memories_fts(memories_fts, rowid, content) VALUES ('delete', old.seq, old.content);
  INSERT INTO memories_fts(rowid, content) VALUES (new.seq, new.content);
END;

-- The durable formation queue. A job is committed before the 202 is sent.
CREATE TABLE jobs (
  id           TEXT PRIMARY KEY,
  project_id   TEXT NOT NULL REFERENCES projects(id),
  account_id   TEXT NOT NULL REFERENCES accounts(id),
  kind         TEXT NOT NULL CHECK (kind IN ('create', 'import')),
  payload      TEXT NOT NULL,          -- JSON of the validated request
  request_hash TEXT NOT NULL,          -- identical-write detection
  status       TEXT NOT NULL CHECK (status IN ('queued', 'done', 'failed')),
  progress     INTEGER NOT NULL DEFAULT 0,  -- units (messages / sentences) already formed
  attempts     INTEGER NOT NULL DEFAULT 0,
  run_after    TEXT NOT NULL,
  last_error   TEXT,
  created_at   TEXT NOT NULL,
  updated_at   TEXT NOT NULL
);
CREATE INDEX jobs_ready ON jobs(status, run_after);
CREATE INDEX jobs_request ON jobs(project_id, request_hash, status);

-- Monthly usage per account (period = 'YYYY-MM', UTC).
CREATE TABLE usage (
  account_id TEXT NOT NULL REFERENCES accounts(id),
  period     TEXT NOT NULL,
  reads      INTEGER NOT NULL DEFAULT 0,
  writes     INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, period)
);
