import type { ErrorTransformer, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import localizeZh from 'ajv-i18n/localize/zh/index.js';

/**
 * The keyword a form schema uses to give a field the spec's exact Chinese refusal for one failing keyword, e.g.
 * `"x-messages": { "required": "请输入电话号码", "pattern": "请输入正确的电话号码" }`.
 */
export const MESSAGES_KEYWORD = 'x-messages';

/**
 * One rjsf validator for every form: ajv 8 with Chinese messages and our `x-messages` keyword declared (ajv's strict
 * mode refuses unknown keywords otherwise).
 */
export const formValidator = customizeValidator(
  {
    ajvOptionsOverrides: { keywords: [MESSAGES_KEYWORD] },
  },
  localizeZh as never,
);

type FieldSchema = RJSFSchema & { [MESSAGES_KEYWORD]?: Record<string, string> };

/** `.contact.phone` or `.phone` → the field's schema, following `properties`. */
function fieldSchema(root: RJSFSchema, property: string | undefined): FieldSchema | undefined {
  if (!property) return undefined;
  let node: RJSFSchema | undefined = root;
  for (const key of property.split('.').filter(Boolean)) {
    const next: unknown = node?.properties?.[key];
    if (!next || typeof next !== 'object') return undefined;
    node = next as RJSFSchema;
  }
  return node as FieldSchema;
}

/**
 * Turns ajv's errors into what a person reads: the field's own `x-messages` text when it has one for the failing
 * keyword, otherwise ajv-i18n's Chinese message prefixed with the field's title (ajv-i18n names the property key,
 * which means nothing to a user). `stack` is set too because rjsf's error list shows it.
 *
 * @example
 * <Form schema={schema} validator={formValidator} transformErrors={chineseErrors(schema)} />
 */
export function chineseErrors(schema: RJSFSchema): ErrorTransformer {
  return (errors: RJSFValidationError[]) =>
    errors.map((error) => {
      // A missing required field is reported on the parent with the name in params.
      const missing = error.name === 'required' ? (error.params as { missingProperty?: string } | undefined)?.missingProperty : undefined;
      const segments = (error.property ?? '').split('.').filter(Boolean);
      if (missing && segments[segments.length - 1] !== missing) segments.push(missing);
      const property = `.${segments.join('.')}`;
      const field = fieldSchema(schema, property);
      const own = field?.[MESSAGES_KEYWORD]?.[error.name ?? ''];
      const title = field?.title ?? missing ?? '';
      const message = own ?? (error.name === 'required' ? `请填写${title}` : `${title}${error.message ?? ''}`);
      return { ...error, property, message, stack: message };
    });
}

/** Validates outside React (tests, or before a submit made by code): the Chinese messages by field path. */
export function validateForm(schema: RJSFSchema, formData: unknown): Array<{ property: string; message: string }> {
  const { errors } = formValidator.validateFormData(formData, schema, undefined, chineseErrors(schema));
  return errors.map((e) => ({ property: e.property ?? '', message: e.message ?? '' }));
}
