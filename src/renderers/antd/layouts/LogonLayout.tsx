import type { ReactNode } from 'react';
import { APP_TEXT } from '../../../i18n/ui.ts';
import { BRAND } from '../theme.ts';
import { Brand } from './Brand.tsx';

const YEAR = new Date().getFullYear();

/** Sign-in pages: the product name over a centred card. */
export default function LogonLayout({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', padding: '40px 16px',
        background: `radial-gradient(1200px 600px at 50% -10%, #dfe9f7 0%, ${BRAND.layoutBg} 60%)`,
      }}
    >
      <main style={{ width: '100%', maxWidth: 420 }}>
        <div style={{ display: 'flex', justifyContent: 'center', marginBottom: 24 }}>
          <Brand size="lg" />
        </div>
        {/* A plain panel, not antd Card: Card brings Tabs, Dropdown and Menu into the login bundle. */}
        <div style={{ background: '#fff', border: `1px solid ${BRAND.border}`, borderRadius: 10, padding: 32, boxShadow: '0 8px 28px rgba(22, 50, 92, 0.08)' }}>
          {children}
        </div>
      </main>
      <footer style={{ marginTop: 32, color: BRAND.muted, fontSize: 12 }}>{APP_TEXT.footer(YEAR)}</footer>
    </div>
  );
}
