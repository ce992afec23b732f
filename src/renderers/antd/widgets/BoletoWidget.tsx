import { useMemo, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { checkBoleto, type BoletoInfo } from '../../../engine/formats/boleto.ts';
import { formatMoney } from '../../../engine/formats/money.ts';
import { formatIs, rankWith } from '../../../engine/registry.ts';
import { formatDate } from '../../../i18n/format.ts';
import { WIDGET_TEXT } from '../../../i18n/forms.ts';
import { useResourceList } from '../../../react/resources.ts';
import { useFormApi } from '../form/form-api.ts';
import { uiOption } from './common.ts';
import { MaskedInput } from './MaskedInput.tsx';
import type { WidgetEntry } from './types.ts';

/** Who issued the boleto: the bank's COMPE code and name (banks list), or the arrecadação segment. */
function BoletoIssuer({ info }: { info: BoletoInfo }) {
  const compe = info.kind === 'bank' ? info.bankCode : '';
  const banks = useResourceList<{ name?: string }>({ resource: 'banks', page: 1, pageSize: 1, filters: [{ field: 'compe', operator: 'eq', value: compe }] }, { enabled: !!compe });
  const text = info.kind === 'bank'
    ? WIDGET_TEXT.boletoBank(info.bankCode, banks.data?.rows[0]?.name)
    : WIDGET_TEXT.boletoSegment(WIDGET_TEXT.boletoSegments[info.segment] ?? WIDGET_TEXT.boletoUnknownSegment(info.segment));
  return <Typography.Text type="secondary" style={{ fontSize: 12 }}>{text}</Typography.Text>;
}

/** Whether a line is complete enough to complain about: 47 digits of a bank line, 48 of an arrecadação. */
const complete = (line: string) => line.length === 48 || (line.length === 47 && !line.startsWith('8'));

/**
 * Linha digitável (47 digits, or 48 for arrecadação) with its mask; a scanned 44-digit barcode is converted.
 * Once every check digit holds, shows the amount and due date it carries, the issuing bank (or the
 * arrecadação segment), and offers to fill the fields named by
 * `"ui:options": { "amountField": "amount", "dueDateField": "dueDate" }`. A complete line whose check digits
 * fail says which field or block to re-type.
 */
export function BoletoWidget(props: WidgetProps) {
  const form = useFormApi();
  const [line, setLine] = useState(typeof props.value === 'string' ? props.value : '');
  const check = useMemo(() => (line ? checkBoleto(line) : undefined), [line]);
  const info = check?.ok ? check.value : undefined;
  // The form's own message (on blur, from the same format) takes the place of ours.
  const inlineError = check && !check.ok && /^\d+$/.test(line) && complete(line) && !props.rawErrors?.length ? check.error : undefined;
  const amountField = uiOption<string>(props, 'amountField');
  const dueDateField = uiOption<string>(props, 'dueDateField');
  const targets = form ? [amountField, dueDateField].filter((f): f is string => !!f && form.has(f)) : [];
  const fill = () => {
    if (!form || !info) return;
    const patch: Record<string, unknown> = {};
    if (amountField && info.amount !== null) patch[amountField] = info.amount;
    if (dueDateField && info.dueDate) patch[dueDateField] = info.dueDate;
    form.set(patch);
  };

  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <MaskedInput
        {...props}
        rawErrors={props.rawErrors?.length ? props.rawErrors : inlineError ? [inlineError] : undefined}
        format="boleto"
        inputMode="numeric"
        maxLength={55}
        placeholder={props.placeholder || '00000.00000 00000.000000 00000.000000 0 00000000000000'}
        onCanonical={setLine}
      />
      {inlineError && <Typography.Text type="danger" role="alert" style={{ fontSize: 13 }}>{inlineError}</Typography.Text>}
      {info && (
        <Space size={8} wrap>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} role="status">
            {WIDGET_TEXT.boletoParsed(
              info.amount === null ? WIDGET_TEXT.boletoNoAmount : formatMoney(info.amount),
              info.dueDate ? formatDate(info.dueDate) : WIDGET_TEXT.boletoNoDue,
            )}
          </Typography.Text>
          {targets.length > 0 && !props.disabled && !props.readonly && (
            <Button size="small" onClick={fill}>{WIDGET_TEXT.boletoFill}</Button>
          )}
        </Space>
      )}
      {info && <BoletoIssuer info={info} />}
    </Space>
  );
}

export const boletoTester = rankWith(10, formatIs('boleto'));

export default { name: 'boleto', tester: boletoTester, component: { kind: 'widget', Component: BoletoWidget } } satisfies WidgetEntry;
