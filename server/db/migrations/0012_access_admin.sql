-- Access administration (docs/decisions.md D15): the identity tables of 0001 become resources of the generic
-- engine (schemas/applications…, users, user-groups…). The engine needs, on every table it manages, the
-- system columns (id, created_at/by, updated_at/by, version, deleted_at: soft delete), unique rules that
-- ignore deleted rows, and jsonb for lists. The sync at start (server/resources/sync.ts) would add missing
-- columns and indexes too, but the permission queries rely on them whatever schemas a process loads.

-- Soft delete: a deleted row stays (history, audit) but grants nothing (server/lib/permissions.ts).
ALTER TABLE applications ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
ALTER TABLE application_resources ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
ALTER TABLE application_policies ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
ALTER TABLE application_acls ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
ALTER TABLE user_groups ADD COLUMN IF NOT EXISTS deleted_at timestamptz;
-- Users are deactivated, never deleted (the API refuses); the column exists because the engine reads it.
ALTER TABLE users ADD COLUMN IF NOT EXISTS deleted_at timestamptz;

-- Unique names among live rows only (a deleted policy frees its name); same index names as the engine's
-- `x-unique`, so the sync finds them and a 409 names the field.
ALTER TABLE applications DROP CONSTRAINT applications_name_key;
CREATE UNIQUE INDEX applications_name_uq ON applications (name) WHERE deleted_at IS NULL;
ALTER TABLE application_resources DROP CONSTRAINT application_resources_application_id_name_key;
CREATE UNIQUE INDEX application_resources_name_application_id_uq ON application_resources (name, application_id) WHERE deleted_at IS NULL;
ALTER TABLE application_policies DROP CONSTRAINT application_policies_application_id_name_key;
CREATE UNIQUE INDEX application_policies_name_application_id_uq ON application_policies (name, application_id) WHERE deleted_at IS NULL;
ALTER TABLE application_acls DROP CONSTRAINT application_acls_application_id_name_key;
CREATE UNIQUE INDEX application_acls_name_application_id_uq ON application_acls (name, application_id) WHERE deleted_at IS NULL;
ALTER TABLE user_groups DROP CONSTRAINT user_groups_organization_id_name_key;
CREATE UNIQUE INDEX user_groups_name_organization_id_uq ON user_groups (name, organization_id) WHERE deleted_at IS NULL;

-- Lists as jsonb (the engine stores every list so; text[] has no JSON Schema counterpart in the sync).
ALTER TABLE application_resources ALTER COLUMN scopes DROP DEFAULT;
ALTER TABLE application_resources ALTER COLUMN scopes TYPE jsonb USING to_jsonb(scopes);
ALTER TABLE application_resources ALTER COLUMN scopes SET DEFAULT '[]';
ALTER TABLE application_resources ADD CONSTRAINT application_resources_scopes_check CHECK (jsonb_typeof(scopes) = 'array');
ALTER TABLE application_acls ALTER COLUMN scopes DROP DEFAULT;
ALTER TABLE application_acls ALTER COLUMN scopes TYPE jsonb USING to_jsonb(scopes);
ALTER TABLE application_acls ALTER COLUMN scopes SET DEFAULT '[]';
ALTER TABLE application_acls ADD CONSTRAINT application_acls_scopes_check CHECK (jsonb_typeof(scopes) = 'array');

ALTER TABLE users DROP CONSTRAINT users_two_factor_methods_check;
ALTER TABLE users ALTER COLUMN two_factor_methods DROP DEFAULT;
ALTER TABLE users ALTER COLUMN two_factor_methods TYPE jsonb USING to_jsonb(two_factor_methods);
ALTER TABLE users ALTER COLUMN two_factor_methods SET DEFAULT '["TOTP", "Email"]';
ALTER TABLE users ADD CONSTRAINT users_two_factor_methods_check
  CHECK (jsonb_typeof(two_factor_methods) = 'array' AND two_factor_methods <@ '["TOTP", "Email"]'::jsonb);

-- An invited user has no password until they open the e-mailed link (a NULL hash never matches a login).
ALTER TABLE users ALTER COLUMN password_hash DROP NOT NULL;

