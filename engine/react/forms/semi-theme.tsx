import Input from '@douyinfe/semi-ui/lib/es/input';
import TextArea from '@douyinfe/semi-ui/lib/es/input/textarea';
import {
  ariaDescribedByIds,
  errorId,
  type BaseInputTemplateProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type RegistryWidgetsType,
  type TemplatesType,
  type WidgetProps,
} from '@rjsf/utils';

/*
 * Our small rjsf theme: fields drawn with Semi's Input, TextArea and Button (no Semi theme for rjsf is published),
 * each with a visible <label for>, a required mark, and its errors tied to the control with aria-describedby so a
 * screen reader reads the refusal with the field.
 */

/**
 * What every text-like control of a form shares: id and name, value, disabled, the error state for Semi and for
 * assistive technology (aria-invalid, aria-required, aria-describedby to the field's error and help), and rjsf's
 * change/blur/focus protocol. Widgets spread it onto a Semi Input or TextArea and add their own props.
 */
export function semiControlProps(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, required, disabled, readonly, placeholder, options, rawErrors } = props;
  const invalid = Boolean(rawErrors?.length);
  return {
    id,
    name: id,
    value: (value ?? '') as string,
    placeholder: placeholder || undefined,
    disabled: disabled || readonly,
    validateStatus: (invalid ? 'error' : 'default') as 'error' | 'default',
    'aria-invalid': invalid || undefined,
    'aria-required': required || undefined,
    'aria-describedby': ariaDescribedByIds(id),
    onChange: (text: string) => onChange(text === '' ? options.emptyValue : text),
    onBlur: (e: { target: { value: string } }) => onBlur(id, e.target.value),
    onFocus: (e: { target: { value: string } }) => onFocus(id, e.target.value),
  };
}

function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { autofocus, options, schema, type } = props;
  const inputType = (options.inputType as string | undefined) ?? type ?? 'text';
  return (
    <Input
      {...semiControlProps(props)}
      mode={inputType === 'password' ? 'password' : undefined}
      type={inputType === 'password' ? undefined : inputType}
      autoFocus={autofocus}
      maxLength={schema.maxLength}
      autoComplete={options.autocomplete as string | undefined}
      inputMode={options.inputMode as never}
    />
  );
}

function TextareaWidget(props: WidgetProps) {
  const { options, schema } = props;
  return <TextArea {...semiControlProps(props)} rows={(options.rows as number | undefined) ?? 5} maxLength={schema.maxLength} showClear={false} />;
}

function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, rawHelp, rawDescription, required, hidden, displayLabel, schema } = props;
  if (hidden) return <div hidden>{children}</div>;
  // The object root has no label of its own: its fields do.
  if (schema.type === 'object') return children;
  const errors = rawErrors?.filter(Boolean) ?? [];
  return (
    <div className={`tm-form-field${errors.length ? ' tm-form-field--invalid' : ''}`}>
      {displayLabel && label ? (
        <label htmlFor={id} className="tm-form-field__label">
          {required ? (
            <span className="tm-form-field__required" aria-hidden="true">
              *
            </span>
          ) : null}
          {label}
        </label>
      ) : null}
      <div className="tm-form-field__control">
        {children}
        {rawDescription ? (
          <p id={`${id}__description`} className="tm-form-field__help">
            {rawDescription}
          </p>
        ) : null}
        {rawHelp ? (
          <p id={`${id}__help`} className="tm-form-field__help">
            {rawHelp}
          </p>
        ) : null}
        <p id={errorId(id)} className="tm-form-field__error" role={errors.length ? 'alert' : undefined}>
          {errors.join('；')}
        </p>
      </div>
    </div>
  );
}

function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return (
    <>
      {properties.map((p) => (
        <div key={p.name}>{p.content}</div>
      ))}
    </>
  );
}

/** The templates and widgets every schema form uses (the form draws its own submit button); blocks may add widgets (e.g. `smsCode`). */
export const semiTemplates: Partial<TemplatesType> = {
  BaseInputTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
};

export const semiWidgets: RegistryWidgetsType = {
  TextareaWidget,
};
