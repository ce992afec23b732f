import { rankWith, type FieldContext } from '../../../engine/registry.ts';
import { optionLabel } from '../../../engine/list/fields.ts';
import type { PropertySchema } from '../../../engine/schema/types.ts';
import type { CellEntry, CellProps } from './types.ts';
import { CellTag } from './CellTag.tsx';
import { EmptyValue } from './EmptyValue.tsx';

interface Entry {
  name: string;
  scopes: string[];
}

const entriesOf = (value: unknown): Entry[] =>
  Array.isArray(value) ? value.filter((e): e is Entry => !!e && typeof e.name === 'string' && Array.isArray(e.scopes)) : [];
const scopeSchema = (schema: PropertySchema) => schema.items?.properties?.scopes?.items;

function text(value: unknown, props: { schema: PropertySchema }): string {
  return entriesOf(value)
    .map((e) => `${e.name} (${e.scopes.map((s) => optionLabel(scopeSchema(props.schema), s)).join(', ')})`)
    .join('; ');
}

/** Scopes per name (`[{ name, scopes }]`, a policy's resources): one line per name with its scopes' pt-BR labels. */
export function ScopeEntriesCell({ value, schema }: CellProps) {
  const entries = entriesOf(value);
  if (!entries.length) return <EmptyValue />;
  const items = scopeSchema(schema);
  return (
    <div style={{ display: 'grid', gap: 4 }}>
      {entries.map((e) => (
        <div key={e.name}>
          <strong>{e.name}</strong>{' '}
          {e.scopes.map((s) => (
            <CellTag key={s} style={{ marginInlineEnd: 4 }}>
              {optionLabel(items, s)}
            </CellTag>
          ))}
        </div>
      ))}
    </div>
  );
}

const isEntries = (ctx: FieldContext) => {
  const props = ctx.schema.items?.properties;
  return !!props?.name && !!props.scopes && (Array.isArray(props.scopes.type) ? props.scopes.type.includes('array') : props.scopes.type === 'array');
};

const entry: CellEntry = {
  name: 'scope-entries',
  tester: rankWith(8, isEntries),
  component: {
    Cell: ScopeEntriesCell,
    text,
    sample: {
      schema: {
        type: 'array',
        title: 'Recursos e escopos',
        items: {
          type: 'object',
          properties: {
            name: { type: 'string', title: 'Recurso' },
            scopes: { type: 'array', title: 'Escopos', items: { type: 'string', title: 'Escopo', oneOf: [{ const: 'read', title: 'Consultar' }] } },
          },
        },
      },
      value: [{ name: 'orders', scopes: ['read'] }],
    },
  },
};
export default entry;
