-- Security hardening (issue 15, docs/security.md): counters for upload starts, the progressive login throttle
-- (server/lib/login-throttle.ts) and the account+IP pairs that logged in (they are not slowed by strangers).
ALTER TABLE rate_limit_events DROP CONSTRAINT rate_limit_events_kind_check;
-- Login failures moved to login_throttle; their old sliding-window rows mean nothing now.
DELETE FROM rate_limit_events WHERE kind IN ('account', 'ip');
ALTER TABLE rate_limit_events ADD CONSTRAINT rate_limit_events_kind_check
  CHECK (kind IN ('two-factor', 'email-code', 'password-recovery', 'upload-start'));

-- One row per throttled key: consecutive failures and when the last one happened; the wait before the next
-- attempt is computed from them. prev_at lets a successful attempt take its own count back.
CREATE TABLE login_throttle (
  kind text NOT NULL CHECK (kind IN ('account', 'ip', 'pair')),
  key text NOT NULL,
  failures integer NOT NULL CHECK (failures >= 0),
  last_at timestamptz NOT NULL,
  prev_at timestamptz,
  PRIMARY KEY (kind, key)
);
CREATE INDEX login_throttle_last_idx ON login_throttle (last_at);

-- An account that logged in from an address (or set its password from a link opened there) recently.
CREATE TABLE login_trust (
  account text NOT NULL,
  ip text NOT NULL,
  last_success_at timestamptz NOT NULL,
  PRIMARY KEY (account, ip)
);
CREATE INDEX login_trust_last_idx ON login_trust (last_success_at);

-- Storage quota per uploader (sum of sizes).
CREATE INDEX files_created_by_idx ON files (created_by);
