import type { FieldProps } from '@rjsf/utils';
import { fieldAria } from './common.ts';

/** What our array-valued widgets need from RJSF's field props: id, value, change, errors. */
export function fieldBasics(props: FieldProps) {
  const id = props.fieldPathId.$id;
  const errors = props.rawErrors ?? props.errorSchema?.__errors;
  return {
    id,
    disabled: !!(props.disabled || props.readonly),
    errors: errors as string[] | undefined,
    status: errors?.length ? ('error' as const) : undefined,
    aria: fieldAria({ id, rawErrors: errors as string[] | undefined, schema: props.schema as { description?: string }, uiSchema: props.uiSchema as Record<string, unknown> }),
    onChange: (value: unknown) => props.onChange(value as never, props.fieldPathId.path),
    onBlur: () => props.onBlur(id, props.formData),
  };
}
