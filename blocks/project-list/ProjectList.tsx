import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useFlags, useRegion, useRouteQuery } from '../../engine/react/RegionProvider.js';
import { useSource } from '../../engine/react/useSource.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { BlockSource } from '../../engine/runtime/source.js';
import { documentTitle } from '../../engine/runtime/title.js';
import { allStatuses, statusTiles, withoutPublicity } from '../../machines/project-status-rules.js';
import type { CategoriesByTypeData } from '../../schemas/types/api.js';
import type { ProjectListProps } from '../../schemas/types/blocks.js';
import { isAllowedUrl } from '../_parts/url-policy.js';
import { ExternalLink } from '../_parts/ExternalLink.js';
import { useRegionTowns } from '../_parts/region-towns.js';
import { RouteLink } from '../_parts/RouteLink.js';
import { CategoryChips } from './CategoryChips.js';
import { areaApplies, DEFAULT_AREA_BRACKETS, filterFromQuery, listRequest, queryWith, type ProjectType } from './filters.js';
import { ProjectCards } from './ProjectCards.js';
import { ProjectFilters } from './ProjectFilters.js';
import { StatusTiles } from './StatusTiles.js';
import { TypeTabs } from './TypeTabs.js';
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
  const brackets = props.areaBrackets?.length ? props.areaBrackets : DEFAULT_AREA_BRACKETS;
  const areaTypes = (props.areaFilterTypes ?? [1, 3]) as ProjectType[];
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

  const go = (changes: Parameters<typeof queryWith>[1]) => navigate(`${pathname}?${queryWith(search, changes)}`);
  // Only an address the URL policy allows may be opened by the back button (never `javascript:`).
  const backUrl = isAllowedUrl(query.backUrl) ? query.backUrl : undefined;
  const activeType = types.find((t) => t.type === filter.type) ?? types[0];
  const titleId = `${blockId}-title`;

  return (
    <section className="tm-plist" aria-labelledby={titleId}>
      <header className="tm-plist__head">
        <h2 id={titleId} className="tm-plist__title">
          {documentTitle(region)}
          <span className="tm-plist__subtitle">交易项目</span>
        </h2>
        {backUrl && (
          <ExternalLink className="tm-button tm-plist__back" href={backUrl}>
            返回
          </ExternalLink>
        )}
      </header>

      <TypeTabs blockId={blockId} types={types} current={filter.type} onChoose={(type) => go({ type })} />

      <div role="tabpanel" id={`${blockId}-panel`} aria-labelledby={`${blockId}-type-${activeType.type}`} className="tm-plist__panel">
        <CategoryChips blockId={blockId} categories={categories} current={filter.category} onChoose={(category) => go({ category })} />
        <ProjectFilters
          blockId={blockId}
          places={places}
          chosenPlace={chosenPlace}
          regionName={region.cityName}
          brackets={brackets}
          area={filter.area}
          keyword={filter.keyword}
          showArea={areaApplies(filter.type, areaTypes)}
          onChange={go}
        />
        <StatusTiles
          labelId={`${blockId}-tiles`}
          tiles={tiles}
          selected={filter.tile}
          biddingAvailable={props.biddingAvailable !== false}
          onChoose={(tile) => go({ tile })}
        />

        {placePending ? null : <ProjectCards source={listSource} label={`${activeType.label}项目`} pageSize={pageSize} props={props} />}
        {props.moreRoute && (
          <p className="tm-plist__more">
            <RouteLink to={props.moreRoute}>{props.moreText ?? '查看更多交易项目'}</RouteLink>
          </p>
        )}
      </div>
    </section>
  );
}
