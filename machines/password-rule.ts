/** Spec §5, the new-password hint, copied exactly: the dialog shows it under the field, the server answers it (400). */
export const PASSWORD_HINT = '密码中必须包含大小写字母、数字、特殊字符,长度在8到20位之间。';

/**
 * Spec §5's new-password rule, one rule for the browser and the server: 8 to 20 characters with a digit, an
 * upper-case letter, a lower-case letter and a special character. "Special" is any visible character that is not an
 * ASCII letter or digit; whitespace is refused, since a password that differs from what the user sees by a trailing
 * space is a support call waiting to happen. Returns the hint when the rule is broken, else `undefined`.
 *
 * @example
 * passwordProblem('Tianmu@2024') // → undefined
 * passwordProblem('tianmu2024')  // → PASSWORD_HINT
 */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  const ok =
    length >= 8 &&
    length <= 20 &&
    !/\s/.test(password) &&
    /\d/.test(password) &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[^A-Za-z0-9]/.test(password);
  return ok ? undefined : PASSWORD_HINT;
}
