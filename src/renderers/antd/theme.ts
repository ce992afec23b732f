import type { ThemeConfig } from 'antd';

/**
 * A calm, trustworthy back-office look: one deep blue for actions, neutral greys for structure, comfortable
 * spacing and tables that read like statements.
 */
export const BRAND = {
  primary: '#1f5aa6',
  primaryDark: '#16427a',
  layoutBg: '#f3f5f8',
  border: '#e3e8ef',
  text: '#1d2633',
  muted: '#5b6776',
} as const;

export const theme: ThemeConfig = {
  token: {
    colorPrimary: BRAND.primary,
    colorInfo: BRAND.primary,
    colorSuccess: '#2f8a4c',
    colorWarning: '#b7791f',
    colorError: '#c0392b',
    colorText: BRAND.text,
    colorTextSecondary: BRAND.muted,
    colorBgLayout: BRAND.layoutBg,
    colorBorderSecondary: BRAND.border,
    borderRadius: 6,
    fontSize: 14,
    fontFamily: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    controlHeight: 36,
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerHeight: 60, headerPadding: '0 24px', bodyBg: BRAND.layoutBg },
    Menu: { itemBorderRadius: 6, itemHeight: 38, itemMarginInline: 8, groupTitleColor: '#7a8696', itemSelectedBg: '#e8f0fb', itemSelectedColor: BRAND.primaryDark },
    Table: { headerBg: '#f7f9fc', headerColor: BRAND.muted, rowHoverBg: '#f5f8fd', cellPaddingBlock: 12 },
    Card: { headerFontSize: 16 },
    Button: { fontWeight: 500 },
  },
};
