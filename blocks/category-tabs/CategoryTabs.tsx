import { Link } from 'react-router-dom';
import { useRouteQuery } from '../../engine/react/RegionProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { CategoryTabsProps } from '../../schemas/types/blocks.js';
import { rowsOf, withQuery } from '../_parts/data.js';
import './category-tabs.css';

interface Category {
  value: string;
  label: string;
  count?: number;
}

/**
 * Links to one list per category (productCategories): tabs over the list, the current category (from the query)
 * marked with aria-current, or tiles with the count on an entry page. 全部 first.
 */
export default function CategoryTabs({ props, data }: BlockComponentProps<CategoryTabsProps, Category[]>) {
  const query = useRouteQuery();
  const param = props.param ?? 'category';
  const current = query[param] ?? '';
  const variant = props.variant ?? 'tabs';
  const categories = rowsOf<Category>(data);
  const total = categories.reduce((sum, c) => sum + (c.count ?? 0), 0);
  const entries = [{ value: '', label: props.allLabel ?? '全部', count: total }, ...categories];
  return (
    <nav className={`tm-ctabs tm-ctabs--${variant}`} aria-label={props.label ?? '商品分类'}>
      <ul>
        {entries.map((c) => {
          const isCurrent = variant === 'tabs' && c.value === current;
          return (
            <li key={c.value || 'all'}>
              <Link
                to={withQuery(props.route, { [param]: c.value || undefined })}
                aria-current={isCurrent ? 'page' : undefined}
                className={isCurrent ? 'is-current' : undefined}
              >
                <span className="tm-ctabs__label">{c.label}</span>
                {c.count !== undefined && <span className="tm-ctabs__count">{variant === 'tiles' ? `${c.count} 件商品` : `（${c.count}）`}</span>}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
