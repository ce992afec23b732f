import { Alert, Modal, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useId, useState } from 'react';
import type { ResourceRecord } from '../../../engine/data/types.ts';
import { HttpError } from '../../../engine/http/errors.ts';
import type { ResourceSchema } from '../../../engine/schema/types.ts';
import { LIST_TEXT } from '../../../i18n/list.ts';
import { useEngine } from '../../../react/context.ts';
import { useDataProvider, useInvalidateResource } from '../../../react/resources.ts';
import { errorIdOf } from '../widgets/common.ts';
import { resolveWidget, widgetRegistry } from '../widgets/registry.ts';

export interface BulkEditDialogProps {
  resource: string;
  schema: ResourceSchema;
  /** The fields the screen lets people change in bulk (`list.bulkActions[].edit`). */
  fields: string[];
  label: string;
  records: ResourceRecord[];
  recordLabel: (r: ResourceRecord) => string;
  onClose: () => void;
  onDone: () => void;
}

/**
 * The bulk edit of a list (`{ "edit": ["categoryId", "costCenterId"] }`): the fields with the form's own widgets,
 * applied to every selected record in one call, all or nothing. When the server refuses some records (a locked
 * field, a record changed meanwhile), they are listed by name with the reason and nothing changed. Loaded with
 * its first use (the widgets stay out of the list's bundle).
 */
export default function BulkEditDialog({ resource, schema, fields, label, records, recordLabel, onClose, onDone }: BulkEditDialogProps) {
  const engine = useEngine();
  const data = useDataProvider();
  const invalidate = useInvalidateResource();
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[] | null>(null);
  const idBase = useId().replace(/\W/g, '');
  const byId = new Map(records.map((r) => [r.id, r]));

  async function apply() {
    const set = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''));
    if (!Object.keys(set).length) return setProblems([LIST_TEXT.bulkEditEmpty]);
    setBusy(true);
    try {
      const { updated } = await data.bulkUpdate({ resource, items: records.map((r) => ({ id: r.id, version: Number(r.version) })), set });
      engine.snackbars.push({ type: 'success', message: LIST_TEXT.bulkEdited(updated) });
      await invalidate(resource);
      onDone();
    } catch (err) {
      const errors = err instanceof HttpError && err.body && typeof err.body === 'object' ? (err.body as { errors?: Record<string, string[]> }).errors : undefined;
      if (errors) {
        const named = Object.entries(errors).map(([key, messages]) => {
          const r = byId.get(key);
          return `${r ? recordLabel(r) : (schema.properties[key]?.title ?? key)}: ${messages.join(' ')}`;
        });
        setProblems([(err as Error).message, ...named]);
      } else engine.notifyError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      open
      title={LIST_TEXT.bulkEditTitle(label, records.length)}
      okText={LIST_TEXT.bulkEditApply}
      cancelText={LIST_TEXT.cancel}
      okButtonProps={{ loading: busy }}
      onOk={() => void apply()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{LIST_TEXT.bulkEditLead}</Typography.Paragraph>
      <div style={{ display: 'grid', gap: 12 }}>
        {fields.map((field) => {
          const p = schema.properties[field];
          const { renderer } = resolveWidget(widgetRegistry, { schema: p, path: field });
          const id = `${idBase}_${field}`;
          const props = {
            id, name: field, label: p.title ?? field, hideLabel: false, value: values[field], schema: p, uiSchema: {}, options: {},
            required: false, disabled: busy, readonly: false, rawErrors: undefined, registry: undefined, placeholder: '',
            onChange: (v: unknown) => setValues((prev) => ({ ...prev, [field]: v })), onBlur: () => undefined, onFocus: () => undefined,
          } as unknown as WidgetProps;
          return (
            <div key={field}>
              <label htmlFor={id} style={{ display: 'block', fontWeight: 500, marginBottom: 4 }}>{p['x-label'] ?? p.title ?? field}</label>
              {renderer.kind === 'widget' ? <renderer.Component {...props} /> : null}
            </div>
          );
        })}
      </div>
      {problems && (
        <Alert
          type="error"
          showIcon
          role="alert"
          id={errorIdOf(idBase)}
          style={{ marginTop: 16 }}
          title={problems[0]}
          description={problems.length > 1 ? <ul style={{ margin: 0, paddingLeft: 18 }}>{problems.slice(1, 11).map((m) => <li key={m}>{m}</li>)}</ul> : undefined}
        />
      )}
    </Modal>
  );
}
