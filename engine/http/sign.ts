import MD5 from 'crypto-js/md5';

/**
 * The `sign` header of an `/api/` call: lowercase hex MD5 of `deptId + timeStamp + key` (spec §7).
 *
 * @example
 * headers.sign = signFor(330127, Date.now(), SIGN_KEY);
 */
export function signFor(deptId: string | number, timeStamp: string | number, key: string): string {
  return MD5(`${deptId}${timeStamp}${key}`).toString();
}

/** The `signature` field of a form-encoded `api/index/{name}` call: MD5 of secret + random + timestamp. */
export function formSignatureFor(secret: string, random: string, timestamp: string | number): string {
  return MD5(`${secret}${random}${timestamp}`).toString();
}

/** A random token for the form call's `random` field; the server accepts each value once. */
export function randomToken(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
