import { use, useMemo, useState } from 'react';
import { Segmented, Typography } from 'antd';
import { Form } from '@rjsf/antd';
import type { RJSFSchema } from '@rjsf/utils';
import { PtBrLocale } from '../../locale.tsx';
import { PageHeader } from '../../pages/PageHeader.tsx';
import { ResourceForm } from '../ResourceForm.tsx';
import { createRjsfValidator } from '../rjsf-validator.ts';
import { loadCompiledForm } from '../validation.ts';
import { FORM_100_SCHEMA, FORM_100_SCREEN } from './form-100.ts';

const noop = async () => undefined;

/** The baseline: one @rjsf/antd form validating the whole schema on every keystroke (precompiled, as everywhere). */
function PlainRjsf() {
  const compiled = use(loadCompiledForm(FORM_100_SCHEMA));
  const validator = useMemo(() => createRjsfValidator(() => compiled), [compiled]);
  return <Form schema={FORM_100_SCHEMA as unknown as RJSFSchema} validator={validator} liveValidate showErrorList={false} noHtml5Validate />;
}

/**
 * `/dev/form-100`: the 100-field form of the benchmark (scripts/bench/form.ts). `?modo=rjsf` shows the same
 * schema as one plain @rjsf/antd form with live validation, the baseline the budget was set against.
 */
export default function Form100Page() {
  const [mode, setMode] = useState(() => (new URLSearchParams(window.location.search).get('modo') === 'rjsf' ? 'rjsf' : 'motor'));
  return (
    <PtBrLocale>
      <PageHeader title="Formulário de 100 campos" lead="Página de medição: digitação com validação ligada (npm run bench)." />
      <Segmented value={mode} onChange={(v) => setMode(String(v))} options={[{ value: 'motor', label: 'Motor (seções)' }, { value: 'rjsf', label: '@rjsf/antd puro' }]} style={{ marginBottom: 16 }} />
      {mode === 'motor' ? (
        <ResourceForm screen={FORM_100_SCREEN} schema={FORM_100_SCHEMA} mode="add" initial={{}} onSave={noop} onCancel={() => undefined} />
      ) : (
        <>
          <Typography.Paragraph type="secondary">Um único formulário RJSF com validação a cada tecla (liveValidate).</Typography.Paragraph>
          <PlainRjsf />
        </>
      )}
    </PtBrLocale>
  );
}
