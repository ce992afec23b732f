import { Button, Form, Input, Select, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import type { HookAPI } from 'antd/es/modal/useModal';
import type { Rule } from 'antd/es/form';
import { PROCUREMENT_UI as T } from '../../i18n/procurement-ui.ts';

/** One field of an action dialog. */
export interface PromptField {
  name: string;
  label: string;
  kind?: 'text' | 'textarea' | 'select' | 'search-many' | 'search-one';
  /** `search-many` / `search-one`: the options matching what is typed (a few hundred at most). */
  search?: (q: string) => Promise<{ value: string; label: string }[]>;
  /** `search-one`: the label of `initial` (shown before any search). */
  initialLabel?: string;
  required?: boolean;
  /** Message when required and empty. */
  requiredMessage?: string;
  pattern?: RegExp;
  patternMessage?: string;
  options?: readonly { value: string; label: string }[];
  initial?: string;
  maxLength?: number;
}

export interface PromptOptions {
  title: string;
  okText: string;
  body?: string;
  danger?: boolean;
  fields: PromptField[];
}

type Values = Record<string, string | string[] | null>;

/** A choice (multiple: suppliers to invite; one: a category) searched on the server as one types. */
function SearchMany({ field, value, onChange, autoFocus, single }: { field: PromptField; value?: string[] | string; onChange?: (v: string[] | string) => void; autoFocus?: boolean; single?: boolean }) {
  const [q, setQ] = useState('');
  const [options, setOptions] = useState<{ value: string; label: string }[]>([]);
  const [known, setKnown] = useState<Map<string, string>>(() => new Map(field.initial && field.initialLabel ? [[field.initial, field.initialLabel]] : []));
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    let live = true;
    const t = setTimeout(() => {
      setLoading(true);
      void field.search?.(q).then((found) => {
        if (!live) return;
        setOptions(found);
        setKnown((m) => new Map([...m, ...found.map((o) => [o.value, o.label] as [string, string])]));
      }).finally(() => live && setLoading(false));
    }, 250);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [q, field]);
  const values = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  const chosen = values.filter((v) => !options.some((o) => o.value === v)).map((v) => ({ value: v, label: known.get(v) ?? v }));
  return (
    <Select mode={single ? undefined : 'multiple'} allowClear={single} showSearch={{ filterOption: false, onSearch: setQ }} value={value} onChange={onChange} options={[...chosen, ...options]} loading={loading}
      notFoundContent={loading ? 'Carregando…' : 'Nenhum resultado.'} autoFocus={autoFocus} aria-label={field.label} />
  );
}

function PromptForm({ opts, onSubmit, onCancel }: { opts: PromptOptions; onSubmit: (v: Values) => void; onCancel: () => void }) {
  const [form] = Form.useForm<Record<string, string | string[] | undefined>>();
  const initial = Object.fromEntries(opts.fields.filter((f) => f.initial !== undefined).map((f) => [f.name, f.initial]));
  const finish = (v: Record<string, string | string[] | undefined>) =>
    onSubmit(Object.fromEntries(opts.fields.map((f) => {
      const x = (v as Record<string, unknown>)[f.name];
      if (Array.isArray(x)) return [f.name, x.length ? (x as string[]) : null];
      return [f.name, typeof x === 'string' && x.trim() ? x.trim() : null];
    })));
  return (
    <Form form={form} layout="vertical" style={{ marginTop: 12 }} initialValues={initial} onFinish={finish}>
      {opts.body && <Typography.Paragraph type="secondary">{opts.body}</Typography.Paragraph>}
      {opts.fields.map((f, i) => {
        const rules: Rule[] = [];
        if (f.required) rules.push(f.kind === 'search-many' ? { required: true, type: 'array', min: 1, message: f.requiredMessage } : { required: true, whitespace: true, message: f.requiredMessage ?? T.reasonRequired });
        if (f.pattern) rules.push({ pattern: f.pattern, message: f.patternMessage });
        return (
          <Form.Item key={f.name} name={f.name} label={f.label} rules={rules}>
            {f.kind === 'search-many' || f.kind === 'search-one' ? (
              <SearchMany field={f} autoFocus={i === 0} single={f.kind === 'search-one'} />
            ) : f.kind === 'select' ? (
              <Select options={f.options?.map((o) => ({ value: o.value, label: o.label }))} autoFocus={i === 0} />
            ) : f.kind === 'textarea' ? (
              <Input.TextArea rows={3} maxLength={f.maxLength ?? 500} showCount autoFocus={i === 0} />
            ) : (
              <Input maxLength={f.maxLength ?? 120} autoFocus={i === 0} />
            )}
          </Form.Item>
        );
      })}
      <Space style={{ width: '100%', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel}>{T.back}</Button>
        <Button type="primary" danger={opts.danger} htmlType="submit">{opts.okText}</Button>
      </Space>
    </Form>
  );
}

/**
 * Asks for an action's inputs (a motive, a comment, an invoice number…) in the page's modal; resolves with
 * the values (empty → null) or `undefined` when the person goes back (Voltar, ×, Esc). Required fields keep
 * the dialog open until typed.
 * @example const v = await prompt(modal, { title: 'Reprovar?', okText: 'Reprovar', fields: [reasonField(true)] });
 */
export function prompt(modal: HookAPI, opts: PromptOptions): Promise<Values | undefined> {
  return new Promise((resolve) => {
    const done = (value: Values | undefined) => {
      resolve(value);
      dialog.destroy();
    };
    const dialog = modal.confirm({
      title: opts.title,
      icon: null,
      width: 520,
      closable: true,
      footer: null,
      content: <PromptForm opts={opts} onSubmit={(v) => done(v)} onCancel={() => done(undefined)} />,
      onCancel: () => resolve(undefined),
    });
  });
}

/** The comment field: a mandatory motive or an optional comment. */
export const commentField = (required: boolean): PromptField => ({
  name: 'comment', label: required ? T.reasonLabel : T.commentOptional, kind: 'textarea', required, requiredMessage: T.reasonRequired,
});
