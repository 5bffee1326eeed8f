import type { RegistryWidgetsType } from '@rjsf/utils';
import { DocumentPhotosWidget } from './DocumentPhotosWidget.js';
import { SmsCodeWidget } from './SmsCodeWidget.js';

/** Widgets a form's `ui` may name beyond rjsf's own (text, password, textarea…). */
export const formWidgets: RegistryWidgetsType = {
  smsCode: SmsCodeWidget,
  documentPhotos: DocumentPhotosWidget,
};
