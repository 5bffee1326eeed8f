import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { FinancePanelProps } from '../../schemas/types/blocks.js';
import { LoanProductCard } from '../_parts/LoanProductCard.js';
import { RouteLink } from '../_parts/RouteLink.js';
import './finance-panel.css';
import { safeUrl } from '../_parts/url-policy.js';

/** Financial services: the partner banks and their loan products (rate, term, limit). */
export default function FinancePanel({ props }: BlockComponentProps<FinancePanelProps>) {
  return (
    <div className="tm-finance">
      <h3 className="tm-finance__sub">合作银行</h3>
      <ul className="tm-finance__banks">
        {(props.banks ?? []).map((bank) => {
          const body = (
            <>
              {safeUrl(bank.logo) && <img src={safeUrl(bank.logo)} alt="" aria-hidden="true" />}
              <span>{bank.name}</span>
            </>
          );
          return (
            <li key={bank.name}>
              {bank.href ? (
                <RouteLink to={bank.href} className="tm-finance__bank">
                  {body}
                </RouteLink>
              ) : (
                <span className="tm-finance__bank">{body}</span>
              )}
            </li>
          );
        })}
      </ul>
      <h3 className="tm-finance__sub">贷款产品</h3>
      <ul className="tm-finance__products">
        {(props.products ?? []).map((p) => (
          <li key={p.title}>
            <LoanProductCard product={p} />
          </li>
        ))}
      </ul>
    </div>
  );
}
