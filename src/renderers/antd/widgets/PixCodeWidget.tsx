import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Input, Space, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import type { Filter } from '../../../engine/data/types.ts';
import { checkBoleto } from '../../../engine/formats/boleto.ts';
import { formatMoney } from '../../../engine/formats/money.ts';
import { cleanPixCode } from '../../../engine/formats/pix-code.ts';
import { normalizePixKey, pixKeyType } from '../../../engine/formats/pix-key.ts';
import { findPayee } from '../../../engine/finance/payee-lookup.ts';
import { readPaymentCode, type PaymentCode } from '../../../engine/finance/payment-code.ts';
import { formatIs, rankWith, requestedIs } from '../../../engine/registry.ts';
import { FINANCE_MESSAGES } from '../../../i18n/finance.ts';
import { WIDGET_TEXT } from '../../../i18n/forms.ts';
import { metadata } from '../../../react/metadata.ts';
import { useDataProvider } from '../../../react/resources.ts';
import { useFormApi } from '../form/form-api.ts';
import { emptyValue, inputProps, statusOf, uiOption } from './common.ts';
import { best } from './testers.ts';
import { propertyOf, type WidgetEntry } from './types.ts';

export type PixRead = Extract<PaymentCode, { method: 'PIX' }>;

/** A pasted code, read: the PIX data, or the pt-BR reason it is not a valid PIX copia e cola. */
export function readPixCode(code: string): { ok: true; value: PixRead } | { ok: false; error: string } {
  if (!code.startsWith('000201')) return { ok: false, error: checkBoleto(code).ok ? WIDGET_TEXT.pixIsBoleto : FINANCE_MESSAGES.pix.notPix };
  const r = readPaymentCode(code);
  if (!r.ok) return r;
  return r.value.method === 'PIX' ? { ok: true, value: r.value } : { ok: false, error: FINANCE_MESSAGES.pix.notPix };
}

type Note = { tone: 'success' | 'warning' | 'secondary'; text: string };

const asText = (v: unknown): string => (typeof v === 'string' ? v : '');

/**
 * PIX copia e cola (BR Code). As the person pastes: whitespace of a wrapped code taken out, CRC16 and
 * structure checked (pt-BR message under the field when they fail); when valid, shows recebedor, cidade,
 * chave and valor, and "Preencher valor e favorecido" fills the fields named by
 * `"ui:options": { "amountField": "amount", "keyField": "pixKey", "payeeField": "supplierId" }`. The payee is
 * the one record of `payeeResource` (default `companies`) whose `payeeKeyField` (default `pixKey`) is the code's
 * key, else whose name matches the merchant name, among those matching `payeeFilter` (payee field → this form's
 * field, e.g. the same organization); otherwise the person is told which name to look for.
 */
