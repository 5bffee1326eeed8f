/**
 * The paths a stored file may have, and so the only ones a request under an image prefix can name: relative,
 * `/`-separated, no empty segment and none that starts with a dot (no `..`, no hidden files), no backslash and no
 * control character. Anything else is answered 404 without asking the database.
 */
const MAX_PATH_LENGTH = 500;
const FORBIDDEN = /[\\\u0000-\u001f\u007f]/;

export function isStoredFilePath(candidate: string): boolean {
  if (candidate.length === 0 || candidate.length > MAX_PATH_LENGTH || FORBIDDEN.test(candidate)) return false;
  return candidate.split('/').every((segment) => segment.length > 0 && !segment.startsWith('.'));
}
