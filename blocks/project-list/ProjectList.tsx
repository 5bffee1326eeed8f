import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import Button from '@douyinfe/semi-ui/lib/es/button';
import Input from '@douyinfe/semi-ui/lib/es/input';
import { useFlags, useRegion, useRouteQuery } from '../../engine/react/RegionProvider.js';
import { SourceContent } from '../../engine/react/SourceContent.js';
import { useSource } from '../../engine/react/useSource.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { BlockSource } from '../../engine/runtime/source.js';
import { documentTitle } from '../../engine/runtime/title.js';
import { allStatuses, statusTiles, toggleStatusTile, withoutPublicity } from '../../machines/project-status-rules.js';
import type { CategoriesByTypeData, ProjectListData } from '../../schemas/types/api.js';
import type { ProjectListProps } from '../../schemas/types/blocks.js';
import { ProjectCard } from '../_parts/project-card/ProjectCard.js';
import { projectDetailHref } from '../_parts/project-card/routes.js';
import { Pager } from '../_parts/Pager.js';
import { isAllowedUrl } from '../_parts/url-policy.js';
import { PlaceOptions } from '../_parts/PlaceOptions.js';
import { useRegionTowns } from '../_parts/region-towns.js';
import { RouteLink } from '../_parts/RouteLink.js';
import { areaApplies, DEFAULT_AREA_BRACKETS, filterFromQuery, listRequest, queryWith, type ProjectType } from './filters.js';
import './project-list.css';

const DEFAULT_TYPES = [
  { label: '产权交易', type: 2 },
  { label: '招标采购', type: 1 },
  { label: '需求信息', type: 3 },
] as const;
const TYPE_KEYS = { 1: 'tender', 2: 'transfer', 3: 'demand' } as const;
const DEFAULT_CALLS = { transfer: 'projectList', tender: 'invitationList', demand: 'needProjectList' } as const;

/**
 * The trading projects screen (spec §2): type tabs, category sub-tabs, place/area/keyword filters, status tiles and
 * the cards with a pager. Every filter is in the route query, so back/forward, reload and shared links keep it; any
 * change but the page goes back to page 1. The status tiles and the "all statuses" list come from the shared status
 * rules, so the wording and grouping follow the region.
 */
