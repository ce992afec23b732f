import type { Queryable } from '../../db/index.ts';

export type TwoFactorMethod = 'TOTP' | 'Email';

/** A `users` row as the identity code reads it. */
export interface UserRow {
  id: string;
  email: string;
  name: string;
  phone: string | null;
  /** NULL until an invited user sets a password (never matches a login). */
  password_hash: string | null;
  access_level: 'SystemOwner' | 'User';
  organization_id: string | null;
  two_factor_mandatory: boolean;
  two_factor_enabled_by_user: boolean;
  two_factor_methods: TwoFactorMethod[];
  totp_secret: string | null;
  totp_confirmed_at: Date | null;
  last_totp_step: number | null;
  active: boolean;
}

const COLUMNS = `id, email, name, phone, password_hash, access_level, organization_id, two_factor_mandatory,
  two_factor_enabled_by_user, two_factor_methods, totp_secret, totp_confirmed_at, last_totp_step, active`;

export async function findUserByEmail(q: Queryable, email: string): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE lower(email) = lower($1)`, [email.trim()]);
  return rows[0];
}

export async function findUserById(q: Queryable, id: string, forUpdate = false): Promise<UserRow | undefined> {
  const { rows } = await q.query<UserRow>(`SELECT ${COLUMNS} FROM users WHERE id = $1${forUpdate ? ' FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export interface TwoFactorState {
  /** A second factor is needed to get an Authorization token. */
  required: boolean;
  /** docs/api-identity.md: required, TOTP allowed and no TOTP key confirmed yet. */
  isSetupRequired: boolean;
  allowedMethods: TwoFactorMethod[];
}

export function twoFactorState(u: UserRow): TwoFactorState {
  const allowedMethods = u.two_factor_methods;
  // With no method allowed a second factor could never be given; the user would be locked out.
  const required = (u.two_factor_mandatory || u.two_factor_enabled_by_user) && allowedMethods.length > 0;
  return { required, isSetupRequired: required && allowedMethods.includes('TOTP') && !u.totp_confirmed_at, allowedMethods };
}

/** The `User` shape of the API. */
export function toUserDto(u: UserRow) {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    phone: u.phone,
    accessLevel: u.access_level,
    organizationId: u.organization_id,
    twoFactorsSettings: {
      isMandatory: u.two_factor_mandatory,
      isEnabledByUser: u.two_factor_enabled_by_user,
      allowedMethods: u.two_factor_methods,
      isTotpConfigured: Boolean(u.totp_confirmed_at),
    },
  };
}

export type UserDto = ReturnType<typeof toUserDto>;
