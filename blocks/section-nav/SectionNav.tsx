import { Link, useLocation } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { SectionNavProps } from '../../schemas/types/blocks.js';
import { useSessionState } from '../../engine/react/SessionProvider.js';
import { ABOUT_SECTION, CONSOLE_SECTION } from './items.js';
import './section-nav.css';

export { ABOUT_SECTION, CONSOLE_SECTION };

type Item = NonNullable<SectionNavProps['items']>[number];

/** The item whose route is the longest prefix of the path (at a `/`), so /aboutUs/select/detail stays under 政策查询. */
export function currentItem(items: NonNullable<SectionNavProps['items']>, pathname: string): number {
  let best = -1;
  items.forEach((item, i) => {
    const route = item.route.split('?')[0];
    const under = pathname === route || pathname.startsWith(route.endsWith('/') ? route : `${route}/`);
    if (under && (best < 0 || route.length > items[best].route.split('?')[0].length)) best = i;
  });
  return best;
}

/** Whether the signed-in account is offered an item: its role (administrator pages) and its pages (a staff role's). */
export function offered(item: Item, user: { role?: string; permissions?: readonly string[] } | null | undefined): boolean {
  if (item.roles && !(user?.role !== undefined && item.roles.includes(user.role as never))) return false;
  if (item.permission && !user?.permissions?.includes(item.permission)) return false;
  return true;
}

/** A section's own navigation: its pages as tabs under the main nav, or as the console frame's sidebar; the one shown marked. */
export default function SectionNav({ props, blockId }: BlockComponentProps<SectionNavProps>) {
  const { pathname } = useLocation();
  const { user } = useSessionState();
  const items = (props.items ?? (props.preset === 'console' ? CONSOLE_SECTION : ABOUT_SECTION)).filter((item) => offered(item, user));
  const current = currentItem(items, pathname);
  const labelId = `${blockId}-label`;
  const sidebar = props.variant === 'sidebar';
  return (
    <nav className={sidebar ? 'tm-section-nav tm-section-nav--sidebar' : 'tm-section-nav'} aria-labelledby={labelId}>
      <span id={labelId} className={props.showLabel ? 'tm-section-nav__label' : 'tm-visually-hidden'}>
        {props.label ?? (props.preset === 'console' ? '工作人员后台' : '关于我们')}
      </span>
      <ul>
        {items.map((item, i) => (
          <li key={item.route}>
            <Link to={item.route} aria-current={i === current ? 'page' : undefined}>
              {item.text}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
