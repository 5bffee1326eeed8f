/**
 * The loan filters (spec §3): amount DKED, term DKQX, type DKLX. Each lives in the route query under its own name
 * (`?DKED=2&DKQX=12&DKLX=3`), so back/forward, reload and a shared address keep the choice.
 */

export interface FilterOption {
  /** The query value. */
  value: string;
  label: string;
}

export interface LoanFilter {
  /** Query parameter name. */
  key: 'DKED' | 'DKQX' | 'DKLX';
  label: string;
  options: FilterOption[];
}

/** Amount brackets in 万元, half-open [from, to): 1万以下, 1-10万, 10-20万, 20-30万, 30万以上. */
const AMOUNT_BRACKETS: Array<{ value: string; label: string; from: number; to: number }> = [
  { value: '1', label: '1万以下', from: 0, to: 1 },
  { value: '2', label: '1-10万', from: 1, to: 10 },
  { value: '3', label: '10-20万', from: 10, to: 20 },
  { value: '4', label: '20-30万', from: 20, to: 30 },
  { value: '5', label: '30万以上', from: 30, to: Number.POSITIVE_INFINITY },
];

/** Longest term asked for, in months. */
const TERMS = [3, 6, 12, 24, 36];

export const LOAN_TYPES = ['信用', '担保', '抵押', '保证', '质押'] as const;

export const LOAN_FILTERS: LoanFilter[] = [
  { key: 'DKED', label: '贷款额度', options: AMOUNT_BRACKETS.map(({ value, label }) => ({ value, label })) },
  { key: 'DKQX', label: '贷款期限', options: TERMS.map((m) => ({ value: String(m), label: `${m}个月及以下` })) },
  { key: 'DKLX', label: '贷款类型', options: LOAN_TYPES.map((t, i) => ({ value: String(i + 1), label: t })) },
];

/** What a product must say about itself to be filtered: its amount range (万元), term range (months), types. */
export interface FilterableProduct {
  amountMin: number;
  amountMax: number;
  termMin: number;
  termMax: number;
  loanTypes: string[];
}

export type FilterChoice = Partial<Record<LoanFilter['key'], string>>;

/**
 * Whether a product fits the chosen filters: its amount range meets the bracket, it can be had for the chosen term
 * or less, and it is of the chosen type. An unknown value (a hand-edited address) filters nothing.
 */
export function matchesFilters(product: FilterableProduct, choice: FilterChoice): boolean {
  const bracket = AMOUNT_BRACKETS.find((b) => b.value === choice.DKED);
  if (bracket && !(product.amountMin < bracket.to && product.amountMax >= bracket.from)) return false;
  const term = TERMS.find((m) => String(m) === choice.DKQX);
  if (term !== undefined && product.termMin > term) return false;
  const type = LOAN_TYPES[Number(choice.DKLX) - 1];
  if (choice.DKLX && type && !product.loanTypes.includes(type)) return false;
  return true;
}

/** The filter choice in a route query. */
export function choiceOf(query: URLSearchParams): FilterChoice {
  const choice: FilterChoice = {};
  for (const f of LOAN_FILTERS) {
    const v = query.get(f.key);
    if (v && f.options.some((o) => o.value === v)) choice[f.key] = v;
  }
  return choice;
}
