-- The name of a scope's user, once said ("I'm Dana", "my name is Dana") in a write with that
-- scope.user_id: later memories about the user name them, and a question naming them finds the
-- user's facts formed before the name was known ("The user ...").
CREATE TABLE scope_users (
  project_id TEXT NOT NULL REFERENCES projects(id),
  user_id    TEXT NOT NULL,
  name       TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  PRIMARY KEY (project_id, user_id)
) WITHOUT ROWID;
CREATE INDEX scope_users_by_name ON scope_users (project_id, name COLLATE NOCASE);

-- A project may keep an assistant's commitments to the user ("I will remind you on Friday"); off by default.
ALTER TABLE project_policies ADD COLUMN assistant_commitments INTEGER NOT NULL DEFAULT 0;
