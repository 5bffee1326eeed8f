import type { ComponentProps } from 'react';
import { SchemaForm } from '../../engine/react/forms/SchemaForm.js';
import { formWidgets } from './widgets.js';

/** A schema-form block's fields: rjsf with the Semi theme and the portal's widgets, loaded on demand (blocks/index.ts). */
export default function SchemaFormFields(props: Omit<ComponentProps<typeof SchemaForm>, 'widgets'>) {
  return <SchemaForm {...props} widgets={formWidgets} />;
}
