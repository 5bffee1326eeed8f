// The guards every API request passes (hooks.ts) and the checks they are made of, each in its own file.
export { registerGuards, type GuardDeps } from './hooks.js';
export { formSignatureFor, MAX_RANDOM_LENGTH, signFor } from './signatures.js';
export { scopeIds, type Tenant } from './tenant.js';
