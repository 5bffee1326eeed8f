import { SourceContent } from '../../engine/react/SourceContent.js';
import type { BlockSource } from '../../engine/runtime/source.js';
import type { ProjectListData } from '../../schemas/types/api.js';
import type { ProjectListProps } from '../../schemas/types/blocks.js';
import { Pager } from '../_parts/Pager.js';
import { ProjectCard } from '../_parts/project-card/ProjectCard.js';
import { projectDetailHref } from '../_parts/project-card/routes.js';

/** The cards of one page of the list and the pager under them (its page in the route query). */
export function ProjectCards({ source, label, pageSize, props }: { source: BlockSource; label: string; pageSize: number; props: ProjectListProps }) {
  return (
    <SourceContent<ProjectListData> source={source} emptyText={props.emptyText ?? '暂无数据...'}>
      {(data) => (
        <>
          <ul className="tm-plist__cards" aria-label={label}>
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
  );
}
