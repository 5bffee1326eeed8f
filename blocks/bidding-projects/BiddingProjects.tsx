import { useRegion } from '../../engine/react/RegionProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import { cardBadge, homeBiddingLabel } from '../../machines/project-status-rules.js';
import type { ProjectListData } from '../../schemas/types/api.js';
import type { BiddingProjectsProps } from '../../schemas/types/blocks.js';
import { ProjectCard } from '../project-card/ProjectCard.js';
import { projectDetailHref } from '../project-card/routes.js';
import { rowsOf } from '../shared/data.js';
import './bidding-projects.css';

/**
 * Home block: projects in bidding (spec §9: 4) as cards, each labelled by the home bidding rule (above 6 shows as
 * ended) and linking to its detail.
 */
export default function BiddingProjects({ props, data }: BlockComponentProps<BiddingProjectsProps, ProjectListData>) {
  const region = useRegion();
  // Those still bidding first (a stable sort keeps the server's order otherwise), then the ones that ended.
  const rows = rowsOf<ProjectListData['rows'][number]>(data)
    .map((project, index) => ({ project, index }))
    .sort((a, b) => Number(a.project.status !== 6) - Number(b.project.status !== 6) || a.index - b.index)
    .map(({ project }) => project)
    .slice(0, props.count ?? 4);
  return (
    <ul className="tm-bidding">
      {rows.map((project) => (
        <li key={project.id}>
          <ProjectCard
            project={project}
            href={projectDetailHref(project, props)}
            layout="tile"
            headingLevel={3}
            badge={{ text: homeBiddingLabel(project.status, region), tone: project.status > 6 ? 'grey' : cardBadge(project.status).tone }}
          />
        </li>
      ))}
    </ul>
  );
}
