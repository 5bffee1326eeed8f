// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import Form, { getDefaultRegistry as rjsfDefaultRegistry } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import portalDefaultRegistry, { needsRareParts } from '../../../engine/react/forms/rjsf-registry.js';
import { FORM_SCHEMAS, loadForm } from '../../../blocks/schema-form/forms.js';
import { formWidgets } from '../../../blocks/schema-form/widgets.js';
import { semiWidgets } from '../../../engine/react/forms/semi-theme.js';

// The build puts engine/react/forms/rjsf-registry.ts in place of @rjsf/core's default registry (the rarer parts on
// demand). Tests import rjsf unbuilt, so the portal's registry is handed to the Form here as its parts.
afterEach(cleanup);

const keysOf = (registry: ReturnType<typeof rjsfDefaultRegistry>) => ({
  fields: Object.keys(registry.fields).sort(),
  templates: Object.keys(registry.templates).sort(),
  buttons: Object.keys(registry.templates.ButtonTemplates).sort(),
  widgets: Object.keys(registry.widgets).sort(),
});

describe("the portal's rjsf registry", () => {
  it('has every field, template, button and widget rjsf’s own default registry has, by the same names', () => {
    // An rjsf upgrade that adds a part fails here instead of leaving forms without it.
    const ours = portalDefaultRegistry();
    const theirs = rjsfDefaultRegistry();
    expect(keysOf(ours as never)).toEqual(keysOf(theirs));
    expect({ ...ours, fields: 0, templates: 0, widgets: 0 }).toEqual({ ...theirs, fields: 0, templates: 0, widgets: 0 });
  });

  it('keeps its parts from call to call (a new component each render would remount a field and lose its focus)', () => {
    const [a, b] = [portalDefaultRegistry(), portalDefaultRegistry()];
    expect(a.fields.ArrayField).toBe(b.fields.ArrayField);
    expect(a.widgets.RadioWidget).toBe(b.widgets.RadioWidget);
    expect(a.templates.ButtonTemplates.AddButton).toBe(b.templates.ButtonTemplates.AddButton);
  });

  it('draws a schema with an array once the rare parts have come, the form waiting meanwhile', async () => {
    const { fields, templates, widgets } = portalDefaultRegistry();
    const schema: RJSFSchema = {
      type: 'object',
      properties: { name: { type: 'string', title: '名称' }, items: { type: 'array', title: '明细', items: { type: 'string' } } },
    };
    render(
      <Suspense fallback={<p role="status">正在加载…</p>}>
        <Form schema={schema} validator={validator} fields={fields} templates={templates} widgets={widgets} />
      </Suspense>,
    );
    expect(screen.getByRole('status').textContent).toBe('正在加载…');
    const add = await screen.findByRole('button', { name: /add/i }, { timeout: 10_000 });
    fireEvent.click(add);
    expect(screen.getByLabelText('名称')).toBeTruthy();
    expect(await screen.findByRole('textbox', { name: /明细|items/ })).toBeTruthy();
  });
});

describe('which forms need the rare parts (needsRareParts)', () => {
  const own = new Set([...Object.keys(formWidgets), ...Object.keys(semiWidgets)]);

  it('an array, anyOf/oneOf, additional properties, a date or file string, a ui:field or an unknown ui:widget', () => {
    const object = (properties: Record<string, unknown>) => ({ type: 'object', properties }) as RJSFSchema;
    expect(needsRareParts(object({ a: { type: 'array', items: { type: 'string' } } }), undefined)).toBe(true);
    expect(needsRareParts(object({ a: { anyOf: [{ type: 'string' }, { type: 'number' }] } }), undefined)).toBe(true);
    expect(needsRareParts({ type: 'object', additionalProperties: { type: 'string' } }, undefined)).toBe(true);
    expect(needsRareParts(object({ a: { type: 'string', format: 'date' } }), undefined)).toBe(true);
    expect(needsRareParts(object({ a: { type: 'string', format: 'data-url' } }), undefined)).toBe(true);
    expect(needsRareParts(object({ a: { type: 'string' } }), { a: { 'ui:field': 'LayoutGridField' } })).toBe(true);
    expect(needsRareParts(object({ a: { type: 'string', enum: ['x', 'y'] } }), { a: { 'ui:widget': 'radio' } }, own)).toBe(true);
  });

  it('not strings, numbers, booleans, enums, e-mail, or the form’s own widgets', () => {
    const schema: RJSFSchema = {
      type: 'object',
      properties: {
        text: { type: 'string' },
        count: { type: 'integer', minimum: 0 },
        agree: { type: 'boolean' },
        kind: { type: 'string', enum: ['a', 'b'] },
        mail: { type: 'string', format: 'email' },
        code: { type: 'string' },
      },
    };
    expect(needsRareParts(schema, { code: { 'ui:widget': 'smsCode' }, text: { 'ui:widget': 'textarea' }, mail: { 'ui:widget': 'password' } }, own)).toBe(false);
  });

  it('of the portal’s own forms, those with photos or lists need them, registration and the complaint do not', async () => {
    const needing: string[] = [];
    for (const name of Object.keys(FORM_SCHEMAS) as Array<keyof typeof FORM_SCHEMAS>) {
      const { schema } = await loadForm(name);
      if (needsRareParts(schema, undefined, own)) needing.push(name);
    }
    expect(needing).not.toContain('register');
    expect(needing).not.toContain('complaint');
    expect(needing).toContain('property-registration');
  });
});
