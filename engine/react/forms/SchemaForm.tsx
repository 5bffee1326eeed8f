import Button from '@douyinfe/semi-ui/lib/es/button';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { CustomValidator, RegistryWidgetsType, RJSFSchema, UiSchema, ValidatorType } from '@rjsf/utils';
import { Suspense, useMemo, useRef, useState, type ReactNode } from 'react';
import { chineseErrors } from '../../forms/validation.js';
import { BlockStatus } from '../BlockStatus.js';
import { loadRareParts, needsRareParts } from './rjsf-registry.js';
import { semiTemplates, semiWidgets } from './semi-theme.js';
import './schema-form.css';

/** "This field must equal that one", e.g. a password confirmation. The first field is not sent. */
export interface SameAsRule {
  field: string;
  as: string;
  message: string;
}

export interface SchemaFormProps<T extends Record<string, unknown>> {
  schema: RJSFSchema;
  /**
   * The schema's precompiled validator (blocks/schema-form/forms.ts `loadForm`, or `precompiledFormValidator`): the
   * portal's CSP refuses the eval a run-time ajv compile needs.
   */
  validator: ValidatorType;
  uiSchema?: UiSchema;
  /** Initial values (e.g. the user's current info). What the user types is kept across failed submits. */
  initialData?: Partial<T>;
  submitText?: string;
  sameAs?: SameAsRule[];
  /** Extra widgets by name (`ui:widget`), on top of the theme's. */
  widgets?: RegistryWidgetsType;
  /** Called with the valid data (without the `sameAs` confirmation fields). A returned string is shown as the form's error. */
  onSubmit(data: T): Promise<string | void>;
  /** Every change of the data as typed (e.g. to keep a draft while the person is away). */
  onChange?(data: Partial<T>): void;
  /** Rendered above the submit button, e.g. an agreement note. */
  children?: ReactNode;
  /** Buttons beside the submit button, before it (e.g. a dialog's 取消). */
  actions?: ReactNode;
  idPrefix: string;
}

/**
 * A form drawn from JSON Schema with rjsf, our Semi theme and Chinese messages (the schema's `x-messages` first).
 * Validation runs on submit and then live, so a person is not scolded before typing; the first invalid field gets
 * the focus. While the request runs the button is disabled; a refusal is shown and nothing typed is lost.
 *
 * @example
 * <SchemaForm schema={registerSchema} validator={registerValidator} idPrefix="reg" sameAs={[{ field: 'confirmPassword', as: 'password', message: '两次输入的密码不一致' }]}
 *   onSubmit={(data) => client.request('register', { body: data }).then((r) => (r.code === 200 ? undefined : r.msg))} />
 */
export function SchemaForm<T extends Record<string, unknown>>(props: SchemaFormProps<T>) {
  const { schema, validator, uiSchema, initialData, submitText = '提交', sameAs = [], widgets, onSubmit, onChange, children, actions, idPrefix } = props;
  const [formData, setFormData] = useState<Partial<T>>(initialData ?? {});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const busyRef = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  // rjsf focuses the first error in ajv's order (required errors first); a person expects the first field on screen.
  const focusFirstInvalid = () => requestAnimationFrame(() => rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());

  const transformErrors = useMemo(() => chineseErrors(schema), [schema]);
  const customValidate = useMemo<CustomValidator>(
    () => (data, errors) => {
      for (const rule of sameAs) {
        const record = data as Record<string, unknown> | undefined;
        if (record?.[rule.field] !== undefined && record[rule.field] !== record[rule.as]) errors[rule.field]?.addError(rule.message);
      }
      return errors;
    },
    [sameAs],
  );
  const allWidgets = useMemo(() => ({ ...semiWidgets, ...widgets }), [widgets]);
  // rjsf's rarer parts (arrays, anyOf, date widgets…) are fetched as the form is first drawn when it needs them; the
  // form waits for them under its Suspense (rjsf-registry.ts).
  useMemo(() => {
    if (needsRareParts(schema, uiSchema, new Set(Object.keys(allWidgets)))) loadRareParts().catch(() => undefined);
  }, [schema, uiSchema, allWidgets]);

  const submit = async ({ formData: data }: IChangeEvent<T>) => {
    if (busyRef.current || !data) return;
    busyRef.current = true;
    setBusy(true);
    setFormError(null);
    try {
      const body = { ...data } as Record<string, unknown>;
      for (const rule of sameAs) delete body[rule.field];
      const refusal = await onSubmit(body as T);
      if (refusal) setFormError(refusal);
    } catch (e) {
      setFormError(e instanceof Error && e.message ? e.message : '提交失败，请稍后重试');
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  };

  return (
    <div className="tm-schema-form" aria-busy={busy} ref={rootRef}>
      <Suspense fallback={<BlockStatus kind="loading" />}>
        <Form<T>
          schema={schema}
          uiSchema={uiSchema}
          formData={formData as T}
          validator={validator}
          templates={semiTemplates}
          widgets={allWidgets}
          formContext={{ formData }}
          idPrefix={idPrefix}
          transformErrors={transformErrors}
          customValidate={customValidate}
          showErrorList={false}
          noHtml5Validate
          liveValidate={submitted ? 'onChange' : false}
          focusOnFirstError={focusFirstInvalid}
          onChange={(e) => {
            setFormData(e.formData as Partial<T>);
            onChange?.(e.formData as Partial<T>);
          }}
          onError={() => setSubmitted(true)}
          onSubmit={(e) => {
            setSubmitted(true);
            void submit(e);
          }}
        >
          {children}
          <p className="tm-schema-form__error" role="alert">
            {formError ?? ''}
          </p>
          <div className="tm-form-actions">
            {actions}
            <Button htmlType="submit" theme="solid" type="primary" size="large" disabled={busy}>
              {busy ? '正在提交…' : submitText}
            </Button>
          </div>
        </Form>
      </Suspense>
    </div>
  );
}
