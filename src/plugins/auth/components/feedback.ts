import { errorSnackbar } from '../../../engine/snackbar/from-error.ts';
import type { SnackbarInput } from '../../../engine/snackbar/store.ts';
import { statusOf } from '../../../engine/http/errors.ts';
import { AUTH_MESSAGES } from '../../../i18n/messages.ts';

/** 'O login falhou.' + details; 401 → 'Login ou senha inválidos…'. Stays until dismissed (spec §8). */
export function loginFailure(err: unknown): SnackbarInput {
  const invalid = statusOf(err) === 401;
  return errorSnackbar(err, {
    id: 'login-failure',
    message: invalid ? AUTH_MESSAGES.invalidCredentials : AUTH_MESSAGES.loginFailed,
    ...(invalid ? { details: [] } : {}),
    autoDismiss: false,
  });
}

/** 'A verificação falhou.' + details; 401 → 'O código é inválido ou expirou. Tente novamente...'. */
export function verificationFailure(err: unknown): SnackbarInput {
  const invalid = statusOf(err) === 401;
  return errorSnackbar(err, {
    id: 'verification-failure',
    message: invalid ? AUTH_MESSAGES.invalidCode : AUTH_MESSAGES.verificationFailed,
    ...(invalid ? { details: [] } : {}),
    autoDismiss: false,
  });
}
