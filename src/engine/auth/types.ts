import type { TokenType, TwoFactorMethod } from '../session/types.ts';

/** `POST auth`, `POST auth/two-factors/setup|verify` (docs/api-identity.md). */
export interface AuthResponse {
  accessToken: string;
  tokenType: TokenType;
  accessTokenExpireAt?: string;
  refreshToken: string | null;
  refreshTokenExpireAt: string | null;
  twoFactor?: {
    isSetupRequired?: boolean;
    allowedMethods?: TwoFactorMethod[];
    verificationToken?: string | null;
    verificationTokenExpireAt?: string | null;
    /** Older responses name the verification token's expiry `expireAt`. */
    expireAt?: string | null;
  };
}

/** `GET auth/two-factors/setup`: a fresh TOTP key and its QR code (PNG data URL). */
export interface TwoFactorSetup {
  totpKey: string;
  otpauthUrl: string;
  qrCode: string;
}

/** Where a code is verified: during login (`auth`) or to prove a recent second factor (`usersMe`). */
export type VerifyEndpoint = 'auth' | 'usersMe';

export interface VerifyInput {
  method: TwoFactorMethod;
  verificationCode: string;
  endpoint?: VerifyEndpoint;
}
