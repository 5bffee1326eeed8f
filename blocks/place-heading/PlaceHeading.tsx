import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useApiClient, useSession } from '../../engine/react/PortalClientProvider.js';
import { useRegion, useRouteQuery } from '../../engine/react/RegionProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { PlaceHeadingProps } from '../../schemas/types/blocks.js';
import { rowsOf, withQuery } from '../_parts/data.js';
import type { PlaceLink } from '../_parts/place-window.js';
import './place-heading.css';

type Place = Required<Omit<PlaceLink, 'deptId' | 'parentId'>> & { deptId: number; parentId: number; level: number };

/** The place and its ancestors inside the region's tree, root first. */
function pathTo(places: Place[], deptId: number): Place[] {
  const byId = new Map(places.map((p) => [p.deptId, p]));
  const out: Place[] = [];
  for (let p = byId.get(deptId); p && out.length < 10; p = byId.get(p.parentId)) out.unshift(p);
  return out;
}

/**
 * The heading of a place's own page (the window the area menu, the town list, the region picker and the town map
 * open): the place's name as the page's h1, where it lies in the region (当前位置), and the way back to the region.
 * The place comes from the address (deptId), checked against the region's tree (its data); the window's calls are
 * then scoped to it. A place outside the region or in notGoCityList is refused with a way to choose another.
 */
export default function PlaceHeading({ props, data }: BlockComponentProps<PlaceHeadingProps>) {
  const region = useRegion();
  const query = useRouteQuery();
  const session = useSession();
  const { session: store } = useApiClient();
  const navigate = useNavigate();
  const places = rowsOf<Place>(data);
  const wanted = Number(query.deptId ?? session.deptId ?? region.deptId);
  const notGo = new Set((region.notGoCityList ?? []).map(String));
  const trail = pathTo(places, wanted);
  const place = trail.at(-1);
  const open = place && !notGo.has(place.deptName) && !notGo.has(String(place.deptId)) ? place : undefined;

  // The window is scoped to the place it shows (its name checked here, not taken from the address).
  useEffect(() => {
    if (open && (store.deptId !== String(open.deptId) || store.deptName !== open.deptName)) {
      store.setDept({ deptId: open.deptId, deptName: open.deptName, deptCode: open.deptCode });
    }
  }, [open, store]);

  const toRegion = (event: React.MouseEvent) => {
    event.preventDefault();
    store.setDept({ deptId: region.deptId, deptName: region.cityName, deptCode: region.deptCode });
    navigate('/');
  };
  const regionHome = (
    <a href="#/" onClick={toRegion}>
      {region.cityName}
    </a>
  );

  if (!open) {
    return (
      <div className="tm-place">
        <h1 className="tm-place__name">{props.missingTitle ?? '未找到该地区'}</h1>
        <p className="tm-place__note">{props.missingText ?? '该地区不在本平台服务范围内或暂未开通，请重新选择地区。'}</p>
        <p className="tm-place__actions">
          <Link to={props.pickerRoute ?? '/szqy'}>选择地区</Link>
          <a href="#/" onClick={toRegion}>
            返回{region.cityName}首页
          </a>
        </p>
      </div>
    );
  }
  const ancestors = trail.slice(0, -1);
  return (
    <div className="tm-place">
      <nav className="tm-place__trail" aria-label="当前位置">
        当前位置：
        <ol>
          {ancestors.map((p) => (
            <li key={p.deptId}>
              {p.deptId === region.deptId ? (
                regionHome
              ) : (
                <Link to={withQuery(props.placeRoute ?? '/szqy/detail', { deptId: p.deptId, dm: p.deptCode, deptName: p.deptName })}>{p.deptName}</Link>
              )}
            </li>
          ))}
          <li aria-current="page">{open.deptName}</li>
        </ol>
      </nav>
      <h1 className="tm-place__name">{open.deptName}</h1>
      <p className="tm-place__note">{(props.subtitle ?? '{place}农村产权交易信息：本地新闻动态、公示公告和交易项目').replace('{place}', open.deptName)}</p>
      <p className="tm-place__actions">
        <a href="#/" onClick={toRegion}>
          返回{region.cityName}首页
        </a>
        <Link to={props.pickerRoute ?? '/szqy'}>切换地区</Link>
      </p>
    </div>
  );
}
