import type { FieldSchema } from './api-schemas.js';

/** A field's label: its schema title, else its name. */
export function fieldLabel(schema: FieldSchema | undefined, field: string): string {
  return schema?.properties?.[field]?.title ?? field;
}

/** The choices a field offers, with their words: `oneOf` of `const`+`title`, else a plain `enum` (its values as words). */
export function choicesOf(field: FieldSchema | undefined): Array<{ value: unknown; text: string }> {
  if (!field) return [];
  const alternatives = field.oneOf ?? field.anyOf;
  if (alternatives?.every((a) => 'const' in a)) return alternatives.map((a) => ({ value: a.const, text: a.title ?? String(a.const) }));
  if (field.enum) return field.enum.map((value) => ({ value, text: String(value) }));
  if (field.type === 'boolean') return [true, false].map((value) => ({ value, text: value ? '是' : '否' }));
  return [];
}

/**
 * How a value reads in a table cell: a choice by its words, a yes/no in words, an empty value as —, a list joined
 * by 、, an object as its JSON (the audit log's before/after).
 */
export function valueText(field: FieldSchema | undefined, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  const choice = choicesOf(field).find((c) => c.value === value);
  if (choice) return choice.text;
  if (typeof value === 'boolean') return value ? '是' : '否';
  if (Array.isArray(value)) return value.length ? value.map((v) => valueText(field?.items, v)).join('、') : '—';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
