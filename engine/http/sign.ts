import MD5 from 'crypto-js/md5';

/**
 * What the `sign` header hashes (spec §7): `deptId + timeStamp + key`. The one definition of the formula; the
 * browser hashes it with crypto-js below, the server with node's own MD5 (its hot path: every signed call).
 */
export const signText = (deptId: string | number, timeStamp: string | number, key: string): string => `${deptId}${timeStamp}${key}`;

/** What a form call's `signature` field hashes: `secret + random + timestamp`. */
export const formSignatureText = (secret: string, random: string, timestamp: string | number): string => `${secret}${random}${timestamp}`;

/**
 * The `sign` header of an `/api/` call: lowercase hex MD5 of {@link signText}.
 *
 * @example
 * headers.sign = signFor(330127, Date.now(), SIGN_KEY);
 */
export function signFor(deptId: string | number, timeStamp: string | number, key: string): string {
  return MD5(signText(deptId, timeStamp, key)).toString();
}

/** The `signature` field of a form-encoded `api/index/{name}` call: lowercase hex MD5 of {@link formSignatureText}. */
export function formSignatureFor(secret: string, random: string, timestamp: string | number): string {
  return MD5(formSignatureText(secret, random, timestamp)).toString();
}

/** A random token for the form call's `random` field; the server accepts each value once. */
export function randomToken(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
