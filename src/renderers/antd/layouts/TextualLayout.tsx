import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { APP_TEXT } from '../../../i18n/ui.ts';
import { BRAND } from '../theme.ts';
import { Brand } from './Brand.tsx';
import { PtBrLocale } from '../locale.tsx';

/** A plain page (developer tools, not-found for visitors): a thin header and readable text width. */
export default function TextualLayout({ children }: { children: ReactNode }) {
  return (
    <PtBrLocale>
    <div style={{ minHeight: '100vh', background: BRAND.layoutBg }}>
      <header style={{ background: '#fff', borderBottom: `1px solid ${BRAND.border}`, padding: '12px 24px' }}>
        <Link to="/" aria-label={APP_TEXT.home} style={{ display: 'inline-block' }}>
          <Brand />
        </Link>
      </header>
      <main style={{ maxWidth: 960, margin: '0 auto', padding: '32px 24px' }}>{children}</main>
    </div>
    </PtBrLocale>
  );
}
