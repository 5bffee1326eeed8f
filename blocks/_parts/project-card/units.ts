/** Unit dictionary 1–18 (spec §3): what `area`/`areaUnit` (or `unit`) count. */
export const AREA_UNITS: Readonly<Record<number, string>> = {
  1: '亩',
  2: '平方米',
  3: '公顷',
  4: '个',
  5: '立方米',
  6: '株',
  7: '斤',
  8: '千克',
  9: '辆',
  10: '米',
  11: '件',
  12: '眼',
  13: '口',
  14: '套',
  15: '间',
  16: '棵',
  17: '头',
  18: '座',
};

/** Price unit dictionary 1–5 (spec §3). */
export const PRICE_UNITS: Readonly<Record<number, string>> = {
  1: '元/亩/年',
  2: '元/年',
  3: '元',
  4: '元/亩',
  5: '元/平方米/年',
};

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

// One formatter each, made once: toLocaleString with options builds a new one per call (a profile of a home with
// a dozen project cards: ~8 ms of its first render at normal speed).
const MONEY = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const QUANTITY = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** Money in yuan with two decimals and thousands separators. */
export function formatMoney(amount: number): string {
  return MONEY.format(amount);
}

/** A quantity without trailing zeros: 12.50 → 12.5. */
export function formatNumber(value: number): string {
  return QUANTITY.format(value);
}
