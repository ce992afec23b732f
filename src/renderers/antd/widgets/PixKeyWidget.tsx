import { useState } from 'react';
import { Tag } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { pixKeyType } from '../../../engine/formats/pix-key.ts';
import { formatIs, rankWith } from '../../../engine/registry.ts';
import { WIDGET_TEXT } from '../../../i18n/forms.ts';
import { MaskedInput } from './MaskedInput.tsx';
import type { WidgetEntry } from './types.ts';

/** A PIX key of any type; shows which type it recognised (CPF, CNPJ, e-mail, telefone, aleatória). */
export function PixKeyWidget(props: WidgetProps) {
  const [kind, setKind] = useState(() => (typeof props.value === 'string' ? pixKeyType(props.value) : undefined));
  return (
    <MaskedInput
      {...props}
      format="pix-key"
      maskWhileTyping={false}
      maxLength={77}
      placeholder={props.placeholder || 'CPF, CNPJ, e-mail, +55 telefone ou chave aleatória'}
      onCanonical={(v) => setKind(pixKeyType(v))}
      suffix={kind ? <Tag style={{ marginInlineEnd: 0 }}>{WIDGET_TEXT.pixKeyType[kind]}</Tag> : <span />}
    />
  );
}

export const pixKeyTester = rankWith(10, formatIs('pix-key'));

export default { name: 'pix-key', tester: pixKeyTester, component: { kind: 'widget', Component: PixKeyWidget } } satisfies WidgetEntry;
