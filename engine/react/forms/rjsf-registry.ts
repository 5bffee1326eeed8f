import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import BaseInputTemplate from '@rjsf/core/lib/components/templates/BaseInputTemplate.js';
import SubmitButton from '@rjsf/core/lib/components/templates/ButtonTemplates/SubmitButton.js';
import DescriptionField from '@rjsf/core/lib/components/templates/DescriptionField.js';
import FieldErrorTemplate from '@rjsf/core/lib/components/templates/FieldErrorTemplate.js';
import FieldHelpTemplate from '@rjsf/core/lib/components/templates/FieldHelpTemplate.js';
import FieldTemplate from '@rjsf/core/lib/components/templates/FieldTemplate/index.js';
import ObjectFieldTemplate from '@rjsf/core/lib/components/templates/ObjectFieldTemplate.js';
import TitleField from '@rjsf/core/lib/components/templates/TitleField.js';
import CheckboxWidget from '@rjsf/core/lib/components/widgets/CheckboxWidget.js';
import EmailWidget from '@rjsf/core/lib/components/widgets/EmailWidget.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import PasswordWidget from '@rjsf/core/lib/components/widgets/PasswordWidget.js';
import SelectWidget from '@rjsf/core/lib/components/widgets/SelectWidget.js';
import TextWidget from '@rjsf/core/lib/components/widgets/TextWidget.js';
import URLWidget from '@rjsf/core/lib/components/widgets/URLWidget.js';
import { DEFAULT_ID_PREFIX, DEFAULT_ID_SEPARATOR, englishStringTranslator, type Registry, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import { createElement, type ComponentType } from 'react';

type RareParts = typeof import('./rjsf-rare-parts.js');
let rare: RareParts | undefined;
let loading: Promise<RareParts> | undefined;
let failure: unknown;

/**
 * Fetches rjsf's rarely drawn parts (arrays, anyOf/oneOf, layout grids, the date, file, radio, range… widgets). A
 * form calls it before drawing a schema that needs them ({@link needsRareParts}), and once it stands, so a part that
 * appears later (an anyOf option) is there. A failed fetch is tried again at the next call.
 */
export function loadRareParts(): Promise<RareParts> {
  failure = undefined;
  loading ??= import('./rjsf-rare-parts.js').then(
    (parts) => (rare = parts),
    (error: unknown) => {
      loading = undefined;
      failure = error;
      throw error;
    },
  );
  return loading;
}

/** A rare part in the registry: drawn from its chunk once come; before, it suspends (the form shows loading). */
function later<P extends object>(name: string, pick: (parts: RareParts) => ComponentType<P>): ComponentType<P> {
  function RarePart(props: P) {
    if (rare) return createElement(pick(rare), props);
    // A failed fetch goes to the block's error boundary, not round a suspend loop; its retry fetches again.
    if (failure) {
      const error = failure;
      failure = undefined;
      throw error;
    }
    throw loadRareParts();
  }
  RarePart.displayName = name;
  return RarePart;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- rjsf's registry maps names to components of any props
type Parts = Record<string, ComponentType<any>>;
const laterAll = (names: string[], pick: (parts: RareParts) => Parts): Parts =>
  Object.fromEntries(names.map((name) => [name, later(name, (parts) => pick(parts)[name]!)]));

const RARE_FIELDS = [
  'AnyOfField',
  'ArrayField',
  'CyclicSchemaField',
  'FallbackField',
  'LayoutGridField',
  'LayoutHeaderField',
  'LayoutMultiSchemaField',
  'OneOfField',
  'OptionalDataControlsField',
];
const RARE_TEMPLATES = [
  'ArrayFieldDescriptionTemplate',
  'ArrayFieldItemTemplate',
  'ArrayFieldItemButtonsTemplate',
  'ArrayFieldTemplate',
  'ArrayFieldTitleTemplate',
  'CyclicSchemaExpandTemplate',
  'ErrorListTemplate',
  'FallbackFieldTemplate',
  'GridTemplate',
  'MultiSchemaFieldTemplate',
  'OptionalDataControlsTemplate',
  'UnsupportedFieldTemplate',
  'WrapIfAdditionalTemplate',
];
const RARE_BUTTONS = ['AddButton', 'CopyButton', 'MoveDownButton', 'MoveUpButton', 'RemoveButton', 'ClearButton'];
const RARE_WIDGETS = [
  'AltDateWidget',
  'AltDateTimeWidget',
  'CheckboxesWidget',
  'ColorWidget',
  'DateWidget',
  'DateTimeWidget',
  'FileWidget',
  'RadioWidget',
  'RangeWidget',
  'RatingWidget',
  'TextareaWidget',
  'TimeWidget',
  'UpDownWidget',
];

/** The widgets drawn without the rare parts, by the names a `ui:widget` gives (rjsf's short names included). */
const COMMON_WIDGET_NAMES = new Set([
  'text',
  'password',
  'email',
  'hidden',
  'select',
  'checkbox',
  'url',
  'uri',
  'TextWidget',
  'PasswordWidget',
  'EmailWidget',
  'HiddenWidget',
  'SelectWidget',
  'CheckboxWidget',
  'URLWidget',
]);
/** rjsf's registry name for a short `ui:widget` name: textarea → TextareaWidget (which the Semi theme has). */
const registryName = (name: string) => `${name.charAt(0).toUpperCase()}${name.slice(1)}Widget`;
/** String formats whose default widget is a rare one. */
const RARE_FORMATS = new Set(['date', 'date-time', 'time', 'color', 'data-url', 'alt-date', 'alt-datetime']);

/**
 * Whether drawing this schema with this ui needs the rare parts: an array, anyOf/oneOf, additional properties, a
 * date, time, colour or file string, a `ui:field`, or a `ui:widget` rjsf's common parts or the form's own widgets
 * (`ownWidgets`) do not have. A miss costs only a moment's loading state where the part goes.
 */
export function needsRareParts(schema: RJSFSchema, ui: UiSchema | undefined, ownWidgets: ReadonlySet<string> = new Set()): boolean {
  const rareSchema = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    if (Array.isArray(node)) return node.some(rareSchema);
    const s = node as Record<string, unknown>;
    if (s.type === 'array' || (Array.isArray(s.type) && s.type.includes('array'))) return true;
    if (s.anyOf || s.oneOf || (s.additionalProperties && typeof s.additionalProperties === 'object') || s.additionalProperties === true) return true;
    if (typeof s.format === 'string' && RARE_FORMATS.has(s.format)) return true;
    return Object.entries(s).some(([key, value]) => key !== 'enum' && key !== 'const' && key !== 'default' && key !== 'examples' && rareSchema(value));
  };
  const rareUi = (node: unknown): boolean => {
    if (!node || typeof node !== 'object') return false;
    return Object.entries(node as Record<string, unknown>).some(([key, value]) => {
      if (key === 'ui:field') return true;
      if (key === 'ui:widget')
        return typeof value === 'string' && !COMMON_WIDGET_NAMES.has(value) && !ownWidgets.has(value) && !ownWidgets.has(registryName(value));
      return rareUi(value);
    });
  };
  return rareSchema(schema) || rareUi(ui);
}

// Made once: a new component per call would remount the part (and lose its focus) at each render of the form.
const fields = {
  BooleanField,
  NullField,
  NumberField,
  ObjectField,
  SchemaField,
  StringField,
  ...laterAll(RARE_FIELDS, (parts) => parts.rareFields),
};
const buttons = { SubmitButton, ...laterAll(RARE_BUTTONS, (parts) => parts.rareButtons) };
const templates = {
  BaseInputTemplate,
  DescriptionFieldTemplate: DescriptionField,
  FieldErrorTemplate,
  FieldHelpTemplate,
  FieldTemplate,
  ObjectFieldTemplate,
  TitleFieldTemplate: TitleField,
  ...laterAll(RARE_TEMPLATES, (parts) => parts.rareTemplates),
};
const widgets = {
  CheckboxWidget,
  EmailWidget,
  HiddenWidget,
  PasswordWidget,
  SelectWidget,
  TextWidget,
  URLWidget,
  ...laterAll(RARE_WIDGETS, (parts) => parts.rareWidgets),
};

/**
 * rjsf's default registry, as `getDefaultRegistry` in @rjsf/core builds it, which the build puts this module in
 * place of (scripts/rjsf-registry-plugin.ts): every form starts from it. The parts every portal form draws — objects,
 * strings, numbers, booleans; text, password, email, select, checkbox — come with the form's code; the rest
 * (rjsf-rare-parts.ts) come on demand, {@link loadRareParts}. Same names, same components.
 */
export default function getDefaultRegistry(): Omit<Registry, 'schemaUtils'> {
  return {
    fields: { ...fields },
    // The rare parts are typed by name only (laterAll); the test holds the names to rjsf's own registry's.
    templates: { ...templates, ButtonTemplates: { ...buttons } } as Registry['templates'],
    widgets: { ...widgets },
    rootSchema: {},
    formContext: {},
    translateString: englishStringTranslator,
    globalFormOptions: { idPrefix: DEFAULT_ID_PREFIX, idSeparator: DEFAULT_ID_SEPARATOR, useFallbackUiForUnsupportedType: false },
  };
}