-- ACL items: one typed reference per kind instead of a polymorphic ref_id, so the engine checks that the
-- organization / cost center exists (and is visible), joins its label and keeps a foreign key (the cost
-- center's is added by the sync: its table comes from schemas/).
ALTER TABLE application_acl_items
  ADD COLUMN organization_id uuid REFERENCES organizations (id),
  ADD COLUMN cost_center_id uuid,
  ADD COLUMN created_by uuid,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_by uuid,
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN deleted_at timestamptz;
UPDATE application_acl_items SET organization_id = ref_id WHERE kind = 'organization';
UPDATE application_acl_items SET cost_center_id = ref_id WHERE kind = 'cost-center';
ALTER TABLE application_acl_items DROP CONSTRAINT application_acl_items_acl_id_kind_ref_id_key;
ALTER TABLE application_acl_items DROP COLUMN ref_id;
ALTER TABLE application_acl_items ADD CONSTRAINT application_acl_items_ref_check CHECK (
  (kind = 'organization' AND organization_id IS NOT NULL AND cost_center_id IS NULL)
  OR (kind = 'cost-center' AND cost_center_id IS NOT NULL AND organization_id IS NULL));
CREATE UNIQUE INDEX application_acl_items_organization_id_acl_id_uq ON application_acl_items (organization_id, acl_id) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX application_acl_items_cost_center_id_acl_id_uq ON application_acl_items (cost_center_id, acl_id) WHERE deleted_at IS NULL;

-- Join tables get an id and the system columns: a membership or a policy link is a record with its own
-- history. The pair stays unique among live rows.
ALTER TABLE user_active_profiles DROP CONSTRAINT user_active_profiles_group_id_user_id_fkey;
ALTER TABLE user_active_profiles
  ADD CONSTRAINT user_active_profiles_user_id_fkey FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE CASCADE,
  ADD CONSTRAINT user_active_profiles_group_id_fkey FOREIGN KEY (group_id) REFERENCES user_groups (id) ON DELETE CASCADE;

ALTER TABLE user_group_members DROP CONSTRAINT user_group_members_pkey;
ALTER TABLE user_group_members
  ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN created_by uuid,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_by uuid,
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN deleted_at timestamptz;
ALTER TABLE user_group_members ADD PRIMARY KEY (id);
CREATE UNIQUE INDEX user_group_members_user_id_group_id_uq ON user_group_members (user_id, group_id) WHERE deleted_at IS NULL;

ALTER TABLE user_group_policies DROP CONSTRAINT user_group_policies_pkey;
ALTER TABLE user_group_policies
  ADD COLUMN id uuid NOT NULL DEFAULT gen_random_uuid(),
  ADD COLUMN created_by uuid,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN updated_by uuid,
  ADD COLUMN version integer NOT NULL DEFAULT 1,
  ADD COLUMN deleted_at timestamptz;
ALTER TABLE user_group_policies ADD PRIMARY KEY (id);
CREATE UNIQUE INDEX user_group_policies_policy_id_group_id_uq ON user_group_policies (policy_id, group_id) WHERE deleted_at IS NULL;
CREATE INDEX user_group_policies_group_idx ON user_group_policies (group_id) WHERE deleted_at IS NULL;

-- users.group_ids: the user's groups as the users form edits them (schemas/users.schema.json `groupIds`).
-- user_group_members stays the truth; this trigger keeps the copy equal to it whoever writes the members
-- (the users form, the group's members screen, seeds), bumping the user's version when it changes so a
-- form opened before the change gets a 409 instead of undoing it. Leaving a group also drops it from the
-- user's active profiles (0001: a profile is always one of the user's groups).
ALTER TABLE users ADD COLUMN group_ids jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(group_ids) = 'array');

CREATE FUNCTION user_group_ids_refresh(uid uuid) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE users u SET group_ids = g.ids, version = u.version + 1, updated_at = now()
  FROM (SELECT coalesce(jsonb_agg(m.group_id ORDER BY m.group_id), '[]'::jsonb) AS ids
        FROM user_group_members m WHERE m.user_id = uid AND m.deleted_at IS NULL) g
  WHERE u.id = uid AND u.group_ids IS DISTINCT FROM g.ids;
  DELETE FROM user_active_profiles ap
  WHERE ap.user_id = uid AND NOT EXISTS (
    SELECT 1 FROM user_group_members m WHERE m.user_id = uid AND m.group_id = ap.group_id AND m.deleted_at IS NULL);
END $$;

CREATE FUNCTION user_group_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM user_group_ids_refresh(OLD.user_id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM user_group_ids_refresh(NEW.user_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER user_group_members_group_ids AFTER INSERT OR UPDATE OR DELETE ON user_group_members
  FOR EACH ROW EXECUTE FUNCTION user_group_members_changed();

UPDATE users u SET group_ids = g.ids
FROM (SELECT m.user_id, jsonb_agg(m.group_id ORDER BY m.group_id) AS ids FROM user_group_members m GROUP BY m.user_id) g
WHERE u.id = g.user_id;
