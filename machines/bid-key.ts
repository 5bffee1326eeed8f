/**
 * A bid's key: a random UUID (v4) made once per press, so the server answers a resent bid with the first answer and
 * can say later what became of it. `crypto.randomUUID` exists only on secure pages (https, localhost); a portal
 * served over plain http still has `getRandomValues`.
 */
export function newBidKey(): string {
  const c = globalThis.crypto;
  if (typeof c.randomUUID === 'function') return c.randomUUID();
  const b = c.getRandomValues(new Uint8Array(16));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