export function PixCodeWidget(props: WidgetProps) {
  const form = useFormApi();
  const data = useDataProvider();
  const schema = propertyOf(props);
  const [text, setText] = useState(() => asText(props.value));
  const [note, setNote] = useState<Note | undefined>();
  const [busy, setBusy] = useState(false);
  const emitted = useRef<unknown>(props.value);

  // A value set from outside (record loaded, another writer) replaces what is shown; our own echo does not.
  useEffect(() => {
    if (props.value === emitted.current) return;
    emitted.current = props.value;
    setText(asText(props.value));
    setNote(undefined);
  }, [props.value]);

  const code = useMemo(() => cleanPixCode(text), [text]);
  const read = useMemo(() => (code ? readPixCode(code) : undefined), [code]);

  const amountField = uiOption<string>(props, 'amountField');
  const keyField = uiOption<string>(props, 'keyField');
  const payeeField = uiOption<string>(props, 'payeeField');
  const payeeResource = uiOption<string>(props, 'payeeResource') ?? 'companies';
  const payeeKeyField = uiOption<string>(props, 'payeeKeyField') ?? 'pixKey';
  const payeeFilter = uiOption<Record<string, string>>(props, 'payeeFilter');
  const has = (f: string | undefined): f is string => !!f && !!form?.has(f);
  const editable = !props.disabled && !props.readonly;
  // The button appears when it has something to fill, and says what.
  const fills = read?.ok
    ? { amount: has(amountField) && read.value.amount !== undefined, key: has(keyField) && !!read.value.key, payee: has(payeeField) }
    : undefined;
  const fillLabel = fills?.payee ? WIDGET_TEXT.pixFill : fills?.key ? (fills.amount ? WIDGET_TEXT.pixFillAmountKey : WIDGET_TEXT.pixFillKey) : WIDGET_TEXT.pixFillAmount;

  const onText = (raw: string) => {
    const clean = cleanPixCode(raw);
    // A valid code is shown as stored (without the breaks of the paste); anything else stays as typed.
    setText(clean && readPixCode(clean).ok ? clean : raw);
    setNote(undefined);
    const value = clean || emptyValue(schema);
    emitted.current = value;
    props.onChange(value);
  };

  const fill = async () => {
    if (!form || !read?.ok) return;
    const pix = read.value;
    const patch: Record<string, unknown> = {};
    if (amountField && form.has(amountField) && pix.amount !== undefined) patch[amountField] = pix.amount;
    const key = pix.key === undefined ? undefined : normalizePixKey(pix.key);
    if (keyField && form.has(keyField) && key && pixKeyType(key)) patch[keyField] = key;
    if (Object.keys(patch).length) form.set(patch);
    if (!payeeField || !form.has(payeeField)) return;
    const target = metadata.resources[payeeResource]?.['x-resource'];
    // `payeeFilter`: payee field → this form's field (`{ "organizationId": "organizationId" }`), when filled.
    const filters: Filter[] = Object.entries(payeeFilter ?? {}).flatMap(([field, from]) => {
      const v = form.has(from) ? form.get(from) : undefined;
      return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? [{ field, operator: 'eq' as const, value: v }] : [];
    });
    setBusy(true);
    setNote({ tone: 'secondary', text: WIDGET_TEXT.pixSearching });
    try {
      const match = await findPayee(data, {
        resource: payeeResource,
        keyField: payeeKeyField,
        key,
        name: pix.payeeName,
        nameFields: target?.searchFields ?? [target?.labelField ?? 'name'],
        labelField: target?.labelField ?? 'id',
        filters,
      });
      if (match.kind === 'one') {
        form.set({ [payeeField]: match.id });
        setNote({ tone: 'success', text: WIDGET_TEXT.pixPayeeFound(match.label) });
      } else {
        setNote({ tone: 'warning', text: match.kind === 'many' ? WIDGET_TEXT.pixPayeeMany(match.count, pix.payeeName) : WIDGET_TEXT.pixPayeeNotFound(pix.payeeName) });
      }
    } catch {
      setNote({ tone: 'warning', text: WIDGET_TEXT.pixPayeeError(pix.payeeName) });
    } finally {
      setBusy(false);
    }
  };

  // The form's own message (on blur, from the same format) takes the place of ours.
  const inlineError = read && !read.ok && !props.rawErrors?.length ? read.error : undefined;
  const base = inputProps(props);

  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Input.TextArea
        {...base}
        status={statusOf(props.rawErrors) ?? (inlineError ? 'error' : undefined)}
        aria-invalid={base['aria-invalid'] ?? (inlineError ? true : undefined)}
        aria-describedby={inlineError ? `${props.id}__pix` : undefined}
        value={text}
        placeholder={props.placeholder || WIDGET_TEXT.pixPlaceholder}
        spellCheck={false}
        autoSize={{ minRows: uiOption<number>(props, 'rows') ?? 2, maxRows: 8 }}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
        onChange={(e) => onText(e.target.value)}
        onBlur={() => props.onBlur(props.id, emitted.current)}
        onFocus={() => props.onFocus(props.id, props.value)}
      />
      {inlineError && (
        <Typography.Text id={`${props.id}__pix`} type="danger" role="alert" style={{ fontSize: 13 }}>{inlineError}</Typography.Text>
      )}
      {read?.ok && (
        <div role="status" style={{ fontSize: 12, lineHeight: 1.6 }}>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>{WIDGET_TEXT.pixPayee(read.value.payeeName, read.value.payeeCity)}</Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, wordBreak: 'break-all' }}>
            {read.value.key ? WIDGET_TEXT.pixKey(read.value.key) : WIDGET_TEXT.pixDynamic}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
            {read.value.amount !== undefined
              ? WIDGET_TEXT.pixAmount(formatMoney(read.value.amount))
              : read.value.dynamic ? WIDGET_TEXT.pixAmountAtPayment : WIDGET_TEXT.pixAmountFree}
          </Typography.Text>
        </div>
      )}
      {fills && (fills.amount || fills.key || fills.payee) && editable && (
        <Space size={8} wrap>
          <Button size="small" loading={busy} onClick={() => void fill()}>{fillLabel}</Button>
          {note && <Typography.Text type={note.tone} aria-live="polite" style={{ fontSize: 12 }}>{note.text}</Typography.Text>}
        </Space>
      )}
    </Space>
  );
}

export const pixCodeTester = best(rankWith(10, formatIs('pix-code')), rankWith(20, requestedIs('pix-code')));

export default { name: 'pix-code', tester: pixCodeTester, component: { kind: 'widget', Component: PixCodeWidget } } satisfies WidgetEntry;
