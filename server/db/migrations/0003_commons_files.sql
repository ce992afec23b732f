-- Uploaded files (server/commons/files.ts): in the database, not on local disk, so several API processes
-- behind a load balancer see the same files. Stored as the 64 KiB chunks the client sends.
CREATE TABLE files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  content_type text NOT NULL,
  size bigint NOT NULL CHECK (size >= 0),
  status text NOT NULL DEFAULT 'uploading' CHECK (status IN ('uploading', 'complete')),
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  completed_at timestamptz
);
CREATE INDEX files_uploading_idx ON files (created_at) WHERE status = 'uploading';

CREATE TABLE file_chunks (
  file_id uuid NOT NULL REFERENCES files (id) ON DELETE CASCADE,
  index integer NOT NULL CHECK (index >= 0),
  data bytea NOT NULL,
  PRIMARY KEY (file_id, index)
);
