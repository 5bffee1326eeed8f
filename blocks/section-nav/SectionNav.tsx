import { Link, useLocation } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { SectionNavProps } from '../../schemas/types/blocks.js';
import { useSessionState } from '../../engine/react/SessionProvider.js';
import './section-nav.css';

/** The about section's pages, unless the YAML lists its own. */
export const ABOUT_SECTION: NonNullable<SectionNavProps['items']> = [
  { text: '关于我们', route: '/aboutUs' },
  { text: '投诉建议', route: '/aboutUs/complaints' },
  { text: '政策查询', route: '/aboutUs/select' },
  { text: '项目咨询', route: '/aboutUs/select1' },
  { text: '帮助中心', route: '/bangzhuzhongxin/detail' },
];

/** The staff console's pages; the last two are the administrator's. */
export const CONSOLE_SECTION: NonNullable<SectionNavProps['items']> = [
  { text: '工作台', route: '/admin' },
  { text: '内容管理', route: '/admin/articles' },
  { text: '项目管理', route: '/admin/projects' },
  { text: '报名审核', route: '/admin/registrations' },
  { text: '竞价监控', route: '/admin/auctions' },
  { text: '意向审核', route: '/admin/intents' },
  { text: '投诉咨询', route: '/admin/requests' },
  { text: '操作日志', route: '/admin/audit' },
  { text: '数据导入', route: '/admin/import' },
  { text: '区域管理', route: '/admin/places', roles: ['admin'] },
  { text: '工作人员', route: '/admin/staff', roles: ['admin'] },
];

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

/** A section's own navigation under the main nav: its pages as tabs, the one shown marked. */
export default function SectionNav({ props, blockId }: BlockComponentProps<SectionNavProps>) {
  const { pathname } = useLocation();
  const { user } = useSessionState();
  const items = (props.items ?? (props.preset === 'console' ? CONSOLE_SECTION : ABOUT_SECTION)).filter(
    (item) => !item.roles || (user?.role !== undefined && item.roles.includes(user.role)),
  );
  const current = currentItem(items, pathname);
  const labelId = `${blockId}-label`;
  return (
    <nav className="tm-section-nav" aria-labelledby={labelId}>
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
