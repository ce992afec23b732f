import { createRegistry, type FieldContext, type Registry } from '../../../engine/registry.ts';
import arrayTable from './ArrayTableField.tsx';
import boleto from './BoletoWidget.tsx';
import boolean from './BooleanWidget.tsx';
import cep from './CepWidget.tsx';
import cnpj from './CnpjWidget.tsx';
import competence from './CompetenceWidget.tsx';
import cpfCnpj from './CpfCnpjWidget.tsx';
import cpf from './CpfWidget.tsx';
import date from './DateWidget.tsx';
import email from './EmailWidget.tsx';
import file from './FileWidget.tsx';
import integer from './IntegerWidget.tsx';
import money from './MoneyWidget.tsx';
import multiSelect from './MultiSelectWidget.tsx';
import number from './NumberWidget.tsx';
import percent from './PercentWidget.tsx';
import phone from './PhoneWidget.tsx';
import pixCode from './PixCodeWidget.tsx';
import pixKey from './PixKeyWidget.tsx';
import radio from './RadioWidget.tsx';
import referenceSelect, { referenceMulti } from './ReferenceSelectWidget.tsx';
import richText from './RichTextWidget.tsx';
import scopeMatrix from './ScopeMatrixField.tsx';
import secret from './SecretWidget.tsx';
import select from './SelectWidget.tsx';
import text from './TextWidget.tsx';
import textarea from './TextareaWidget.tsx';
import uri from './UriWidget.tsx';
import { UnknownField, UnknownWidget } from './UnknownWidget.tsx';
import type { WidgetEntry, WidgetRenderer } from './types.ts';

/** Every built-in widget with its tester (docs/screens.md §4 lists them with their `ui:options`). */
export const BUILTIN_WIDGETS: WidgetEntry[] = [
  text, textarea, number, integer, money, percent, date, competence, boolean, select, radio, multiSelect,
  referenceSelect, referenceMulti, cpf, cnpj, cpfCnpj, cep, phone, email, uri, pixKey, pixCode, boleto, file, richText, arrayTable, secret,
  scopeMatrix,
];

export type WidgetRegistry = Registry<WidgetRenderer, FieldContext>;

export const createWidgetRegistry = (extra: WidgetEntry[] = []): WidgetRegistry => createRegistry<WidgetRenderer, FieldContext>([...BUILTIN_WIDGETS, ...extra]);

/**
 * The app's widget registry. A plugin replaces the widget of a format by registering a higher rank:
 * @example widgetRegistry.register({ name: 'my-money', tester: rankWith(50, formatIs('money')), component: { kind: 'widget', Component: MyMoney } })
 */
export const widgetRegistry: WidgetRegistry = createWidgetRegistry();

export const UNKNOWN = 'unknown';
const unknownWidget: WidgetRenderer = { kind: 'widget', Component: UnknownWidget };
const unknownField: WidgetRenderer = { kind: 'field', Component: UnknownField };

/** The registry's best widget for a field, or the Unknown fallback (a field for arrays and objects). */
export function resolveWidget(registry: WidgetRegistry, ctx: FieldContext): { name: string; renderer: WidgetRenderer } {
  const hit = registry.resolve(ctx);
  if (hit) return { name: hit.name, renderer: hit.component };
  const types = Array.isArray(ctx.schema.type) ? ctx.schema.type : [ctx.schema.type];
  return { name: UNKNOWN, renderer: types.includes('array') || types.includes('object') ? unknownField : unknownWidget };
}
