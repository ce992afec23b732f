-- Sessions and the news of identity changes between API instances (issue 14, docs/decisions.md D25–D26).
-- A session is one login: every access token names it (`sid` claim) and its refresh tokens are one family
-- (refresh_tokens.family_id = sessions.id). Ending a session (logout, password or second-factor change, user
-- deactivated, refresh token replayed) is one UPDATE here; the trigger below tells every instance at commit.

CREATE TABLE sessions (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  end_reason text CHECK (end_reason IN ('logout', 'password', 'two-factor', 'user-inactive', 'refresh-reuse', 'expired')),
  CHECK ((ended_at IS NULL) = (end_reason IS NULL))
);
CREATE INDEX sessions_user_live_idx ON sessions (user_id) WHERE ended_at IS NULL;

-- The refresh families that exist become sessions (alive while a token of the family is).
INSERT INTO sessions (id, user_id, created_at, ended_at, end_reason)
SELECT family_id, (array_agg(user_id))[1], min(created_at),
       CASE WHEN bool_or(revoked_at IS NULL AND expires_at > now()) THEN NULL ELSE now() END,
       CASE WHEN bool_or(revoked_at IS NULL AND expires_at > now()) THEN NULL ELSE 'expired' END
FROM refresh_tokens GROUP BY family_id;
ALTER TABLE refresh_tokens ADD CONSTRAINT refresh_tokens_family_id_fkey FOREIGN KEY (family_id) REFERENCES sessions (id) ON DELETE CASCADE;

-- The successor of a rotated token, sealed with the server key (lib/secret-box.ts): a replay within the grace
-- window gets this same token back instead of a second branch. Cleared when the successor itself rotates.
ALTER TABLE refresh_tokens ADD COLUMN successor_sealed text;

-- One committed counter of identity changes: bumped (and announced with NOTIFY auth_changes '<n>:<kind>:<id>')
-- by the triggers below. Instances keep the highest n they were told; the fallback poll reads this row and
-- clears its caches when the database is ahead (a notification missed while the listening connection was down).
CREATE TABLE auth_clock (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  n bigint NOT NULL
);
INSERT INTO auth_clock (id, n) VALUES (true, 0);

-- kind: 's' a session ended (ref = session), 'u' a user's row changed (ref = user), 'a' access rules changed.
CREATE FUNCTION auth_changed(kind text, ref uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE v bigint;
BEGIN
  UPDATE auth_clock SET n = n + 1 WHERE id RETURNING n INTO v;
  PERFORM pg_notify('auth_changes', v::text || ':' || kind || ':' || coalesce(ref::text, ''));
END $$;

CREATE FUNCTION auth_session_ended() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM auth_changed('s', coalesce(NEW.id, OLD.id));
  RETURN NULL;
END $$;
CREATE TRIGGER sessions_ended AFTER UPDATE OF ended_at ON sessions
  FOR EACH ROW WHEN (OLD.ended_at IS NULL AND NEW.ended_at IS NOT NULL) EXECUTE FUNCTION auth_session_ended();
CREATE TRIGGER sessions_deleted AFTER DELETE ON sessions
  FOR EACH ROW WHEN (OLD.ended_at IS NULL) EXECUTE FUNCTION auth_session_ended();

-- Only the columns a request's principal is made of (lib/identity/auth-state.ts); a TOTP step or a password
-- rehash at login announces nothing.
CREATE FUNCTION auth_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM auth_changed('u', coalesce(NEW.id, OLD.id));
  RETURN NULL;
END $$;
CREATE TRIGGER users_auth_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.email IS DISTINCT FROM NEW.email OR OLD.name IS DISTINCT FROM NEW.name
        OR OLD.access_level IS DISTINCT FROM NEW.access_level OR OLD.organization_id IS DISTINCT FROM NEW.organization_id
        OR OLD.active IS DISTINCT FROM NEW.active OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION auth_user_changed();
CREATE TRIGGER users_auth_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION auth_user_changed();

-- Anything the effective permissions or record scope are computed from (lib/permissions.ts): every cached
-- principal is dropped. Statement level: one announcement per statement, whatever the rows.
CREATE FUNCTION auth_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM auth_changed('a', NULL);
  RETURN NULL;
END $$;
CREATE TRIGGER applications_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON applications
  FOR EACH STATEMENT EXECUTE FUNCTION auth_access_changed();
CREATE TRIGGER application_policies_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON application_policies
  FOR EACH STATEMENT EXECUTE FUNCTION auth_access_changed();
CREATE TRIGGER application_acls_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON application_acls
  FOR EACH STATEMENT EXECUTE FUNCTION auth_access_changed();
CREATE TRIGGER application_acl_items_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON application_acl_items
  FOR EACH STATEMENT EXECUTE FUNCTION auth_access_changed();
CREATE TRIGGER user_groups_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_groups
  FOR EACH STATEMENT EXECUTE FUNCTION auth_access_changed();
CREATE TRIGGER user_group_members_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_group_members
  FOR EACH STATEMENT EXECUTE FUNCTION auth_access_changed();
CREATE TRIGGER user_group_policies_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_group_policies
  FOR EACH STATEMENT EXECUTE FUNCTION auth_access_changed();
CREATE TRIGGER user_active_profiles_auth_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON user_active_profiles
  FOR EACH STATEMENT EXECUTE FUNCTION auth_access_changed();
