import { useRegion } from '../../engine/react/RegionProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import { cardBadge, homeBiddingLabel } from '../../machines/project-status-rules.js';
import type { ProjectListData } from '../../schemas/types/api.js';
import type { BiddingProjectsProps } from '../../schemas/types/blocks.js';
import { ProjectCard } from '../_parts/project-card/ProjectCard.js';
import { projectDetailHref } from '../_parts/project-card/routes.js';
import { rowsOf } from '../_parts/data.js';
import { Pager } from '../_parts/Pager.js';
import './bidding-projects.css';

/**
 * Projects that reached bidding as cards, each labelled by the home bidding rule (above 6 shows as ended) and
 * linking to its detail: on home a preview (spec §9: 4), with `pageSize` the full paged list (/jingjiaxiangmu).
 */
export default function BiddingProjects({ props, data }: BlockComponentProps<BiddingProjectsProps, ProjectListData>) {
  const region = useRegion();
  const all = rowsOf<ProjectListData['rows'][number]>(data);
  // A paged list (the full list behind 更多) shows the page in the server's order, so no project moves between
  // pages; the home preview puts those still bidding first (a stable sort keeps the server's order otherwise).
  const rows = props.pageSize
    ? all
    : all
        .map((project, index) => ({ project, index }))
        .sort((a, b) => Number(a.project.status !== 6) - Number(b.project.status !== 6) || a.index - b.index)
        .map(({ project }) => project)
        .slice(0, props.count ?? 4);
  return (
    <>
      <ul className="tm-bidding">
        {rows.map((project) => (
          <li key={project.id}>
            <ProjectCard
              project={project}
              href={projectDetailHref(project, props)}
              layout="tile"
              headingLevel={3}
              badge={{
                text: homeBiddingLabel(project.status, region),
                tone: project.status > 6 ? 'grey' : cardBadge(project.status).tone,
              }}
            />
          </li>
        ))}
      </ul>
      {props.pageSize && <Pager total={data?.total ?? all.length} pageSize={props.pageSize} />}
    </>
  );
}
