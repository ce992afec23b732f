import type { UiSchema } from '@rjsf/utils';
import type { FieldContext } from '../../../engine/registry.ts';
import { lockMessage } from '../../../engine/schema/locks.ts';
import type { PropertySchema } from '../../../engine/schema/types.ts';
import type { WidgetResolver } from '../widgets/resolver-context.ts';

export interface SectionUiInput {
  fields: readonly string[];
  columns: number;
  properties: Record<string, PropertySchema>;
  /** The screen's `form.uiSchema`. */
  screenUi: Record<string, Record<string, unknown>> | undefined;
  disabled: ReadonlySet<string>;
  /** Fields locked on edit (`x-immutable`, `x-readonly-after`): disabled with the reason as help. */
  locked?: ReadonlySet<string>;
  resource: string;
  resolve: WidgetResolver;
}

/**
 * RJSF uiSchema of one section: every field gets the widget our registry picks (`ui:widget` for values,
 * `ui:field` for arrays), keeping the screen's placeholders, help and options; rule- or lock-disabled fields
 * get `ui:disabled`. Returns which widget each field got (the conformance test reads it).
 */
export function sectionUiSchema(input: SectionUiInput): { uiSchema: UiSchema; widgets: Record<string, string> } {
  const uiSchema: UiSchema = { 'ui:options': { columns: input.columns } };
  const widgets: Record<string, string> = {};
  for (const field of input.fields) {
    const schema = input.properties[field];
    if (!schema) continue;
    const screen = input.screenUi?.[field] ?? {};
    const requested = typeof screen['ui:widget'] === 'string' ? screen['ui:widget'] : undefined;
    const ctx: FieldContext = { schema, path: field, resource: input.resource, requested };
    const { name, renderer } = input.resolve(ctx);
    widgets[field] = name;
    const { 'ui:widget': _requested, ...rest } = screen;
    const options = { ...(rest['ui:options'] as object | undefined), path: field, wide: renderer.kind === 'field' || name === 'richtext' || name === 'textarea' || name === 'pix-code' };
    uiSchema[field] = {
      ...rest,
      [renderer.kind === 'widget' ? 'ui:widget' : 'ui:field']: renderer.Component,
      'ui:options': options,
      ...(input.disabled.has(field) || input.locked?.has(field) ? { 'ui:disabled': true } : {}),
      ...(input.locked?.has(field) ? { 'ui:help': lockMessage(schema) } : {}),
    };
  }
  return { uiSchema, widgets };
}
