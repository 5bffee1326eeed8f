import type { FinancePanelProps, LoanProductsProps } from '../../schemas/types/blocks.js';
import './loan-product.css';
import { RouteLink } from './RouteLink.js';
import { safeUrl } from './url-policy.js';

/**
 * A loan product as regions write it (static, spec §3): the finance panel's fields, and on the loan product lists also
 * the lending bank and loan types. Derived from the two blocks' props schemas, so the card takes either.
 */
export type LoanProduct = FinancePanelProps['products'][number] & Partial<Pick<LoanProductsProps['products'][number], 'bank' | 'loanTypes'>>;

/** One loan product: its name (a link to its page when it has one), picture, rate, term and limit. */
export function LoanProductCard({ product, className = 'tm-loan' }: { product: LoanProduct; className?: string }) {
  const image = safeUrl(product.image);
  const body = (
    <>
      {image && <img className="tm-loan__img" src={image} alt="" aria-hidden="true" loading="lazy" />}
      <span className="tm-loan__title">{product.title}</span>
      {product.bank && <span className="tm-loan__bank">{product.bank}</span>}
      <dl className="tm-loan__facts">
        <div>
          <dt>参考利率</dt>
          <dd>{product.rate}</dd>
        </div>
        <div>
          <dt>贷款期限</dt>
          <dd>{product.deadline}</dd>
        </div>
        <div>
          <dt>贷款额度</dt>
          <dd>{product.limit}</dd>
        </div>
      </dl>
      {product.loanTypes && product.loanTypes.length > 0 && (
        <span className="tm-loan__types">
          <span className="tm-visually-hidden">贷款类型：</span>
          {product.loanTypes.map((t) => (
            <span key={t} className="tm-loan__type">
              {t}
            </span>
          ))}
        </span>
      )}
    </>
  );
  return product.path ? (
    <RouteLink to={product.path} className={className}>
      {body}
    </RouteLink>
  ) : (
    <div className={className}>{body}</div>
  );
}
