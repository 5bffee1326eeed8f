import ArrayField from '@rjsf/core/lib/components/fields/ArrayField.js';
import CyclicSchemaField from '@rjsf/core/lib/components/fields/CyclicSchemaField.js';
import FallbackField from '@rjsf/core/lib/components/fields/FallbackField.js';
import LayoutGridField from '@rjsf/core/lib/components/fields/LayoutGridField.js';
import LayoutHeaderField from '@rjsf/core/lib/components/fields/LayoutHeaderField.js';
import LayoutMultiSchemaField from '@rjsf/core/lib/components/fields/LayoutMultiSchemaField.js';
import MultiSchemaField from '@rjsf/core/lib/components/fields/MultiSchemaField.js';
import OptionalDataControlsField from '@rjsf/core/lib/components/fields/OptionalDataControlsField.js';
import ArrayFieldDescriptionTemplate from '@rjsf/core/lib/components/templates/ArrayFieldDescriptionTemplate.js';
import ArrayFieldItemButtonsTemplate from '@rjsf/core/lib/components/templates/ArrayFieldItemButtonsTemplate.js';
import ArrayFieldItemTemplate from '@rjsf/core/lib/components/templates/ArrayFieldItemTemplate.js';
import ArrayFieldTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTemplate.js';
import ArrayFieldTitleTemplate from '@rjsf/core/lib/components/templates/ArrayFieldTitleTemplate.js';
import AddButton from '@rjsf/core/lib/components/templates/ButtonTemplates/AddButton.js';
import { ClearButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton } from '@rjsf/core/lib/components/templates/ButtonTemplates/IconButton.js';
import CyclicSchemaExpandTemplate from '@rjsf/core/lib/components/templates/CyclicSchemaExpandTemplate.js';
import ErrorList from '@rjsf/core/lib/components/templates/ErrorList.js';
import FallbackFieldTemplate from '@rjsf/core/lib/components/templates/FallbackFieldTemplate.js';
import GridTemplate from '@rjsf/core/lib/components/templates/GridTemplate.js';
import MultiSchemaFieldTemplate from '@rjsf/core/lib/components/templates/MultiSchemaFieldTemplate.js';
import OptionalDataControlsTemplate from '@rjsf/core/lib/components/templates/OptionalDataControlsTemplate.js';
import UnsupportedField from '@rjsf/core/lib/components/templates/UnsupportedField.js';
import WrapIfAdditionalTemplate from '@rjsf/core/lib/components/templates/WrapIfAdditionalTemplate.js';
import AltDateTimeWidget from '@rjsf/core/lib/components/widgets/AltDateTimeWidget.js';
import AltDateWidget from '@rjsf/core/lib/components/widgets/AltDateWidget.js';
import CheckboxesWidget from '@rjsf/core/lib/components/widgets/CheckboxesWidget.js';
import ColorWidget from '@rjsf/core/lib/components/widgets/ColorWidget.js';
import DateTimeWidget from '@rjsf/core/lib/components/widgets/DateTimeWidget.js';
import DateWidget from '@rjsf/core/lib/components/widgets/DateWidget.js';
import FileWidget from '@rjsf/core/lib/components/widgets/FileWidget.js';
import RadioWidget from '@rjsf/core/lib/components/widgets/RadioWidget.js';
import RangeWidget from '@rjsf/core/lib/components/widgets/RangeWidget.js';
import RatingWidget from '@rjsf/core/lib/components/widgets/RatingWidget.js';
import TextareaWidget from '@rjsf/core/lib/components/widgets/TextareaWidget.js';
import TimeWidget from '@rjsf/core/lib/components/widgets/TimeWidget.js';
import UpDownWidget from '@rjsf/core/lib/components/widgets/UpDownWidget.js';

/**
 * rjsf's own parts that portal forms rarely draw, in a chunk of their own: see rjsf-registry.ts. Names as in rjsf's
 * default registry.
 */
export const rareFields = {
  AnyOfField: MultiSchemaField,
  ArrayField,
  CyclicSchemaField,
  FallbackField,
  LayoutGridField,
  LayoutHeaderField,
  LayoutMultiSchemaField,
  OneOfField: MultiSchemaField,
  OptionalDataControlsField,
};

export const rareTemplates = {
  ArrayFieldDescriptionTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldItemButtonsTemplate,
  ArrayFieldTemplate,
  ArrayFieldTitleTemplate,
  CyclicSchemaExpandTemplate,
  ErrorListTemplate: ErrorList,
  FallbackFieldTemplate,
  GridTemplate,
  MultiSchemaFieldTemplate,
  OptionalDataControlsTemplate,
  UnsupportedFieldTemplate: UnsupportedField,
  WrapIfAdditionalTemplate,
};

export const rareButtons = { AddButton, CopyButton, MoveDownButton, MoveUpButton, RemoveButton, ClearButton };

export const rareWidgets = {
  AltDateWidget,
  AltDateTimeWidget,
  CheckboxesWidget,
  ColorWidget,
  DateWidget,
  DateTimeWidget,
  FileWidget,
  RadioWidget,
  RangeWidget,
  RatingWidget,
  TextareaWidget,
  TimeWidget,
  UpDownWidget,
};
