import type { WidgetProps } from '@rjsf/utils';
import type { PropertySchema } from '../../../engine/schema/types.ts';

export const allowsNull = (schema: PropertySchema): boolean =>
  Array.isArray(schema.type) ? schema.type.includes('null') : schema.type === 'null';

/** The value of an emptied field: null where the schema allows it (the API clears it), else absent. */
export const emptyValue = (schema: PropertySchema): null | undefined => (allowsNull(schema) ? null : undefined);

/** antd `status` from RJSF's errors of the field. */
export const statusOf = (rawErrors: readonly string[] | undefined): 'error' | undefined => (rawErrors?.length ? 'error' : undefined);

/** `ui:options` of a field, typed loosely (the screen file is checked by the meta-schema). */
export const uiOption = <T,>(props: Pick<WidgetProps, 'options'>, key: string): T | undefined => props.options?.[key] as T | undefined;

/** The ids FieldTemplate gives a field's error and hint texts, so the control can point at them. */
export const errorIdOf = (id: string) => `${id}__erro`;
export const hintIdOf = (id: string) => `${id}__ajuda`;

/**
 * The accessibility state every control of a field carries: `aria-invalid` while it has errors, and
 * `aria-describedby` pointing at its error text (or, without errors, at its hint), which FieldTemplate renders.
 */
export function fieldAria(props: { id: string; rawErrors?: readonly string[]; schema?: { description?: string }; uiSchema?: Record<string, unknown> }) {
  const invalid = !!props.rawErrors?.length;
  const hint = !!(props.uiSchema?.['ui:help'] || props.schema?.description);
  return {
    'aria-invalid': invalid ? true : undefined,
    'aria-describedby': invalid ? errorIdOf(props.id) : hint ? hintIdOf(props.id) : undefined,
  } as const;
}

/** Props every antd input of ours shares: id (the label points at it), disabled/readonly, error status, aria. */
export function inputProps(props: WidgetProps) {
  return {
    id: props.id,
    disabled: props.disabled || props.readonly,
    status: statusOf(props.rawErrors),
    autoFocus: props.autofocus,
    ...fieldAria(props),
    'aria-required': props.required || undefined,
    // A control drawn without its <label> (a cell of a line-item table) is named by its label text.
    'aria-label': props.hideLabel ? props.label : undefined,
  } as const;
}

/** Folds accents and case, for searching option labels ("sao" finds "São Paulo"). */
export const fold = (s: string): string => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
