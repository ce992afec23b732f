import { useEffect, useRef, useState } from 'react';
import { Typography } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useQuery } from '@tanstack/react-query';
import { isValidCep } from '../../../engine/formats/cep.ts';
import { HttpError } from '../../../engine/http/errors.ts';
import { formatIs, rankWith } from '../../../engine/registry.ts';
import { WIDGET_TEXT } from '../../../i18n/forms.ts';
import { useEngine } from '../../../react/context.ts';
import { useFormApi } from '../form/form-api.ts';
import { uiOption } from './common.ts';
import { MaskedInput } from './MaskedInput.tsx';
import type { WidgetEntry } from './types.ts';

/** ViaCEP keys a screen can map to its own fields: `"ui:options": { "autofill": { "logradouro": "street", … } }`. */
export type CepAutofill = Partial<Record<'logradouro' | 'complemento' | 'bairro' | 'localidade' | 'uf' | 'ibge', string>>;

type Lookup = { address: Record<string, string>; partial: boolean };

/**
 * CEP `00000-000`. When the user types a complete CEP, looks it up (`/api/commons/v1/addresses/cep/{cep}`,
 * cached) and fills the sibling fields named in `ui:options.autofill` with what came back.
 */
export function CepWidget(props: WidgetProps) {
  const engine = useEngine();
  const form = useFormApi();
  const autofill = uiOption<CepAutofill>(props, 'autofill');
  const [cep, setCep] = useState('');
  const typed = useRef(false);
  const lookup = useQuery<Lookup, HttpError>({
    queryKey: ['commons', 'cep', cep],
    enabled: !!autofill && isValidCep(cep),
    staleTime: Infinity,
    retry: false,
    queryFn: async ({ signal }) => {
      const res = await engine.http.request<Record<string, string>>({ url: `${engine.api.service('commons')}/addresses/cep/${cep}`, signal });
      return { address: res.data, partial: res.headers.get('x-source') === 'offline-range' };
    },
  });

  useEffect(() => {
    if (!lookup.data || !autofill || !form || !typed.current) return;
    const patch: Record<string, unknown> = {};
    for (const [key, field] of Object.entries(autofill)) {
      const v = lookup.data.address[key];
      if (field && v && form.has(field)) patch[field] = key === 'ibge' && /^\d+$/.test(v) && typeof form.get(field) === 'number' ? Number(v) : v;
    }
    if (Object.keys(patch).length) form.set(patch);
    typed.current = false;
  }, [lookup.data, autofill, form]);

  const status = !autofill || !isValidCep(cep)
    ? null
    : lookup.isFetching
      ? WIDGET_TEXT.cepSearching
      : lookup.error
        ? lookup.error.status === 404 ? WIDGET_TEXT.cepNotFound : WIDGET_TEXT.cepOffline
        : lookup.data?.partial ? WIDGET_TEXT.cepPartial : null;

  return (
    <>
      <MaskedInput
        {...props}
        format="cep"
        inputMode="numeric"
        maxLength={9}
        placeholder={props.placeholder || '00000-000'}
        onCanonical={(v) => {
          typed.current = true;
          setCep(v);
        }}
      />
      {status && <Typography.Text type="secondary" style={{ fontSize: 12 }} role="status">{status}</Typography.Text>}
    </>
  );
}

export const cepTester = rankWith(10, formatIs('cep'));

export default { name: 'cep', tester: cepTester, component: { kind: 'widget', Component: CepWidget } } satisfies WidgetEntry;
