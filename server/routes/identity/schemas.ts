/** Request bodies of the identity API (docs/api-identity.md). Unknown fields are rejected everywhere. */
const text = (maxLength: number) => ({ type: 'string', minLength: 1, maxLength }) as const;
const body = <P extends Record<string, object>>(properties: P, required: (keyof P & string)[] = []) =>
  ({ type: 'object', additionalProperties: false, required, properties }) as const;

const method = { type: 'string', enum: ['TOTP', 'Email'] } as const;
// Long enough for any password we accept plus slack, short enough to keep scrypt input bounded.
const secret = text(1024);
const token = text(4096);

export const loginBody = body(
  { login: text(254), secret, grantType: { type: 'string', enum: ['Password', 'RefreshToken'] } },
  ['login', 'secret', 'grantType'],
);
export interface LoginBody {
  login: string;
  secret: string;
  grantType: 'Password' | 'RefreshToken';
}

export const logoutBody = body({ refreshToken: token });

export const setupBody = body({ totpKey: text(128), verificationCode: text(20) }, ['totpKey', 'verificationCode']);
export const verifyBody = body({ method, verificationCode: text(20) }, ['method', 'verificationCode']);
export interface VerifyBody {
  method: 'TOTP' | 'Email';
  verificationCode: string;
}

export const profileBody = body(
  {
    name: text(120),
    // Canonical DDD + number, digits only; the route strips a mask or +55 before validating.
    phone: { type: ['string', 'null'], format: 'phone' },
  },
  ['name'],
);
export const passwordBody = body({ currentPassword: secret, newPassword: secret, verificationToken: token }, [
  'currentPassword',
  'newPassword',
]);
export const activeProfilesBody = body(
  { groupIds: { type: 'array', items: { type: 'string', format: 'uuid' }, uniqueItems: true, maxItems: 200 } },
  ['groupIds'],
);
export const unbindBody = body({ verificationToken: token }, ['verificationToken']);
export const securityBody = body({ isTwoFactorEnabled: { type: 'boolean' }, verificationToken: token }, ['isTwoFactorEnabled']);

export const recoveryBody = body({ email: { type: 'string', format: 'email' } }, ['email']);
export const resetBody = body({ token: text(200), newPassword: secret }, ['token', 'newPassword']);
