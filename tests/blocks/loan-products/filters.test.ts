import { describe, expect, it } from 'vitest';
import { choiceOf, LOAN_FILTERS, matchesFilters, type FilterableProduct } from '../../../blocks/loan-products/filters.js';

// The loan filters of the bank pages (spec §3): DKED amount brackets, DKQX longest term, DKLX type.
const product = (over: Partial<FilterableProduct>): FilterableProduct => ({
  amountMin: 1,
  amountMax: 50,
  termMin: 1,
  termMax: 36,
  loanTypes: ['信用'],
  ...over,
});

describe('loan filters', () => {
  it('offers the spec’s options in order', () => {
    expect(LOAN_FILTERS.map((f) => [f.key, f.label, f.options.map((o) => o.label)])).toEqual([
      ['DKED', '贷款额度', ['1万以下', '1-10万', '10-20万', '20-30万', '30万以上']],
      ['DKQX', '贷款期限', ['3个月及以下', '6个月及以下', '12个月及以下', '24个月及以下', '36个月及以下']],
      ['DKLX', '贷款类型', ['信用', '担保', '抵押', '保证', '质押']],
    ]);
  });

  it('DKED: a product fits a bracket its amount range reaches (brackets are [from, to) in 万元)', () => {
    const small = product({ amountMin: 0.5, amountMax: 5 });
    const mid = product({ amountMin: 10, amountMax: 20 });
    const big = product({ amountMin: 30, amountMax: 1000 });
    const fits = (p: FilterableProduct) => ['1', '2', '3', '4', '5'].filter((v) => matchesFilters(p, { DKED: v }));
    expect(fits(small)).toEqual(['1', '2']);
    expect(fits(mid)).toEqual(['3', '4']);
    expect(fits(big)).toEqual(['5']);
  });

  it('DKQX: a product fits "N个月及以下" when it can be had for N months or less', () => {
    expect(matchesFilters(product({ termMin: 3 }), { DKQX: '3' })).toBe(true);
    expect(matchesFilters(product({ termMin: 6 }), { DKQX: '3' })).toBe(false);
    expect(matchesFilters(product({ termMin: 6 }), { DKQX: '6' })).toBe(true);
    expect(matchesFilters(product({ termMin: 24 }), { DKQX: '12' })).toBe(false);
  });

  it('DKLX: by type; all three together; unknown values from a hand-edited address filter nothing', () => {
    const p = product({ loanTypes: ['抵押', '保证'] });
    expect(matchesFilters(p, { DKLX: '3' })).toBe(true);
    expect(matchesFilters(p, { DKLX: '4' })).toBe(true);
    expect(matchesFilters(p, { DKLX: '1' })).toBe(false);
    expect(matchesFilters(p, { DKED: '2', DKQX: '12', DKLX: '3' })).toBe(true);
    expect(matchesFilters(p, { DKED: '1', DKQX: '12', DKLX: '3' })).toBe(false);
    expect(choiceOf(new URLSearchParams('DKED=9&DKQX=5&DKLX=x&other=1'))).toEqual({});
    expect(choiceOf(new URLSearchParams('DKED=2&DKQX=36&DKLX=5'))).toEqual({ DKED: '2', DKQX: '36', DKLX: '5' });
  });
});
