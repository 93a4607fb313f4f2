-- Formation: entities for relationships, superseding versions, and each project's memory policy.
CREATE TABLE memory_entities (
  memory_id  TEXT NOT NULL REFERENCES memories(id),
  project_id TEXT NOT NULL REFERENCES projects(id),
  entity     TEXT NOT NULL,            -- lower-cased name of a person, place or thing
  PRIMARY KEY (memory_id, entity)
);
CREATE INDEX memory_entities_lookup ON memory_entities(project_id, entity);

ALTER TABLE memory_versions ADD COLUMN supersedes INTEGER;  -- the version this one replaced (an update)

CREATE TABLE project_policies (
  project_id         TEXT PRIMARY KEY REFERENCES projects(id),
  instructions       TEXT,
  exclude_categories TEXT NOT NULL DEFAULT '[]',   -- JSON array
  redact_secrets     INTEGER NOT NULL DEFAULT 1,
  updated_at         TEXT NOT NULL
);
