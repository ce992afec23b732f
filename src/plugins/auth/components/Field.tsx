import type { ReactElement, ReactNode } from 'react';
import { cloneElement } from 'react';

/**
 * A labelled field with its error under it, for the login page, which avoids antd Form to stay within
 * the 200 KiB budget (Form pulls in Tooltip, the positioning engine and the async validator).
 * The control gets id, aria-invalid, aria-describedby and antd's error status.
 */
export function Field({ id, label, error, children, extra }: { id: string; label: string; error?: string; children: ReactElement<Record<string, unknown>>; extra?: ReactNode }) {
  const errorId = `${id}-error`;
  return (
    <div style={{ marginBottom: 18 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', marginBottom: 6 }}>
        <label htmlFor={id} style={{ fontWeight: 500 }}>{label}</label>
        {extra}
      </div>
      {cloneElement(children, { id, status: error ? 'error' : undefined, 'aria-invalid': !!error, 'aria-describedby': error ? errorId : undefined })}
      {error && <div id={errorId} role="alert" style={{ color: '#c0392b', fontSize: 13, marginTop: 4 }}>{error}</div>}
    </div>
  );
}
