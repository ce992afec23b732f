import { theme, Typography } from 'antd';
import type { FieldTemplateProps } from '@rjsf/utils';
import { errorIdOf, hintIdOf } from '../widgets/common.ts';

/**
 * One field: label on top with the required mark, the widget, its errors (announced, and tied to the control by
 * `aria-describedby`: widgets use `fieldAria`), then the schema's description or `ui:help` in small text. The root object renders bare (sections draw their own card).
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { token } = theme.useToken();
  const { id, label, required, rawErrors, rawDescription, rawHelp, children, hidden, fieldPathId, uiSchema } = props;
  if (hidden) return <div hidden>{children}</div>;
  if (fieldPathId.path.length === 0) return children;
  const errors = (rawErrors ?? []).filter(Boolean);
  const hint = rawHelp || rawDescription;
  const wide = (uiSchema?.['ui:options'] as { wide?: boolean } | undefined)?.wide;
  return (
    <div className="bo-field" style={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>
      {/* Our widgets never draw their own label (RJSF's displayLabel is false for switches and arrays). */}
      {label && (
        // The required mark sits outside the <label>: the field's name stays exactly its title (inputs carry
        // aria-required for assistive technology).
        <div style={{ marginBottom: 4 }}>
          <label htmlFor={id} style={{ fontWeight: 500, color: token.colorText }}>{label}</label>
          {required && props.schema.type !== 'boolean' && <span aria-hidden="true" title="Obrigatório" style={{ color: token.colorError, marginInlineStart: 3 }}>*</span>}
        </div>
      )}
      {children}
      {errors.length > 0 && (
        <div id={errorIdOf(id)} role="alert" style={{ color: token.colorError, fontSize: 13, marginTop: 4 }}>{errors.join(' ')}</div>
      )}
      {hint && errors.length === 0 && (
        <Typography.Text id={hintIdOf(id)} type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>{hint}</Typography.Text>
      )}
    </div>
  );
}
