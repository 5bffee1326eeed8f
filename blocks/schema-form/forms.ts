import type { RJSFSchema } from '@rjsf/utils';
import type { SchemaFormProps } from '../../schemas/types/blocks.js';

/** The form schemas a `schema-form` block may name, each loaded with the block's own chunk when first shown. */
export const FORM_SCHEMAS: Record<SchemaFormProps['form'], () => Promise<{ default: unknown }>> = {
  register: () => import('../../schemas/forms/register.schema.json'),
  'transfer-intent': () => import('../../schemas/forms/transfer-intent.schema.json'),
  'user-info': () => import('../../schemas/forms/user-info.schema.json'),
  'change-password': () => import('../../schemas/forms/change-password.schema.json'),
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
