-- Identity, sessions and the access model (spec §3–§7, architecture §6, docs/api-identity.md).
-- Runs in one transaction (server/db/migrate.ts). PostgreSQL 15+ and PGlite (Postgres 17).
-- Entity tables carry created_by/updated_by/version so the generic resource engine can manage them later.

CREATE TABLE organizations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  cnpj text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  version integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX organizations_cnpj_key ON organizations (cnpj) WHERE cnpj IS NOT NULL;

CREATE TABLE users (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL,
  name text NOT NULL,
  phone text,
  password_hash text NOT NULL,
  access_level text NOT NULL DEFAULT 'User' CHECK (access_level IN ('SystemOwner', 'User')),
  organization_id uuid REFERENCES organizations (id),
  two_factor_mandatory boolean NOT NULL DEFAULT false,
  two_factor_enabled_by_user boolean NOT NULL DEFAULT false,
  two_factor_methods text[] NOT NULL DEFAULT '{TOTP,Email}'
    CHECK (two_factor_methods <@ ARRAY['TOTP', 'Email']::text[]),
  -- AES-256-GCM ciphertext (server/lib/secret-box.ts), never the plain base32 key.
  totp_secret text,
  totp_confirmed_at timestamptz,
  -- Last accepted TOTP time step: a code is accepted once (replay refused).
  last_totp_step bigint,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  version integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));
CREATE INDEX users_organization_idx ON users (organization_id);

-- Access model: applications → resources → policies → user groups (perfis) → members; ACLs for record scope.
CREATE TABLE applications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE,
  title text NOT NULL,
  description text,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  version integer NOT NULL DEFAULT 1
);

CREATE TABLE application_resources (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  name text NOT NULL,
  title text NOT NULL,
  scopes text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  version integer NOT NULL DEFAULT 1,
  UNIQUE (application_id, name)
);

CREATE TABLE application_policies (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text,
  -- [{ "name": "orders", "scopes": ["create", "read"] }]
  resources jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(resources) = 'array'),
  acls jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(acls) = 'array'),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  version integer NOT NULL DEFAULT 1,
  UNIQUE (application_id, name)
);

-- "Grupos de Agências": a named ACL whose items restrict records to organizations / cost centers.
CREATE TABLE application_acls (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  application_id uuid NOT NULL REFERENCES applications (id) ON DELETE CASCADE,
  name text NOT NULL,
  title text NOT NULL,
  scopes text[] NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  version integer NOT NULL DEFAULT 1,
  UNIQUE (application_id, name)
);

CREATE TABLE application_acl_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  acl_id uuid NOT NULL REFERENCES application_acls (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('organization', 'cost-center')),
  ref_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (acl_id, kind, ref_id)
);

CREATE TABLE user_groups (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL,
  description text,
  organization_id uuid NOT NULL REFERENCES organizations (id),
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid,
  version integer NOT NULL DEFAULT 1,
  UNIQUE (organization_id, name)
);

CREATE TABLE user_group_members (
  group_id uuid NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, user_id)
);
CREATE INDEX user_group_members_user_idx ON user_group_members (user_id);

CREATE TABLE user_group_policies (
  group_id uuid NOT NULL REFERENCES user_groups (id) ON DELETE CASCADE,
  policy_id uuid NOT NULL REFERENCES application_policies (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (group_id, policy_id)
);
CREATE INDEX user_group_policies_policy_idx ON user_group_policies (policy_id);

-- No row for a user = every group they belong to is active. A profile is always one of the user's groups.
CREATE TABLE user_active_profiles (
  user_id uuid NOT NULL,
  group_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, group_id),
  FOREIGN KEY (group_id, user_id) REFERENCES user_group_members (group_id, user_id) ON DELETE CASCADE
);

-- Sessions and verification state.
CREATE TABLE refresh_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  family_id uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  replaced_by uuid REFERENCES refresh_tokens (id) ON DELETE SET NULL
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);
CREATE INDEX refresh_tokens_user_idx ON refresh_tokens (user_id);

-- Sliding-window counters: one row per counted event (failed login by account or IP, wrong code, e-mail sent).
CREATE TABLE rate_limit_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('account', 'ip', 'two-factor', 'email-code', 'password-recovery')),
  key text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX rate_limit_events_key_idx ON rate_limit_events (kind, key, at DESC);

CREATE TABLE two_factor_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('login', 'verify')),
  code_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX two_factor_codes_user_idx ON two_factor_codes (user_id, purpose, created_at DESC);

CREATE TABLE password_reset_tokens (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

-- E-mails kept here when SMTP_URL is unset (development); listed by GET /api/dev/outbox.
CREATE TABLE mail_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_created_idx ON mail_outbox (created_at DESC);
