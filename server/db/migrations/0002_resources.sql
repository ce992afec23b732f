-- Generic resource engine (server/resources): trigram search for `q`, and the audit trail of every write.
-- Resource tables themselves are created by the schema sync at start (server/resources/sync.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  resource text NOT NULL,
  record_id uuid NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  actor uuid,
  at timestamptz NOT NULL DEFAULT now(),
  -- { "campo": { "before": …, "after": … } } for the fields the write changed.
  diff jsonb NOT NULL
);
CREATE INDEX audit_log_record_idx ON audit_log (resource, record_id, id);
