import { AREA_UNITS, PRICE_UNITS } from '../../../machines/units.js';

/** `12.5 亩`; an unknown unit number shows the bare quantity rather than a made-up unit. */
export function quantityText(area: number | null | undefined, unit: number | undefined): string {
  if (area === null || area === undefined) return '';
  const name = unit === undefined ? '' : (AREA_UNITS[unit] ?? '');
  return name ? `${formatNumber(area)} ${name}` : formatNumber(area);
}

/** A price with its price unit, `元` when the unit is unknown: `1,200.00 元/亩/年`. */
export function priceText(amount: number | null | undefined, priceUnit: number | undefined): string {
  if (amount === null || amount === undefined) return '面议';
  return `${formatMoney(amount)} ${(priceUnit !== undefined && PRICE_UNITS[priceUnit]) || '元'}`;
}

/**
 * `digits` decimals, rounded half away from zero on the number's shortest decimal form (as Intl.NumberFormat
 * rounds: 2.675 → 2.68, where toFixed's binary rounding gives 2.67), with thousands separators. Written out
 * rather than Intl.NumberFormat: making the first zh-CN formatter loads the locale's number data, ~11 ms of a home's
 * first render at normal speed (45 ms at a quarter of it) before the first project card could draw.
 */
function decimalText(value: number, digits: number, keepZeros: boolean): string {
  const magnitude = Math.abs(value);
  // From 1e21 (and NaN, Infinity) the shortest form is exponential: left to Intl, which no card reaches.
  if (!(magnitude < 1e21))
    return new Intl.NumberFormat('zh-CN', { minimumFractionDigits: keepZeros ? digits : 0, maximumFractionDigits: digits }).format(value);
  // Below 1e-6 the shortest form is exponential too, and rounds to 0 at two decimals.
  const [integer = '0', decimals = ''] = (magnitude < 1e-6 ? '0' : String(magnitude)).split('.');
  const units = BigInt(integer + decimals.slice(0, digits).padEnd(digits, '0')) + (decimals.charCodeAt(digits) >= 53 /* '5' */ ? 1n : 0n);
  const text = units.toString().padStart(digits + 1, '0');
  const whole = text.slice(0, text.length - digits);
  let fraction = text.slice(text.length - digits);
  if (!keepZeros) fraction = fraction.replace(/0+$/, '');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, ',')}${fraction ? `.${fraction}` : ''}`;
}

/** Money in yuan with two decimals and thousands separators: `1,200.00`. */
export function formatMoney(amount: number): string {
  return decimalText(amount, 2, true);
}

/** A quantity with at most two decimals, without trailing zeros: 12.50 → 12.5. */
export function formatNumber(value: number): string {
  return decimalText(value, 2, false);
}
