import { HttpError } from '../http/errors.ts';

/**
 * Named API endpoints, resolved against the service base URLs of the app config. Screens name an endpoint
 * (`api.url('identity', 'usersMe')`) instead of hard-coding paths; an unknown name or key is a 400.
 */
export const API_ENDPOINTS = {
  identity: {
    auth: 'auth',
    authLogout: 'auth/logout',
    twoFactorsSetup: 'auth/two-factors/setup',
    twoFactorsEmailCode: 'auth/two-factors/email-code',
    twoFactorsVerify: 'auth/two-factors/verify',
    passwordRecovery: 'auth/password-recovery',
    passwordReset: 'auth/password-reset',
    usersMe: 'users/me',
    usersMePassword: 'users/me/password',
    usersMeEffectivePermissions: 'users/me/policies/effective-permissions',
    usersMePolicies: 'users/me/policies',
    usersMeActiveProfiles: 'users/me/active-profiles',
    usersMeEmailCode: 'users/me/two-factors/email-code',
    usersMeVerify: 'users/me/two-factors/verify',
    usersMeUnbind: 'users/me/two-factors/unbind',
    usersMeSecurity: 'users/me/security',
  },
} as const satisfies Record<string, Record<string, string>>;

export type ApiCatalogue = Record<string, Record<string, string>>;

export interface Api {
  /** Base URL of a service family, e.g. `identity` → `/api/identity/v1`. */
  service(name: string): string;
  /** Full URL of a named endpoint, e.g. `('identity', 'usersMe')` → `/api/identity/v1/users/me`. */
  url(name: string, key: string): string;
}

/** @example createApi(config.services).url('identity', 'auth') // '/api/identity/v1/auth' */
export function createApi(services: Record<string, string>, catalogue: ApiCatalogue = API_ENDPOINTS): Api {
  const service = (name: string): string => {
    const base = Object.hasOwn(services, name) ? services[name] : undefined;
    if (!base) throw new HttpError(400, `API desconhecida: ${name}.`);
    return base.replace(/\/+$/, '');
  };
  return {
    service,
    url(name, key) {
      const endpoints = Object.hasOwn(catalogue, name) ? catalogue[name] : undefined;
      const path = endpoints && Object.hasOwn(endpoints, key) ? endpoints[key] : undefined;
      if (path === undefined) throw new HttpError(400, `Endpoint desconhecido: ${name}.${key}.`);
      return `${service(name)}/${path}`;
    },
  };
}
