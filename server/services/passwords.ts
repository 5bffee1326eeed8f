import { type Algorithm, hash, verify } from '@node-rs/argon2';
import { passwordProblem } from '../../machines/password-rule.js';
import { phoneProblem } from '../../machines/phone-rule.js';
import { badRequest } from '../api/errors.js';

// The login, register and reset forms check the phone with the same rule, so a number the form accepts is never
// refused here with a different text.
export { PHONE_PATTERN } from '../../machines/phone-rule.js';

/** Throws the spec's 400 hint when `password` breaks the rule (the same rule the password-reset dialog checks). */
export function assertPasswordRule(password: string): void {
  const problem = passwordProblem(password);
  if (problem) throw badRequest(problem);
}

/**
 * Phone checks with the spec's own texts: 请输入电话号码 (empty) and 请输入正确的电话号码 (bad format).
 * Returns the trimmed phone.
 */
export function checkPhone(value: unknown): string {
  const phone = typeof value === 'string' || typeof value === 'number' ? String(value).trim() : '';
  const problem = phoneProblem(phone);
  if (problem) throw badRequest(problem);
  return phone;
}

// isolatedModules forbids reading an ambient const enum, so the value of Algorithm.Argon2id is spelled out;
// the type keeps it honest.
const ARGON2ID: Algorithm = 2 as Algorithm;

/** argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane): ~80 ms on the demo machine. */
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** An argon2id PHC string for `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Whether `password` matches the stored hash; a malformed hash counts as a mismatch. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as a real verification, for a login with an unknown phone, so response times do not
 * tell which phones are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-Password-1!');
  await verifyPassword(await dummyHash, password);
  return false;
}
