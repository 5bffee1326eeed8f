import type { RegistryWidgetsType } from '@rjsf/utils';

/** Widgets a form's `ui` may name beyond rjsf's own (text, password, textarea…). */
export const formWidgets: RegistryWidgetsType = {};
