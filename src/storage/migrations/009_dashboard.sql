-- The web dashboard (README: Dashboard): its users, their sign-in sessions and one-time password links,
-- the audit log of administrative changes, and usage per day (the monthly `usage` rows stay the
-- allowance's counters; these rows are charged beside them and only draw the usage chart).
CREATE TABLE dashboard_users (
  id            TEXT PRIMARY KEY,                 -- usr_...
  account_id    TEXT NOT NULL REFERENCES accounts(id),
  email         TEXT NOT NULL UNIQUE COLLATE NOCASE,
  role          TEXT NOT NULL CHECK (role IN ('admin', 'member')),
  password_hash TEXT,                             -- argon2id (Bun.password); null until the link is used
  created_at    TEXT NOT NULL
);
CREATE INDEX dashboard_users_account ON dashboard_users(account_id);

-- One-time links to set a password: only the SHA-256 of the token is kept.
CREATE TABLE dashboard_password_links (
  token_hash TEXT PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES dashboard_users(id),
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL,
  used_at    TEXT
);

-- Sessions: the cookie holds a random token; only its SHA-256 is kept, with the CSRF token of the session.
CREATE TABLE dashboard_sessions (
  token_hash TEXT PRIMARY KEY,
  user_id    TEXT NOT NULL REFERENCES dashboard_users(id),
  csrf_token TEXT NOT NULL,
  created_at TEXT NOT NULL,
  expires_at TEXT NOT NULL
);
CREATE INDEX dashboard_sessions_user ON dashboard_sessions(user_id);

-- Who changed what and when: keys created and revoked, projects created, renamed and deleted, policies set.
CREATE TABLE audit_events (
  seq        INTEGER PRIMARY KEY,
  account_id TEXT NOT NULL REFERENCES accounts(id),
  actor      TEXT NOT NULL,                       -- a dashboard user's email, or "engram admin" (the CLI)
  action     TEXT NOT NULL,                       -- key.created, key.revoked, project.deleted, policy.changed ...
  target     TEXT NOT NULL,                       -- the id the action was on
  detail     TEXT,                                -- a short human description (a name, the new policy)
  at         TEXT NOT NULL
);
CREATE INDEX audit_events_account ON audit_events(account_id, seq);

-- Reads and writes charged per account and UTC day (from this migration on).
CREATE TABLE usage_daily (
  account_id TEXT NOT NULL,
  day        TEXT NOT NULL,                       -- YYYY-MM-DD, UTC
  reads      INTEGER NOT NULL DEFAULT 0,
  writes     INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (account_id, day)
) WITHOUT ROWID;
