import { customizeValidator } from '@rjsf/validator-ajv8';
import { FORM_AJV_OPTIONS, formLocalizer } from './validation.js';

/**
 * The form validator that compiles schemas at run time (ajv, `new Function`). Not for the browser: the portal's CSP
 * refuses eval and the forms use their precompiled validators. Tests use it to show both give the same messages.
 */
export const runtimeFormValidator = customizeValidator(FORM_AJV_OPTIONS, formLocalizer);
