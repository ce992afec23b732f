import type { ReactNode } from 'react';

/**
 * Title and lead at the top of a logon-layout card. Plain elements, not antd Typography: Typography
 * brings Tooltip and its positioning engine into the login page's bundle.
 */
export function AuthHeading({ title, lead }: { title: string; lead?: ReactNode }) {
  return (
    <div style={{ marginBottom: 24 }}>
      <h1 style={{ margin: 0, fontSize: 22, fontWeight: 650, lineHeight: 1.3, color: '#1d2633' }}>{title}</h1>
      {lead && <p style={{ margin: '6px 0 0', color: '#5b6776', lineHeight: 1.5 }}>{lead}</p>}
    </div>
  );
}
