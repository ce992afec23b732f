import { cleanup, fireEvent, screen as dom } from '@testing-library/react';
import type { WidgetProps } from '@rjsf/utils';
import { describe, expect, it, vi } from 'vitest';
import { WIDGET_TEXT } from '../../../i18n/forms.ts';
import { engineHarness } from '../../../../tests/fixtures/engine-harness.tsx';
import { resolveWidget, widgetRegistry } from './registry.ts';
import { SecretWidget } from './SecretWidget.tsx';

describe('secret widget', () => {
  it('is chosen for writeOnly strings only', () => {
    expect(resolveWidget(widgetRegistry, { schema: { type: 'string', title: 'Segredo', writeOnly: true }, path: 'secret' }).name).toBe('secret');
    expect(resolveWidget(widgetRegistry, { schema: { type: 'string', title: 'Nome' }, path: 'name' }).name).toBe('text');
  });

  it('types hidden, is never autofilled, and sends nothing when emptied (the stored secret stays)', () => {
    const onChange = vi.fn<(v: unknown) => void>();
    const props = { id: 'secret', name: 'secret', label: 'Segredo', value: undefined, schema: { type: 'string', maxLength: 40, writeOnly: true }, uiSchema: {}, options: {}, onChange, onBlur: () => undefined, onFocus: () => undefined, registry: {}, placeholder: '' } as unknown as WidgetProps;
    engineHarness().render(<SecretWidget {...props} />);
    const input = dom.getByPlaceholderText(WIDGET_TEXT.secretPlaceholder) as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.autocomplete).toBe('new-password');
    fireEvent.change(input, { target: { value: 's3cr3t-value' } });
    expect(onChange).toHaveBeenLastCalledWith('s3cr3t-value');
    cleanup();
    engineHarness().render(<SecretWidget {...props} value="s3cr3t-value" />);
    fireEvent.change(dom.getByDisplayValue('s3cr3t-value'), { target: { value: '' } });
    expect(onChange).toHaveBeenLastCalledWith(undefined);
  });
});
