import type { ComponentType } from 'react';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import type { FieldContext, RegistryEntry } from '../../../engine/registry.ts';
import type { PropertySchema } from '../../../engine/schema/types.ts';

/**
 * What the widget registry stores: a widget (a scalar value, placed with `ui:widget`) or a field (an array or
 * object value, placed with `ui:field`). Either way RJSF wraps it in our FieldTemplate (label, errors, help).
 */
export type WidgetRenderer =
  | { kind: 'widget'; Component: ComponentType<WidgetProps> }
  | { kind: 'field'; Component: ComponentType<FieldProps> };

export type WidgetEntry = RegistryEntry<WidgetRenderer, FieldContext>;

/** Our widgets read the property schema with our keywords (`x-ref`, `format`…). */
export const propertyOf = (props: { schema: unknown }): PropertySchema => props.schema as PropertySchema;
