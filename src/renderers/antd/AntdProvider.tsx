import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { TOOLTIP } from '../../engine/ui/tooltip.ts';
import { theme } from './theme.ts';
import './global.css';

/**
 * The product theme for every antd component. No antd `<App>` wrapper (it would put modal and message into
 * the login bundle); the pt-BR locale comes with the layouts (`locale.tsx`).
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider theme={theme} tooltip={TOOLTIP_CONFIG}>
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
