import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { createElement, lazy, Suspense } from 'react';
import { SmsCodeWidget } from './SmsCodeWidget.js';
import { ChoicesWidget, PlaceSelectWidget } from './ChoiceWidgets.js';

/**
 * The document photos widget (uploads, the document camera) is a chunk of its own, loaded when a form shows it: of
 * the forms only property registration does, and the others' first view is spared its ~5 KB gzip.
 */
const LazyDocumentPhotos = lazy(() => import('./DocumentPhotosWidget.js').then((m) => ({ default: m.DocumentPhotosWidget })));
function DocumentPhotosWidget(props: WidgetProps) {
  return createElement(Suspense, { fallback: null }, createElement(LazyDocumentPhotos, props));
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
  choices: ChoicesWidget,
  placeSelect: PlaceSelectWidget,
};
