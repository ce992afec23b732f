import type { ObjectFieldTemplateProps } from '@rjsf/utils';

/** The fields of a section on a grid of `ui:options.columns` (1–3) that folds to one column on narrow screens. */
export function ObjectFieldTemplate({ properties, uiSchema }: ObjectFieldTemplateProps) {
  const columns = (uiSchema?.['ui:options'] as { columns?: number } | undefined)?.columns ?? 2;
  return (
    <div className={`bo-form-grid bo-form-grid-${columns}`} style={{ display: 'grid', gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gap: '16px 24px' }}>
      {properties.filter((p) => !p.hidden).map((p) => p.content)}
    </div>
  );
}
