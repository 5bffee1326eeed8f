import { Link, useLocation } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { QueryTabsProps } from '../../schemas/types/blocks.js';
import './query-tabs.css';

/**
 * Tabs that are links setting one route-query value (`?type=3`, `?id=1`, `?tab=ztb`): the page's other blocks pick
 * their source by that value with `when: { path: query.<param>, … }`, so reload, back/forward and shared links keep
 * the tab. Choosing a tab goes back to page 1. Without the value in the query the first tab is the current one.
 */
export default function QueryTabs({ props }: BlockComponentProps<QueryTabsProps>) {
  const { pathname, search } = useLocation();
  const query = new URLSearchParams(search);
  const current = query.get(props.param) ?? String(props.tabs[0].value);
  const href = (value: string | number) => {
    const next = new URLSearchParams(search);
    next.set(props.param, String(value));
    next.delete('page');
    return `${pathname}?${next.toString()}`;
  };
  return (
    <nav className="tm-query-tabs" aria-label={props.label}>
      <ul>
        {props.tabs.map((tab) => (
          <li key={tab.value}>
            <Link to={href(tab.value)} aria-current={String(tab.value) === current ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
