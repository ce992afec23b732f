import { APP_TEXT } from '../../../i18n/ui.ts';
import { BRAND } from '../theme.ts';
import './page-loading.css';

/** Shown while a page's code or data loads. Plain CSS: it is on screen before any antd component loads. */
export function PageLoading() {
  return (
    <div role="status" aria-live="polite" style={{ display: 'grid', placeItems: 'center', alignContent: 'center', gap: 12, minHeight: 240, color: BRAND.muted }}>
      <span
        aria-hidden
        style={{ width: 32, height: 32, borderRadius: '50%', border: `3px solid ${BRAND.border}`, borderTopColor: BRAND.primary, animation: 'bo-spin 0.8s linear infinite' }}
      />
      <span>{APP_TEXT.loading}</span>
    </div>
  );
}
