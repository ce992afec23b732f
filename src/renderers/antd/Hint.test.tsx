import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOOLTIP } from '../../engine/ui/tooltip.ts';
import { AntdProvider } from './AntdProvider.tsx';
import { Hint } from './Hint.tsx';

describe('Hint (spec §9 tooltips)', () => {
  it('keeps the spec constants', () => {
    expect(TOOLTIP).toEqual({ placement: 'bottom', allowHtml: true, maxWidthPx: 350, zIndex: 9999, offsetPx: 10, showDelayMs: 300, hideDelayMs: 250 });
  });

  it('shows below the element, at most 350 px wide on layer 9999, with sanitized HTML', async () => {
    render(
      <AntdProvider>
        <Hint title={'<b>Vence</b> hoje<script>alert(1)</script><img src=x onerror=alert(1)>'}>
          <button type="button">alvo</button>
        </Hint>
      </AntdProvider>,
    );
    // Open it as a pointer would (the 300 ms delay is antd's timer; the test waits it out).
    screen.getByRole('button', { name: 'alvo' }).dispatchEvent(new MouseEvent('mouseover', { bubbles: true }));
    const tip = await screen.findByRole('tooltip', {}, { timeout: 2000 });
    expect(tip.innerHTML).toContain('<b>Vence</b> hoje');
    expect(tip.innerHTML).not.toMatch(/script|onerror|<img/);
    const root = tip.closest('.ant-tooltip') as HTMLElement;
    expect(root.className).toContain('ant-tooltip-placement-bottom');
    expect(root.style.maxWidth).toBe('350px');
    expect(root.style.zIndex).toBe('9999');
  });
});
