import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import type { BlockEntry } from '../../schemas/types/region.js';
import { useRegion } from './RegionProvider.js';
import { useSessionActor, useSessionState } from './SessionProvider.js';
import './console-frame.css';

/**
 * The staff console's frame, in place of the portal's header and footer: a top bar (the platform's title and 后台管理,
 * the account's place, name and role, 修改密码, 退出登录, and the portal one click away) and, for a staff or
 * administrator account past its one-time password, a sidebar drawing `sidebar` (the region's layout.consoleSidebar).
 * On a narrow screen the sidebar folds behind a 菜单 button. `main` is the page's landmark, given by the shell.
 */
export function ConsoleFrame({ sidebar, main }: { sidebar: (entries: readonly BlockEntry[] | undefined) => ReactNode; main: ReactNode }) {
  const region = useRegion();
  const { user } = useSessionState();
  const sessionActor = useSessionActor();
  const { pathname } = useLocation();
  const menuId = useId();
  const [menuOpen, setMenuOpen] = useState(false);
  // A page chosen from the folded menu closes it.
  useEffect(() => setMenuOpen(false), [pathname]);
  const staff = user !== null && (user.role === 'staff' || user.role === 'admin');
  const withSidebar = staff && !user.mustChangePassword && Boolean(region.layout?.consoleSidebar?.length);
  const title = region.homeTitle?.trim() || `${region.cityName ?? ''}农村产权交易平台`;
  return (
    <div className={`tm-console${withSidebar ? '' : ' tm-console--bare'}`}>
      <header className="tm-console__top">
        {withSidebar ? (
          <button type="button" className="tm-console__menu" aria-expanded={menuOpen} aria-controls={menuId} onClick={() => setMenuOpen((open) => !open)}>
            菜单
          </button>
        ) : null}
        <p className="tm-console__brand">
          <span className="tm-console__title">{title}</span>
          <span className="tm-console__subtitle">后台管理</span>
        </p>
        <nav className="tm-console__account" aria-label="账号与门户">
          {staff ? (
            <p className="tm-console__who">
              {user.placeName ? <span className="tm-console__place">{user.placeName}</span> : null}
              <span className="tm-console__name">{user.name}</span>
              {user.staffRoleName ? <span className="tm-console__role">（{user.staffRoleName}）</span> : null}
            </p>
          ) : null}
          <ul>
            <li>
              <Link to="/">返回门户首页</Link>
            </li>
            {user ? (
              <>
                <li>
                  <Link to="/personal?tab=password">修改密码</Link>
                </li>
                <li>
                  <button type="button" onClick={() => sessionActor.send({ type: 'LOGOUT' })}>
                    退出登录
                  </button>
                </li>
              </>
            ) : null}
          </ul>
        </nav>
      </header>
      <div className="tm-console__body">
        {withSidebar ? (
          <aside id={menuId} className={`tm-console__sidebar${menuOpen ? ' tm-console__sidebar--open' : ''}`} aria-label="后台菜单">
            {sidebar(region.layout?.consoleSidebar)}
          </aside>
        ) : null}
        <div className="tm-console__content">{main}</div>
      </div>
    </div>
  );
}
