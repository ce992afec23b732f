import { Divider } from 'antd';
import { formatValidationErrors } from '../../../engine/snackbar/validation-errors.ts';

/**
 * Server validation errors as a bulleted list of messages only (spec §5); renders nothing unless every
 * field has a non-empty list. Optional divider above; text size class, small by default.
 */
export function ValidationErrorList({ errors, divider = false, size = 'small' }: { errors: unknown; divider?: boolean; size?: 'small' | 'medium' }) {
  const messages = formatValidationErrors(errors);
  if (!messages) return null;
  return (
    <div className={`text-${size}`} style={{ fontSize: size === 'small' ? 13 : 14 }}>
      {divider && <Divider style={{ margin: '12px 0' }} />}
      <ul style={{ margin: 0, paddingInlineStart: 20 }}>
        {messages.map((m, i) => <li key={i}>{m}</li>)}
      </ul>
    </div>
  );
}
