import { Descriptions, Form, Modal, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { serverFieldErrors } from '../../engine/form/errors.ts';
import { WORKFLOW_TEXT } from '../../i18n/finance-workflow.ts';
import { formatBRL, formatDate } from '../../i18n/format.ts';
import { useEngine } from '../../react/context.ts';
import { useResourceUpdate } from '../../react/resources.ts';
import { ReferenceSelect } from '../../renderers/antd/widgets/ReferenceSelectWidget.tsx';
import { notifyWorkflowError, type StatementLine } from './api.ts';

const S = WORKFLOW_TEXT.statement;
const RESOURCE = 'bank-transactions';
type Field = 'expenseCategoryId' | 'revenueCategoryId' | 'costCenterId' | 'companyId';
const SHOWN = (category: Field): Field[] => [category, 'costCenterId', 'companyId'];

/**
 * "Classificar" on a manual movement of the statement (D88): the category of its direction (expense for a debit,
 * revenue for a credit), the cost center and the counterpart, saved with `PATCH bank-transactions/{id}` and the
 * line's version. The server corrects the ledger in the same transaction (the old entry reversed, the new one
 * posted); its field errors show on the fields, any other refusal (closed period, stale version) as a message.
 */
export function ClassifyDialog({ line, organizationId, onClose, onDone }: { line: StatementLine; organizationId: string; onClose: () => void; onDone: () => void }) {
  const engine = useEngine();
  const update = useResourceUpdate(RESOURCE);
  const debit = line.amount < 0;
  const categoryField: Field = debit ? 'expenseCategoryId' : 'revenueCategoryId';
  const initial: Record<Field, string | null> = {
    expenseCategoryId: line.expenseCategoryId ?? null,
    revenueCategoryId: line.revenueCategoryId ?? null,
    costCenterId: line.costCenterId ?? null,
    companyId: line.companyId ?? null,
  };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const org = [{ field: 'organizationId', operator: 'eq' as const, value: organizationId }];

  const set = (field: Field) => (ids: string[]) => {
    setValues((v) => ({ ...v, [field]: ids[0] ?? null }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  async function save() {
    const changed = Object.fromEntries((Object.keys(values) as Field[]).filter((f) => values[f] !== initial[f]).map((f) => [f, values[f]]));
    if (!Object.keys(changed).length) {
      engine.snackbars.push({ type: 'info', message: S.unchanged });
      onClose();
      return;
    }
    try {
      await update.mutateAsync({ id: line.id, version: line.version, data: changed, mode: 'patch' });
      onDone();
    } catch (err) {
      // Errors of the dialog's fields go under them; anything else (the account, the date) as a message.
      const fields = serverFieldErrors(err) ?? {};
      const shown = SHOWN(categoryField).filter((f) => fields[f]);
      setErrors(Object.fromEntries(shown.map((f) => [f, fields[f].join(' ')])));
      if (shown.length < Object.keys(fields).length || !shown.length) notifyWorkflowError(engine, err);
    }
  }

  const field = (name: Field, label: string, input: (id: string, aria: Record<string, string | boolean | undefined>) => ReactNode) => {
    const id = `classify-${name}`;
    const error = errors[name];
    return (
      <Form.Item
        label={label}
        htmlFor={id}
        style={{ marginBottom: 16 }}
        validateStatus={error ? 'error' : undefined}
        help={error ? <span id={`${id}-help`}>{error}</span> : undefined}
      >
        {input(id, { 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-help` : undefined })}
      </Form.Item>
    );
  };
  const reference = (name: Field, target: string, extra: { refOf?: string; filters?: typeof org } = {}) => (id: string, aria: Record<string, string | boolean | undefined>) => (
    <ReferenceSelect
      id={id}
      target={target}
      refOf={extra.refOf}
      filters={extra.filters}
      multiple={false}
      ids={values[name] ? [values[name]!] : []}
      disabled={update.isPending}
      status={errors[name] ? 'error' : undefined}
      allowClear
      onChange={set(name)}
      onBlur={() => undefined}
      aria={aria}
    />
  );

  return (
    <Modal
      open
      title={S.classifyTitle}
      onCancel={onClose}
      okText={S.save}
      cancelText={S.cancel}
      okButtonProps={{ loading: update.isPending }}
      onOk={() => void save()}
      destroyOnHidden
    >
      <Descriptions
        size="small"
        column={1}
        style={{ marginBottom: 12 }}
        items={[
          { key: 'description', label: WORKFLOW_TEXT.columns.history, children: line.description },
          { key: 'date', label: WORKFLOW_TEXT.columns.date, children: formatDate(line.date) },
          {
            key: 'amount',
            label: WORKFLOW_TEXT.columns.amount,
            children: (
              <span style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatBRL(line.amount)} ({debit ? S.debitWord : S.creditWord})
              </span>
            ),
          },
        ]}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 16 }}>{S.classifyBody}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        {field(categoryField, debit ? S.expenseCategory : S.revenueCategory,
          reference(categoryField, debit ? 'expense-categories' : 'revenue-categories', { refOf: `${RESOURCE}.${categoryField}` }))}
        {field('costCenterId', S.costCenter, reference('costCenterId', 'cost-centers', { refOf: `${RESOURCE}.costCenterId`, filters: org }))}
        {field('companyId', S.company, reference('companyId', 'companies', { filters: org }))}
      </Form>
    </Modal>
  );
}
