import type { RecordCardsProps } from '../../schemas/types/blocks.js';
import { isAllowedUrl } from '../_parts/url-policy.js';
import { dateOf } from '../_parts/data.js';
import { formatMoney, formatNumber } from '../_parts/project-card/units.js';

/** One labelled value of a record as cards and details show it: the `facts` prop of record-cards / record-detail. */
export type FactSpec = RecordCardsProps['facts'][number];

export type Row = Record<string, unknown>;

/** 2500000 → 250.00万元, 9800 → 9,800.00元. */
export function moneyText(yuan: number): string {
  return Math.abs(yuan) >= 10000 ? `${formatMoney(yuan / 10000)}万元` : `${formatMoney(yuan)}元`;
}

/** The text of one fact of a row, or '' when the row has no value for it. */
export function factText(row: Row, fact: FactSpec): string {
  const value = row[fact.key];
  if (value === undefined || value === null || value === '') return '';
  const unit = fact.unitKey && typeof row[fact.unitKey] === 'string' ? (row[fact.unitKey] as string) : '';
  const n = typeof value === 'number' ? value : Number(value);
  switch (fact.format) {
    case 'date':
      return dateOf(value);
    case 'money':
      return Number.isFinite(n) ? (n === 0 && fact.zeroText ? fact.zeroText : moneyText(n)) : String(value);
    case 'price':
      return Number.isFinite(n) ? `${formatMoney(n)}元${unit ? `/${unit}` : ''}` : String(value);
    case 'count':
      if (!Number.isFinite(n)) return String(value);
      return n === 0 && fact.zeroText ? fact.zeroText : `${formatNumber(n)}${unit ? ` ${unit}` : ''}`;
    default:
      return String(value);
  }
}

/** The first non-empty text among `keys` of a row. */
export function firstText(row: Row, keys: readonly string[]): string {
  for (const key of keys) {
    const value = row[key];
    if (typeof value === 'string' && value.trim()) return value;
  }
  return '';
}

/**
 * Picture addresses of a row (imgList, imgs[].src, coverImg), keeping only http(s) and same-origin paths: an address
 * from the database never becomes a `javascript:` or `data:` source.
 */
export function imagesOf(row: Row): string[] {
  const out: string[] = [];
  const add = (v: unknown) => {
    if (isAllowedUrl(v)) out.push(v);
  };
  if (Array.isArray(row.imgList)) row.imgList.forEach(add);
  if (Array.isArray(row.imgs)) row.imgs.forEach((i) => add((i as Row | null)?.src));
  add(row.coverImg);
  return out;
}