export default function ProjectList({ props, blockId }: BlockComponentProps<ProjectListProps>) {
  const region = useRegion();
  const flags = useFlags();
  const query = useRouteQuery();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const types = (region.projectTypeList?.length ? region.projectTypeList : DEFAULT_TYPES).map((t) => ({ label: t.label, type: Number(t.type) as ProjectType }));
  const typeFromQuery = filterFromQuery(query, { types: types.map((t) => t.type) }).type;

  const categorySource = useMemo<BlockSource>(() => ({ call: 'categoriesByType', query: { type: typeFromQuery } }), [typeFromQuery]);
  const categoriesState = useSource<CategoriesByTypeData>(categorySource);
  const categories = categoriesState.status === 'ready' ? (categoriesState.data ?? []) : [];
  // The region itself, then its towns (its direct children).
  const { places, loading: placesLoading } = useRegionTowns();

  const filter = filterFromQuery(query, { types: types.map((t) => t.type), categories: categories.map((c) => c.code) });
  // notShowPublicity: no 公示中 / 公示结束 tile (the region does not offer the publicity stage as an entry).
  const tiles = withoutPublicity(statusTiles(region, filter.type), flags.notShowPublicity);
  const biddingAvailable = props.biddingAvailable !== false;
  const tileDisabled = (statuses: readonly number[]) => !biddingAvailable && statuses.includes(6);
  const brackets = props.areaBrackets?.length ? props.areaBrackets : DEFAULT_AREA_BRACKETS;
  const areaTypes = (props.areaFilterTypes ?? [1, 3]) as ProjectType[];
  const showArea = areaApplies(filter.type, areaTypes);
  const pageSize = props.pageSize ?? 7;
  const chosenPlace = filter.place ? places.find((p) => p.deptCode === filter.place) : undefined;
  // A place in the address waits for the town list to learn its deptId; the list never asks for the wrong place.
  const placePending = Boolean(filter.place) && placesLoading;

  const request = listRequest(filter, {
    pageSize,
    tiles,
    allStatuses: allStatuses(region),
    brackets,
    areaFilterTypes: areaTypes,
    placeDeptId: chosenPlace && chosenPlace !== places[0] ? chosenPlace.deptId : undefined,
  });
  const call = { ...DEFAULT_CALLS, ...props.listCalls }[TYPE_KEYS[filter.type]];
  const requestKey = JSON.stringify([call, request]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const listSource = useMemo<BlockSource>(() => ({ call, body: request as unknown as Record<string, unknown> }), [requestKey]);

  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  useEffect(() => setKeyword(filter.keyword ?? ''), [filter.keyword]);

  const go = (changes: Parameters<typeof queryWith>[1]) => navigate(`${pathname}?${queryWith(search, changes)}`);
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    go({ keyword: keyword.trim() || undefined });
  };
  // Only an address the URL policy allows may be opened by the back button (never `javascript:`).
  const backUrl = isAllowedUrl(query.backUrl) ? query.backUrl : undefined;
  const activeType = types.find((t) => t.type === filter.type) ?? types[0];
  const ids = { title: `${blockId}-title`, place: `${blockId}-place`, area: `${blockId}-area`, keyword: `${blockId}-keyword`, tiles: `${blockId}-tiles` };

  return (
    <section className="tm-plist" aria-labelledby={ids.title}>
      <header className="tm-plist__head">
        <h2 id={ids.title} className="tm-plist__title">
          {documentTitle(region)}
          <span className="tm-plist__subtitle">交易项目</span>
        </h2>
        {backUrl && (
          <a className="tm-button tm-plist__back" href={backUrl} target="_blank" rel="noopener noreferrer">
            返回<span className="tm-visually-hidden">（在新窗口打开）</span>
          </a>
        )}
      </header>

      <div role="tablist" aria-label="项目类型" className="tm-plist__types">
        {types.map((t) => (
          <button
            key={t.type}
            type="button"
            role="tab"
            id={`${blockId}-type-${t.type}`}
            aria-selected={t.type === filter.type}
            aria-controls={`${blockId}-panel`}
            tabIndex={t.type === filter.type ? 0 : -1}
            className="tm-plist__type"
            onClick={() => t.type !== filter.type && go({ type: t.type })}
            onKeyDown={(event) => {
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              const i = types.findIndex((x) => x.type === filter.type);
              const next = types[(i + step + types.length) % types.length];
              go({ type: next.type });
              requestAnimationFrame(() => document.getElementById(`${blockId}-type-${next.type}`)?.focus());
            }}
          >
            {t.label}
          </button>
        ))}
      </div>

      <div role="tabpanel" id={`${blockId}-panel`} aria-labelledby={`${blockId}-type-${activeType.type}`} className="tm-plist__panel">
        {categories.length > 0 && (
          <div className="tm-plist__row">
            <span className="tm-plist__rowlabel" id={`${blockId}-cats`}>
              项目分类
            </span>
            <ul className="tm-plist__chips" aria-labelledby={`${blockId}-cats`}>
              {[{ code: undefined, name: '全部' }, ...categories].map((c) => (
                <li key={c.code ?? 'all'}>
                  <button type="button" className="tm-chip" aria-pressed={filter.category === c.code} onClick={() => go({ category: c.code })}>
                    {c.name}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}

        <form role="search" aria-label="筛选交易项目" className="tm-plist__filters" onSubmit={onSearch}>
          <div className="tm-plist__field">
            <label htmlFor={ids.place} className="tm-plist__rowlabel">
              所在地区
            </label>
            {/* A native select: Semi's Select leaves dangling aria references and an unlabelled icon that axe flags. */}
            <select
              id={ids.place}
              className="tm-plist__select"
              value={chosenPlace?.deptCode ?? places[0]?.deptCode ?? ''}
              onChange={(event) => go({ place: event.target.value === places[0]?.deptCode ? undefined : event.target.value })}
            >
              <PlaceOptions places={places} regionName={region.cityName} />
            </select>
          </div>
          {showArea && (
            <div className="tm-plist__field">
              <label htmlFor={ids.area} className="tm-plist__rowlabel">
                面积
              </label>
              <select
                id={ids.area}
                className="tm-plist__select"
                value={Math.min(filter.area, brackets.length - 1)}
                onChange={(event) => go({ area: Number(event.target.value) || undefined })}
              >
                {brackets.map((b, i) => (
                  <option key={b.label} value={i}>
                    {b.label}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="tm-plist__field tm-plist__field--grow">
            <label htmlFor={ids.keyword} className="tm-plist__rowlabel">
              关键字
            </label>
            <Input id={ids.keyword} type="search" value={keyword} onChange={(value) => setKeyword(value)} placeholder="项目名称、编号或地址" />
          </div>
          <Button htmlType="submit" theme="solid" type="primary">
            搜索
          </Button>
        </form>

        <div className="tm-plist__row">
          <span className="tm-plist__rowlabel" id={ids.tiles}>
            项目状态
          </span>
          <ul className="tm-plist__tiles" aria-labelledby={ids.tiles}>
            {tiles.map((tile, i) => {
              const disabled = tileDisabled(tile.statuses);
              const selected = filter.tile === i;
              return (
                <li key={tile.key}>
                  <button
                    type="button"
                    className="tm-tile"
                    aria-pressed={selected}
                    disabled={disabled}
                    title={disabled ? '本地区暂未开通网络竞价' : undefined}
                    onClick={() => {
                      const current = filter.tile === null ? null : (tiles[filter.tile]?.key ?? null);
                      const next = toggleStatusTile(current, tile.key);
                      const index = next === null ? -1 : tiles.findIndex((t) => t.key === next);
                      go({ tile: index < 0 ? undefined : index });
                    }}
                  >
                    {tile.label}
                  </button>
                </li>
              );
            })}
          </ul>
        </div>

        {placePending ? null : (
          <SourceContent<ProjectListData> source={listSource} emptyText={props.emptyText ?? '暂无数据...'}>
            {(data) => (
              <>
                <ul className="tm-plist__cards" aria-label={`${activeType.label}项目`}>
                  {data.rows.map((project) => (
                    <li key={project.id}>
                      <ProjectCard project={project} href={projectDetailHref(project, props)} badgeVariant={props.badgeVariant} />
                    </li>
                  ))}
                </ul>
                <Pager total={data.total} pageSize={pageSize} approximate={(data as { totalApprox?: boolean }).totalApprox === true} />
              </>
            )}
          </SourceContent>
        )}
        {props.moreRoute && (
          <p className="tm-plist__more">
            <RouteLink to={props.moreRoute}>{props.moreText ?? '查看更多交易项目'}</RouteLink>
          </p>
        )}
      </div>
    </section>
  );
}
