import { Suspense, use, useCallback, useEffect, useEffectEvent, useMemo, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Alert, Button, Skeleton, Space, Tabs, Typography } from 'antd';
import { ConflictError } from '../../../engine/data/errors.ts';
import { serverFieldErrors, splitByField, errorsOf } from '../../../engine/form/errors.ts';
import { createFormStore, sameValue, type FormStore } from '../../../engine/form/form-store.ts';
import { formSections, lockedOnEdit, submitBody } from '../../../engine/form/layout.ts';
import { fieldStates } from '../../../engine/schema/conditions.ts';
import type { ScreenFile } from '../../../engine/schema/screen-types.ts';
import type { FieldErrors, ResourceSchema } from '../../../engine/schema/types.ts';
import { FORM_TEXT } from '../../../i18n/forms.ts';
import { ValidationErrorList } from '../feedback/ValidationErrorList.tsx';
import { resolveWidget, widgetRegistry, type WidgetRegistry } from '../widgets/registry.ts';
import { WidgetResolverContext, type WidgetResolver } from '../widgets/resolver-context.ts';
import { SiblingsContext } from '../widgets/siblings-context.ts';
import { ConflictPanel } from './ConflictPanel.tsx';
import { displayValue } from './display.ts';
import { FormApiContext, type FormApi } from './form-api.ts';
import { FormSection } from './FormSection.tsx';
import type { CompiledResource } from '../../../engine/schema/resource-validation.ts';
import { loadCompiledForm } from './validation.ts';

export interface SaveOptions {
  /** Save over this version (the user chose to overwrite after a conflict). */
  version?: number;
}

export interface ResourceFormProps {
  screen: ScreenFile;
  schema: ResourceSchema;
  mode: 'add' | 'edit';
  /** Starting values: the record (edit) or the defaults (add). */
  initial: Record<string, unknown>;
  /** The stored record, for locks (edit). */
  record?: Record<string, unknown>;
  /** Saves the body; rejects with HttpError / ConflictError as the data provider does. */
  onSave: (body: Record<string, unknown>, options: SaveOptions) => Promise<void>;
  onCancel: () => void;
  /** Loads the record as it is now (after a conflict). */
  onReload?: () => Promise<Record<string, unknown>>;
  /** Reports whether there are unsaved changes (the page's navigation guard). */
  onDirtyChange?: (dirty: boolean) => void;
  /** Shown on unexpected failures (not validation, not conflicts). */
  onError?: (err: unknown) => void;
  /**
   * Values set by the page, not by the person: never shown, always sent (a nested screen's parent field,
   * docs/screens.md §2.1). A section left with no field is dropped.
   */
  fixed?: Readonly<Record<string, unknown>>;
  registry?: WidgetRegistry;
  /** Accessible name of the form (the page title: "Novo lançamento a pagar"). */
  label?: string;
}

const joinKey = (fields: readonly string[], set: ReadonlySet<string>) => fields.filter((f) => set.has(f)).join(',');
const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) => a.size === b.size && [...a].every((x) => b.has(x));

/**
 * The add/edit form of a screen: sections or tabs of small RJSF forms over one store, typed rules
 * (show/hide/enable/disable) re-evaluated per change, field validation on blur, full validation on submit
 * (the server's compiled resource), server errors inline and as the spec §5 list, and stale-save handling.
 */
export function ResourceForm(props: ResourceFormProps) {
  return (
    <Suspense fallback={<Skeleton active paragraph={{ rows: 6 }} />}>
      <LoadedForm {...props} />
    </Suspense>
  );
}

/** Waits for the resource's precompiled validators (a small chunk per resource, cached). */
function LoadedForm(props: ResourceFormProps) {
  return <ResourceFormView {...props} compiled={use(loadCompiledForm(props.schema))} />;
}

