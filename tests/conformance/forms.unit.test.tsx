import { fireEvent, screen as dom, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PropertySchema } from '../../src/engine/schema/types.ts';
import { defaultsOf, formSections } from '../../src/engine/form/layout.ts';
import { writableFields } from '../../src/engine/schema/system-fields.ts';
import { metadata } from '../../src/react/metadata.ts';
import { ResourceForm, type ResourceFormProps } from '../../src/renderers/antd/form/ResourceForm.tsx';
import { sectionUiSchema } from '../../src/renderers/antd/form/ui-schema.ts';
import { resolveWidget, UNKNOWN, widgetRegistry } from '../../src/renderers/antd/widgets/registry.ts';
import { engineHarness } from '../fixtures/engine-harness.tsx';

type SaveFn = ResourceFormProps['onSave'];

const screens = Object.entries(metadata.screens).filter(([, s]) => s.form);
const ID = '6f1c1f0e-3c1a-4a7e-9a53-0c3f1b6f2a10';

/** A value each format refuses (wrong check digits, impossible dates, malformed codes). */
const BAD_FORMAT: Partial<Record<string, string>> = {
  cpf: '12345678900', cnpj: '11222333000100', 'cpf-cnpj': '123', cep: '123', email: 'nao-e-um-email', phone: '12',
  uri: 'não é um endereço', boleto: '123', 'pix-key': '@@', 'pix-code': '000201', date: '2026-02-31', competence: '2026-13',
  'nfe-key': '123', gtin: '12345',
};

/** A value the property's own rules refuse, or undefined when it has none a person could get wrong by typing. */
function badValue(p: PropertySchema): unknown {
  const types = [p.type].flat();
  if (p.readOnly || p['x-ref'] || types.includes('array') || types.includes('object') || types.includes('boolean')) return undefined;
  if (p.format && BAD_FORMAT[p.format]) return BAD_FORMAT[p.format];
  if (types.includes('integer') || types.includes('number')) {
    if (typeof p.maximum === 'number') return p.maximum + 1;
    if (typeof p.minimum === 'number') return p.minimum - 1;
    return undefined;
  }
  if (!types.includes('string')) return undefined;
  if (Array.isArray(p.oneOf) || Array.isArray(p.enum)) return 'VALOR_QUE_NAO_EXISTE';
  if (p.pattern) return ['!!!', 'a', '0', 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ'].find((v) => !new RegExp(p.pattern!, 'u').test(v));
  if (typeof p.maxLength === 'number') return 'x'.repeat(p.maxLength + 1);
  return undefined;
}

describe.each(screens)('form of screens/%s', (key, screen) => {
  const schema = metadata.resources[screen.resource];

  it('gives every placed field a known widget', () => {
    for (const section of formSections(screen.form, schema)) {
      const { widgets } = sectionUiSchema({
        fields: section.fields, columns: section.columns, properties: schema.properties, screenUi: screen.form?.uiSchema,
        disabled: new Set(), resource: screen.resource, resolve: (ctx) => resolveWidget(widgetRegistry, ctx),
      });
      for (const [field, name] of Object.entries(widgets)) expect({ key, field, name }).not.toEqual({ key, field, name: UNKNOWN });
    }
  });

  it.each(['add', 'edit'] as const)('renders the %s form with no Unknown widget, every section, pt-BR buttons', async (mode) => {
    const record = { id: ID, version: 3, ...defaultsOf(schema) };
    const h = engineHarness();
    const { container } = h.render(
      <ResourceForm screen={screen} schema={schema} mode={mode} initial={mode === 'add' ? defaultsOf(schema) : record} record={mode === 'edit' ? record : undefined}
        onSave={vi.fn<SaveFn>()} onCancel={vi.fn<() => void>()} />,
    );
    expect(container.querySelector('[data-unknown-widget]')).toBeNull();
    for (const s of formSections(screen.form, schema)) expect(dom.getAllByText(s.title).length).toBeGreaterThan(0);
    expect(dom.getByRole('button', { name: 'Salvar' })).toBeTruthy();
    expect(dom.getByRole('button', { name: 'Cancelar' })).toBeTruthy();
  });

  it('shows "Campo obrigatório." on every empty required field and saves nothing', async () => {
    const onSave = vi.fn<SaveFn>();
    const h = engineHarness();
    const required = (schema.required ?? []).filter((f) => writableFields(schema).includes(f));
    const { container } = h.render(<ResourceForm screen={screen} schema={schema} mode="add" initial={{}} onSave={onSave} onCancel={vi.fn<() => void>()} />);
    fireEvent.click(dom.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(dom.getByText(/^Corrija (o campo destacado|os \d+ campos destacados) para salvar\.$/)).toBeTruthy());
    const errors = [...container.querySelectorAll('[role="alert"][id$="__erro"]')].map((e) => [e.id.replace(/^s\d+_/, '').replace(/__erro$/, ''), e.textContent]);
    // Fields with a schema default start filled (RJSF applies defaults), so only the others must complain.
    const empty = required.filter((f) => schema.properties[f].default === undefined);
    expect(empty.length).toBeGreaterThan(0);
    for (const f of empty) expect(errors).toContainEqual([f, 'Campo obrigatório.']);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows a pt-BR message on every field given a value its rules refuse, and saves nothing', async () => {
    const onSave = vi.fn<SaveFn>();
    const h = engineHarness();
    const placed = new Set(formSections(screen.form, schema).flatMap((sec) => sec.fields));
    // Fields the form's rules read keep their defaults: the rules decide which fields show for valid values.
    const drivers = new Set(JSON.stringify(screen.form?.rules ?? []).match(/"field":"[^"]+"/g)?.map((m) => m.slice(9, -1)));
    const bad = Object.fromEntries(
      [...placed]
        .filter((f) => writableFields(schema).includes(f) && !drivers.has(f))
        .map((f) => [f, badValue(schema.properties[f])])
        .filter(([, v]) => v !== undefined),
    );
    if (!Object.keys(bad).length) return;
    const { container } = h.render(
      <ResourceForm screen={screen} schema={schema} mode="add" initial={{ ...defaultsOf(schema), ...bad }} onSave={onSave} onCancel={vi.fn<() => void>()} />,
    );
    fireEvent.click(dom.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(dom.getByText(/^Corrija (o campo destacado|os \d+ campos destacados) para salvar\.$/)).toBeTruthy());
    const errors = new Map([...container.querySelectorAll('[role="alert"][id$="__erro"]')].map((e) => [e.id.replace(/^s\d+_/, '').replace(/__erro$/, ''), e.textContent ?? '']));
    // Only fields on screen (a condition may hide one for these values).
    const shown = Object.keys(bad).filter((f) => container.querySelector(`[id$="_${f}"]:not([type="hidden"])`));
    expect(shown.length).toBeGreaterThan(0);
    for (const f of shown) {
      expect({ field: f, message: errors.get(f) }).toEqual({ field: f, message: expect.stringMatching(/\S{3}/) });
      expect({ field: f, message: errors.get(f) }).not.toEqual({ field: f, message: expect.stringMatching(/\b(must|should|match|format|invalid)\b/i) });
    }
    expect(onSave).not.toHaveBeenCalled();
  });
});
