import { statusDescriptor, type StatusCode } from '../../i18n/status.ts';
import { SNACKBAR_TEXT, UNKNOWN_ERROR } from '../../i18n/messages.ts';
import { Observable } from '../observable.ts';

export type SnackbarType = 'success' | 'neutral' | 'info' | 'warning' | 'error';

export interface SnackbarButton {
  label: string;
  /** Runs before the snackbar closes; omitted = the button only closes it. */
  onClick?: () => void;
}

export interface Snackbar {
  id: string;
  overline: string;
  message: string;
  /** Extra lines (error details from the response). */
  details: string[];
  type: SnackbarType;
  status?: StatusCode;
  /** Milliseconds until it closes by itself; false = stays until dismissed. */
  autoDismiss: number | false;
  /** true = a close button; an object = a labelled button that closes after its action. */
  dismissButton: boolean | SnackbarButton;
  actionButton?: SnackbarButton;
  icon?: string;
  item?: unknown;
}

export type SnackbarInput = Partial<Omit<Snackbar, 'details'>> & { details?: string[] };

export const SNACKBAR_MAX = 3;
export const SNACKBAR_AUTO_DISMISS_MS = 3000;

/** Status given to a snackbar that only has a type (spec §8). */
const DEFAULT_STATUS: Partial<Record<SnackbarType, number>> = { success: 200, neutral: 304, info: 304, error: 400 };
const TYPE_OF_STATUS = { error: 'error', success: 'success', neutral: 'neutral' } as const;

/** Fills the defaults of spec §8: status by type, catalogue message, overline, dismiss button on errors. */
export function normalizeSnackbar(input: SnackbarInput, id: string, autoDismissMs = SNACKBAR_AUTO_DISMISS_MS): Snackbar {
  const typeOnly = input.type && input.message === undefined && input.status === undefined;
  const status = input.status ?? (typeOnly ? DEFAULT_STATUS[input.type!] : undefined);
  const descriptor = status !== undefined ? statusDescriptor(status) : undefined;
  const type = input.type ?? (descriptor ? TYPE_OF_STATUS[descriptor.type] : 'neutral');
  const overline =
    input.overline ??
    (descriptor ? `${SNACKBAR_TEXT.statusOverline[descriptor.type]} ${status}` : SNACKBAR_TEXT.defaultOverline[type]);
  return {
    ...input,
    id,
    type,
    status,
    overline,
    message: input.message ?? descriptor?.message ?? UNKNOWN_ERROR,
    details: input.details ?? [],
    autoDismiss: input.autoDismiss ?? autoDismissMs,
    dismissButton: input.dismissButton ?? type === 'error',
  };
}

export interface SnackbarStoreOptions {
  max?: number;
  autoDismissMs?: number;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /**
   * The countdown starts when the host reports the snackbar on screen (`shown`), not when it is pushed: on a busy
   * machine the page that follows a save may hold the main thread for seconds, and the message must not expire
   * unseen. The app's engine sets it (a host is always mounted); a store without a host counts from the push.
   */
  countFromShown?: boolean;
}

/**
 * The snackbar list (spec §4, §8, §9): at most 3 (the oldest leaves), auto-dismiss after 3000 ms unless
 * told otherwise, a message with an existing id replaces the old one in place.
 * @example snackbars.push({ type: 'success' }) // 'SUCESSO 200', 'Requisição processada com sucesso.'
 */
export class SnackbarStore extends Observable<readonly Snackbar[]> {
  private timers = new Map<string, unknown>();
  private seq = 0;
  private readonly max: number;
  private readonly autoDismissMs: number;
  private readonly setTimer: (fn: () => void, ms: number) => unknown;
  private readonly clearTimer: (handle: unknown) => void;
  private readonly countFromShown: boolean;

  constructor(options: SnackbarStoreOptions = {}) {
    super([]);
    this.max = options.max ?? SNACKBAR_MAX;
    this.autoDismissMs = options.autoDismissMs ?? SNACKBAR_AUTO_DISMISS_MS;
    this.setTimer = options.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.clearTimer = options.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
    this.countFromShown = options.countFromShown ?? false;
  }

  /** Shows a snackbar and returns its id. */
  push(input: SnackbarInput): string {
    const id = input.id ?? `snackbar-${++this.seq}`;
    const snackbar = normalizeSnackbar(input, id, this.autoDismissMs);
    const list = [...this.snapshot];
    const at = list.findIndex((s) => s.id === id);
    if (at >= 0) list[at] = snackbar;
    else list.push(snackbar);
    while (list.length > this.max) this.stopTimer(list.shift()!.id);
    this.stopTimer(id);
    if (snackbar.autoDismiss !== false && !this.countFromShown) this.timers.set(id, this.setTimer(() => this.dismiss(id), snackbar.autoDismiss));
    this.set(list);
    return id;
  }

  /**
   * The host tells when a snackbar is first on screen: its countdown starts again from there, so a message
   * pushed while the next page or the notification code was still loading is not gone before anyone sees it.
   */
  shown(id: string): void {
    const snackbar = this.snapshot.find((s) => s.id === id);
    if (!snackbar || snackbar.autoDismiss === false) return;
    this.stopTimer(id);
    this.timers.set(id, this.setTimer(() => this.dismiss(id), snackbar.autoDismiss));
  }

  dismiss(id: string): void {
    this.stopTimer(id);
    if (this.snapshot.some((s) => s.id === id)) this.set(this.snapshot.filter((s) => s.id !== id));
  }

  clear(): void {
    for (const id of Array.from(this.timers.keys())) this.stopTimer(id);
    this.set([]);
  }

  private stopTimer(id: string): void {
    if (!this.timers.has(id)) return;
    this.clearTimer(this.timers.get(id));
    this.timers.delete(id);
  }
}
