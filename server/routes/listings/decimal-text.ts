/** A numeric(…, 2) column's exact text with exactly two decimals ("12345.5" → "12345.50"), without float rounding. */
export function twoDecimals(value: string | number): string {
  const text = String(value);
  const negative = text.startsWith('-');
  const [whole, fraction = ''] = (negative ? text.slice(1) : text).split('.');
  return `${negative ? '-' : ''}${whole || '0'}.${fraction.padEnd(2, '0').slice(0, 2)}`;
}
