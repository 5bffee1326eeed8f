import { Link, NavLink, useLocation } from 'react-router-dom';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { MainNavProps } from '../../schemas/types/blocks.js';
import type { Place } from '../../schemas/types/api.js';
import { SourceContent } from '../../engine/react/SourceContent.js';
import { useFlags, useRegion, useRouteQuery } from '../../engine/react/RegionProvider.js';
import { useSession } from '../../engine/react/PortalClientProvider.js';
import { evaluateCondition, type Condition } from '../../engine/region/condition.js';
import { withQuery } from '../_parts/data.js';
import { placeWindowHref } from '../_parts/place-window.js';
import { Disclosure } from './Disclosure.js';
import { AREA_SOURCE, PROJECT_TYPE_OF_TAB } from './sources.js';
import { categoriesSource } from '../_parts/shared-sources.js';
import './main-nav.css';
import { ExternalLink } from '../_parts/ExternalLink.js';

interface Tab {
  name: string;
  router?: string;
  href?: string;
  type?: string;
  andCity?: boolean;
  when?: Condition;
}

function AreaMenu({ maxLevel, notGo }: { maxLevel?: number; notGo: ReadonlySet<string> }) {
  return (
    <SourceContent<Place[]> source={AREA_SOURCE}>
      {(places) => {
        // The tenant root comes first; a city root lists down to counties (3), a county root down to towns (4).
        const [root, ...rest] = places;
        const limit = maxLevel ?? (root && root.level <= 2 ? 3 : 4);
        return (
          <ul className="tm-nav__places">
            {rest
              .filter((p) => p.level <= limit)
              .map((place) => (
                <li key={place.deptId}>
                  {place.level >= 3 && !notGo.has(place.deptName) && !notGo.has(String(place.deptId)) ? (
                    <ExternalLink href={placeWindowHref(place)}>{place.deptName}</ExternalLink>
                  ) : (
                    <span>{place.deptName}</span>
                  )}
                </li>
              ))}
          </ul>
        );
      }}
    </SourceContent>
  );
}

/**
 * A type's categories, after a link to the tab's own page (all its projects): the tab is a menu button, so without
 * that link its page could not be opened from the nav at all — by keyboard or mouse.
 */
function CategoryMenu({ type, projectRoute, all }: { type: number; projectRoute: string; all: { label: string; to: string } }) {
  return (
    <SourceContent<Array<{ code: string; name: string }>> source={categoriesSource(type)}>
      {(categories) => (
        <ul className="tm-nav__cats">
          <li className="tm-nav__all">
            <Link to={all.to}>{all.label}</Link>
          </li>
          {categories.map((c) => (
            <li key={c.code}>
              <NavLink to={withQuery(projectRoute, { idx: type, number: c.code })}>{c.name}</NavLink>
            </li>
          ))}
        </ul>
      )}
    </SourceContent>
  );
}

/**
 * The main navigation from the region's `tabList`: routes, outside links (new window; `andCity` adds the region's
 * code), the area drop-down of places and the supply / demand / tender category drop-downs.
 */
export default function MainNav({ props, blockId }: BlockComponentProps<MainNavProps>) {
  const region = useRegion();
  const { pathname, search } = useLocation();
  // The trading screen's type tab (idx, property trade by default) says which of the three type menus is current.
  const listedType = pathname === (props.projectRoute ?? '/tradingProject') ? Number(new URLSearchParams(search).get('idx')) || 2 : null;
  const flags = useFlags();
  const query = useRouteQuery();
  const session = useSession();
  const context = { flags, region: region as unknown as Record<string, unknown>, query, session: { loggedIn: session.loggedIn } };
  // A tab to a page of this region whose `when` fails (e.g. asset attraction under notshowZCZSCity) is not offered:
  // the page has no route, so the tab would be a dead end.
  const pageOff = (router: string | undefined) => {
    const path = router?.split('?')[0];
    const page = path ? Object.values(region.pages ?? {}).find((p) => p.route === path) : undefined;
    return Boolean(page?.when && !evaluateCondition(page.when as never, context as never));
  };
  // A tab with `when` shows only while it holds (金融服务 goes with flags.notHaveJRFW, as its pages do).
  const tabs = ((region.tabList ?? []) as Tab[]).filter(
    (tab) => (!tab.when || evaluateCondition(tab.when, context)) && !(tab.router && !tab.type && pageOff(tab.router)),
  );
  const notGo = new Set((region.notGoCityList ?? []).map(String));
  const projectRoute = props.projectRoute ?? '/tradingProject';

  return (
    <nav className="tm-nav" aria-label="主导航">
      <ul className="tm-nav__list">
        {tabs.map((tab, i) => {
          const id = `${blockId}-menu-${i}`;
          if (tab.type === 'area' && props.areaDropdown !== false) {
            return (
              <Disclosure key={tab.name} label={tab.name} id={id}>
                {() => <AreaMenu maxLevel={props.maxPlaceLevel} notGo={notGo} />}
              </Disclosure>
            );
          }
          const projectType = tab.type ? PROJECT_TYPE_OF_TAB[tab.type] : undefined;
          if (projectType !== undefined) {
            return (
              <Disclosure key={tab.name} label={tab.name} id={id} active={listedType === projectType}>
                {() => (
                  <CategoryMenu
                    type={projectType}
                    projectRoute={projectRoute}
                    all={{ label: `全部${tab.name}`, to: tab.router ?? withQuery(projectRoute, { idx: projectType }) }}
                  />
                )}
              </Disclosure>
            );
          }
          if (tab.href) {
            const href = tab.andCity ? withQuery(tab.href, { dm: region.deptCode }) : tab.href;
            // An address outside the URL policy is no link: the tab's name stays as text.
            return (
              <li key={tab.name} className="tm-nav__item">
                <ExternalLink className="tm-nav__link" href={href}>
                  {tab.name}
                </ExternalLink>
              </li>
            );
          }
          return (
            <li key={tab.name} className="tm-nav__item">
              <NavLink className="tm-nav__link" to={tab.router ?? '/'} end={(tab.router ?? '/') === '/'}>
                {tab.name}
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
