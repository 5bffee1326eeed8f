import { describe, expect, it } from 'vitest';
import { formatMoney, formatNumber, priceText, quantityText } from '../../../blocks/_parts/project-card/units.js';

// The card's numbers are written out without Intl.NumberFormat (its first zh-CN formatter costs a first render
// ~11 ms); they must read exactly as Intl's would.
const MONEY = new Intl.NumberFormat('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const QUANTITY = new Intl.NumberFormat('zh-CN', { maximumFractionDigits: 2 });

/** Deterministic values of every shape a listing has: whole yuan, fen, halves to round, huge and tiny, signed. */
function values(): number[] {
  let seed = 17;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const out = [
    0,
    -0,
    1,
    -1,
    0.5,
    0.005,
    0.015,
    0.125,
    1.005,
    2.675,
    1.255,
    999.995,
    999_999.995,
    1234.5,
    12_345_678.905,
    1e14 + 0.25,
    99_999_999_999_999,
    NaN,
    Infinity,
    -Infinity,
    1e15,
    1e21,
  ];
  for (let i = 0; i < 3000; i++) {
    const scale = 10 ** Math.floor(random() * 10);
    const decimals = Math.floor(random() * 5);
    const value = Math.round(random() * scale * 10 ** decimals) / 10 ** decimals;
    out.push(random() < 0.1 ? -value : value, value + 0.005, Math.round(value * 1000 + 5) / 1000);
  }
  return out;
}

describe('a project card’s numbers', () => {
  it('money reads as Intl’s zh-CN with two decimals, thousands separated, halves rounded away from zero', () => {
    expect(formatMoney(1200)).toBe('1,200.00');
    expect(formatMoney(2.675)).toBe('2.68');
    for (const value of values()) expect([value, formatMoney(value)]).toEqual([value, MONEY.format(value)]);
  });

  it('quantities read as Intl’s zh-CN, at most two decimals and no trailing zeros', () => {
    expect(formatNumber(12.5)).toBe('12.5');
    expect(formatNumber(1234567)).toBe('1,234,567');
    for (const value of values()) expect([value, formatNumber(value)]).toEqual([value, QUANTITY.format(value)]);
  });

  it('with their units; no price is 面议, an unknown unit is left out', () => {
    expect(priceText(1200, 1)).toBe('1,200.00 元/亩/年');
    expect(priceText(null, 1)).toBe('面议');
    expect(quantityText(12.5, 1)).toBe('12.5 亩');
    expect(quantityText(3, 99)).toBe('3');
  });
});
