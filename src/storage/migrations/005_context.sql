-- Search context: words a memory is also found by, never returned. For a memory formed from an
-- import, the text of the message(s) it came from and of the message before them (often the question
-- it answers). The full-text index gets it as a second column, weighted below the memory's own text.
ALTER TABLE memories ADD COLUMN context TEXT NOT NULL DEFAULT '';

DROP TRIGGER memories_fts_insert;
DROP TRIGGER memories_fts_delete;
DROP TRIGGER memories_fts_update;
DROP TABLE memories_fts;

CREATE VIRTUAL TABLE memories_fts USING fts5(
  content, context, content='memories', content_rowid='seq', tokenize='porter unicode61 remove_diacritics 2'
);
CREATE TRIGGER memories_fts_insert AFTER INSERT ON memories BEGIN
  INSERT INTO memories_fts(rowid, content, context) VALUES (new.seq, new.content, new.context);
END;
CREATE TRIGGER memories_fts_delete AFTER DELETE ON memories BEGIN
  INSERT INTO memories_fts(memories_fts, rowid, content, context) VALUES ('delete', old.seq, old.content, old.context);
END;
CREATE TRIGGER memories_fts_update AFTER UPDATE OF content, context ON memories BEGIN
  INSERT INTO memories_fts(memories_fts, rowid, content, context) VALUES ('delete', old.seq, old.content, old.context);
  INSERT INTO memories_fts(rowid, content, context) VALUES (new.seq, new.content, new.context);
END;
INSERT INTO memories_fts(memories_fts) VALUES ('rebuild');
