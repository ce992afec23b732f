/**
 * Tooltip behaviour of the product (spec §9): below the element, HTML allowed in the text, at most 350 px wide,
 * above everything (layer 9999), 10 px from the element, shown after 300 ms and hidden 250 ms after the pointer
 * leaves. The antd renderer applies these to every tooltip (`AntdProvider`, `Hint`).
 */
export const TOOLTIP = {
  placement: 'bottom',
  allowHtml: true,
  maxWidthPx: 350,
  zIndex: 9999,
  offsetPx: 10,
  showDelayMs: 300,
  hideDelayMs: 250,
} as const;
