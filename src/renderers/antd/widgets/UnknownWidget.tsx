import { Alert } from 'antd';
import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { WIDGET_TEXT } from '../../../i18n/forms.ts';
import { propertyOf } from './types.ts';

/** Shown when no widget fits a field: names the schema path so an implementer can fix the schema or screen. */
export function UnknownWidget(props: WidgetProps & { path?: string }) {
  const schema = propertyOf(props);
  const path = props.path ?? (props.options?.path as string | undefined) ?? props.name;
  const type = [Array.isArray(schema.type) ? schema.type.join('|') : (schema.type ?? 'sem tipo'), schema.format].filter(Boolean).join(', ');
  return <Alert type="warning" showIcon data-unknown-widget={path} title={WIDGET_TEXT.unknownWidget(path, type)} />;
}

/** The same notice for array and object fields (placed with `ui:field`). */
export function UnknownField(props: FieldProps) {
  return <UnknownWidget {...(props as unknown as WidgetProps)} path={(props.uiSchema?.['ui:options'] as { path?: string } | undefined)?.path ?? props.name} />;
}
