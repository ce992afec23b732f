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
    // antd derives a lighter hover (#cc5e4e: 3.98:1 with white): a hovered "Excluir"/"Estornar" failed AA contrast.
    // Darker on hover instead (6.6:1).
    colorErrorHover: '#a93226',
    colorText: BRAND.text,
    colorTextSecondary: BRAND.muted,
    // Secondary texts (Typography type="secondary", descriptions) at WCAG AA contrast (≥ 4.5:1 on white and on the layout).
    colorTextDescription: BRAND.muted,
    colorTextTertiary: BRAND.muted,
    // A select's placeholder is page text too ("Digite para buscar"): readable at AA contrast.
    colorTextPlaceholder: '#66717f',
    colorBgLayout: BRAND.layoutBg,
    colorBorderSecondary: BRAND.border,
    borderRadius: 6,
    fontSize: 14,
    fontFamily: "Inter, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    controlHeight: 36,
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerHeight: 60, headerPadding: '0 24px', bodyBg: BRAND.layoutBg },
    Menu: { itemBorderRadius: 6, itemHeight: 38, itemMarginInline: 8, groupTitleColor: BRAND.muted, itemSelectedBg: '#e8f0fb', itemSelectedColor: BRAND.primaryDark },
    Table: { headerBg: '#f7f9fc', headerColor: BRAND.muted, rowHoverBg: '#f5f8fd', cellPaddingBlock: 12 },
    Card: { headerFontSize: 16 },
    Button: { fontWeight: 500 },
    // A tag without a colour reads as page text (antd's default grey on grey is under AA).
    Tag: { defaultColor: BRAND.text },
  },
};
