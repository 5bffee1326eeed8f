import { useLocation, useNavigate } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { LoanProductsProps } from '../../schemas/types/blocks.js';
import { FilterDropdown } from '../_parts/FilterDropdown.js';
import { LoanProductCard } from '../_parts/LoanProductCard.js';
import { RouteLink } from '../_parts/RouteLink.js';
import { choiceOf, LOAN_FILTERS, matchesFilters } from './filters.js';
import './loan-products.css';
import { safeUrl } from '../_parts/url-policy.js';

/**
 * A bank's (or a city's) loan products from the region's YAML, with the three loan filters — amount (DKED), term
 * (DKQX), type (DKLX) — as drop-downs whose choice lives in the route query. Optionally the bank's introduction and
 * its other banks' tiles above.
 */
export default function LoanProducts({ props, blockId }: BlockComponentProps<LoanProductsProps>) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const query = new URLSearchParams(search);
  const choice = choiceOf(query);
  const products = props.products.filter((p) => matchesFilters(p, choice));
  const filtered = Object.keys(choice).length > 0;

  const set = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    const text = next.toString();
    navigate(`${pathname}${text ? `?${text}` : ''}`, { replace: true });
  };

  return (
    <div className="tm-loans">
      {props.bank && (
        <div className="tm-loans__bank">
          {safeUrl(props.bank.logo) && <img src={safeUrl(props.bank.logo)} alt="" aria-hidden="true" />}
          <div>
            <h3 className="tm-loans__bankname">{props.bank.name}</h3>
            {props.bank.intro && <p className="tm-loans__intro">{props.bank.intro}</p>}
            {props.bank.contact && <p className="tm-loans__contact">{props.bank.contact}</p>}
          </div>
        </div>
      )}
      {props.links && props.links.length > 0 && (
        <nav className="tm-loans__links" aria-label={props.linksLabel ?? '合作银行'}>
          <ul>
            {props.links.map((l) => (
              <li key={l.text}>
                <RouteLink to={l.href}>{l.text}</RouteLink>
              </li>
            ))}
          </ul>
        </nav>
      )}
      {props.filters !== false && (
        <div className="tm-loans__filters" role="group" aria-label="筛选贷款产品">
          {LOAN_FILTERS.map((f) => (
            <FilterDropdown
              key={f.key}
              id={`${blockId}-${f.key}`}
              label={f.label}
              options={f.options}
              value={choice[f.key]}
              onChange={(value) => set(f.key, value)}
            />
          ))}
        </div>
      )}
      <p className="tm-loans__count" aria-live="polite">
        {filtered ? `符合条件的贷款产品 ${products.length} 个` : `共 ${products.length} 个贷款产品`}
      </p>
      {products.length > 0 ? (
        <ul className="tm-loans__list">
          {products.map((p) => (
            <li key={`${p.bank ?? ''}${p.title}`}>
              <LoanProductCard product={p} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="tm-status">{props.emptyText ?? '暂无符合条件的贷款产品'}</p>
      )}
    </div>
  );
}
