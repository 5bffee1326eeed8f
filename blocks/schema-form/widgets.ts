import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { createElement, lazy, Suspense } from 'react';
import { SmsCodeWidget } from './SmsCodeWidget.js';
import { CallChoicesWidget, ChoicesWidget, DateTimeWidget, EditorPlaceWidget, PlaceSelectWidget } from './ConsoleWidgets.js';

/**
 * The document photos widget (uploads, the document camera) is a chunk of its own, loaded when a form shows it: of
 * the forms only property registration does, and the others' first view is spared its ~5 KB gzip.
 */
const LazyDocumentPhotos = lazy(() => import('./DocumentPhotosWidget.js').then((m) => ({ default: m.DocumentPhotosWidget })));
function DocumentPhotosWidget(props: WidgetProps) {
  return createElement(Suspense, { fallback: null }, createElement(LazyDocumentPhotos, props));
}

/** One picture in a text field (an article's cover): the photos widget held to one, its value the picture's address. */
function SinglePhotoWidget(props: WidgetProps) {
  return createElement(DocumentPhotosWidget, {
    ...props,
    schema: { ...props.schema, type: 'array', maxItems: 1, items: { type: 'string' } },
    value: typeof props.value === 'string' && props.value ? [props.value] : [],
    onChange: (photos: unknown) => props.onChange(Array.isArray(photos) && photos.length ? photos[photos.length - 1] : undefined),
  });
}

/** The editors' 附件 (documents) likewise: only the console's article and project forms show it. */
const LazyDocumentFiles = lazy(() => import('./DocumentFilesWidget.js').then((m) => ({ default: m.DocumentFilesWidget })));
function DocumentFilesWidget(props: WidgetProps) {
  return createElement(Suspense, { fallback: null }, createElement(LazyDocumentFiles, props));
}

/** The article editor (TipTap, ~100 KB gzip) likewise: only the console's article form shows it. */
const LazyRichText = lazy(() => import('./RichTextWidget.js'));
function RichTextWidget(props: WidgetProps) {
  return createElement(Suspense, { fallback: null }, createElement(LazyRichText, props));
}

/** Widgets a form's `ui` may name beyond rjsf's own (text, password, textarea…). */
export const formWidgets: RegistryWidgetsType = {
  smsCode: SmsCodeWidget,
  documentPhotos: DocumentPhotosWidget,
  richText: RichTextWidget,
  singlePhoto: SinglePhotoWidget,
  dateTime: DateTimeWidget,
  choices: ChoicesWidget,
  placeSelect: PlaceSelectWidget,
  callChoices: CallChoicesWidget,
  editorPlace: EditorPlaceWidget,
  documents: DocumentFilesWidget,
};
