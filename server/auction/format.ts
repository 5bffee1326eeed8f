// Money is compared in whole fen: numeric(16,2) text → integer, so no binary-fraction rounding decides a bid.
export const fen = (value: string | number): number => Math.round(Number(value) * 100);
export const yuan = (f: number): number => f / 100;
const MONEY = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });
/** ¥1,200 / ¥35.5 — how refusals quote amounts. */
export const money = (amount: number): string => `¥${MONEY.format(amount)}`;

/** 张三 → 张*, 欧阳娜娜 → 欧***; an empty name shows as ***. */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (!chars.length) return '***';
  return chars[0] + '*'.repeat(Math.max(1, chars.length - 1));
}

/** A time as epoch milliseconds, null when there is none. */
export const ms = (value: Date | string | null | undefined): number | null => (value === null || value === undefined ? null : new Date(value).getTime());
