import type { RJSFSchema } from '@rjsf/utils';
import type { SchemaFormProps } from '../../schemas/types/blocks.js';

/** The form schemas a `schema-form` block may name, each loaded with the block's own chunk when first shown. */
export const FORM_SCHEMAS: Record<SchemaFormProps['form'], () => Promise<{ default: unknown }>> = {
  register: () => import('../../schemas/forms/register.schema.json'),
  'transfer-intent': () => import('../../schemas/forms/transfer-intent.schema.json'),
  'user-info': () => import('../../schemas/forms/user-info.schema.json'),
  'change-password': () => import('../../schemas/forms/change-password.schema.json'),
  complaint: () => import('../../schemas/forms/complaint.schema.json'),
  consultation: () => import('../../schemas/forms/consultation.schema.json'),
  'property-registration': () => import('../../schemas/forms/property-registration.schema.json'),
};

/** Loads a form schema; `$schema`/`$id` are dropped because rjsf compiles the schema into its own ajv instance. */
export async function loadFormSchema(form: SchemaFormProps['form']): Promise<RJSFSchema> {
  const { $schema: _schema, $id: _id, ...schema } = (await FORM_SCHEMAS[form]()).default as RJSFSchema & { $id?: string };
  return schema;
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
  key: (route: string, form: string) => `tianmu.draft:${route}:${form}`,
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
