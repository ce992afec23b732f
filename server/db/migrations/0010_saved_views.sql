-- Saved list views (server/routes/views.ts): a name over a list's search, filters, sort, page size and
-- columns, kept per user; a shared view is readable by everyone with read scope on its resource.
CREATE TABLE saved_views (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  -- Resource name as the permission checks know it (the screen's `permission`, default its resource).
  resource text NOT NULL,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  state jsonb NOT NULL,
  shared boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One name per user and list, case-insensitive (two "Em aberto" views would be indistinguishable).
CREATE UNIQUE INDEX saved_views_name_idx ON saved_views (user_id, resource, lower(name));
CREATE INDEX saved_views_shared_idx ON saved_views (resource) WHERE shared;
