-- News of committed writes to resource tables, for the per-instance list caches (server/resources/page-cache.ts,
-- D86): one `NOTIFY data_changes '<table>'` per writing statement, delivered at COMMIT (never for a rollback) to
-- every API instance; PostgreSQL folds the copies of one transaction into one. The schema sync attaches the trigger
-- (`<table>_data_changed`, FOR EACH STATEMENT) to every resource table, including those created later.
CREATE OR REPLACE FUNCTION notify_data_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('data_changes', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
