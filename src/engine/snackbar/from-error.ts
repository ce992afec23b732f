import { statusDescriptor } from '../../i18n/status.ts';
import { SNACKBAR_TEXT, UNKNOWN_ERROR } from '../../i18n/messages.ts';
import { HttpError, isRecord, statusOf } from '../http/errors.ts';
import type { SnackbarInput, SnackbarStore } from './store.ts';
import { formatValidationErrors } from './validation-errors.ts';

/** Details of an error response: its `errors` (list, or field map as messages), else the body's text. */
export function errorDetails(err: unknown, shownMessage?: string): string[] {
  const body = err instanceof HttpError ? err.body : undefined;
  const errors = isRecord(body) ? body.errors : undefined;
  if (Array.isArray(errors)) {
    return errors
      .map((e) => (typeof e === 'string' ? e : isRecord(e) && typeof e.message === 'string' ? e.message : ''))
      .filter(Boolean);
  }
  const fieldMessages = formatValidationErrors(errors);
  if (fieldMessages) return fieldMessages;
  const text = typeof body === 'string' ? body.trim() : isRecord(body) && typeof body.message === 'string' ? body.message : '';
  return text && text !== shownMessage ? [text] : [];
}

export interface SessionActions {
  /** Reloads the page ('Atualizar'). */
  reload: () => void;
  /** Logs out and opens the small login window at /login?locationReload=0 ('Fazer login'). */
  login: () => void;
}

export interface ErrorSnackbarOptions extends Omit<SnackbarInput, 'type' | 'status'> {
  /** With these, a 401 offers 'Atualizar' and 'Fazer login' and stays on screen. */
  sessionActions?: SessionActions;
}

/**
 * The snackbar for a failed call (spec §8): the given message or the status catalogue's, the response
 * details appended, a dismiss button; 401 stays with 'Atualizar' / 'Fazer login', 403 stays with 'Entendi'; the rest
 * leave after the spec's 3 s unless the caller says otherwise.
 */
export function errorSnackbar(err: unknown, options: ErrorSnackbarOptions = {}): SnackbarInput {
  const { sessionActions, ...rest } = options;
  if (!(err instanceof HttpError)) {
    // Not a response: a bug or an unexpected throw. The console keeps the cause; the user gets the generic text.
    console.error(err);
    return { dismissButton: true, ...rest, type: 'error', message: rest.message ?? UNKNOWN_ERROR, details: rest.details ?? [] };
  }
  const status = statusOf(err);
  const message = rest.message ?? statusDescriptor(status).message;
  const input: SnackbarInput = { details: errorDetails(err, message), dismissButton: true, ...rest, type: 'error', status, message };
  if (status === 401 && sessionActions) {
    return {
      ...input,
      autoDismiss: false,
      actionButton: { label: SNACKBAR_TEXT.reload, onClick: sessionActions.reload },
      dismissButton: { label: SNACKBAR_TEXT.login, onClick: sessionActions.login },
    };
  }
  if (status === 403) return { ...input, autoDismiss: false, dismissButton: { label: SNACKBAR_TEXT.understood } };
  return input;
}

/** Binds the store and the browser actions once; screens then call `notifyError(err)`. */
export function createErrorNotifier(snackbars: SnackbarStore, sessionActions: SessionActions) {
  return (err: unknown, options: Omit<ErrorSnackbarOptions, 'sessionActions'> = {}): string =>
    snackbars.push(errorSnackbar(err, { sessionActions, ...options }));
}
