-- Demo data areas already seeded (server/seed/demo): an area runs once per key, so deleting demo rows
-- never brings them back and a new version of an area (new key) adds its rows on the next start.
CREATE TABLE seed_marks (
  key text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
