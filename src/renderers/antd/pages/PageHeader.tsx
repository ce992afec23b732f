import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { BRAND } from '../theme.ts';

/** Plain elements, not antd's Typography (its editable/copy/ellipsis code would ride on every list's first load). Title (the page's one `<h1>`), one-line lead, optional back link and actions: the top of every default-layout page. */
export function PageHeader({ title, lead, back, actions }: { title: ReactNode; lead?: ReactNode; back?: { to: string; label: string }; actions?: ReactNode }) {
  return (
    <header style={{ marginBottom: 24 }}>
      {back && (
        <Link to={back.to} style={{ display: 'inline-flex', alignItems: 'center', gap: 6, marginBottom: 8, fontSize: 13 }}>
          <ArrowLeftOutlined /> {back.label}
        </Link>
      )}
      <div style={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}>
        <div>
          <h1 style={{ margin: 0, fontSize: 24, fontWeight: 600, lineHeight: 1.35, color: BRAND.text }}>{title}</h1>
          {lead && <p style={{ margin: '4px 0 0', color: BRAND.muted }}>{lead}</p>}
        </div>
        {actions}
      </div>
    </header>
  );
}
