import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { BlockStatus } from '../../engine/react/BlockStatus.js';
import { useRouteQuery } from '../../engine/react/RegionProvider.js';
import { useSource } from '../../engine/react/useSource.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import type { BlockSource } from '../../engine/runtime/source.js';
import type { ProjectCard as Project, ProjectListData, PropertyTypeListData } from '../../schemas/types/api.js';
import type { ProjectResultsProps } from '../../schemas/types/blocks.js';
import { ProjectCard } from '../_parts/project-card/ProjectCard.js';
import { projectDetailHref } from '../_parts/project-card/routes.js';
import { Pager } from '../_parts/Pager.js';
import { RouteLink } from '../_parts/RouteLink.js';
import { useRegionTowns } from '../_parts/region-towns.js';
import './project-results.css';

const ALL_CATEGORIES: BlockSource = { call: 'propertyTypeList', body: {} };

/** What the visitor asked for, from the results route's query (pid, number, area1, area2), in words. */
function Criteria({ query }: { query: Record<string, string> }) {
  const { places } = useRegionTowns();
  const categories = useSource<PropertyTypeListData>(ALL_CATEGORIES);
  const place = places.find((p) => String(p.deptId) === query.pid) ?? places[0];
  const category = categories.status === 'ready' ? categories.data?.find((c) => c.number === query.number) : undefined;
  const { area1, area2 } = query;
  const area = area1 && area2 ? `${area1}-${area2}亩` : area1 ? `${area1}亩以上` : area2 ? `${area2}亩以下` : '不限';
  return (
    <dl className="tm-presults__criteria" aria-label="查询条件">
      <div>
        <dt>所在地区</dt>
        <dd>{place?.deptName ?? '—'}</dd>
      </div>
      <div>
        <dt>项目类别</dt>
        <dd>{query.number ? (category?.classname ?? query.number) : '不限'}</dd>
      </div>
      <div>
        <dt>面积范围</dt>
        <dd>{area}</dd>
      </div>
    </dl>
  );
}

/**
 * Trading projects as cards from a source: a paged list (the transaction project search results, /xiangmusousuo,
 * query pid, area1, area2, number) with its pager, or one project (a search result's detail) with a link to the
 * project's own detail page. Optionally the search criteria above and a way back below; 暂无数据 when none matches.
 */
export default function ProjectResults({ props, data }: BlockComponentProps<ProjectResultsProps, ProjectListData | Project | undefined>) {
  const query = useRouteQuery();
  const navigate = useNavigate();
  const paged = Boolean(data && 'rows' in data);
  const rows = useMemo<Project[]>(() => (!data ? [] : 'rows' in data ? data.rows : 'id' in data ? [data] : []), [data]);
  const pageSize = props.pageSize ?? 10;
  return (
    <div className="tm-presults">
      {props.showCriteria && <Criteria query={query} />}
      {rows.length === 0 ? (
        <BlockStatus kind="empty" emptyText={props.emptyText ?? '暂无数据'} />
      ) : (
        <ul className="tm-presults__cards" aria-label={props.listLabel ?? '项目列表'}>
          {rows.map((project) => (
            <li key={project.id}>
              <ProjectCard project={project} href={projectDetailHref(project, props)} />
              {!paged && (
                <p className="tm-presults__open">
                  <RouteLink to={projectDetailHref(project, props)} className="tm-button">
                    查看项目详情
                  </RouteLink>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {paged && rows.length > 0 && (
        <Pager total={(data as ProjectListData).total} pageSize={pageSize} approximate={(data as { totalApprox?: boolean }).totalApprox === true} />
      )}
      {(props.backRoute || props.backText) && (
        <p className="tm-presults__back">
          {props.backRoute ? (
            <RouteLink to={props.backRoute}>{props.backText ?? '返回'}</RouteLink>
          ) : (
            <button type="button" className="tm-button tm-button--link" onClick={() => navigate(-1)}>
              {props.backText}
            </button>
          )}
        </p>
      )}
    </div>
  );
}
