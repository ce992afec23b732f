-- A supplier's link to its quote request (server/procurement/workflow/portal.ts): only the SHA-256 of the random
-- token is kept; a new invitation replaces the old link. quote_requests is a resource table (created from
-- schemas/ after the migrations), so no foreign key: the portal joins and checks the request on every call.
CREATE TABLE quote_request_tokens (
  token_hash text PRIMARY KEY,
  request_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quote_request_tokens_request_idx ON quote_request_tokens (request_id);
