import { memo, useEffect, useMemo, useState } from 'react';
import { Card, Typography } from 'antd';
import { Form } from '@rjsf/antd';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { toErrorTree } from '../../../engine/form/errors.ts';
import type { FormStore } from '../../../engine/form/form-store.ts';
import type { FormSection as Section } from '../../../engine/form/layout.ts';
import { sectionSchema } from '../../../engine/form/layout.ts';
import type { FormScreen } from '../../../engine/schema/screen-types.ts';
import type { FieldErrors, ResourceSchema } from '../../../engine/schema/types.ts';
import type { WidgetResolver } from '../widgets/resolver-context.ts';
import { FieldTemplate } from './FieldTemplate.tsx';
import { ObjectFieldTemplate } from './ObjectFieldTemplate.tsx';
import { sectionUiSchema } from './ui-schema.ts';
import { formValidator } from './validation.ts';

export interface FormSectionProps {
  section: Section;
  schema: ResourceSchema;
  resource: string;
  screenUi: FormScreen['uiSchema'];
  store: FormStore;
  /** Hidden and disabled fields of this section, as sorted comma-joined names (cheap to compare). */
  hiddenKey: string;
  disabledKey: string;
  lockedKey: string;
  errors: FieldErrors | undefined;
  resolve: WidgetResolver;
  onBlurField: (field: string, value: unknown) => void;
  /** Renders without the card (a tab already frames it). */
  bare?: boolean;
}

const TEMPLATES = { FieldTemplate, ObjectFieldTemplate };
const pick = (data: Readonly<Record<string, unknown>>, fields: readonly string[]) => Object.fromEntries(fields.filter((f) => f in data).map((f) => [f, data[f]]));
const split = (key: string) => new Set(key ? key.split(',') : []);

/**
 * One section of a form as its own small RJSF form: a keystroke re-renders this section only. It writes to
 * the shared store and takes data back from it only when another writer (autofill, a reloaded record)
 * changed one of its fields.
 */
export const FormSection = memo(function FormSection(props: FormSectionProps) {
  const { section, schema, store, hiddenKey, disabledKey, resolve, bare } = props;
  // Bumped when another writer changed one of our fields; RJSF keeps our own edits in its state.
  const [, setExternal] = useState(0);

  useEffect(
    () =>
      store.subscribe((changed, source) => {
        if (source === section.key || !section.fields.some((f) => changed.has(f))) return;
        setExternal((n) => n + 1);
      }),
    [store, section],
  );

  const rjsfSchema = useMemo(() => sectionSchema(schema, section.fields, split(hiddenKey)) as RJSFSchema, [schema, section, hiddenKey]);
  const uiSchema = useMemo(() => {
    const { uiSchema: ui } = sectionUiSchema({
      fields: section.fields, columns: section.columns, properties: schema.properties, screenUi: props.screenUi,
      disabled: split(disabledKey), locked: split(props.lockedKey), resource: props.resource, resolve,
    });
    return { ...ui, 'ui:submitButtonOptions': { norender: true } };
  }, [schema, section, disabledKey, props.lockedKey, props.screenUi, props.resource, resolve]);
  const formContext = useMemo(() => ({ resource: props.resource }), [props.resource]);
  const extraErrors = useMemo(() => (props.errors ? toErrorTree(props.errors) : undefined), [props.errors]);

  if (split(hiddenKey).size === section.fields.length) return null;
  // Always the store's current values: any re-render (errors, rules) must not take RJSF back to old data.
  // A hidden field keeps its value in the store but stays out of RJSF's data: the section schema admits extra
  // keys, and RJSF would draw a stray input for one that has a value.
  const hidden = split(hiddenKey);
  const formData = pick(store.get(), section.fields.filter((f) => !hidden.has(f)));
  const body = (
    <Form
      tagName="div"
      schema={rjsfSchema}
      uiSchema={uiSchema}
      formData={formData}
      validator={formValidator()}
      // Widgets that ask the server on behalf of a field (a reference's `refOf`) name the form's resource.
      formContext={formContext}
      templates={TEMPLATES}
      extraErrors={extraErrors as never}
      showErrorList={false}
      noHtml5Validate
      idPrefix={section.key}
      idSeparator="_"
      experimental_componentUpdateStrategy="shallow"
      // Defaults come from the schema once, in the initial data (defaultsOf); RJSF must not invent values
      // (the first option of a select) for fields the user left empty.
      experimental_defaultFormStateBehavior={{ emptyObjectFields: 'skipDefaults', constAsDefaults: 'never' }}
      onChange={(e: IChangeEvent) => {
        const data = (e.formData ?? {}) as Record<string, unknown>;
        const current = store.get();
        const patch = Object.fromEntries(section.fields.filter((f) => f in data && data[f] !== current[f]).map((f) => [f, data[f]]));
        store.set(patch, section.key);
      }}
      onBlur={(id: string, value: unknown) => props.onBlurField(id.slice(section.key.length + 1).split('_')[0], value)}
    />
  );
  if (bare) return body;
  return (
    <Card
      title={section.title}
      size="small"
      styles={{ header: { fontSize: 15 }, body: { padding: '16px 20px 20px' } }}
      style={{ marginBottom: 16 }}
    >
      {section.description && <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>{section.description}</Typography.Paragraph>}
      {body}
    </Card>
  );
});
