import { Button, Space, notification } from 'antd';
import type { IconType } from 'antd/es/notification/interface';
import { useEffect, useRef } from 'react';
import type { Snackbar, SnackbarButton } from '../../../engine/snackbar/store.ts';
import { SNACKBAR_TEXT } from '../../../i18n/messages.ts';
import { useSnackbars } from '../../../react/hooks.ts';
import { BRAND } from '../theme.ts';

const ICON_TYPE: Record<Snackbar['type'], IconType | undefined> = {
  success: 'success', error: 'error', warning: 'warning', info: 'info', neutral: undefined,
};

/**
 * Tells the store the snackbar is on screen once its content is in the DOM and a frame with it is being painted
 * (an animation frame after the commit): the countdown starts there. A busy main thread (the next page rendering on
 * a loaded machine) can hold the notification's render for seconds; counting from `api.open` let it expire unseen.
 * Runs again when the snackbar is replaced in place (same id, new object), which restarts its countdown.
 */
function Content({ s, onShown }: { s: Snackbar; onShown: (id: string) => void }) {
  useEffect(() => {
    const frame = requestAnimationFrame(() => onShown(s.id));
    return () => cancelAnimationFrame(frame);
  }, [s, onShown]);
  return (
    <div>
      <div style={{ fontSize: 11, fontWeight: 700, letterSpacing: 0.8, color: BRAND.muted, marginBottom: 2 }}>{s.overline}</div>
      <div style={{ fontWeight: 600 }}>{s.message}</div>
    </div>
  );
}

function Details({ s }: { s: Snackbar }) {
  if (!s.details.length) return null;
  if (s.details.length === 1) return <div>{s.details[0]}</div>;
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }}>
      {s.details.map((d, i) => <li key={i}>{d}</li>)}
    </ul>
  );
}

/**
 * Shows the engine's snackbar list with antd notifications. The store owns the rules (max 3, 3000 ms,
 * replace by id); this host only mirrors it: opens what is new or changed, closes what left the list.
 */
export function SnackbarHost() {
  const { snackbars, dismiss, shown: markShown } = useSnackbars();
  const [api, holder] = notification.useNotification({ placement: 'topRight', stack: false, maxCount: 3 });
  const shown = useRef(new Map<string, Snackbar>());

  useEffect(() => {
    const current = new Set(snackbars.map((s) => s.id));
    for (const [id] of shown.current) {
      if (!current.has(id)) {
        shown.current.delete(id);
        api.destroy(id);
      }
    }
    for (const s of snackbars) {
      if (shown.current.get(s.id) === s) continue;
      shown.current.set(s.id, s);
      const run = (b: SnackbarButton) => () => {
        b.onClick?.();
        dismiss(s.id);
      };
      const dismissButton = typeof s.dismissButton === 'object' ? s.dismissButton : undefined;
      const actions =
        s.actionButton || dismissButton ? (
          <Space>
            {s.actionButton && <Button size="small" onClick={run(s.actionButton)}>{s.actionButton.label}</Button>}
            {dismissButton && <Button size="small" type="primary" onClick={run(dismissButton)}>{dismissButton.label}</Button>}
          </Space>
        ) : undefined;
      api.open({
        key: s.id,
        type: ICON_TYPE[s.type],
        title: <Content s={s} onShown={markShown} />,
        description: <Details s={s} />,
        actions,
        duration: false, // the store times the dismissal
        closable: s.dismissButton === true ? { 'aria-label': SNACKBAR_TEXT.close } : false,
        onClose: () => dismiss(s.id),
        role: s.type === 'error' ? 'alert' : 'status',
        props: { 'data-testid': `snackbar-${s.type}` },
      });
    }
  }, [snackbars, api, dismiss, markShown]);

  return holder;
}
