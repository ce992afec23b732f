import type { Mailer } from '../mailer.ts';
import type { TokenService } from '../jwt.ts';
import type { SecretBox } from '../secret-box.ts';

/** What the identity routes need besides the database; built once by the auth plugin (`app.auth`). */
export interface AuthServices {
  tokens: TokenService;
  /** Encrypts TOTP keys at rest. */
  secretBox: SecretBox;
  /** Keyed hash of e-mailed one-time codes. */
  hashCode(code: string): string;
  mailer: Mailer;
  /** scrypt cost for new password hashes. */
  scryptN: number;
  /** A hash to verify against when the login is unknown, so the answer takes as long as for a real user. */
  dummyHash(): Promise<string>;
  /** Issuer shown in authenticator apps. */
  issuer: string;
  publicUrl: string;
}
