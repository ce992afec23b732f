import { describe, expect, it } from 'vitest';
import { canRefreshSession, decodeJwtPayload, isAccessTokenValid, isVerificationTokenValid, jwtExpireAt } from './tokens.ts';
import { EMPTY_SESSION } from './types.ts';
import { fakeJwt } from '../../../tests/fixtures/jwt.ts';

const NOW = Date.parse('2026-03-01T12:00:00Z');
const exp = (offsetSec: number) => NOW / 1000 + offsetSec;

describe('tokens', () => {
  it('decodes the payload and the expiry of a JWT', () => {
    const token = fakeJwt({ sub: 'u1', exp: exp(60), projectId: 'demo', name: 'João' });
    expect(decodeJwtPayload(token)).toMatchObject({ sub: 'u1', name: 'João' });
    expect(jwtExpireAt(token)).toBe('2026-03-01T12:01:00.000Z');
    expect(decodeJwtPayload('nope')).toBeNull();
    expect(jwtExpireAt(null)).toBeNull();
  });

  it('accepts an access token only with the configured project id and a future expiry', () => {
    const valid = { accessToken: fakeJwt({ projectId: 'demo' }), accessTokenExpireAt: new Date(NOW + 1000).toISOString() };
    expect(isAccessTokenValid(valid, 'demo', NOW)).toBe(true);
    expect(isAccessTokenValid(valid, 'other', NOW)).toBe(false);
    expect(isAccessTokenValid({ ...valid, accessTokenExpireAt: new Date(NOW - 1).toISOString() }, 'demo', NOW)).toBe(false);
    expect(isAccessTokenValid({ accessToken: null, accessTokenExpireAt: valid.accessTokenExpireAt }, 'demo', NOW)).toBe(false);
  });

  it('accepts a verification token only when present and unexpired', () => {
    const at = new Date(NOW + 1000).toISOString();
    expect(isVerificationTokenValid({ verificationToken: 'v', verificationTokenExpireAt: at }, NOW)).toBe(true);
    expect(isVerificationTokenValid({ verificationToken: null, verificationTokenExpireAt: at }, NOW)).toBe(false);
    expect(isVerificationTokenValid({ verificationToken: 'v', verificationTokenExpireAt: new Date(NOW - 1).toISOString() }, NOW)).toBe(false);
  });

  it('can refresh an expired Authorization session while the refresh token lives', () => {
    const s = {
      ...EMPTY_SESSION,
      tokenType: 'Authorization' as const,
      accessToken: fakeJwt({ projectId: 'demo', exp: exp(-60) }),
      refreshToken: 'r',
      refreshTokenExpireAt: new Date(NOW + 1000).toISOString(),
      loggedUser: { id: '1', email: 'a@b' },
    };
    expect(canRefreshSession(s, 'demo', NOW)).toBe(true);
    expect(canRefreshSession({ ...s, tokenType: 'PreAuthorization' }, 'demo', NOW)).toBe(false);
    expect(canRefreshSession({ ...s, refreshTokenExpireAt: new Date(NOW - 1).toISOString() }, 'demo', NOW)).toBe(false);
    expect(canRefreshSession(s, 'other', NOW)).toBe(false);
  });
});
