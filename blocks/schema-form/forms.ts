import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import type { ValidatorFunctions } from '@rjsf/validator-ajv8';
import type { SchemaFormProps } from '../../schemas/types/blocks.js';

/** A form's schema file and its precompiled validator functions (schemas/forms/validators, `npm run gen:types`). */
type FormModules = () => Promise<[{ default: unknown }, { default: ValidatorFunctions }]>;

/** The forms a `schema-form` block may name, each loaded with the block's own chunk when first shown. */
export const FORM_SCHEMAS: Record<SchemaFormProps['form'], FormModules> = {
  register: () => Promise.all([import('../../schemas/forms/register.schema.json'), import('../../schemas/forms/validators/register.js')]),
  'transfer-intent': () =>
    Promise.all([import('../../schemas/forms/transfer-intent.schema.json'), import('../../schemas/forms/validators/transfer-intent.js')]),
  'user-info': () => Promise.all([import('../../schemas/forms/user-info.schema.json'), import('../../schemas/forms/validators/user-info.js')]),
  'change-password': () =>
    Promise.all([import('../../schemas/forms/change-password.schema.json'), import('../../schemas/forms/validators/change-password.js')]),
  complaint: () => Promise.all([import('../../schemas/forms/complaint.schema.json'), import('../../schemas/forms/validators/complaint.js')]),
  consultation: () => Promise.all([import('../../schemas/forms/consultation.schema.json'), import('../../schemas/forms/validators/consultation.js')]),
  'console-article': () =>
    Promise.all([import('../../schemas/forms/console-article.schema.json'), import('../../schemas/forms/validators/console-article.js')]),
  'console-project': () =>
    Promise.all([import('../../schemas/forms/console-project.schema.json'), import('../../schemas/forms/validators/console-project.js')]),
  'console-staff': () => Promise.all([import('../../schemas/forms/console-staff.schema.json'), import('../../schemas/forms/validators/console-staff.js')]),
  'console-role': () => Promise.all([import('../../schemas/forms/console-role.schema.json'), import('../../schemas/forms/validators/console-role.js')]),
  'console-onsite': () => Promise.all([import('../../schemas/forms/console-onsite.schema.json'), import('../../schemas/forms/validators/console-onsite.js')]),
  'console-deposit': () =>
    Promise.all([import('../../schemas/forms/console-deposit.schema.json'), import('../../schemas/forms/validators/console-deposit.js')]),
  'property-registration': () =>
    Promise.all([import('../../schemas/forms/property-registration.schema.json'), import('../../schemas/forms/validators/property-registration.js')]),
};

/** A form ready for rjsf: its schema and the validator precompiled from it (no schema is compiled in the browser). */
export interface LoadedForm {
  schema: RJSFSchema;
  validator: ValidatorType;
}

/**
 * Loads a form's schema (`$schema`/`$id` dropped, see formRootSchema) with its precompiled validator. rjsf's
 * validator comes with it, on demand: the block's own chunk stays light (a guarded form shows a login prompt first).
 */
export async function loadForm(form: SchemaFormProps['form']): Promise<LoadedForm> {
  const [[file, validateFns], { formRootSchema, precompiledFormValidator }] = await Promise.all([
    FORM_SCHEMAS[form](),
    import('../../engine/forms/validation.js'),
  ]);
  const schema = formRootSchema(file.default);
  return { schema, validator: precompiledFormValidator(validateFns.default, schema) };
}

/** `{ type: 'id' }` with `?id=2` → `{ type: 2 }`: numbers where the query holds one, else the text. */
export function fieldsFromQuery(mapping: Record<string, string> | undefined, query: Record<string, string>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, param] of Object.entries(mapping ?? {})) {
    const value = query[param];
    if (value === undefined || value === '') continue;
    out[field] = /^-?\d+$/.test(value) ? Number(value) : value;
  }
  return out;
}

/**
 * A draft of a form kept in sessionStorage while the person is elsewhere in the portal (the tab's session): read when
 * the form is drawn again, written as they type, dropped after a successful submit. Storage may be refused (private
 * mode, quota): the form then simply starts empty.
 */
export const formDraft = {
  /** `identity`: the route's values naming one form of several on a page (a draft of each); '' for a page's only one. */
  key: (route: string, form: string, identity = '') => `tianmu.draft:${route}:${form}${identity ? `:${identity}` : ''}`,
  read(key: string): Record<string, unknown> {
    try {
      const value: unknown = JSON.parse(sessionStorage.getItem(key) ?? '{}');
      return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  },
  write(key: string, data: Record<string, unknown>): void {
    try {
      sessionStorage.setItem(key, JSON.stringify(data));
    } catch {
      // Not kept; nothing typed is lost on this page.
    }
  },
  clear(key: string): void {
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing to clear.
    }
  },
};
