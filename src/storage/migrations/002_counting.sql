-- Counting active memories toward the stored-memory limit reads only this partial index.
CREATE INDEX memories_counted ON memories(project_id) WHERE status = 'active' AND is_sample = 0;
