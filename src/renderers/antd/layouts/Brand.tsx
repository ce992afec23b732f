import { APP_TEXT } from '../../../i18n/ui.ts';
import { BRAND } from '../theme.ts';

/** The product mark: a monogram tile and the name. */
export function Brand({ compact = false, size = 'md' }: { compact?: boolean; size?: 'md' | 'lg' }) {
  const tile = size === 'lg' ? 44 : 32;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 12, minWidth: 0 }}>
      <div
        aria-hidden
        style={{
          width: tile, height: tile, borderRadius: 8, flex: 'none', display: 'grid', placeItems: 'center',
          background: `linear-gradient(135deg, ${BRAND.primary}, ${BRAND.primaryDark})`, color: '#fff',
          fontWeight: 700, fontSize: size === 'lg' ? 18 : 14, letterSpacing: 0.5,
        }}
      >
        BO
      </div>
      {!compact && (
        <div style={{ lineHeight: 1.2, minWidth: 0 }}>
          <div style={{ fontWeight: 650, fontSize: size === 'lg' ? 20 : 15, color: BRAND.text, whiteSpace: 'nowrap' }}>{APP_TEXT.name}</div>
          <div style={{ fontSize: size === 'lg' ? 13 : 12, color: BRAND.muted, whiteSpace: 'nowrap' }}>{APP_TEXT.tagline}</div>
        </div>
      )}
    </div>
  );
}
