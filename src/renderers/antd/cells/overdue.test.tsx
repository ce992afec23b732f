import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { metadata } from '../../../react/metadata.ts';
import { resolveCell } from './registry.ts';

describe('overdue cell', () => {
  const schema = metadata.resources['payable-installments'].properties.overdue;

  it('is chosen for every computed overdue flag of the finance lists', () => {
    for (const r of ['payables', 'receivables', 'payable-installments', 'receivable-installments']) {
      expect(resolveCell({ schema: metadata.resources[r].properties.overdue, path: 'overdue', resource: r }).name).toBe('overdue');
    }
  });

  it('shows the red "Vencida" tag only when the flag holds', () => {
    const { Cell, text } = resolveCell({ schema, path: 'overdue' }).component;
    const { rerender, container } = render(<Cell value={true} schema={schema} path="overdue" />);
    expect(screen.getByText('Vencida').closest('.bo-tag')?.getAttribute('data-color')).toBe('red');
    rerender(<Cell value={false} schema={schema} path="overdue" />);
    expect(container.textContent).toBe('');
    expect(text?.(true, { schema, path: 'overdue' })).toBe('Vencida');
    expect(text?.(false, { schema, path: 'overdue' })).toBe('');
  });
});
