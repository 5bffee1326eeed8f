/** Spec §5: a mainland mobile of 11 digits (13x, 15x except 154, 18x, 170, 171, 176, 177, 178). */
export const PHONE_PATTERN = /^1(3\d|5[0-35-9]|8\d|7[01678])\d{8}$/;

/** The spec's phone texts (§5), copied exactly. */
export const PHONE_MESSAGES = {
  missing: '请输入电话号码',
  malformed: '请输入正确的电话号码',
} as const;

/**
 * What is wrong with a typed phone, as the text the user reads; `undefined` when it is a valid mainland mobile.
 * Surrounding blanks are ignored (what the user cannot see must not refuse the number).
 *
 * @example
 * phoneProblem('')            // → '请输入电话号码'
 * phoneProblem('15400000000') // → '请输入正确的电话号码'
 * phoneProblem(' 13800000001 ') // → undefined
 */
export function phoneProblem(phone: string | null | undefined): string | undefined {
  const trimmed = (phone ?? '').trim();
  if (!trimmed) return PHONE_MESSAGES.missing;
  if (!PHONE_PATTERN.test(trimmed)) return PHONE_MESSAGES.malformed;
  return undefined;
}