function ResourceFormView(props: ResourceFormProps & { compiled: CompiledResource }) {
  const { screen, schema, mode, compiled } = props;
  const form = screen.form;
  const registry = props.registry ?? widgetRegistry;
  const fixed = props.fixed;
  const sections = useMemo(() => {
    const all = formSections(form, schema);
    if (!fixed) return all;
    return all.map((s) => ({ ...s, fields: s.fields.filter((f) => !(f in fixed)) })).filter((s) => s.fields.length);
  }, [form, schema, fixed]);
  // One store for the life of the form: a new `initial` (the record refetched) must not wipe what was typed.
  const [store] = useState<FormStore>(() => createFormStore(props.initial));
  const locked = useMemo(() => new Set(mode === 'edit' ? lockedOnEdit(schema, props.record) : []), [mode, schema, props.record]);
  const [states, setStates] = useState(() => fieldStates(form?.rules, store.get()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverErrors, setServerErrors] = useState<FieldErrors | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);
  const [conflict, setConflict] = useState<{ kept?: Record<string, unknown> } | null>(null);
  // After a conflict, saves go against the version the user chose to overwrite or reloaded.
  const [version, setVersion] = useState<number | undefined>(undefined);
  const dirtyRef = useRef(false);

  const resolve = useCallback<WidgetResolver>((ctx) => resolveWidget(registry, ctx), [registry]);
  const shown = useMemo(() => new Set(sections.flatMap((s) => s.fields).filter((f) => !states.hidden.has(f))), [sections, states]);

  const reportDirty = useEffectEvent((dirty: boolean) => {
    if (dirty === dirtyRef.current) return;
    dirtyRef.current = dirty;
    props.onDirtyChange?.(dirty);
  });
  // Rules and dirtiness follow every change; the page re-renders only when the hidden/disabled sets change.
  useEffect(
    () =>
      store.subscribe(() => {
        const next = fieldStates(form?.rules, store.get());
        setStates((prev) => (sameSet(prev.hidden, next.hidden) && sameSet(prev.disabled, next.disabled) ? prev : next));
        reportDirty(store.isDirty());
      }),
    [store, form],
  );

  const api = useMemo<FormApi>(() => ({ has: (f) => f in schema.properties, get: (f) => store.get()[f], set: (patch) => store.set(patch) }), [schema, store]);
  const setRecordFields = useCallback((patch: Record<string, unknown>) => store.set(patch), [store]);

  // Fields the person has left (or every field, once they tried to save): only these show errors.
  const touched = useRef(new Set<string>());

  /**
   * On leaving a field: the record as it would be sent is validated whole (cheap: one compiled ajv run, never per
   * keystroke — D9, D33), so rules that span fields — a requirement that depends on another field (`allOf`
   * if/then), an item of a line — show as soon as the person leaves the field, not only on "Salvar". Only the
   * fields they have left show their errors; the value of the field just left is taken as blurred (its change may
   * still be on its way to the store).
   */
  const onBlurField = useCallback(
    (field: string, value: unknown) => {
      if (!(field in schema.properties)) return;
      touched.current.add(field);
      const data = { ...store.get() };
      if (value === undefined || value === '') delete data[field];
      else data[field] = value;
      const found = compiled.validate({ ...submitBody(schema, data, states.hidden), ...fixed }) ?? {};
      const next = Object.fromEntries(Object.entries(found).filter(([path]) => touched.current.has(path.split('.')[0])));
      // Unchanged errors keep the same state: no re-render of the sections while a widget's change is on its way.
      setErrors((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    },
    [compiled, schema, store, fixed, states.hidden],
  );

  const save = async (options: SaveOptions = {}) => {
    (document.activeElement as HTMLElement | null)?.blur?.();
    const body = { ...submitBody(schema, store.get(), states.hidden), ...fixed };
    const local = compiled.validate(body);
    setServerErrors(null);
    for (const f of Object.keys(schema.properties)) touched.current.add(f);
    if (local) {
      setErrors(local);
      setInvalid(true);
      focusFirstError(local, sections.map((s) => s.fields).flat());
      return;
    }
    setErrors({});
    setInvalid(false);
    setSaving(true);
    try {
      await props.onSave(body, options);
      store.markClean();
      setConflict(null);
      dirtyRef.current = false;
      props.onDirtyChange?.(false);
    } catch (err) {
      if (err instanceof ConflictError) {
        setVersion(err.currentVersion);
        setConflict({});
      }
      else {
        const fieldErrors = serverFieldErrors(err);
        if (fieldErrors) {
          setServerErrors(fieldErrors);
          setErrors(splitByField(fieldErrors, shown).inline);
          focusFirstError(fieldErrors, sections.map((s) => s.fields).flat());
        } else props.onError?.(err);
      }
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    if (!props.onReload) return;
    setSaving(true);
    try {
      const mine = store.get();
      const changed = store.changedFields().filter((f) => f in schema.properties);
      const theirs = await props.onReload();
      const kept = Object.fromEntries(changed.filter((f) => !sameValue(mine[f], theirs[f])).map((f) => [f, mine[f]]));
      store.reset(theirs);
      setVersion(Number(theirs.version));
      setConflict({ kept });
    } finally {
      setSaving(false);
    }
  };

  // Ctrl+S saves, Esc cancels (not while a dropdown, picker or dialog is open: Esc closes that first).
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      if (!saving) void save({ version });
    } else if (e.key === 'Escape' && !e.defaultPrevented && !document.querySelector('[aria-expanded="true"], .ant-picker-dropdown:not(.ant-picker-dropdown-hidden), .ant-modal-wrap')) {
      props.onCancel();
    }
  });
  useEffect(() => {
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const renderSection = (s: (typeof sections)[number], bare?: boolean) => (
    <FormSection
      key={s.key}
      section={s}
      schema={schema}
      resource={screen.resource}
      screenUi={form?.uiSchema}
      store={store}
      hiddenKey={joinKey(s.fields, states.hidden)}
      disabledKey={joinKey(s.fields, states.disabled)}
      lockedKey={joinKey(s.fields, locked)}
      errors={errorsOf(errors, s.fields)}
      resolve={resolve}
      onBlurField={onBlurField}
      bare={bare}
    />
  );
  const kept = conflict?.kept && Object.keys(conflict.kept).length
    ? Object.entries(conflict.kept).map(([f, v]) => ({ label: schema.properties[f]?.title ?? f, value: displayValue(schema.properties[f], v) }))
    : undefined;
  const hiddenOther = serverErrors ? splitByField(serverErrors, shown).other : {};

  return (
    <FormApiContext.Provider value={api}>
      <WidgetResolverContext.Provider value={resolve}>
      <SiblingsContext.Provider value={setRecordFields}>
        {/* A real form: Enter in a field submits (never in a textarea or rich text), the browser knows the fields. */}
        <form className="bo-resource-form" data-form-mode={mode} noValidate aria-label={props.label} onKeyDown={keepEnterInPickers} onSubmit={(e) => {
          e.preventDefault();
          if (!saving) void save({ version });
        }}>
          {conflict && (
            <ConflictPanel
              busy={saving}
              kept={kept}
              onReload={props.onReload && !conflict.kept ? () => void reload() : undefined}
              onReapply={conflict.kept && Object.keys(conflict.kept).length ? () => { store.set(conflict.kept!); setConflict(null); } : undefined}
              onOverwrite={conflict.kept ? undefined : () => void save({ version })}
            />
          )}
          {form?.layout === 'tabs' ? (
            <Tabs
              items={sections.filter((s) => joinKey(s.fields, states.hidden).split(',').filter(Boolean).length < s.fields.length).map((s) => ({
                key: s.key,
                label: errorsOf(errors, s.fields) ? <span style={{ color: 'var(--ant-color-error)' }}>{s.title} •</span> : s.title,
                children: renderSection(s, true),
                forceRender: true,
              }))}
            />
          ) : (
            sections.map((s) => renderSection(s))
          )}
          {(invalid || serverErrors) && (
            <Alert
              type="error"
              showIcon
              role="alert"
              style={{ marginBottom: 16 }}
              title={FORM_TEXT.fixErrors(Object.keys(serverErrors ?? errors).length)}
              description={serverErrors ? <ValidationErrorList errors={serverErrors} /> : undefined}
            />
          )}
          {Object.keys(hiddenOther).length > 0 && !serverErrors && <ValidationErrorList errors={hiddenOther} divider />}
          <Space style={{ marginTop: 8 }}>
            {/* No focus change on mousedown: the field's blur validation would move the button before mouseup. */}
            <Button type="primary" htmlType="submit" loading={saving} onMouseDown={(e) => e.preventDefault()}>{FORM_TEXT.save}</Button>
            <Button onMouseDown={(e) => e.preventDefault()} onClick={props.onCancel} disabled={saving}>{FORM_TEXT.cancel}</Button>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>{FORM_TEXT.shortcuts}</Typography.Text>
          </Space>
        </form>
      </SiblingsContext.Provider>
      </WidgetResolverContext.Provider>
    </FormApiContext.Provider>
  );
}

/**
 * Enter belongs to selects, reference selects and date pickers (choose the option, confirm the typed date): there
 * it must not also submit the form. Their own handlers have run by now (this listens on the form, after them).
 */
function keepEnterInPickers(e: ReactKeyboardEvent<HTMLFormElement>) {
  if (e.key !== 'Enter') return;
  const target = e.target as HTMLElement;
  if (target.closest('.ant-select, .ant-picker, [role="combobox"]')) e.preventDefault();
}

/** Moves focus to the first field (in screen order) that has an error, so the keyboard user lands on it. */
function focusFirstError(errors: FieldErrors, order: string[]) {
  const first = order.find((f) => Object.keys(errors).some((p) => p.split('.')[0] === f));
  if (!first) return;
  requestAnimationFrame(() => {
    const el = document.querySelector<HTMLElement>(`[id$="_${first}"]`);
    el?.focus();
    el?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  });
}
