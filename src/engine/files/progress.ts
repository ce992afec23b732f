/** Spec §9: upload/download progress is reported at most 3 times per second. */
export const PROGRESS_PER_SECOND = 3;

export interface Progress {
  loaded: number;
  total: number;
}

/**
 * Wraps a progress callback so it runs at most `perSecond` times a second: the first report at once, then
 * the latest one per interval; `flush()` delivers the final report (100 %) without waiting.
 * @example const p = throttleProgress(setProgress); p.report({ loaded, total }); …; p.flush();
 */
export function throttleProgress(callback: (p: Progress) => void, perSecond = PROGRESS_PER_SECOND, now: () => number = Date.now) {
  const interval = 1000 / perSecond;
  let last = -Infinity;
  let pending: Progress | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deliver = () => {
    timer = undefined;
    if (!pending) return;
    last = now();
    const p = pending;
    pending = undefined;
    callback(p);
  };
  return {
    report(p: Progress) {
      pending = p;
      const wait = last + interval - now();
      if (wait <= 0) deliver();
      else timer ??= setTimeout(deliver, wait);
    },
    flush() {
      if (timer) clearTimeout(timer);
      deliver();
    },
    cancel() {
      if (timer) clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}
