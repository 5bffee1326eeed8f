import { Link } from 'react-router-dom';
import { useRegion } from '../../engine/react/RegionProvider.js';
import type { BlockComponentProps } from '../../engine/runtime/block-registry.js';
import { cardTimeLine, statusLabel } from '../../machines/project-status-rules.js';
import type { InvitationListData } from '../../schemas/types/api.js';
import type { TenderListProps } from '../../schemas/types/blocks.js';
import { projectDetailHref } from '../_parts/project-card/routes.js';
import { dateOf, rowsOf } from '../_parts/data.js';
import './tender-list.css';

/** Home block: tender/procurement projects (spec §9: 8 rows) with their status and the date of that status. */
export default function TenderList({ props, data }: BlockComponentProps<TenderListProps, InvitationListData>) {
  const region = useRegion();
  const rows = rowsOf<InvitationListData['rows'][number]>(data).slice(0, props.rows ?? 8);
  return (
    <ul className="tm-tenders">
      {rows.map((project) => {
        const time = cardTimeLine(project);
        const date = dateOf(time?.time);
        return (
          <li key={project.id} className="tm-tenders__row">
            <span className="tm-tenders__status">{statusLabel(project.status, region)}</span>
            <Link
              className="tm-tenders__title"
              to={projectDetailHref(project, {
                tenderDetailRoute: props.tenderDetailRoute,
                tenderNumbers: props.tenderNumbers,
                detailRoute: props.detailRoute,
                demandDetailRoute: props.demandDetailRoute,
              })}
              title={project.projectName}
            >
              {project.projectName}
            </Link>
            <span className="tm-tenders__place">{project.deptName}</span>
            {date && (
              <span className="tm-tenders__date">
                <span className="tm-visually-hidden">{time?.label}</span>
                <time dateTime={date}>{date}</time>
              </span>
            )}
          </li>
        );
      })}
    </ul>
  );
}
