import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { TOOLTIP } from '../../engine/ui/tooltip.ts';
import { CSP_NONCE, nonceLibraryStyles } from './csp-nonce.ts';
import { theme } from './theme.ts';
import './global.css';

/**
 * The product theme for every antd component. No antd `<App>` wrapper (it would put modal and message into
 * the login bundle); the pt-BR locale comes with the layouts (`locale.tsx`).
 */
// antd's CSS-in-JS takes the nonce from ConfigProvider; the rest of its styles get it when appended (csp-nonce.ts).
nonceLibraryStyles();
const CSP = { nonce: CSP_NONCE };

/**
 * Whoever asks the system for reduced motion (WCAG 2.3.3) gets dialogs, menus and messages without their zoom and
 * slide: antd's `motion` token off turns its motion provider off, so they appear and leave at once.
 */
const REDUCED_MOTION = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
const THEME = REDUCED_MOTION ? { ...theme, token: { ...theme.token, motion: false } } : theme;

export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={THEME} tooltip={TOOLTIP_CONFIG} csp={CSP}>
      {children}
    </ConfigProvider>
  );
}

/** Spec §9 for every antd tooltip; placement and offset are per tooltip (`Hint`). */
const TOOLTIP_CONFIG = {
  mouseEnterDelay: TOOLTIP.showDelayMs / 1000,
  mouseLeaveDelay: TOOLTIP.hideDelayMs / 1000,
  styles: { root: { maxWidth: TOOLTIP.maxWidthPx, zIndex: TOOLTIP.zIndex } },
};
